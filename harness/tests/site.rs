//! The results site: built from records on disk, self-contained, escaped, replaced atomically,
//! and tolerant of files in `results/` that are not records.

mod common;

use common::{as_schema_1, synthetic_record, synthetic_record_with, Options};
use harness::record::Record;
use harness::site::build_site;
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
    // Per record: bars, cache pressure and footprint for both families; then one comparison
    // chart per family.
    let families = record.families().len();
    assert_eq!(site.charts, 3 * common::charts_expected(&record) + families);

    let html = read_index(&out);
    assert!(html.starts_with("<!DOCTYPE html>"));
    for family in ["in_between", "knight_attacks"] {
        for cpu in ["Test CPU 1", "Other CPU"] {
            let table =
                format!("<table class=\"ranked\" data-cpu=\"{cpu}\" data-family=\"{family}\">");
            assert!(html.contains(&table), "no {table}");
        }
    }
    assert!(html.contains("empty kernel (floor)"));
    assert!(html.contains("id=\"method\"") && html.contains("Cache pressure"));

    let images = attribute_values(&html, "src");
    assert_eq!(images.len(), site.charts);
    for src in images {
        let file = out.join(src);
        let bytes = std::fs::metadata(&file)
            .unwrap_or_else(|e| panic!("{src}: {e}"))
            .len();
        assert!(bytes > 0, "{src} is empty");
    }
    let json_links: Vec<&str> = attribute_values(&html, "href")
        .into_iter()
        .filter(|h| h.ends_with(".json"))
        .collect();
    assert_eq!(json_links.len(), 3);
    for link in json_links {
        let copy = std::fs::read_to_string(out.join(link)).unwrap();
        assert!(Record::parse(&copy, Path::new(link)).is_ok(), "{link}");
    }
    // The newest record of a CPU comes first.
    let newer = html.find("2026-11-22 10:00 UTC").unwrap();
    let older_at = html.find("2026-11-20 10:00 UTC").unwrap();
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
    let html = read_index(&out);
    assert!(!html.contains("http://") && !html.contains("https://"));
    assert!(!html.contains("<script") && !html.contains("<link") && !html.contains("@import"));
    assert!(!html.contains("url("), "CSS must not load anything");
    for attribute in ["src", "href"] {
        for value in attribute_values(&html, attribute) {
            assert!(
                !value.contains("//") && !value.starts_with('/'),
                "{attribute}={value} is not a relative link"
            );
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
    let html = read_index(&out);
    assert!(!html.contains("<script>"));
    assert!(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co&#39;s"));
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
    let html = read_index(&out);
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
