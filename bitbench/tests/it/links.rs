//! The documentation holds together: every relative link of README.md and of the Markdown
//! pages under docs/ leads to a file that exists, and every `#anchor` to a heading of its page;
//! every script under `scripts/` is named in docs/contributing.md.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// README.md and every Markdown file under docs/, as paths from the root, sorted.
fn pages() -> Vec<PathBuf> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("docs/ can be read") {
            let path = entry.expect("an entry of docs/").path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path.strip_prefix(root).unwrap().to_path_buf());
            }
        }
    }
    let root = root();
    let mut pages = vec![PathBuf::from("README.md")];
    walk(&root.join("docs"), &root, &mut pages);
    pages.sort();
    pages
}

/// The page's text outside fenced code blocks, and outside code spans too unless `spans`
/// (where only their backticks go, as in a heading's anchor).
fn prose(text: &str, spans: bool) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Code spans: drop what lies between pairs of backticks.
        for (i, part) in line.split('`').enumerate() {
            if i % 2 == 0 || spans {
                out.push_str(part);
            }
        }
        out.push('\n');
    }
    out
}

/// The targets of the page's inline links and images: `[text](target)`, `![alt](target)`.
fn targets(text: &str) -> Vec<String> {
    let prose = prose(text, false);
    let mut found = Vec::new();
    let mut rest = prose.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find(')').unwrap_or(after.len());
        let target = after[..end].split_whitespace().next().unwrap_or("");
        found.push(target.to_string());
        rest = &after[end..];
    }
    found
}

/// The anchors GitHub gives the page's headings: lower case, punctuation dropped, spaces as
/// hyphens, a repeated one numbered (`-1`, `-2`).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for line in prose(text, true).lines() {
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let slug: String = heading
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let mut anchor = slug.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{slug}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

/// `a/b/../c` → `a/c`, without touching the file system.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[test]
fn every_relative_link_and_anchor_of_the_readme_and_docs_resolves() {
    let root = root();
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(root.join(&page)).unwrap();
        for target in targets(&text) {
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            // `/path` is from the repository's root, as GitHub reads it; anything else is
            // from the page's folder.
            let path = if file.is_empty() {
                page.clone()
            } else if let Some(from_root) = file.strip_prefix('/') {
                normalize(Path::new(from_root))
            } else {
                normalize(&page.parent().unwrap().join(file))
            };
            if !root.join(&path).exists() {
                broken.push(format!(
                    "{}: {target} (no {})",
                    page.display(),
                    path.display()
                ));
                continue;
            }
            if !anchor.is_empty() && path.extension().is_some_and(|e| e == "md") {
                let linked = std::fs::read_to_string(root.join(&path)).unwrap();
                if !anchors(&linked).contains(anchor) {
                    broken.push(format!(
                        "{}: {target} (no heading of {} has that anchor)",
                        page.display(),
                        path.display()
                    ));
                }
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} links found: is the parser right?"
    );
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn every_script_is_named_in_contributing() {
    let root = root();
    let contributing = std::fs::read_to_string(root.join("docs/contributing.md")).unwrap();
    let mut unnamed = Vec::new();
    for entry in std::fs::read_dir(root.join("scripts")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let named = name.trim_end_matches('/');
        if !contributing.contains(named) {
            unnamed.push(name);
        }
    }
    unnamed.sort();
    assert!(
        unnamed.is_empty(),
        "scripts that docs/contributing.md does not name: {unnamed:?}"
    );
}

#[test]
fn the_anchors_are_github_s() {
    let page = "# Running bitbench: the main job\n## Perft in context\n## A, b (c)\n## A, b (c)\n\
                ```\n# not a heading\n```\n### `engine`: your engine\n";
    let anchors = anchors(page);
    for anchor in [
        "running-bitbench-the-main-job",
        "perft-in-context",
        "a-b-c",
        "a-b-c-1",
        "engine-your-engine",
    ] {
        assert!(anchors.contains(anchor), "{anchor} in {anchors:?}");
    }
    assert_eq!(anchors.len(), 5);
}

/// The variants' descriptions (the generated tables of docs/families.md) say what a variant
/// is, never how it ranked on some CPU: a ranking belongs in a record.
#[test]
fn no_variant_description_ranks_it_on_a_cpu() {
    let output = crate::common::command()
        .args(["list", "--markdown"])
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{}", crate::common::text(&output));
    let text = String::from_utf8(output.stdout).unwrap().to_lowercase();
    let cpu = |line: &str| {
        let words: Vec<&str> = line.split_whitespace().collect();
        words
            .windows(4)
            .any(|w| w[0] == "family" && w[2] == "model" && w[1].parse::<u32>().is_ok())
    };
    let offending: Vec<&str> = text
        .lines()
        .filter(|line| {
            cpu(line)
                || ["top three", "fastest on", "ranked first"]
                    .iter()
                    .any(|p| line.contains(p))
        })
        .collect();
    assert!(
        offending.is_empty(),
        "descriptions that rank on a CPU:\n{}",
        offending.join("\n")
    );
}

/// `perft` and `search` take the positions the docs name, `startpos` and `kiwipete`, as well
/// as a FEN, and refuse anything else clearly.
#[test]
fn positions_by_name_are_the_published_ones() {
    let count = |position: &str, depth: &str| {
        let output = crate::common::command()
            .args(["perft", position, depth])
            .output()
            .expect("the binary runs");
        (output.status.code(), crate::common::text(&output))
    };
    let (code, out) = count("startpos", "3");
    assert!(code == Some(0) && out.contains("nodes 8902"), "{out}");
    let (code, out) = count("kiwipete", "2");
    assert!(code == Some(0) && out.contains("nodes 2039"), "{out}");
    let (code, out) = count("startposition", "2");
    assert!(
        code == Some(2) && out.contains("startpos, kiwipete"),
        "{out}"
    );
}
