//! Finding the records under `results/` and grouping them by CPU.

use crate::base::machine::{slug, CpuIdentity};
use crate::errln;
use crate::record::{is_record_name, record_stem, Record};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

/// Folders of `results/` that are not CPU folders: their JSON files are not records.
use crate::record::io::NOT_RECORD_FOLDERS as NOT_CPU_FOLDERS;

/// A record found under `results/`, and where it came from.
pub(super) struct Found {
    pub record: Record,
    pub source: PathBuf,
    /// The CPU folder it was found in, under `results/`.
    pub folder: String,
    /// Its file name.
    pub file: String,
}

impl Found {
    /// Its copy in the site, relative to the site folder.
    pub(super) fn json_path(&self) -> PathBuf {
        Path::new("records").join(&self.folder).join(&self.file)
    }

    /// Its charts' folder in the site, relative to the site folder.
    pub(super) fn chart_dir(&self) -> PathBuf {
        let stem = record_stem(&self.file).unwrap_or(&self.file);
        Path::new("charts").join(&self.folder).join(stem)
    }

    /// The page anchor of the record.
    pub(super) fn anchor(&self) -> String {
        format!("record-{}", slug(&format!("{}-{}", self.folder, self.file)))
    }
}

/// The records of one CPU, newest first.
pub(super) struct CpuGroup<'a> {
    pub cpu: &'a CpuIdentity,
    pub records: Vec<&'a Found>,
}

impl CpuGroup<'_> {
    /// The record that speaks for the CPU: the newest that ran every variant with every
    /// feature (not feature-masked, no `--only`), a full run before a quick one; else the
    /// newest.
    pub(super) fn representative(&self) -> &Found {
        let partial = |f: &&Found| {
            let run = &f.record.run;
            (run.feature_masked || !run.only.is_empty(), run.quick)
        };
        self.records
            .iter()
            .copied()
            .min_by_key(partial)
            .expect("a group has a record")
    }
}

/// Every loadable record in `results/<folder>/*.json.gz` and `*.json`, and a message for each
/// such file that is not one. Folders that hold no records (site, baseline, cross-cpu, hidden temporary
/// folders, and `out` itself) are not looked into.
pub(super) fn find_records(results: &Path, out: &Path) -> Result<(Vec<Found>, Vec<String>)> {
    let mut found = Vec::new();
    let mut skipped = Vec::new();
    for folder in sorted_entries(results)? {
        if !folder.is_dir() || !is_cpu_folder(&folder, out) {
            continue;
        }
        for path in sorted_entries(&folder)? {
            if !path.is_file() || !is_record_name(&path) {
                continue;
            }
            match Record::load(&path) {
                Ok(record) => found.push(Found {
                    record,
                    folder: file_name(&folder),
                    file: file_name(&path),
                    source: path,
                }),
                Err(e) => {
                    errln!("warning: skipping {e}");
                    skipped.push(e.to_string());
                }
            }
        }
    }
    Ok((found, skipped))
}

/// The entries of `dir`, sorted by name.
fn sorted_entries(dir: &Path) -> Result<Vec<PathBuf>> {
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("reading the folder {}", dir.display()))?;
    let mut paths = entries
        .map(|e| e.map(|e| e.path()))
        .collect::<std::io::Result<Vec<_>>>()
        .with_context(|| format!("reading the folder {}", dir.display()))?;
    paths.sort();
    Ok(paths)
}

pub(super) fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

pub(super) fn hidden(path: &Path) -> bool {
    file_name(path).starts_with('.')
}

fn is_cpu_folder(folder: &Path, out: &Path) -> bool {
    let name = file_name(folder);
    let is_out = match (folder.canonicalize(), out.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    !hidden(folder) && !NOT_CPU_FOLDERS.contains(&name.as_str()) && !is_out
}

/// Newest first: by start time, then by file name.
pub(super) fn newest_first(records: &mut [Found]) {
    records.sort_by(|a, b| {
        (&b.record.run.started_utc, &b.folder, &b.file).cmp(&(
            &a.record.run.started_utc,
            &a.folder,
            &a.file,
        ))
    });
}

/// Groups records (already newest first) by [`CpuIdentity::slug`]: the brand, family and model
/// (and the microarchitecture they name), so two CPUs sharing a brand string stay apart. The
/// CPU with the newest record comes first.
pub(super) fn group_by_cpu(records: &[Found]) -> Vec<CpuGroup<'_>> {
    let mut groups: Vec<CpuGroup> = Vec::new();
    for found in records {
        let cpu = &found.record.machine.cpu;
        let same = |g: &&mut CpuGroup| g.cpu.slug() == cpu.slug();
        match groups.iter_mut().find(same) {
            Some(group) => group.records.push(found),
            None => groups.push(CpuGroup {
                cpu,
                records: vec![found],
            }),
        }
    }
    groups
}

/// The families of all records, in first-seen order.
pub(super) fn all_families(records: &[Found]) -> Vec<String> {
    let mut families: Vec<String> = Vec::new();
    for family in records.iter().flat_map(|f| f.record.families()) {
        if !families.contains(&family) {
            families.push(family);
        }
    }
    families
}

/// A CPU's page, relative to the site.
pub(super) fn cpu_page(group: &CpuGroup) -> String {
    format!(
        "cpus/{}.html",
        super::html::percent_encode(&group.cpu.slug())
    )
}
