//! The page's head and its one inline style sheet (no fonts, images or anything else loaded
//! from elsewhere).

/// Everything before the header: the doctype, the head with the title and the style sheet,
/// `<body>`.
pub(super) fn head(title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        super::html::esc(title)
    )
}

const STYLE: &str = "
:root { color-scheme: light; --ink: #1d1f23; --muted: #5b6270; --line: #d9dce1;
  --band: #f4f6f8; --accent: #1f5fa8; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--ink); background: #fff; line-height: 1.5;
  font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
header, main, footer { max-width: 1240px; margin: 0 auto; padding: 0 24px; }
header { padding-top: 24px; }
h1 { font-size: 2rem; margin: 0 0 8px; }
h2 { font-size: 1.5rem; margin: 40px 0 8px; padding-top: 16px; border-top: 3px solid var(--ink); }
h3 { font-size: 1.15rem; margin: 28px 0 8px; }
a { color: var(--accent); }
code { font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace; font-size: 0.92em; }
.lead { font-size: 1.05rem; max-width: 72ch; }
p, li, figcaption, caption { overflow-wrap: anywhere; }
.jump { color: var(--muted); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 12px 0; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
.scroll { overflow-x: auto; margin: 12px 0; }
table { border-collapse: collapse; font-size: 0.92rem; font-variant-numeric: tabular-nums; }
caption { text-align: left; color: var(--muted); padding: 0 0 6px; caption-side: top;
  max-width: calc(100vw - 48px); }
th, td { padding: 4px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
thead th { background: var(--band); text-align: center; border-bottom: 2px solid var(--ink);
  font-weight: 600; }
tbody th { text-align: left; font-weight: normal; white-space: nowrap; }
td.num { text-align: right; white-space: nowrap; }
tbody tr:nth-child(even) { background: #fafbfc; }
tr.floor { color: var(--muted); font-style: italic; }
td.best { font-weight: 700; }
.tag { font-size: 0.75em; padding: 0 4px; border: 1px solid var(--line); border-radius: 3px;
  color: var(--muted); }
.suspect { color: #b00020; font-weight: 600; }
.note { color: var(--muted); font-size: 0.9rem; }
.summary { margin: 0 0 8px; color: var(--muted); }
.pm, .ci { color: var(--muted); font-size: 0.85em; }
.tie { color: #8a5a00; font-weight: 700; cursor: help; }
tr.tied th, tr.tied td { border-top: 1px dashed var(--line); }
details.record { margin: 16px 0; border: 1px solid var(--line); border-radius: 6px;
  padding: 0 16px 8px; }
details.record > summary { cursor: pointer; font-weight: 600; padding: 10px 0; }
figure { margin: 16px 0 28px; }
figure img { display: block; max-width: 100%; height: auto; border: 1px solid var(--line); }
figcaption { color: var(--muted); font-size: 0.9rem; margin-top: 4px; }
#method p, #method li { max-width: 80ch; }
footer { color: var(--muted); font-size: 0.9rem; margin-top: 48px; padding-bottom: 32px; }
nav.top { max-width: 1240px; margin: 0 auto; padding: 12px 24px 0; color: var(--muted); }
table.overview { width: 100%; margin: 12px 0; }
.overview td, .overview th { overflow-wrap: anywhere; }
.overview .ties { color: var(--muted); font-size: 0.85em; }
.overview a.family { font-weight: 600; }
ul.cpus li { overflow-wrap: anywhere; }
@media (max-width: 700px) {
  table.overview, .overview tbody, .overview tr, .overview th, .overview td { display: block; }
  .overview thead { display: none; }
  .overview tr { border-bottom: 2px solid var(--line); padding: 6px 0; }
  .overview td, .overview tbody th { border: 0; padding: 2px 4px; }
  .overview td::before { content: attr(data-cpu) \": \"; color: var(--muted); }
}
@media (max-width: 640px) {
  header, main, footer { padding: 0 12px; }
  header { padding-top: 16px; }
  h1 { font-size: 1.6rem; }
  dl { grid-template-columns: 1fr; gap: 0; }
  dd { margin-bottom: 6px; }
  details.record { padding: 0 8px 8px; }
}
";
