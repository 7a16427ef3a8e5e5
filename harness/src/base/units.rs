//! Sizes in bytes as people read them: the one formatter every table, chart, page and id uses.

/// `0`, `100 B`, `1.9 KiB`, `16 KiB`, `16 MiB`: whole KiB and MiB where exact.
pub fn bytes(n: u64) -> String {
    match n {
        0 => "0".into(),
        b if b < 1024 => format!("{b} B"),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 20 => format!("{:.1} MiB", b as f64 / (1 << 20) as f64),
        b if b % 1024 == 0 => format!("{} KiB", b / 1024),
        b => format!("{:.1} KiB", b as f64 / 1024.0),
    }
}

/// [`bytes`] without the space (`16KiB`), for ids and compact labels.
pub fn bytes_compact(n: u64) -> String {
    bytes(n).replace(' ', "")
}

/// A table's footprint: [`bytes`], or `-` for none.
pub fn footprint(n: u64) -> String {
    if n == 0 {
        "-".into()
    } else {
        bytes(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_well() {
        assert_eq!(bytes(0), "0");
        assert_eq!(bytes(100), "100 B");
        assert_eq!(bytes(1920), "1.9 KiB");
        assert_eq!(bytes(16 << 10), "16 KiB");
        assert_eq!(bytes(16 << 20), "16 MiB");
        assert_eq!(bytes(3 << 19), "1.5 MiB");
        assert_eq!(bytes_compact(1 << 20), "1MiB");
        assert_eq!(footprint(0), "-");
    }
}
