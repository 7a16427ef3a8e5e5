//! Storing a run: its record, and beside it a folder of its tables and charts, under
//! `results/<cpu>/`, so that two runs writing into one folder in the same second never write
//! into, nor remove, each other's files, and a failure leaves nothing half-written.

use crate::base::output;
use crate::base::signals::Deferred;
use crate::record::{write_new_atomically, Record, RECORD_SUFFIXES};
use crate::{base::names, outln, render::chart, render::report};
use anyhow::{bail, Context as _, Result};
use std::path::{Path, PathBuf};

/// Writes `record` as `dir/<stem>.json.gz` (or the first free `<stem>-N`) with its tables and
/// charts in the folder of the same name; returns the record's path. A record that any reader
/// would refuse is not written. Signals wait until it is done.
pub fn write_run(record: &Record, dir: &Path, stem: &str) -> Result<PathBuf> {
    // What this run measured must satisfy what every reader checks; a record `report` would
    // refuse is not written.
    if let Err(problem) = crate::record::validate::record(record) {
        bail!(
            "this run's record is invalid ({}: {}); nothing was written",
            problem.field,
            problem.reason
        );
    }
    let _deferred = Deferred::begin();
    let created =
        output::create_folders(dir).with_context(|| format!("creating {}", dir.display()))?;
    let written = write_run_into(record, dir, stem);
    if written.is_err() {
        output::remove_empty(&created);
    }
    written
}

/// Another run writing into the same folder in the same second takes the same stem: each
/// claims a stem by moving its chart folder to that name with a rename that fails if the
/// name exists, then its record by one that does the same. A run that loses either race takes
/// its own chart folder back and tries the next stem; it never writes into, nor removes, the
/// other run's.
fn write_run_into(record: &Record, dir: &Path, stem: &str) -> Result<PathBuf> {
    let nothing = "nothing was written";
    let mut staged = output::Staged::new(&dir.join(stem), |staging| render(record, staging))
        .with_context(|| format!("drawing the charts of the record; {nothing}"))?;
    let bytes = record.to_gzip();
    // A stem is taken by a record in either form, or by a folder of charts.
    let taken = |s: &str| {
        RECORD_SUFFIXES
            .iter()
            .any(|suffix| std::fs::symlink_metadata(dir.join(format!("{s}{suffix}"))).is_ok())
            || std::fs::symlink_metadata(dir.join(s)).is_ok()
    };
    for n in 1..=1000 {
        let candidate = match n {
            1 => stem.to_string(),
            n => format!("{stem}-{n}"),
        };
        if taken(&candidate) {
            continue;
        }
        let stem = names::checked("record stem", &candidate)?;
        let (charts, path) = (
            dir.join(stem),
            dir.join(format!("{stem}{}", RECORD_SUFFIXES[0])),
        );
        let moved = staged
            .move_to_new(&charts)
            .with_context(|| format!("moving the charts to {}; {nothing}", charts.display()))?;
        if !moved {
            continue; // another run took the name a moment ago
        }
        // The chart folder is this run's now; the record takes the name beside it.
        let written = write_new_atomically(&path, &bytes);
        if let Ok(true) = written {
            outln!("charts: {}", charts.display());
            return Ok(path);
        }
        // Another run took the record's name, or writing it failed: take the chart folder
        // back (it is removed with the staging folder) before anything else.
        staged.take_back(&charts).with_context(|| {
            format!(
                "the record {} could not be written, and its charts, already at {}, could \
                 not be taken back",
                path.display(),
                charts.display()
            )
        })?;
        if let Err(e) = written {
            return Err(e)
                .with_context(|| format!("writing the record {}; {nothing}", path.display()));
        }
    }
    bail!(
        "no free name for the record in {}; {nothing}",
        dir.display()
    )
}

/// The tables and charts of a record, into `dir`.
pub fn render(record: &Record, dir: &Path) -> Result<()> {
    std::fs::write(dir.join("tables.md"), report::full_tables(record))
        .context("writing tables.md")?;
    chart::render_record(record, dir).map_err(|e| anyhow::anyhow!("drawing charts: {e}"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn committed_record() -> Record {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../results/intel-xeon-f6m167/20261123t122426z.json.gz");
        Record::load(&path).unwrap()
    }

    /// Another run, writing into the same folder in the same second, holds the stem's chart
    /// folder (its record not yet written) and the next stem's record (its charts not yet
    /// moved): this run takes the third, and leaves the other's files as they were.
    #[test]
    fn a_run_never_writes_into_the_names_another_run_holds() {
        let dir = tempfile::tempdir().unwrap();
        let stem = "20261122t100000z";
        let theirs = dir.path().join(stem);
        std::fs::create_dir(&theirs).unwrap();
        std::fs::write(theirs.join("tables.md"), "theirs").unwrap();
        let their_record = dir.path().join(format!("{stem}-2.json"));
        std::fs::write(&their_record, "their record").unwrap();
        let record = committed_record();
        let path = write_run(&record, dir.path(), stem).unwrap();
        assert_eq!(path, dir.path().join(format!("{stem}-3.json.gz")));
        assert!(
            Record::load(&path).unwrap() == record,
            "the stored record reads back whole"
        );
        assert!(dir.path().join(format!("{stem}-3/tables.md")).is_file());
        assert_eq!(
            std::fs::read_to_string(theirs.join("tables.md")).unwrap(),
            "theirs"
        );
        assert_eq!(std::fs::read_dir(&theirs).unwrap().count(), 1);
        assert_eq!(
            std::fs::read_to_string(&their_record).unwrap(),
            "their record"
        );
        assert!(!dir.path().join(format!("{stem}.json.gz")).exists());
        let hidden: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
            .collect();
        assert!(hidden.is_empty(), "no temporary left");
    }
}
