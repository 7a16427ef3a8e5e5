//! Reading records (refused by size before a byte is read, parsed, then checked by
//! [`super::validate`]) and writing them atomically: to a temporary file in the same folder
//! (its name unique to the process and the call), flushed, then renamed to its final name by
//! a rename that fails rather than replaces if that name exists. An interrupted run leaves no
//! partial record, and two runs never overwrite each other's.
//!
//! A record is stored gzip-compressed, as `<stem>.json.gz` ([`Record::to_gzip`]): the JSON
//! repeats its field names thousands of times, and compressed it costs the tree about a fifth.
//! `zcat` or `gzip -dc` reads it. Every reader takes both forms, `.json` and `.json.gz`, told
//! apart by the gzip magic bytes, not by the name.

use super::{validate, Record, OLDEST_SCHEMA, SCHEMA_VERSION};
use serde::Deserialize;
use std::fmt;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The largest file read as a record, and the most JSON a compressed one may expand to. A
/// record of the full suite is under 3 MiB of JSON; anything far beyond is not one, and
/// parsing it whole could exhaust memory (a parse takes many times the file's size:
/// docs/notebook.md, "Measurements behind the code"), so a larger file is refused by its size,
/// before it is opened, and a compressed one is refused once its JSON grows past the limit.
pub const MAX_RECORD_BYTES: u64 = 64 << 20;

/// The endings of a record's file name: the compressed form that runs write, then the plain
/// JSON of older records (and of anyone who unpacked one).
pub const RECORD_SUFFIXES: [&str; 2] = [".json.gz", ".json"];

/// The stem of a record's file name (`20261122t094512z` of `20261122t094512z.json.gz`), or
/// `None` if the name has neither of [`RECORD_SUFFIXES`].
pub fn record_stem(file_name: &str) -> Option<&str> {
    RECORD_SUFFIXES
        .iter()
        .find_map(|suffix| file_name.strip_suffix(suffix))
        .filter(|stem| !stem.is_empty())
}

/// Whether `path` names a record by its ending (`.json` or `.json.gz`) and is not hidden.
pub fn is_record_name(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| !n.starts_with('.') && record_stem(n).is_some())
}

/// The two bytes every gzip stream starts with (RFC 1952).
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Why a file is not a record this build can read.
#[derive(Debug)]
pub enum RecordError {
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// A folder, a named pipe, a device or a socket, or a file too large to be a record:
    /// refused before it is read (a pipe would wait for ever, a device could never end).
    NotAFile { path: PathBuf, what: String },
    /// Not JSON, or JSON cut short.
    NotJson {
        path: PathBuf,
        error: serde_json::Error,
    },
    /// JSON, but not a bitbench record.
    NotARecord { path: PathBuf, problem: String },
    /// A record from a newer bitbench.
    NewerSchema { path: PathBuf, found: u64 },
    /// A record whose values cannot be true: a field and what is wrong with it.
    Invalid {
        path: PathBuf,
        field: String,
        reason: String,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Io { path, error } => write!(f, "{}: cannot read: {error}", path.display()),
            RecordError::NotAFile { path, what } => {
                write!(f, "{}: not a record file: {what}", path.display())
            }
            RecordError::NotJson { path, error } => {
                let what = if error.is_eof() { "truncated JSON" } else { "malformed JSON" };
                write!(f, "{}: {what}: {error}", path.display())
            }
            RecordError::NotARecord { path, problem } => {
                write!(f, "{}: not a bitbench record: {problem}", path.display())
            }
            RecordError::NewerSchema { path, found } => write!(
                f,
                "{}: record schema version {found} is newer than this bitbench reads ({SCHEMA_VERSION}); update bitbench",
                path.display()
            ),
            RecordError::Invalid { path, field, reason } => {
                write!(f, "{}: invalid record: {field}: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for RecordError {}

impl Record {
    /// Reads and checks a record. Only a regular file of at most [`MAX_RECORD_BYTES`] is
    /// read, in either form ([`read_text`]).
    pub fn load(path: &Path) -> Result<Record, RecordError> {
        Record::parse(&read_text(path)?, path)
    }

    /// The record as stored: its JSON ([`Record::to_json`]), gzip-compressed at the best
    /// level, with no file name and a zero time in the header, so that one record always
    /// compresses to the same bytes.
    pub fn to_gzip(&self) -> Vec<u8> {
        let mut encoder = flate2::GzBuilder::new()
            .mtime(0)
            .write(Vec::new(), flate2::Compression::best());
        encoder
            .write_all(self.to_json().as_bytes())
            .expect("writing to memory cannot fail");
        encoder.finish().expect("writing to memory cannot fail")
    }

    /// Parses and checks a record's text; `path` is only for messages.
    pub fn parse(text: &str, path: &Path) -> Result<Record, RecordError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|error| RecordError::NotJson {
                path: path.into(),
                error,
            })?;
        let not_a_record = |problem: String| RecordError::NotARecord {
            path: path.into(),
            problem,
        };
        let version = value
            .get("schema_version")
            .ok_or_else(|| not_a_record("no \"schema_version\" field".into()))?
            .as_u64()
            .ok_or_else(|| not_a_record("\"schema_version\" is not a whole number".into()))?;
        if version > SCHEMA_VERSION as u64 {
            return Err(RecordError::NewerSchema {
                path: path.into(),
                found: version,
            });
        }
        if version < OLDEST_SCHEMA as u64 {
            return Err(not_a_record(format!(
                "schema_version {version} was never written by bitbench (versions are {OLDEST_SCHEMA} to {SCHEMA_VERSION})"
            )));
        }
        validate::plain_text(&value).map_err(|problem| RecordError::Invalid {
            path: path.into(),
            field: problem.field,
            reason: problem.reason,
        })?;
        // On a failure, read again tracking the path of the value at fault
        // (`measurements[3].ns_per_op.median`), so that a value of the wrong type is named, not
        // only described; a good record is read once, without tracking it.
        let record = match Record::deserialize(&value) {
            Ok(record) => record,
            Err(error) => {
                let message = match serde_path_to_error::deserialize::<_, Record>(&value) {
                    Err(error) => {
                        let at = error.path().to_string();
                        format!("{at}: {}", error.into_inner())
                    }
                    Ok(_) => error.to_string(),
                };
                return Err(not_a_record(message));
            }
        };
        validate::record(&record).map_err(|problem| RecordError::Invalid {
            path: path.into(),
            field: problem.field,
            reason: problem.reason,
        })?;
        let mut record = record;
        if record.schema_version < 3 {
            crate::record::analysis::rederive(&mut record);
        } else if record.schema_version < 5 {
            // Ties and ranks by this build's one rule, whatever rule the record was written
            // with: its raw values and its medians' intervals are kept.
            let (controls, ranks) = crate::record::judge::judge(&mut record.measurements);
            record.controls = controls;
            record.ranks = ranks;
        }
        Ok(record)
    }
}

/// The JSON text of a record file, in either form: a regular file of at most
/// [`MAX_RECORD_BYTES`], expanded first if it is gzip (told by its magic bytes, not its name)
/// and refused once it expands past that limit. Not checked as a record: [`Record::load`] does.
pub fn read_text(path: &Path) -> Result<String, RecordError> {
    let io = |error| RecordError::Io {
        path: path.into(),
        error,
    };
    let not_a_file = |what: String| RecordError::NotAFile {
        path: path.into(),
        what,
    };
    // Asked before opening: opening a named pipe waits for a writer.
    let meta = std::fs::metadata(path).map_err(io)?;
    if meta.is_dir() {
        return Err(not_a_file("it is a folder".into()));
    }
    if !meta.is_file() {
        return Err(not_a_file(
            "it is a named pipe, a device or a socket, not a regular file".into(),
        ));
    }
    let too_large = |bytes: u64| {
        not_a_file(format!(
            "it holds {bytes} bytes, more than any record ({} MiB at most)",
            MAX_RECORD_BYTES >> 20
        ))
    };
    if meta.len() > MAX_RECORD_BYTES {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes))
        .map_err(io)?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    if bytes.starts_with(&GZIP_MAGIC) {
        // Expanded up to one byte past the limit, so that a small file that unpacks to
        // gigabytes is refused, not held.
        let mut json = Vec::new();
        flate2::read::GzDecoder::new(bytes.as_slice())
            .take(MAX_RECORD_BYTES + 1)
            .read_to_end(&mut json)
            .map_err(|e| {
                io(std::io::Error::new(
                    e.kind(),
                    format!("not a whole gzip stream: {e}"),
                ))
            })?;
        if json.len() as u64 > MAX_RECORD_BYTES {
            return Err(not_a_file(format!(
                "it expands to more than any record ({} MiB at most)",
                MAX_RECORD_BYTES >> 20
            )));
        }
        bytes = json;
    }
    String::from_utf8(bytes).map_err(|_| {
        io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })
}

/// Whether two paths name one file (the same path spelled twice, or through a link).
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// The records of `paths`, each once: a file given twice, or a copy of a record already
/// given, is counted once, with a warning.
pub fn load_distinct(paths: &[PathBuf]) -> Result<Vec<(PathBuf, Record)>, RecordError> {
    Ok(distinct_records(
        paths
            .iter()
            .map(|p| Ok((p.clone(), Record::load(p)?)))
            .collect::<Result<Vec<_>, RecordError>>()?,
    ))
}

/// `records` without the repeats: a file given twice, or a copy of a record already given, is
/// kept once, with a warning.
pub fn distinct_records(records: Vec<(PathBuf, Record)>) -> Vec<(PathBuf, Record)> {
    let mut kept: Vec<(PathBuf, Record)> = Vec::new();
    for (path, record) in records {
        let first = kept
            .iter()
            .find(|(p, r)| same_file(p, &path) || *r == record);
        match first {
            Some((first, _)) if same_file(first, &path) => {
                crate::errln!("warning: {} is given twice; counted once", path.display())
            }
            Some((first, _)) => crate::errln!(
                "warning: {} holds the same record as {}; counted once",
                path.display(),
                first.display()
            ),
            None => kept.push((path, record)),
        }
    }
    kept
}

/// Folders of a results folder that hold no records (their JSON files are something else).
pub const NOT_RECORD_FOLDERS: [&str; 3] = ["site", "baseline", "cross-cpu"];

/// Records found in a results folder, with their paths; and a warning per file skipped.
pub type Found = (Vec<(PathBuf, Record)>, Vec<String>);

/// Every readable record in `results/<cpu>/*.json.gz` and `*.json`, sorted by path, and a
/// warning for each such file there that is not one (it is skipped, never an error).
pub fn records_under(results: &Path) -> std::io::Result<Found> {
    let mut found = Vec::new();
    let mut skipped = Vec::new();
    let hidden = |p: &Path| {
        p.file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'))
    };
    let mut folders: Vec<PathBuf> = std::fs::read_dir(results)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir() && !hidden(p))
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            !NOT_RECORD_FOLDERS.contains(&name.as_deref().unwrap_or(""))
        })
        .collect();
    folders.sort();
    for folder in folders {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file() && is_record_name(p))
            .collect();
        files.sort();
        for path in files {
            match Record::load(&path) {
                Ok(record) => found.push((path, record)),
                Err(e) => skipped.push(e.to_string()),
            }
        }
    }
    Ok((found, skipped))
}

/// The UTC time now, as RFC 3339 (`2026-11-22T09:45:12Z`) and as a file-name stamp in RFC
/// 3339's basic form with the lower-case `t` and `z` it allows (`20261122t094512z`), so that
/// it passes [`crate::base::names::checked`].
pub fn utc_now() -> (String, String) {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc_from_unix(seconds)
}
/// Civil UTC date and time of a Unix time (Howard Hinnant's days-from-civil, inverted).
pub fn utc_from_unix(seconds: u64) -> (String, String) {
    let days = (seconds / 86_400) as i64;
    let (hour, minute, second) = (seconds % 86_400 / 3600, seconds % 3600 / 60, seconds % 60);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (
        format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z"),
        format!("{year:04}{month:02}{day:02}t{hour:02}{minute:02}{second:02}z"),
    )
}

/// Writes `bytes` to `path` atomically, never replacing an existing file: a temporary file in
/// the same folder, with a name no other process or call can hold, is written and flushed,
/// then renamed to `path` by a rename that fails if `path` exists (`tempfile`'s
/// `persist_noclobber`). The temporary is removed on every failure. Returns `Ok(false)`, and
/// writes nothing, if `path` already exists.
pub fn write_new_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<bool> {
    let _deferred = crate::base::signals::Deferred::begin();
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("record");
    let prefix = format!(".bitbench-tmp-{name}-{}-", std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix);
    // A record is an ordinary file once it has its name: readable as the umask allows, as a
    // file made by `File::create` would be, not `tempfile`'s owner-only default.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut file = builder.tempfile_in(dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    if crate::base::signals::received().is_some() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            "stopped by a signal before the record took its name",
        ));
    }
    match file.persist_noclobber(path) {
        Ok(_) => Ok(true),
        Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(e.error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small file that expands past the limit is refused once it does, not held whole.
    #[test]
    fn a_compressed_file_that_expands_too_far_is_refused() {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        let zeros = vec![0u8; 1 << 20];
        for _ in 0..=(MAX_RECORD_BYTES >> 20) {
            encoder.write_all(&zeros).unwrap();
        }
        let bomb = encoder.finish().unwrap();
        assert!(bomb.len() < 1 << 20);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bomb.json.gz");
        std::fs::write(&path, bomb).unwrap();
        let error = Record::load(&path).unwrap_err().to_string();
        assert!(
            error.contains("not a record file: it expands to more than any record"),
            "{error}"
        );
    }

    #[test]
    fn record_names() {
        assert_eq!(
            record_stem("20261122t094512z.json.gz"),
            Some("20261122t094512z")
        );
        assert_eq!(
            record_stem("20261122t094512z.json"),
            Some("20261122t094512z")
        );
        assert_eq!(record_stem("notes.txt"), None);
        assert_eq!(record_stem(".json"), None);
        assert!(is_record_name(Path::new("results/x/a.json.gz")));
        assert!(!is_record_name(Path::new(
            "results/x/.bitbench-tmp-a.json.gz"
        )));
    }

    #[test]
    fn civil_dates() {
        assert_eq!(utc_from_unix(0).0, "1970-01-01T00:00:00Z");
        assert_eq!(utc_from_unix(951_782_400).0, "2000-02-29T00:00:00Z");
        assert_eq!(utc_from_unix(1_795_339_512).1, "20261122t092512z");
    }

    #[cfg(unix)]
    #[test]
    fn a_record_file_is_as_readable_as_the_umask_allows() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let reference = dir.path().join("made-by-create");
        std::fs::File::create(&reference).unwrap();
        let path = dir.path().join("r.json");
        assert!(write_new_atomically(&path, b"{}").unwrap());
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), mode(&reference));
    }
}
