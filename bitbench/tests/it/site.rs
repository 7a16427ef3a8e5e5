//! The results site: built from records on disk, self-contained, escaped, replaced atomically,
//! and tolerant of files in `results/` that are not records.

use crate::common;

use common::{as_schema_1, synthetic_record, synthetic_record_with, Options};
use harness::record::Record;
use harness::render::site::build_site;
use std::path::{Path, PathBuf};
use strategies::{Families, Registry};

/// Writes `record` as `results/<slug>/<name>`, as a run would.
fn write(results: &Path, record: &Record, name: &str) -> PathBuf {
    let dir = results.join(record.machine.cpu.slug());
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, record.to_json()).unwrap();
    path
}

/// The values of every `attribute="…"` in `html`.
fn attribute_values<'a>(html: &'a str, attribute: &str) -> Vec<&'a str> {
    let pattern = format!(" {attribute}=\"");
    html.match_indices(&pattern)
        .map(|(at, _)| {
            let rest = &html[at + pattern.len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect()
}

fn read_index(out: &Path) -> String {
    std::fs::read_to_string(out.join("index.html")).unwrap()
}

fn read_page(out: &Path, page: &str) -> String {
    std::fs::read_to_string(out.join(page)).unwrap_or_else(|e| panic!("{page}: {e}"))
}

/// Every page of the site: its path relative to `out` and its HTML, the overview first.
fn pages(out: &Path) -> Vec<(String, String)> {
    let mut found = vec![("index.html".to_string(), read_index(out))];
    for folder in ["families", "cpus"] {
        let mut names: Vec<String> = std::fs::read_dir(out.join(folder))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        for name in names {
            let page = format!("{folder}/{name}");
            found.push((page.clone(), read_page(out, &page)));
        }
    }
    found
}

/// A page's links, resolved against the page's folder: `../records/x.json` from
/// `cpus/a.html` is `records/x.json`.
fn resolved(page: &str, link: &str) -> String {
    if page.contains('/') {
        link.strip_prefix("../").unwrap_or(link).to_string()
    } else {
        link.to_string()
    }
}

#[test]
fn a_site_is_built_from_the_records_and_skips_what_is_not_one() {
    let tmp = tempfile::tempdir().unwrap();
    let results = tmp.path().join("results");
    let record = synthetic_record("Test CPU 1", "2026-11-22T10:00:00Z");
    write(&results, &record, "x.json");
    let older = synthetic_record("Test CPU 1", "2026-11-20T10:00:00Z");
    write(&results, &older, "older.json");
    write(
        &results,
        &synthetic_record("Other CPU", "2026-11-21T10:00:00Z"),
        "y.json",
    );
    let bad = results.join(record.machine.cpu.slug()).join("bad.json");
    std::fs::write(&bad, "{\"schema_version\": 1, \"truncated\": ").unwrap();
    // Folders that hold no records are not looked into.
    for folder in ["baseline", "cross-cpu", "site"] {
        std::fs::create_dir_all(results.join(folder)).unwrap();
        std::fs::write(results.join(folder).join("z.json"), "not json").unwrap();
    }
    // A site folder holding a file bitbench did not write is refused, before any work.
    let error = build_site(&results, &results.join("site")).unwrap_err();
    assert!(
        error.to_string().contains("did not write (z.json)"),
        "{error}"
    );
    let out = tmp.path().join("public");

    let site = build_site(&results, &out).unwrap();

    assert_eq!((site.records, site.cpus), (3, 2));
    assert_eq!(site.index, out.join("index.html"));
    assert_eq!(site.skipped.len(), 1, "{:?}", site.skipped);
    assert!(
        site.skipped[0].contains("bad.json") && site.skipped[0].contains("JSON"),
        "{:?}",
        site.skipped
    );
    // Charts for the record that speaks for each CPU (its newest full one), then one
    // comparison chart per family.
    let families = record.families().len();
    assert_eq!(site.charts, 2 * common::charts_expected(&record) + families);

    let pages = pages(&out);
    assert_eq!(site.pages.len(), pages.len());
    for (page, html) in &pages {
        assert!(html.starts_with("<!DOCTYPE html>"), "{page}");
    }
    // The overview: one row per family, a link to its page, the pick on each CPU.
    let index = read_index(&out);
    for family in record.families() {
        let link = format!("<a class=\"family\" href=\"families/{family}.html\">{family}</a>");
        assert_eq!(index.matches(&link).count(), 1, "no row for {family}");
    }
    assert!(index.contains("<code class=\"pick\">"));
    assert!(index.contains("id=\"method\"") && index.contains("Cache pressure"));
    // A family's page: the ranked table of each CPU.
    for family in ["in_between", "knight_attacks"] {
        let html = read_page(&out, &format!("families/{family}.html"));
        for cpu in ["Test CPU 1", "Other CPU"] {
            let table =
                format!("<table class=\"ranked\" data-cpu=\"{cpu}\" data-family=\"{family}\">");
            assert!(html.contains(&table), "no {table}");
        }
        assert!(html.contains("empty kernel (floor)"));
    }
    // Every chart shown once, on a family's page, and drawn.
    let mut images = 0;
    let mut json_links = Vec::new();
    for (page, html) in &pages {
        for src in attribute_values(html, "src") {
            let file = out.join(resolved(page, src));
            let bytes = std::fs::metadata(&file)
                .unwrap_or_else(|e| panic!("{page}: {src}: {e}"))
                .len();
            assert!(bytes > 0, "{src} is empty");
            assert!(page.starts_with("families/"), "a chart on {page}");
            images += 1;
        }
        for href in attribute_values(html, "href") {
            let target = out.join(resolved(page, href));
            assert!(target.exists(), "{page} links to a missing {href}");
            if href.ends_with(".json") {
                json_links.push(resolved(page, href));
            }
        }
    }
    assert_eq!(images, site.charts);
    // Each record linked once, from its CPU's page.
    assert_eq!(json_links.len(), 3, "{json_links:?}");
    for link in json_links {
        let copy = std::fs::read_to_string(out.join(&link)).unwrap();
        assert!(Record::parse(&copy, Path::new(&link)).is_ok(), "{link}");
    }
    // The newest record of a CPU comes first on its page.
    let cpu_page = pages
        .iter()
        .find(|(page, html)| page.starts_with("cpus/") && html.contains("2026-11-20 10:00 UTC"))
        .map(|(_, html)| html)
        .expect("a CPU page lists the older record");
    let newer = cpu_page.find("2026-11-22 10:00 UTC").unwrap();
    let older_at = cpu_page.find("2026-11-20 10:00 UTC").unwrap();
    assert!(newer < older_at);
}

#[test]
fn the_page_needs_nothing_from_elsewhere() {
    let tmp = tempfile::tempdir().unwrap();
    let results = tmp.path().join("results");
    write(
        &results,
        &synthetic_record("Test CPU", "2026-11-22T10:00:00Z"),
        "x.json",
    );
    let out = tmp.path().join("site");
    build_site(&results, &out).unwrap();
    for (page, html) in pages(&out) {
        assert!(
            !html.contains("http://") && !html.contains("https://"),
            "{page}"
        );
        assert!(
            !html.contains("<script") && !html.contains("<link") && !html.contains("@import"),
            "{page}"
        );
        assert!(!html.contains("url("), "{page}: CSS must not load anything");
        for attribute in ["src", "href"] {
            for value in attribute_values(&html, attribute) {
                assert!(
                    !value.contains("//") && !value.starts_with('/'),
                    "{page}: {attribute}={value} is not a relative link"
                );
            }
        }
    }
}

#[test]
fn text_from_records_is_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    let results = tmp.path().join("results");
    let brand = "<script>alert(\"x\")</script> & Co's";
    write(
        &results,
        &synthetic_record(brand, "2026-11-22T10:00:00Z"),
        "x.json",
    );
    let out = tmp.path().join("site");
    build_site(&results, &out).unwrap();
    for (page, html) in pages(&out) {
        assert!(!html.contains("<script>"), "{page}");
        assert!(
            html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co&#39;s"),
            "{page}"
        );
    }
}

#[test]
fn a_failed_build_leaves_the_old_site_and_a_new_one_replaces_it() {
    let tmp = tempfile::tempdir().unwrap();
    let results = tmp.path().join("results");
    write(
        &results,
        &synthetic_record("Test CPU", "2026-11-22T10:00:00Z"),
        "x.json",
    );
    let out = tmp.path().join("site");
    build_site(&results, &out).unwrap();
    let old = read_index(&out);
    let folder = results.join(
        synthetic_record("Test CPU", "2026-11-22T10:00:00Z")
            .machine
            .cpu
            .slug(),
    );
    // A user's file in the site folder is kept by every later build.
    std::fs::write(out.join("notes.txt"), "mine").unwrap();

    std::fs::remove_file(folder.join("x.json")).unwrap();
    std::fs::write(folder.join("bad.json"), "[]").unwrap();
    let error = build_site(&results, &out).unwrap_err();
    assert!(error.to_string().contains("no records"), "{error}");
    assert_eq!(read_index(&out), old);

    write(
        &results,
        &synthetic_record("Test CPU 2", "2026-11-23T10:00:00Z"),
        "x.json",
    );
    // What a killed build would have left, and a user's folder.
    let stale = tmp.path().join(".bitbench-tmp-site-4294967290");
    let unrelated = tmp.path().join(".tmp-other-4294967290");
    std::fs::create_dir_all(&stale).unwrap();
    std::fs::create_dir_all(&unrelated).unwrap();
    build_site(&results, &out).unwrap();
    assert!(read_index(&out).contains("Test CPU 2"));
    assert_eq!(
        std::fs::read_to_string(out.join("notes.txt")).unwrap(),
        "mine"
    );
    assert!(unrelated.exists());
    std::fs::remove_dir(&unrelated).unwrap();
    // Another process's temporary is never removed: no process can tell that its writer,
    // perhaps in another PID namespace, is gone.
    assert!(stale.exists());
    std::fs::remove_dir(&stale).unwrap();
    let leftovers: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with('.'))
        .collect();
    assert!(
        leftovers.is_empty(),
        "temporary folders left: {leftovers:?}"
    );
}

#[test]
fn rebuilding_inside_results_does_not_pick_up_the_site_itself() {
    let tmp = tempfile::tempdir().unwrap();
    let results = tmp.path().join("results");
    write(
        &results,
        &synthetic_record("Test CPU", "2026-11-22T10:00:00Z"),
        "x.json",
    );
    let out = results.join("site");
    let first = build_site(&results, &out).unwrap();
    let second = build_site(&results, &out).unwrap();
    assert_eq!(first, second);
    assert_eq!(second.records, 1);
}

#[test]
fn intervals_ties_and_the_cache_simulation_show_and_schema_1_still_renders() {
    let tmp = tempfile::tempdir().unwrap();
    let results = tmp.path().join("results");
    let options = Options {
        tie: true,
        cache_sim: true,
        baseline_copies: true,
    };
    let new = synthetic_record_with("New CPU", "2026-11-23T10:00:00Z", options);
    write(&results, &new, "new.json");
    let old = as_schema_1(synthetic_record("Old CPU", "2026-11-22T10:00:00Z"));
    write(&results, &old, "old.json");
    let out = tmp.path().join("site");

    let site = build_site(&results, &out).unwrap();

    // Four charts per family for the record with a cache simulation, three for the other,
    // one comparison per family.
    let families = new.families().len();
    assert_eq!((site.records, site.cpus), (2, 2));
    assert_eq!(
        site.charts,
        common::charts_expected(&new) + common::charts_expected(&old) + families
    );
    // The family pages, then the overview (its note on the method names every family).
    let mut html: String = pages(&out)
        .into_iter()
        .filter(|(page, _)| page.starts_with("families/"))
        .map(|(_, html)| html)
        .collect();
    html.push_str(&read_index(&out));
    let sims: Vec<&str> = attribute_values(&html, "src")
        .into_iter()
        .filter(|s| s.ends_with("-cache-sim.svg"))
        .collect();
    let simulated = new
        .families()
        .iter()
        .filter(|f| new.family(f).any(|m| m.cache_sim.is_some()))
        .count();
    assert_eq!(sims.len(), simulated, "{sims:?}");
    assert!(html.contains("simulated L1d (32 KiB, 8-way, 64 B lines)"));
    // Schema 2: intervals and ties, in the ranked table of the new record.
    let new_tables = &html[html.find("data-cpu=\"New CPU\"").unwrap()..];
    let new_tables = &new_tables[..new_tables.find("</table>").unwrap()];
    assert!(new_tables.contains("ns/op ±95%") && new_tables.contains("[95% interval]"));
    assert!(
        new_tables.contains("<span class=\"tie\""),
        "no ≈ in {new_tables}"
    );
    assert!(new_tables.contains("<tr class=\"tied\">"));
    assert!(new_tables.contains("<span class=\"ci\" title=\"95% interval\">["));
    // Schema 1: interquartile ranges, and a line that ties cannot be called.
    let old_tables = &html[html.find("data-cpu=\"Old CPU\"").unwrap()..];
    let old_tables = &old_tables[..old_tables.find("</table>").unwrap()];
    assert!(old_tables.contains("ns/op ±IQR") && !old_tables.contains("class=\"tie\""));
    assert!(html.contains("Ties cannot be called: this schema-1 record has no per-round values."));
    // Each CPU under its full description, each family with its summary.
    for record in [&new, &old] {
        let heading = format!("<h2>{}</h2>", record.machine.cpu.describe());
        assert!(html.contains(&heading), "no {heading}");
    }
    for family in Families::families() {
        let summary = family
            .summary
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
            .replace('\'', "&#39;");
        assert!(html.contains(&format!("<p class=\"summary\">{summary}</p>")));
    }
}
