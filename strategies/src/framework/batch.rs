//! Running one variant of a family on a batch, the way an engine would: the dispatch to the
//! variant's monomorphized code happens once per call, never per query.

use crate::framework::cpu::{Cpu, Unsupported};
use crate::framework::family::{Family, Kernel, Visitor};
use crate::framework::level::{self, Level};

/// Runs `variant` of family `F` on a batch: `outputs[i]` becomes the answer to `inputs[i]`.
/// Fails, touching nothing, if the variant cannot run on `cpu`. The batch loop runs in the copy
/// compiled for the highest [`Level`] `cpu` allows, as the harness measured it.
///
/// # Panics
/// If the slices differ in length.
pub fn run_batch<F: Family>(
    variant: F::Variant,
    cpu: &Cpu,
    inputs: &[F::Input],
    outputs: &mut [F::Output],
) -> Result<(), Unsupported> {
    struct Run<'a, F: Family> {
        inputs: &'a [F::Input],
        outputs: &'a mut [F::Output],
        level: Level,
    }
    impl<F: Family> Visitor<F> for Run<'_, F> {
        type Output = ();
        fn visit<K: Kernel<F>>(self, kernel: K) {
            let (inputs, outputs) = (self.inputs, self.outputs);
            self.level.run(level::Batch::<F, K> {
                kernel,
                inputs,
                outputs,
            })
        }
    }
    assert_eq!(inputs.len(), outputs.len(), "batch slices differ in length");
    let level = Level::detect(cpu);
    F::visit(
        variant,
        cpu,
        Run::<F> {
            inputs,
            outputs,
            level,
        },
    )
}

/// The variants of `F` that run on `cpu` (detected features, less any masked), in registry
/// order.
pub fn runnable_variants<F: Family>(cpu: &Cpu) -> Vec<F::Variant> {
    F::variants()
        .iter()
        .copied()
        .filter(|&v| F::runnable(v, cpu).is_ok())
        .collect()
}
