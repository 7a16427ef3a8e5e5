//! Writing outputs without ever destroying what bitbench did not write, and without leaving
//! half of them.
//!
//! - Every folder bitbench fills (a record's charts, `report --out`, `plot --out`, the site)
//!   holds a small manifest, [`MANIFEST`], listing the files it wrote there. Writing again
//!   replaces exactly those files; nothing else in the folder is touched, and a file the new
//!   outputs would land on that the manifest does not list (a user's `tables.md` in a folder
//!   `plot` wrote) is refused before anything moves. A non-empty folder without a manifest is
//!   refused before any work starts ([`check_target`]).
//! - [`publish`] is the one way outputs are written: they are made in a hidden staging folder
//!   beside the target, with a name no other process can hold (a random part, made by
//!   `tempfile`), then moved into place, each file to a name that is free by a rename that
//!   fails rather than replaces ([`move_new`]). On any failure (disk full, a file-size limit,
//!   permission denied, a signal) the staging folder is removed, the previous outputs are
//!   untouched, and the error says what could not be written and why.
//! - Only what this process created is ever removed: its staging folders, its probe files,
//!   and the files the folder's manifest lists. Temporaries another process left (one killed
//!   mid-write) stay where they are, hidden (`.bitbench-tmp-…`), read by no command.
//! - Records are only ever added: one writer, `record::write_new_atomically`, never
//!   replaces a file, and the run's store (`suite::store`) takes the next free name.
//! - [`check_writable`] finds an unwritable `--out` before a run measures for a minute.

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::io::Write;
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
/// check, then removing the folders the check created).
pub fn check_writable(dir: &Path) -> Result<()> {
    writable(dir, &format!("--out {}", dir.display()))
}

/// Creates a probe file in `dir` and removes it, whatever happens between: the probe is a
/// `tempfile` with a name of its own, removed when dropped, on every path (a failed write on
/// a full disk included). The folders made for the check are removed too.
fn writable(dir: &Path, name: &str) -> Result<()> {
    let _deferred = crate::base::signals::Deferred::begin();
    let created = create_folders(dir);
    let result = created.as_ref().map_err(|e| e.kind()).map(|_| ());
    let probed = match result {
        Ok(()) => tempfile::Builder::new()
            .prefix(&format!("{TEMPORARY}probe-"))
            .tempfile_in(dir)
            .and_then(|mut probe| {
                probe.write_all(b"probe")?;
                probe.as_file().sync_all()?;
                probe.close()
            }),
        Err(_) => Ok(()),
    };
    let created = created.with_context(|| format!("{name} is not writable"))?;
    remove_empty(&created);
    probed.with_context(|| format!("{name} is not writable"))?;
    crate::base::signals::check()?;
    Ok(())
}

/// Creates `dir` and its missing parents; returns those this call created (deepest first),
/// and only those: a folder another process made at the same moment is not counted, so that
/// [`remove_empty`] never removes a folder this process did not create.
pub fn create_folders(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut missing = Vec::new();
    let mut path = dir.to_path_buf();
    while std::fs::symlink_metadata(&path).is_err() {
        missing.push(path.clone());
        match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => path = parent.to_path_buf(),
            _ => break,
        }
    }
    let mut created = Vec::new();
    for folder in missing.iter().rev() {
        match std::fs::create_dir(folder) {
            Ok(()) => created.push(folder.clone()),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && folder.is_dir() => {}
            Err(e) => {
                remove_empty(&created.iter().rev().cloned().collect::<Vec<_>>());
                return Err(e);
            }
        }
    }
    if !dir.is_dir() {
        // `dir` existed but is no folder (a file, a dangling link): the caller's next step
        // fails with the right error.
        std::fs::read_dir(dir)?;
    }
    created.reverse();
    Ok(created)
}

/// Removes each of `folders` (deepest first) that is empty; leaves the others.
pub fn remove_empty(folders: &[PathBuf]) {
    for folder in folders {
        let _ = std::fs::remove_dir(folder);
    }
}

/// Moves `from` (a file or a folder) to `to`, which must not exist: the rename fails with
/// `AlreadyExists` rather than replace anything, even if `to` appears at the same moment
/// (`renameat2` with `RENAME_NOREPLACE` on Linux, through `tempfile`'s `persist_noclobber`;
/// a hard link and an unlink where the file system lacks it). A folder on a file system with
/// neither is renamed after a check that `to` does not exist.
pub fn move_new(from: &Path, to: &Path) -> std::io::Result<()> {
    match tempfile::TempPath::try_from_path(from)?.persist_noclobber(to) {
        Ok(()) => Ok(()),
        Err(failed) => {
            // `from` is still ours: keep it for the caller to take back or remove.
            let _ = failed.path.keep();
            let error = failed.error;
            let is_folder = from.is_dir();
            if error.kind() == std::io::ErrorKind::AlreadyExists || !is_folder {
                return Err(error);
            }
            if std::fs::symlink_metadata(to).is_ok() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::AlreadyExists,
                    format!("{} exists", to.display()),
                ));
            }
            std::fs::rename(from, to)
        }
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
    let _deferred = crate::base::signals::Deferred::begin();
    if dir.exists() {
        if !dir.is_dir() {
            bail!("{} is a file, not a folder", dir.display());
        }
        foreign_files(dir, legacy, &dir.display().to_string())?;
    }
    let nothing = || format!("nothing was changed in {}", dir.display());
    let mut staged = Staged::new(dir, fill).with_context(nothing)?;
    let files = staged.files.clone();
    if dir.exists() {
        replace_contents(staged.path(), dir, &files, legacy).map_err(|e| match e {
            Replace::Untouched(e) => e.context(nothing()),
            Replace::Partly(e) => e.context(format!(
                "{} now holds some of the new outputs and some of the old ones; run the command \
                 again",
                dir.display()
            )),
        })?;
    } else {
        match staged.move_to_new(dir) {
            Ok(true) => {}
            Ok(false) => bail!(
                "{} appeared while bitbench wrote its outputs (another process?); nothing was \
                 changed in it",
                dir.display()
            ),
            Err(e) => Err(e).with_context(|| {
                format!(
                    "moving the outputs to {}; nothing was written",
                    dir.display()
                )
            })?,
        }
    }
    // The outputs are in place and whole: a signal received while they moved stops the
    // command now.
    crate::base::signals::check()
        .with_context(|| format!("after writing {} completely", dir.display()))?;
    Ok(Published {
        dir: dir.to_path_buf(),
        files,
    })
}

/// Outputs made in a staging folder of their own (a hidden folder beside their target, its
/// name unique to this process and call), with their manifest. Dropped, the folder is removed:
/// it is this process's.
pub struct Staged {
    /// `None` once dropped.
    dir: Option<tempfile::TempDir>,
    /// The files written, relative and `/`-separated, the manifest excluded.
    pub files: Vec<String>,
    /// The folders made to hold the staging folder: removed with it if then empty (where the
    /// outputs did not move in).
    created: Vec<PathBuf>,
}

impl Drop for Staged {
    fn drop(&mut self) {
        drop(self.dir.take());
        remove_empty(&self.created);
    }
}

impl Staged {
    /// Runs `fill` on a fresh staging folder beside `target`, then lists what it wrote and
    /// adds the manifest. A signal received meanwhile is an error: nothing was written.
    pub fn new(target: &Path, fill: impl FnOnce(&Path) -> Result<()>) -> Result<Staged> {
        let parent = target
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let created =
            create_folders(parent).with_context(|| format!("creating {}", parent.display()))?;
        let name = target.file_name().and_then(|n| n.to_str()).unwrap_or("out");
        let dir = tempfile::Builder::new()
            .prefix(&format!("{TEMPORARY}{name}-{}-", std::process::id()))
            .tempdir_in(parent);
        let mut staged = Staged {
            dir: None,
            files: Vec::new(),
            created,
        };
        staged.dir = Some(
            dir.with_context(|| format!("creating a staging folder in {}", parent.display()))?,
        );
        fill(staged.path())?;
        crate::base::signals::check()?;
        staged.files = files_under(staged.path())?;
        write_manifest(staged.path(), &staged.files)?;
        crate::base::signals::check()?;
        Ok(staged)
    }

    pub fn path(&self) -> &Path {
        self.dir.as_ref().expect("alive until dropped").path()
    }

    fn guard(&mut self) -> &mut tempfile::TempDir {
        self.dir.as_mut().expect("alive until dropped")
    }

    /// Moves the staged folder to `target`, which must not exist: `Ok(false)`, and nothing
    /// moved, if it does (made by another process at the same moment, perhaps). Once moved,
    /// the folder is no longer removed when this is dropped, unless [`Staged::take_back`]
    /// brings it back.
    pub fn move_to_new(&mut self, target: &Path) -> std::io::Result<bool> {
        match move_new(self.path(), target) {
            Ok(()) => {
                self.guard().disable_cleanup(true);
                Ok(true)
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Moves the folder [`Staged::move_to_new`] put at `target` back to its staging name (free
    /// since it left), to be removed when this is dropped.
    pub fn take_back(&mut self, target: &Path) -> std::io::Result<()> {
        move_new(target, self.path())?;
        self.guard().disable_cleanup(false);
        Ok(())
    }
}

/// How [`replace_contents`] failed.
enum Replace {
    /// Before anything in the folder changed.
    Untouched(anyhow::Error),
    /// After some outputs were replaced.
    Partly(anyhow::Error),
}

/// Moves the staged `files` into `dir`, then removes what the old manifest listed and the new
/// one does not. Nothing is moved or removed if any of those paths leads through a link or a
/// file inside `dir`, or if a new file would land on one the old manifest does not list (a
/// user's). Files new to `dir` are moved first, to free names only ([`move_new`]): if one is
/// taken meanwhile, those already moved are taken back and the folder is as it was. Then the
/// files bitbench wrote before are replaced, the manifest last.
fn replace_contents(
    staging: &Path,
    dir: &Path,
    files: &[String],
    legacy: Legacy,
) -> Result<(), Replace> {
    let old = check_replacement(dir, files, legacy).map_err(Replace::Untouched)?;
    let (fresh, ours): (Vec<&String>, Vec<&String>) = files.iter().partition(|f| !old.contains(*f));
    let mut moved: Vec<&String> = Vec::new();
    for file in fresh {
        let (from, to) = (staging.join(file), dir.join(file));
        let made = to.parent().map(create_folders).transpose();
        if let Err(error) = made.and_then(|_| move_new(&from, &to)) {
            for back in moved.iter().rev() {
                let _ = move_new(&dir.join(back), &staging.join(back));
            }
            let error = anyhow::Error::new(error).context(format!("moving {file} into place"));
            return Err(Replace::Untouched(error));
        }
        moved.push(file);
    }
    for file in ours.into_iter().map(String::as_str).chain([MANIFEST]) {
        let (from, to) = (staging.join(file), dir.join(file));
        std::fs::rename(&from, &to)
            .with_context(|| format!("moving {file} into place"))
            .map_err(Replace::Partly)?;
    }
    for stale in old.iter().filter(|f| !files.contains(f)) {
        let path = dir.join(stale);
        if path.is_file() {
            // The file only: a folder that held it was made by an earlier process, and
            // stays, empty.
            std::fs::remove_file(&path)
                .with_context(|| format!("the new outputs are in place, but removing old {stale}"))
                .map_err(Replace::Partly)?;
        }
    }
    Ok(())
}

/// What [`replace_contents`] checks before it changes anything; returns the files bitbench
/// wrote in `dir` before (from its manifest, or what [`Legacy`] accepts).
fn check_replacement(dir: &Path, files: &[String], legacy: Legacy) -> Result<BTreeSet<String>> {
    let old = match read_manifest(dir)? {
        Some(manifest) => manifest.files,
        None => legacy_files(dir, legacy)?,
    };
    for file in files.iter().chain(&old) {
        folders_are_real(dir, file)?;
    }
    for file in files {
        let path = dir.join(file);
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if !old.contains(file) {
            bail!(
                "{} exists and bitbench did not write it (the folder's manifest does not list \
                 it); move it away or choose another --out",
                path.display()
            );
        }
        if meta.is_dir() {
            bail!(
                "{} is a folder where bitbench writes a file",
                path.display()
            );
        }
    }
    Ok(old)
}

/// In a folder without a manifest, the files [`Legacy`] counts as bitbench's.
fn legacy_files(dir: &Path, legacy: Legacy) -> Result<BTreeSet<String>> {
    if legacy == Legacy::None {
        return Ok(BTreeSet::new());
    }
    Ok(std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| legacy.accepts(name))
        .collect())
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

/// The largest manifest read: one lists a few hundred file names.
const MAX_MANIFEST_BYTES: u64 = 1 << 20;

fn read_manifest(dir: &Path) -> Result<Option<Manifest>> {
    let path = dir.join(MANIFEST);
    let Ok(meta) = std::fs::metadata(&path) else {
        return Ok(None);
    };
    if !meta.is_file() || meta.len() > MAX_MANIFEST_BYTES {
        bail!(
            "{} is not a bitbench manifest (a regular file of at most {} KiB)",
            path.display(),
            MAX_MANIFEST_BYTES >> 10
        );
    }
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let manifest: Manifest = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a bitbench manifest", path.display()))?;
    for file in &manifest.files {
        let escapes = file.is_empty()
            || file.starts_with('/')
            || file.contains('\\')
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
            !out.join("sub/b.png").exists() && out.join("sub").is_dir(),
            "a file no longer written is removed; the folder that held it stays"
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

    #[test]
    fn moving_never_replaces_a_file_or_a_folder() {
        let root = tempfile::tempdir().unwrap();
        let (ours, theirs) = (root.path().join("ours"), root.path().join("theirs"));
        std::fs::write(&ours, "ours").unwrap();
        std::fs::write(&theirs, "theirs").unwrap();
        let error = move_new(&ours, &theirs).unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read_to_string(&theirs).unwrap(), "theirs");
        assert_eq!(std::fs::read_to_string(&ours).unwrap(), "ours");
        let (a, b) = (root.path().join("a"), root.path().join("b"));
        std::fs::create_dir(&a).unwrap();
        std::fs::create_dir(&b).unwrap();
        let error = move_new(&a, &b).unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::AlreadyExists);
        move_new(&a, &root.path().join("c")).unwrap();
        assert!(root.path().join("c").is_dir() && !a.exists());
    }

    #[test]
    fn an_output_landing_on_a_file_the_manifest_does_not_list_is_refused() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("out");
        publish(&out, Legacy::None, |s| put(s, "cross-cpu.svg", "1")).unwrap();
        std::fs::write(out.join("tables.md"), "the user's").unwrap();
        let error = publish(&out, Legacy::None, |s| {
            put(s, "cross-cpu.svg", "2")?;
            put(s, "tables.md", "ours")
        })
        .unwrap_err();
        assert!(
            format!("{error:#}").contains("tables.md exists and bitbench did not write it"),
            "{error:#}"
        );
        assert_eq!(
            std::fs::read_to_string(out.join("tables.md")).unwrap(),
            "the user's"
        );
        assert_eq!(
            std::fs::read_to_string(out.join("cross-cpu.svg")).unwrap(),
            "1"
        );
        let names: Vec<_> = std::fs::read_dir(root.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "the staging folder is gone");
    }

    #[test]
    fn a_failed_probe_leaves_nothing() {
        let root = tempfile::tempdir().unwrap();
        let file = root.path().join("file");
        std::fs::write(&file, "x").unwrap();
        assert!(check_writable(&file.join("below")).is_err());
        let names: Vec<_> = std::fs::read_dir(root.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
    }
}
