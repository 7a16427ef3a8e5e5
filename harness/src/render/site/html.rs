//! HTML pieces every part of the page uses: escaping, links, figures, definition lists.

use std::fmt::Write;
use std::path::Path;

/// A chart as the page shows it.
pub(super) struct Chart {
    src: String,
    png: Option<String>,
    width: u32,
    height: u32,
    alt: String,
}

impl Chart {
    /// The chart `stem` (relative to the site), if its SVG was drawn.
    pub(super) fn find(site: &Path, stem: &Path, alt: String) -> Option<Chart> {
        let svg = stem.with_extension("svg");
        let (width, height) = svg_size(&site.join(&svg))?;
        let png = stem.with_extension("png");
        Some(Chart {
            src: href(&svg),
            png: site.join(&png).is_file().then(|| href(&png)),
            width,
            height,
            alt,
        })
    }

    /// A figure: the SVG (a link to itself, for full size on small screens), loaded when it
    /// scrolls near, then the caption with a link to the PNG where there is one; links are
    /// relative to `root`, the way from the page to the site's folder (`../`).
    pub(super) fn render(&self, root: &str, out: &mut String) {
        let png = self.png.as_ref().map_or(String::new(), |png| {
            format!(" <a href=\"{root}{}\">PNG</a>", esc(png))
        });
        let _ = writeln!(
            out,
            "<figure><a href=\"{src}\"><img src=\"{src}\" width=\"{w}\" height=\"{h}\" \
             loading=\"lazy\" alt=\"{alt}\"></a><figcaption>{alt}.{png}</figcaption></figure>",
            src = format!("{root}{}", esc(&self.src)),
            w = self.width,
            h = self.height,
            alt = esc(&self.alt),
        );
    }
}

/// The `width` and `height` of an SVG's root element.
pub(super) fn svg_size(path: &Path) -> Option<(u32, u32)> {
    let text = std::fs::read_to_string(path).ok()?;
    let start = text.find("<svg")?;
    let tag = &text[start..start + text[start..].find('>')?];
    let attribute = |name: &str| -> Option<u32> {
        let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        let value = &tag[at..at + tag[at..].find('"')?];
        value
            .trim_end_matches("px")
            .parse::<f64>()
            .ok()
            .map(|v| v.round() as u32)
    };
    Some((attribute("width")?, attribute("height")?))
}

/// A relative path as a URL: `/`-separated, each segment percent-encoded.
pub(super) fn href(path: &Path) -> String {
    let segments: Vec<String> = path
        .components()
        .map(|c| percent_encode(&c.as_os_str().to_string_lossy()))
        .collect();
    segments.join("/")
}

pub(super) fn percent_encode(segment: &str) -> String {
    let mut out = String::new();
    for byte in segment.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

/// Text made safe for HTML content and attribute values.
pub(super) fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

pub(super) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `2026-11-22T09:44:19Z` as `2026-11-22 09:44 UTC`.
pub(super) fn date_time(rfc3339: &str) -> String {
    match (rfc3339.get(..10), rfc3339.get(11..16)) {
        (Some(date), Some(time)) if rfc3339.ends_with('Z') => format!("{date} {time} UTC"),
        _ => rfc3339.to_string(),
    }
}

/// A `<dl>` of label and already-escaped HTML value pairs.
pub(super) fn definition_list(class: &str, items: &[(&str, String)], out: &mut String) {
    let _ = writeln!(out, "<dl class=\"{class}\">");
    for (term, value) in items {
        let _ = writeln!(out, "<dt>{}</dt><dd>{value}</dd>", esc(term));
    }
    out.push_str("</dl>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(
            esc("<a href=\"x\">Tom's & co</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom&#39;s &amp; co&lt;/a&gt;"
        );
    }

    #[test]
    fn hrefs_are_percent_encoded_per_segment() {
        assert_eq!(
            href(Path::new("records/amd epyc/a#b?.json")),
            "records/amd%20epyc/a%23b%3F.json"
        );
    }

    #[test]
    fn dates_are_shortened() {
        assert_eq!(date_time("2026-11-22T09:44:19Z"), "2026-11-22 09:44 UTC");
        assert_eq!(date_time("yesterday"), "yesterday");
    }
}
