//! Plain-text tables whose columns are as wide as their widest cell, with an optional line of
//! group headers above the column headers (`throughput (uniform)` over its four columns).
//! Widths count characters, so `≈` and `±` take one column like any other.

use std::fmt::Write;

/// A table being built: columns, groups of columns, rows.
#[derive(Default)]
pub struct TextTable {
    columns: Vec<Column>,
    groups: Vec<Group>,
    rows: Vec<Vec<String>>,
}

struct Column {
    header: String,
    right: bool,
    /// Spaces before the column (none before the first).
    gap: usize,
}

struct Group {
    label: String,
    first: usize,
    count: usize,
}

fn width(text: &str) -> usize {
    text.chars().count()
}

impl TextTable {
    /// Adds an ungrouped column; `right` aligns it to the right (numbers).
    pub fn column(&mut self, header: &str, right: bool) {
        let gap = if self.columns.is_empty() { 0 } else { 2 };
        self.columns.push(Column {
            header: header.into(),
            right,
            gap,
        });
    }

    /// Adds a group of columns under one label, `(header, right)` each.
    pub fn group(&mut self, label: &str, columns: &[(&str, bool)]) {
        let first = self.columns.len();
        for (i, (header, right)) in columns.iter().enumerate() {
            let gap = match (first + i, i) {
                (0, _) => 0,
                (_, 0) => 2,
                _ => 1,
            };
            self.columns.push(Column {
                header: (*header).into(),
                right: *right,
                gap,
            });
        }
        self.groups.push(Group {
            label: label.into(),
            first,
            count: columns.len(),
        });
    }

    /// Adds a row, one cell per column (missing cells are empty).
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// Each column's width: its widest cell or header, widened where a group's label needs it.
    fn widths(&self) -> Vec<usize> {
        let mut widths: Vec<usize> = self
            .columns
            .iter()
            .enumerate()
            .map(|(i, c)| {
                self.rows
                    .iter()
                    .filter_map(|r| r.get(i))
                    .map(|s| width(s))
                    .chain([width(&c.header)])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for g in &self.groups {
            let span = self.span(&widths, g);
            if width(&g.label) > span {
                widths[g.first + g.count - 1] += width(&g.label) - span;
            }
        }
        widths
    }

    /// The width a group's columns take, inner gaps included.
    fn span(&self, widths: &[usize], g: &Group) -> usize {
        (g.first..g.first + g.count)
            .map(|i| widths[i] + if i == g.first { 0 } else { self.columns[i].gap })
            .sum()
    }

    /// The table, each line indented by `indent` spaces, trailing spaces trimmed.
    pub fn render(&self, indent: usize) -> String {
        let widths = self.widths();
        let mut out = String::new();
        if !self.groups.is_empty() {
            let mut line = String::new();
            let mut i = 0;
            while i < self.columns.len() {
                line.push_str(&" ".repeat(self.columns[i].gap));
                match self.groups.iter().find(|g| g.first == i) {
                    Some(g) => {
                        let _ = write!(line, "{:<w$}", g.label, w = self.span(&widths, g));
                        i += g.count;
                    }
                    None => {
                        line.push_str(&" ".repeat(widths[i]));
                        i += 1;
                    }
                }
            }
            push_line(&mut out, indent, &line);
        }
        let headers: Vec<String> = self.columns.iter().map(|c| c.header.clone()).collect();
        for cells in std::iter::once(&headers).chain(&self.rows) {
            let mut line = String::new();
            for (i, column) in self.columns.iter().enumerate() {
                let cell = cells.get(i).map_or("", String::as_str);
                line.push_str(&" ".repeat(column.gap));
                let _ = if column.right {
                    write!(line, "{cell:>w$}", w = widths[i])
                } else {
                    write!(line, "{cell:<w$}", w = widths[i])
                };
            }
            push_line(&mut out, indent, &line);
        }
        out
    }
}

fn push_line(out: &mut String, indent: usize, line: &str) {
    let _ = writeln!(out, "{}{}", " ".repeat(indent), line.trim_end());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_fit_their_widest_cell_and_groups_span_theirs() {
        let mut table = TextTable::default();
        table.column("#", true);
        table.column("name", false);
        table.group("a long group label", &[("x", true), ("y", true)]);
        table.row(vec!["≈1".into(), "abc".into(), "1.5".into(), "2".into()]);
        table.row(vec!["10".into(), "a".into(), "".into(), "22".into()]);
        let text = table.render(1);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], format!("{}a long group label", " ".repeat(11)));
        assert_eq!(lines[1], format!("  #  name    x{}y", " ".repeat(14)));
        assert_eq!(lines[2], format!(" ≈1  abc   1.5{}2", " ".repeat(14)));
        assert_eq!(lines[3], format!(" 10  a{}22", " ".repeat(21)));
    }
}
