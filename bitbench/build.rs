//! Captures the git commit of the source tree the binary is built from, for the records it
//! writes and `bitbench --version` (`-dirty` when a tracked file differs from that commit;
//! empty outside a git checkout).
//!
//! The label must change whenever the binary's sources do. Git's `HEAD` and index move with a
//! commit or a staged change, but an edit not yet staged moves neither, so this script also
//! watches the folders and manifests the binary is compiled from: an edit there reruns it, and
//! the next record says `-dirty`. It lives here, in the crate on top, because a rerun rebuilds
//! only this crate; in the harness it would rebuild everything above the harness as well.

use std::path::Path;
use std::process::Command;

/// What the binary is compiled from, relative to the workspace root.
const SOURCES: &[&str] = &[
    "Cargo.toml",
    "Cargo.lock",
    ".cargo/config.toml",
    "strategies/Cargo.toml",
    "strategies/src",
    "harness/Cargo.toml",
    "harness/build.rs",
    "harness/src",
    "instances",
    "bitbench/Cargo.toml",
    "bitbench/src",
];

fn main() {
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
    // `bitbench --version`: the version, and the commit when there is one.
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let version = match commit.get(..12) {
        Some(short) if dirty => format!("{version} (commit {short}, with changes)"),
        Some(short) => format!("{version} (commit {short})"),
        None => version,
    };
    println!("cargo:rustc-env=BITBENCH_VERSION={version}");
    if let Some(git_dir) = git(&["rev-parse", "--absolute-git-dir"]) {
        println!("cargo:rerun-if-changed={git_dir}/HEAD");
        println!("cargo:rerun-if-changed={git_dir}/index");
    }
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let root = Path::new(&manifest).join("..");
    for source in SOURCES {
        let path = root.join(source);
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
