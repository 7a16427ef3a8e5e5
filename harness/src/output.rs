//! Writing outputs without ever destroying what bitbench did not write, and without leaving
//! half of them.
//!
//! - Every folder bitbench fills (a record's charts, `report --out`, `plot --out`, the site)
//!   holds a small manifest, [`MANIFEST`], listing the files it wrote there. Writing again
//!   replaces exactly those files; nothing else in the folder is touched. A non-empty folder
//!   without a manifest is refused before any work starts ([`check_target`]).
//! - [`publish`] is the one way outputs are written: they are made in a hidden staging folder
//!   beside the target, then moved into place; on any failure (disk full, a file-size limit,
//!   permission denied) the staging folder is removed, the previous outputs are untouched, and
//!   the error says what could not be written and why.
//! - Records are only ever added (see [`crate::record::write_record_file`]).
//! - [`check_writable`] finds an unwritable `--out` before a run measures for a minute.

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The manifest's file name, in every folder bitbench fills.
pub const MANIFEST: &str = ".bitbench-manifest.json";
/// The prefix of every temporary entry this tool creates (followed by a name and the pid).
const TEMPORARY: &str = ".bitbench-tmp-";

/// What a manifest holds: the files (relative paths, `/`-separated) bitbench wrote.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Manifest {
    written_by: String,
    files: BTreeSet<String>,
}

/// Which names in a folder without a manifest count as bitbench's own (folders written before
/// manifests existed): a record's chart folder holds `tables.md` and charts, nothing else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legacy {
    /// Only an empty folder or one with a manifest is accepted.
    None,
    /// Also a folder holding only `tables.md`, `*.svg` and `*.png` files.
    Charts,
}

impl Legacy {
    fn accepts(self, name: &str) -> bool {
        match self {
            Legacy::None => false,
            Legacy::Charts => {
                name == "tables.md" || name.ends_with(".svg") || name.ends_with(".png")
            }
        }
    }
}

/// Checks, before any work, that `dir` may receive a command's outputs: it does not exist
/// (and can be created), or it is a writable folder that is empty, holds a manifest, or holds
/// only what `legacy` accepts. Leaves nothing behind.
pub fn check_target(dir: &Path, legacy: Legacy) -> Result<()> {
    check_target_named(dir, legacy, &format!("--out {}", dir.display()))
}

/// [`check_target`] for a folder the user did not name with `--out`, called `name` in messages
/// (`r (the folder for the charts of r.json)`).
pub fn check_target_named(dir: &Path, legacy: Legacy, name: &str) -> Result<()> {
    if dir.exists() {
        if !dir.is_dir() {
            bail!("{name} is a file, not a folder");
        }
        foreign_files(dir, legacy, name)?;
    }
    writable(dir, name)
}

/// Refuses a folder holding files bitbench did not write; `name` is the folder in messages.
fn foreign_files(dir: &Path, legacy: Legacy, name: &str) -> Result<()> {
    if dir.join(MANIFEST).is_file() {
        read_manifest(dir)?;
        return Ok(());
    }
    let mut foreign: Vec<String> = std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .filter_map(|e| e.ok())
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                e.path().is_dir(),
            )
        })
        .filter(|(name, is_dir)| *is_dir || !legacy.accepts(name))
        .map(|(name, _)| name)
        .collect();
    if foreign.is_empty() {
        return Ok(());
    }
    foreign.sort();
    let shown: Vec<&str> = foreign.iter().take(3).map(String::as_str).collect();
    bail!(
        "{name} holds files bitbench did not write ({}{}); choose an empty or new folder \
         with --out",
        shown.join(", "),
        if foreign.len() > 3 { ", …" } else { "" }
    )
}

/// Checks that files can be created in `dir` (creating it, and its missing parents, for the
/// check, then removing what the check created).
pub fn check_writable(dir: &Path) -> Result<()> {
    writable(dir, &format!("--out {}", dir.display()))
}

fn writable(dir: &Path, name: &str) -> Result<()> {
    let created = missing_folders(dir);
    let probe = dir.join(format!("{TEMPORARY}probe-{}", std::process::id()));
    let result = std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&probe, b"probe"))
        .and_then(|()| std::fs::remove_file(&probe));
    remove_empty(&created);
    result.with_context(|| format!("{name} is not writable"))
}

/// `dir` and those of its parents that do not exist, deepest first: what `create_dir_all(dir)`
/// would create, so that a command that fails can take them back with [`remove_empty`].
pub fn missing_folders(dir: &Path) -> Vec<PathBuf> {
    let mut missing = Vec::new();
    let mut path = dir.to_path_buf();
    while !path.exists() {
        missing.push(path.clone());
        match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => path = parent.to_path_buf(),
            _ => break,
        }
    }
    missing
}

/// Removes each of `folders` (deepest first) that is empty; leaves the others.
pub fn remove_empty(folders: &[PathBuf]) {
    for folder in folders {
        let _ = std::fs::remove_dir(folder);
    }
}

/// What [`publish`] did.
#[derive(Clone, Debug, PartialEq)]
pub struct Published {
    pub dir: PathBuf,
    /// Files written, relative to `dir`.
    pub files: Vec<String>,
}

/// Writes a command's outputs into `dir`: `fill` writes them into a staging folder, then they
/// replace the files bitbench wrote in `dir` before (and only those). On failure nothing in
/// `dir` has changed and the staging folder is gone.
pub fn publish(
    dir: &Path,
    legacy: Legacy,
    fill: impl FnOnce(&Path) -> Result<()>,
) -> Result<Published> {
    if dir.exists() {
        if !dir.is_dir() {
            bail!("{} is a file, not a folder", dir.display());
        }
        foreign_files(dir, legacy, &dir.display().to_string())?;
    }
    let staging = staging_dir(dir)?;
    let result = fill(&staging).and_then(|()| {
        let files = files_under(&staging)?;
        write_manifest(&staging, &files)?;
        if dir.exists() {
            replace_contents(&staging, dir, &files)?;
        } else {
            std::fs::rename(&staging, dir)
                .with_context(|| format!("moving the outputs to {}", dir.display()))?;
        }
        Ok(files)
    });
    let _ = std::fs::remove_dir_all(&staging);
    let files = result.with_context(|| format!("nothing was changed in {}", dir.display()))?;
    Ok(Published {
        dir: dir.to_path_buf(),
        files,
    })
}

/// A fresh hidden folder beside `target`.
fn staging_dir(target: &Path) -> Result<PathBuf> {
    let parent = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    clean_stale(parent);
    let name = target.file_name().and_then(|n| n.to_str()).unwrap_or("out");
    let staging = parent.join(format!("{TEMPORARY}{name}-{}", std::process::id()));
    if staging.exists() {
        std::fs::remove_dir_all(&staging)?;
    }
    std::fs::create_dir(&staging).with_context(|| format!("creating {}", staging.display()))?;
    Ok(staging)
}

/// Moves the staged `files` into `dir`, then removes what the old manifest listed and the new
/// one does not. Nothing is moved or removed if any of those paths leads through a link or a
/// file inside `dir`.
fn replace_contents(staging: &Path, dir: &Path, files: &[String]) -> Result<()> {
    let old = read_manifest(dir)?.map(|m| m.files).unwrap_or_default();
    for file in files.iter().chain(&old) {
        folders_are_real(dir, file)?;
    }
    for file in files.iter().map(String::as_str).chain([MANIFEST]) {
        let (from, to) = (staging.join(file), dir.join(file));
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::rename(&from, &to).with_context(|| format!("moving {file} into place"))?;
    }
    for stale in old.iter().filter(|f| !files.contains(f)) {
        let path = dir.join(stale);
        if path.is_file() {
            std::fs::remove_file(&path).with_context(|| format!("removing old {stale}"))?;
            // Folders bitbench made for files it no longer writes, if now empty.
            let mut parent = path.parent();
            while let Some(p) = parent.filter(|p| *p != dir) {
                if std::fs::remove_dir(p).is_err() {
                    break;
                }
                parent = p.parent();
            }
        }
    }
    Ok(())
}

/// Refuses `file` (relative to `dir`, `/`-separated) if a folder on its way, below `dir`, is a
/// symbolic link or not a folder: writing or removing through it would change what lies
/// outside `dir` (someone's folder, linked in). Folders not there yet are fine: they are made.
fn folders_are_real(dir: &Path, file: &str) -> Result<()> {
    let mut path = dir.to_path_buf();
    let folders = file.split('/').collect::<Vec<_>>();
    for folder in &folders[..folders.len() - 1] {
        path.push(folder);
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            return Ok(());
        };
        if meta.file_type().is_symlink() {
            bail!(
                "{} is a symbolic link; bitbench writes and removes files only in folders, \
                 never through a link (remove it, or choose another --out)",
                path.display()
            );
        }
        if !meta.is_dir() {
            bail!(
                "{} is a file where bitbench needs a folder (for {file})",
                path.display()
            );
        }
    }
    Ok(())
}

/// Every file under `root`, relative and `/`-separated, sorted; the manifest excluded.
fn files_under(root: &Path) -> Result<Vec<String>> {
    let mut files = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path.strip_prefix(root).expect("under the root");
                let name = relative
                    .to_str()
                    .ok_or_else(|| anyhow!("{} is not UTF-8", relative.display()))?
                    .replace('\\', "/");
                if name != MANIFEST {
                    files.push(name);
                }
            }
        }
    }
    files.sort();
    Ok(files)
}

fn write_manifest(dir: &Path, files: &[String]) -> Result<()> {
    let manifest = Manifest {
        written_by: format!("bitbench {}", env!("CARGO_PKG_VERSION")),
        files: files.iter().cloned().collect(),
    };
    let text = serde_json::to_string_pretty(&manifest)? + "\n";
    std::fs::write(dir.join(MANIFEST), text).context("writing the manifest")
}

fn read_manifest(dir: &Path) -> Result<Option<Manifest>> {
    let path = dir.join(MANIFEST);
    if !path.exists() {
        return Ok(None);
    }
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let manifest: Manifest = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a bitbench manifest", path.display()))?;
    for file in &manifest.files {
        let escapes = file.is_empty()
            || file.starts_with('/')
            || file.split('/').any(|part| part == ".." || part.is_empty());
        if escapes {
            bail!(
                "{}: the manifest lists {file:?}, outside the folder",
                path.display()
            );
        }
    }
    Ok(Some(manifest))
}

/// Removes temporary entries in `dir` that this tool made in processes no longer running.
/// Only on Linux, where `/proc` says which processes run; elsewhere nothing is removed.
pub fn clean_stale(dir: &Path) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with(TEMPORARY) {
            continue;
        }
        let pid = name.rsplit('-').next().and_then(|p| p.parse::<u32>().ok());
        if let Some(pid) = pid {
            if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
                let path = entry.path();
                let _ = if path.is_dir() {
                    std::fs::remove_dir_all(&path)
                } else {
                    std::fs::remove_file(&path)
                };
            }
        }
    }
}

/// Makes a write past a file-size limit fail with an error (`EFBIG`) instead of killing the
/// process with `SIGXFSZ` and no message. Called once at start-up.
pub fn report_file_size_limits_as_errors() {
    #[cfg(unix)]
    // SAFETY: `signal` with `SIG_IGN` installs no handler code; it is called once at start-up,
    // before any other thread exists.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(dir: &Path, name: &str, text: &str) -> Result<()> {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap())?;
        std::fs::write(path, text)?;
        Ok(())
    }

    #[test]
    fn publishing_replaces_only_what_bitbench_wrote() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("out");
        publish(&out, Legacy::None, |s| {
            put(s, "a.svg", "1")?;
            put(s, "sub/b.png", "1")
        })
        .unwrap();
        publish(&out, Legacy::None, |s| put(s, "a.svg", "2")).unwrap();
        assert_eq!(std::fs::read_to_string(out.join("a.svg")).unwrap(), "2");
        assert!(
            !out.join("sub").exists(),
            "a file no longer written is removed"
        );
        // A user's file in a bitbench folder is kept.
        std::fs::write(out.join("mine.txt"), "mine").unwrap();
        publish(&out, Legacy::None, |s| put(s, "a.svg", "3")).unwrap();
        assert_eq!(
            std::fs::read_to_string(out.join("mine.txt")).unwrap(),
            "mine"
        );
        // A failure changes nothing.
        let error = publish(&out, Legacy::None, |s| {
            put(s, "a.svg", "4")?;
            bail!("disk full")
        })
        .unwrap_err();
        assert!(format!("{error:#}").contains("disk full"));
        assert_eq!(std::fs::read_to_string(out.join("a.svg")).unwrap(), "3");
        let leftovers: Vec<_> = std::fs::read_dir(root.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "the staging folder is gone");
    }

    #[test]
    #[cfg(unix)]
    fn nothing_is_written_or_removed_through_a_link() {
        let root = tempfile::tempdir().unwrap();
        let theirs = root.path().join("theirs");
        put(&theirs, "notes.txt", "theirs").unwrap();
        let out = root.path().join("out");
        publish(&out, Legacy::None, |s| put(s, "sub/notes.txt", "ours")).unwrap();
        std::fs::remove_dir_all(out.join("sub")).unwrap();
        std::os::unix::fs::symlink(&theirs, out.join("sub")).unwrap();
        // Writing sub/notes.txt again, or removing it as no longer written: both through the
        // link, into their folder.
        for file in ["sub/notes.txt", "other.txt"] {
            let error = publish(&out, Legacy::None, |s| put(s, file, "ours")).unwrap_err();
            assert!(
                format!("{error:#}").contains("sub is a symbolic link"),
                "{error:#}"
            );
            assert_eq!(
                std::fs::read_to_string(theirs.join("notes.txt")).unwrap(),
                "theirs"
            );
        }
    }

    #[test]
    fn a_folder_of_someone_else_is_refused() {
        let root = tempfile::tempdir().unwrap();
        std::fs::write(root.path().join("mine.txt"), "x").unwrap();
        let error = check_target(root.path(), Legacy::Charts)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("holds files bitbench did not write (mine.txt)"),
            "{error}"
        );
        let charts = root.path().join("charts");
        put(&charts, "in_between-bars.svg", "old").unwrap();
        check_target(&charts, Legacy::Charts).unwrap();
        assert!(check_target(&charts, Legacy::None).is_err());
        let file = root.path().join("mine.txt");
        assert!(check_target(&file, Legacy::None)
            .unwrap_err()
            .to_string()
            .contains("is a file"));
        assert!(check_writable(Path::new("/proc/bitbench/out")).is_err());
        let fresh = root.path().join("new/deeper");
        check_writable(&fresh).unwrap();
        assert!(
            !root.path().join("new").exists(),
            "the check leaves nothing behind"
        );
    }
}
