//! Plain-text tables whose columns are as wide as their widest cell, with an optional line of
//! group headers above the column headers (`throughput (uniform)` over its four columns).
//! Widths count characters, so `≈` and `±` take one column like any other.
//!
//! [`TextTable::render_fit`] fits a width: it leaves out the columns with nothing in them and
//! then the optional ones, least important first ([`TextTable::optional`]); where even the
//! essential ones are too wide, each row becomes a block: its label on one line, then its
//! other cells as `header value` pairs, wrapped.

use std::fmt::Write;

/// A table being built: columns, groups of columns, rows.
#[derive(Clone, Default)]
pub struct TextTable {
    columns: Vec<Column>,
    groups: Vec<Group>,
    rows: Vec<Vec<String>>,
    /// How many leading columns label a row (its block's first line when stacked); 2 if 0.
    label_columns: usize,
}

#[derive(Clone)]
struct Column {
    header: String,
    right: bool,
    /// Spaces before the column (none before the first).
    gap: usize,
    /// 0: always shown; otherwise left out, highest first, where the table is too wide.
    priority: u8,
}

#[derive(Clone)]
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
            priority: 0,
        });
    }

    /// Makes the last column added (or every column of the last group, if it was a group)
    /// optional: left out where the table does not fit, columns of higher `priority` first.
    pub fn optional(&mut self, priority: u8) {
        let from = match self.groups.last() {
            Some(g) if g.first + g.count == self.columns.len() => g.first,
            _ => self.columns.len().saturating_sub(1),
        };
        for column in &mut self.columns[from..] {
            column.priority = priority;
        }
    }

    /// The number of leading columns that label a row.
    pub fn label_columns(&mut self, n: usize) {
        self.label_columns = n;
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
                priority: 0,
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

impl TextTable {
    /// The table in at most `width` columns, each line indented by `indent` (see the module).
    pub fn render_fit(&self, width: usize, indent: usize) -> String {
        let empty = |i: usize| {
            self.rows
                .iter()
                .all(|r| r.get(i).is_none_or(|c| c.is_empty() || c == "-"))
        };
        let mut keep: Vec<bool> = (0..self.columns.len())
            .map(|i| self.columns[i].priority == 0 || !empty(i))
            .collect();
        loop {
            let table = self.select(&keep);
            if table.width() + indent <= width {
                return table.render(indent);
            }
            let most = (0..keep.len())
                .filter(|&i| keep[i])
                .map(|i| self.columns[i].priority)
                .max()
                .unwrap_or(0);
            if most == 0 {
                return table.render_stacked(width, indent);
            }
            for (i, k) in keep.iter_mut().enumerate() {
                if self.columns[i].priority == most {
                    *k = false;
                }
            }
        }
    }

    /// The widest line the table renders to, without indent.
    fn width(&self) -> usize {
        let widths = self.widths();
        self.columns
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, w))| w + if i == 0 { 0 } else { c.gap })
            .sum()
    }

    /// The table with only the columns `keep` marks (groups keep their kept columns).
    fn select(&self, keep: &[bool]) -> TextTable {
        let mut table = TextTable {
            label_columns: self.label_columns,
            ..TextTable::default()
        };
        let mut i = 0;
        while i < self.columns.len() {
            match self.groups.iter().find(|g| g.first == i) {
                Some(g) => {
                    let kept: Vec<(&str, bool)> = (g.first..g.first + g.count)
                        .filter(|&j| keep[j])
                        .map(|j| (self.columns[j].header.as_str(), self.columns[j].right))
                        .collect();
                    if !kept.is_empty() {
                        table.group(&g.label, &kept);
                    }
                    i += g.count;
                }
                None => {
                    if keep[i] {
                        table.column(&self.columns[i].header, self.columns[i].right);
                    }
                    i += 1;
                }
            }
        }
        table.rows = self
            .rows
            .iter()
            .map(|r| {
                (0..self.columns.len())
                    .filter(|&j| keep[j])
                    .map(|j| r.get(j).cloned().unwrap_or_default())
                    .collect()
            })
            .collect();
        table
    }

    /// Each row as a block: its label cells on one line, then `header value` for each other
    /// cell that has one, wrapped to `width`.
    fn render_stacked(&self, width: usize, indent: usize) -> String {
        let label = match self.label_columns {
            0 => 2,
            n => n,
        }
        .min(self.columns.len());
        let mut out = String::new();
        for row in &self.rows {
            let head: Vec<&str> = (0..label)
                .map(|i| row.get(i).map_or("", String::as_str))
                .filter(|c| !c.is_empty())
                .collect();
            push_line(&mut out, indent, &head.join("  "));
            let pairs: Vec<String> = (label..self.columns.len())
                .filter_map(|i| {
                    let cell = row.get(i)?;
                    (!cell.is_empty() && cell != "-")
                        .then(|| format!("{}: {cell}", self.header_of(i)))
                })
                .collect();
            if !pairs.is_empty() {
                out.push_str(&crate::base::console::wrap(
                    &pairs.join(" \u{2009}·\u{2009} "),
                    width.saturating_sub(2),
                    indent + 4,
                ));
            }
        }
        out
    }

    /// A column's header, with its group's label where it has one.
    fn header_of(&self, i: usize) -> String {
        match self
            .groups
            .iter()
            .find(|g| (g.first..g.first + g.count).contains(&i))
        {
            Some(g) => format!("{} {}", g.label, self.columns[i].header),
            None => self.columns[i].header.clone(),
        }
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

    #[test]
    fn a_table_fits_by_leaving_out_optional_then_stacking() {
        let mut table = TextTable::default();
        table.column("#", true);
        table.column("name", false);
        table.column("kept", true);
        table.column("extra", true);
        table.optional(1);
        table.column("never", true);
        table.optional(2);
        table.row(vec![
            "1".into(),
            "a_long_name".into(),
            "1.00".into(),
            "x".repeat(10),
            "-".into(),
        ]);
        let wide = table.render_fit(200, 0);
        assert!(wide.contains("extra") && !wide.contains("never"), "{wide}");
        let narrow = table.render_fit(25, 0);
        assert!(!narrow.contains("extra"), "{narrow}");
        let stacked = table.render_fit(16, 0);
        assert!(
            stacked.lines().all(|l| l.chars().count() <= 16),
            "{stacked}"
        );
        assert!(stacked.starts_with("1  a_long_name\n"), "{stacked}");
    }
}
