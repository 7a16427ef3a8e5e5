//! The batch driver shared by the SIMD kernels: whole vectors' worth of queries at a time,
//! then the 1 to N-1 left over padded to a whole vector, so that every length works and the
//! tail runs the same vector code as the rest.

/// Calls `kernel` on `inputs` and `outputs` in chunks of `N`; the last partial chunk is padded
/// with `pad` and only its real results are copied out.
///
/// # Panics
/// If `inputs` and `outputs` differ in length.
#[inline(always)]
pub(crate) fn in_chunks<I: Copy, O: Copy + Default, const N: usize>(
    inputs: &[I],
    outputs: &mut [O],
    pad: I,
    mut kernel: impl FnMut(&[I; N], &mut [O; N]),
) {
    assert_eq!(inputs.len(), outputs.len(), "batch slices differ in length");
    let mut input_chunks = inputs.chunks_exact(N);
    let mut output_chunks = outputs.chunks_exact_mut(N);
    for (input, output) in (&mut input_chunks).zip(&mut output_chunks) {
        let input: &[I; N] = input.try_into().expect("chunks_exact yields N");
        let output: &mut [O; N] = output.try_into().expect("chunks_exact yields N");
        kernel(input, output);
    }
    let rest = input_chunks.remainder();
    if !rest.is_empty() {
        let mut input = [pad; N];
        input[..rest.len()].copy_from_slice(rest);
        let mut output = [O::default(); N];
        kernel(&input, &mut output);
        output_chunks
            .into_remainder()
            .copy_from_slice(&output[..rest.len()]);
    }
}
