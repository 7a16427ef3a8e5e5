//! Captures what the record's `tool` section needs at build time: the compiler's version, the
//! target, and the git commit of the source tree (when built from a git checkout).

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

    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .map(|s| s.trim().to_string())
    };
    let commit = git(&["rev-parse", "HEAD"]).unwrap_or_default();
    let dirty = git(&[
        "--no-optional-locks",
        "status",
        "--porcelain",
        "--untracked-files=no",
    ])
    .is_some_and(|s| !s.is_empty());
    let commit = if commit.is_empty() || !dirty {
        commit
    } else {
        format!("{commit}-dirty")
    };
    println!("cargo:rustc-env=BITBENCH_GIT_COMMIT={commit}");
    if let Some(git_dir) = git(&["rev-parse", "--absolute-git-dir"]) {
        println!("cargo:rerun-if-changed={git_dir}/HEAD");
        println!("cargo:rerun-if-changed={git_dir}/index");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
