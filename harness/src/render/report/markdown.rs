//! Text from records and command lines made safe to put into Markdown: a CPU brand such as
//! `<script>…</script>` must reach `tables.md`, the advice and the README as text, never as
//! HTML that a Markdown renderer passes through. The site and the SVGs escape for HTML and
//! XML on their own.
//!
//! [`text`] turns `&`, `<` and `>` into entities, which Markdown renders as those characters;
//! [`cell`] also escapes `|`, which would end a table cell. Inside a code span entities are
//! not decoded, so [`code`] keeps the text as it is there, and falls back to [`text`] when a
//! backtick or a line break could end the span early.

/// `s` with `&`, `<` and `>` as entities.
pub fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// [`text`] for a table cell: `|` escaped too.
pub fn cell(s: &str) -> String {
    text(s).replace('|', "\\|")
}

/// `s` as a code span, or as escaped text if it holds a backtick or a line break.
pub fn code(s: &str) -> String {
    if s.contains(['`', '\n', '\r']) {
        text(s)
    } else {
        format!("`{s}`")
    }
}

/// A link to `target`, a path from the repository's root, showing it as a code span, where
/// `target` is a plain relative path (letters, digits, `._-/+`); otherwise [`code`] alone,
/// since a link destination would need its own escaping. The destination starts with `/`,
/// which GitHub resolves from the repository's root, so the link leads to the same file from
/// README.md and from a page under docs/.
pub fn code_link(target: &str) -> String {
    let plain = !target.is_empty()
        && !target.starts_with('/')
        && target
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-/+".contains(c));
    if plain {
        format!("[`{target}`](/{target})")
    } else {
        code(target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_becomes_text() {
        assert_eq!(
            text("<script>alert('x')</script> & co"),
            "&lt;script&gt;alert('x')&lt;/script&gt; &amp; co"
        );
        assert_eq!(cell("a|b<"), "a\\|b&lt;");
        assert_eq!(code("r.json"), "`r.json`");
        assert_eq!(code("a`<b>"), "a`&lt;b&gt;");
        assert_eq!(
            code_link("results/x/r.json"),
            "[`results/x/r.json`](/results/x/r.json)"
        );
        assert_eq!(code_link("my run (2).json"), "`my run (2).json`");
    }
}
