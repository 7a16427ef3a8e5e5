//! The one gate between a name and a path. Every name that becomes part of a file or folder
//! name (a family, a variant, a workload, a CPU slug, a record's stem), whether it was read
//! from a record or from the command line, goes through [`checked`] first, so nothing can
//! escape the output folder or hide as a dot-file.

use std::fmt;

/// A name that may not become part of a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadName {
    /// What the name is (`family`, `variant`, `cpu slug`, …).
    pub field: String,
    pub value: String,
    pub reason: &'static str,
}

impl fmt::Display for BadName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: String = self.value.chars().take(80).collect();
        let more = if self.value.chars().count() > 80 {
            "…"
        } else {
            ""
        };
        write!(
            f,
            "{} {:?}{more} cannot be used in a file name: {}",
            self.field, shown, self.reason
        )
    }
}

impl std::error::Error for BadName {}

/// The longest name accepted.
pub const MAX_LEN: usize = 120;

/// `value` if it is safe as (part of) a file name: 1 to [`MAX_LEN`] characters of
/// `[a-z0-9_.-]`, not starting with a dot, with no `..`. Otherwise an error naming `field`.
pub fn checked<'a>(field: &str, value: &'a str) -> Result<&'a str, BadName> {
    let bad = |reason| {
        Err(BadName {
            field: field.to_string(),
            value: value.to_string(),
            reason,
        })
    };
    if value.is_empty() {
        return bad("it is empty");
    }
    if value.len() > MAX_LEN {
        return bad("it is longer than 120 characters");
    }
    let allowed = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit() || b"_.-".contains(&b);
    if !value.bytes().all(allowed) {
        return bad("only a-z, 0-9, '_', '.' and '-' are allowed");
    }
    if value.starts_with('.') {
        return bad("it starts with a dot");
    }
    if value.contains("..") {
        return bad("it contains \"..\"");
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_could_escape_are_refused() {
        for good in [
            "in_between",
            "x88_rotate",
            "amd-epyc-f25m17",
            "20261122t103157z-quick",
        ] {
            assert_eq!(checked("name", good), Ok(good));
        }
        for bad in [
            "",
            "..",
            "../x",
            "a/b",
            "a\\b",
            ".hidden",
            "a..b",
            "A",
            "x\0",
            "x\n",
            "é",
            "a b",
            "20261122T103157Z",
        ] {
            assert!(checked("family", bad).is_err(), "{bad:?}");
        }
        let long = "a".repeat(300);
        let error = checked("variant", &long).unwrap_err().to_string();
        assert!(
            error.starts_with("variant \"aaa") && error.contains("longer"),
            "{error}"
        );
        let error = checked("family", "../../x").unwrap_err().to_string();
        assert_eq!(
            error,
            "family \"../../x\" cannot be used in a file name: only a-z, 0-9, '_', '.' and '-' are allowed"
        );
    }
}
