//! The hidden `reference` command: every command and option of the command line, with its
//! help and its default, in Markdown, generated from clap's definition of it (`args.rs`).
//! `scripts/readme.sh` writes it into docs/commands.md, and the test of the generated blocks
//! fails when the page differs, so the reference cannot go stale: an option added to the
//! definition, or deleted from it, changes the page.

use crate::args::Cli;
use anyhow::Result;
use clap::{Arg, CommandFactory};
use harness::outln;
use std::process::ExitCode;

/// The widest line of the reference, as the rest of docs/ is written.
const WIDTH: usize = 100;

/// Prints the reference: `run` (what runs with no command) first, then every other command
/// that `--help` lists, in its order.
pub fn markdown() -> Result<ExitCode> {
    let cli = Cli::command();
    let mut out = String::new();
    for command in cli.get_subcommands().filter(|c| !c.is_hide_set()) {
        let name = command.get_name();
        if name == "help" {
            continue;
        }
        let title = if name == "run" {
            "### `bitbench run`, or `bitbench` alone".to_string()
        } else {
            format!("### `bitbench {name}`")
        };
        out.push_str(&format!("{title}\n\n"));
        let about = command
            .get_long_about()
            .or(command.get_about())
            .map(|about| about.to_string())
            .unwrap_or_default();
        out.push_str(&wrap("", "", &sentence(&about)));
        out.push_str(&format!("\n```text\n{}\n```\n\n", usage(command)));
        let args: Vec<&Arg> = command
            .get_arguments()
            .filter(|arg| {
                !arg.is_hide_set() && !matches!(arg.get_id().as_str(), "help" | "version")
            })
            .collect();
        for arg in &args {
            out.push_str(&wrap(
                &format!("- {}: ", spelling(arg)),
                "  ",
                &describe(arg),
            ));
        }
        if !args.is_empty() {
            out.push('\n');
        }
    }
    outln!("{}", out.trim_end());
    Ok(ExitCode::SUCCESS)
}

/// `bitbench name [OPTIONS] ARGS`, as clap writes it, without its `Usage: ` prefix.
fn usage(command: &clap::Command) -> String {
    let usage = command
        .clone()
        .bin_name(format!("bitbench {}", command.get_name()))
        .render_usage()
        .to_string();
    usage.trim_start_matches("Usage: ").trim().to_string()
}

/// How the argument is written: `` `--out DIR` ``, `` `--json` ``, `` `RECORD...` ``.
fn spelling(arg: &Arg) -> String {
    let values = arg
        .get_value_names()
        .map(|names| {
            names
                .iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|| arg.get_id().as_str().to_uppercase());
    let many = arg
        .get_num_args()
        .is_some_and(|range| range.max_values() > 1);
    let values = if many { format!("{values}...") } else { values };
    match arg.get_long() {
        Some(long) if arg.get_action().takes_values() => format!("`--{long} {values}`"),
        Some(long) => format!("`--{long}`"),
        None => format!("`{values}`"),
    }
}

/// The argument's help, then its choices and its default where it has them.
fn describe(arg: &Arg) -> String {
    let mut text = arg
        .get_long_help()
        .or(arg.get_help())
        .map(|help| sentence(&help.to_string()))
        .unwrap_or_default();
    let choices: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|value| !value.is_hide_set())
        .map(|value| match value.get_help() {
            Some(help) => format!(
                "`{}` ({})",
                value.get_name(),
                lowercase_first(&help.to_string())
            ),
            None => format!("`{}`", value.get_name()),
        })
        .collect();
    if arg.get_action().takes_values() && !choices.is_empty() {
        text.push_str(&format!(" One of: {}.", choices.join("; ")));
    }
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|value| value.to_string_lossy().into_owned())
        .collect();
    if arg.get_action().takes_values() && !defaults.is_empty() {
        text.push_str(&format!(" Default: `{}`.", defaults.join(",")));
    }
    if arg.is_positional() && arg.is_required_set() {
        text.push_str(" Required.");
    }
    text
}

/// `help` as Markdown prose: a full stop at the end (clap drops it from a one-line help), and
/// `<` and `>` outside code spans as entities (`DIR/<cpu>/` is text, not a tag).
fn sentence(help: &str) -> String {
    let escaped: String = help
        .split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                format!("`{part}`")
            } else {
                part.replace('<', "&lt;").replace('>', "&gt;")
            }
        })
        .collect();
    let escaped = escaped.trim_end();
    if escaped.is_empty() || escaped.ends_with(['.', '!', '?']) {
        escaped.to_string()
    } else {
        format!("{escaped}.")
    }
}

/// `Ranked tables.` → `ranked tables`: a value's help inside a sentence.
fn lowercase_first(help: &str) -> String {
    let help = help.trim_end_matches('.');
    let mut chars = help.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `text`'s paragraphs wrapped to [`WIDTH`] columns, the first line after `first`, the others
/// after `rest`; paragraphs stay apart by a line holding `rest` alone (trimmed).
fn wrap(first: &str, rest: &str, text: &str) -> String {
    let mut out = String::new();
    let mut line = first.to_string();
    let mut fresh = true;
    for (i, paragraph) in text.split("\n\n").enumerate() {
        if i > 0 {
            out.push_str(line.trim_end());
            out.push_str("\n\n");
            line = rest.to_string();
            fresh = true;
        }
        for word in paragraph.split_whitespace() {
            if !fresh && line.chars().count() + 1 + word.chars().count() > WIDTH {
                out.push_str(line.trim_end());
                out.push('\n');
                line = rest.to_string();
                fresh = true;
            }
            if !fresh {
                line.push(' ');
            }
            line.push_str(word);
            fresh = false;
        }
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}
