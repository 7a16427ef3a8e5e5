//! Prints the gate's kernels, one `family/variant` per line, in the order `benches/gate.rs`
//! numbers them (`kernel_0`, `kernel_1`, …): `scripts/gate.sh` names the summaries with it.

fn main() {
    for kernel in gate::kernels() {
        println!("{kernel}");
    }
}
