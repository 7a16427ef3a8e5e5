//! Writing results without ever leaving half of them: folders are filled under a hidden
//! temporary name and renamed into place, records are linked into place (see
//! [`crate::record::write_new_atomically`]), and leftovers of killed runs are cleaned up.

use std::path::{Path, PathBuf};

/// The prefix of every temporary entry this tool creates (followed by the name and the pid).
const TEMPORARY: &str = ".tmp-";

/// A hidden temporary folder beside `target`, for filling before [`replace_dir`].
pub fn temporary_dir(target: &Path) -> std::io::Result<PathBuf> {
    let parent = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent)?;
    let name = target.file_name().and_then(|n| n.to_str()).unwrap_or("out");
    let temporary = parent.join(format!("{TEMPORARY}{name}-{}", std::process::id()));
    if temporary.exists() {
        std::fs::remove_dir_all(&temporary)?;
    }
    std::fs::create_dir(&temporary)?;
    Ok(temporary)
}

/// Moves the filled `temporary` folder to `target`, replacing what was there.
pub fn replace_dir(temporary: &Path, target: &Path) -> std::io::Result<()> {
    if target.exists() {
        let old = temporary.with_file_name(format!(
            "{TEMPORARY}old-{}-{}",
            target.file_name().and_then(|n| n.to_str()).unwrap_or("out"),
            std::process::id()
        ));
        std::fs::rename(target, &old)?;
        std::fs::rename(temporary, target)?;
        std::fs::remove_dir_all(&old)?;
    } else {
        std::fs::rename(temporary, target)?;
    }
    Ok(())
}

/// Removes temporary entries (files or folders) in `dir` left by processes no longer running.
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
        if !(name.starts_with(TEMPORARY) || name.starts_with('.') && name.contains(".tmp-")) {
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
