//! Captures what the record's `tool` section needs at build time: the compiler's version, the
//! target and the profile. The source tree's commit is the binary's to capture
//! (`bitbench/build.rs`): it must change with every file the binary is built from, and a
//! rerun of this script would rebuild the harness and every crate above it.

use std::process::Command;

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=BITBENCH_RUSTC_VERSION={version}");
    println!(
        "cargo:rustc-env=BITBENCH_TARGET={}",
        std::env::var("TARGET").unwrap_or_default()
    );
    let profile = std::env::var("PROFILE").unwrap_or_default();
    println!("cargo:rustc-env=BITBENCH_PROFILE={profile}");

    println!("cargo:rerun-if-changed=build.rs");
}
