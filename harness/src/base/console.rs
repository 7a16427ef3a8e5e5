//! Printing for a command line whose standard output may be a closed pipe (`bitbench list |
//! head -1`) or a full disk (`> /dev/full`), where `println!` would panic.
//!
//! Everything bitbench prints goes through [`outln!`](crate::outln) and [`out!`](crate::out)
//! (standard output) or [`errln!`](crate::errln) and [`err!`](crate::err) (standard error); the
//! crate denies `println!` and its kin (clippy's `print_stdout` and `print_stderr`) so that
//! none slips back in.
//!
//! - Standard output closed by its reader (`EPIPE`): the rest of the output is dropped and the
//!   command carries on, so that `run | head -1` still writes its record; the exit status is
//!   the command's own, with nothing said about the pipe.
//! - Any other failure to write standard output (`ENOSPC`, `EIO`): the rest is dropped too, the
//!   command carries on, and [`finish`] then turns its exit into an error naming the failure:
//!   output that was meant to be kept (`report --format bmf > file`) is not lost silently.
//! - Standard error that cannot be written is ignored: there is nowhere left to say so.
//!
//! Tables and long lines are laid out for [`width`] columns: `$COLUMNS`, else the terminal's
//! width, else 100; [`wrap`] breaks a paragraph to fit.

use std::io::{ErrorKind, Write};
use std::sync::Mutex;

/// The first failure to write standard output, if any.
static STDOUT_FAILED: Mutex<Option<std::io::Error>> = Mutex::new(None);

/// Writes to standard output unless an earlier write failed. Used by [`out!`](crate::out).
#[doc(hidden)]
pub fn write_stdout(text: std::fmt::Arguments<'_>) {
    let Ok(mut failed) = STDOUT_FAILED.lock() else {
        return;
    };
    if failed.is_some() {
        return;
    }
    if let Err(error) = std::io::stdout().lock().write_fmt(text) {
        *failed = Some(error);
    }
}

/// Writes to standard error, ignoring failure. Used by [`err!`](crate::err).
#[doc(hidden)]
pub fn write_stderr(text: std::fmt::Arguments<'_>) {
    let _ = std::io::stderr().lock().write_fmt(text);
}

/// Flushes standard output and says how its writing ended: `Ok` when everything was written
/// or its reader closed the pipe (it did not want the rest), the failure otherwise.
pub fn finish() -> std::io::Result<()> {
    let flushed = std::io::stdout().lock().flush();
    let mut failed = STDOUT_FAILED.lock().unwrap_or_else(|e| e.into_inner());
    if let (None, Err(error)) = (failed.as_ref(), flushed) {
        *failed = Some(error);
    }
    match failed.take() {
        Some(error) if error.kind() != ErrorKind::BrokenPipe => Err(error),
        _ => Ok(()),
    }
}

/// Whether standard output has stopped taking text (its reader left, or it failed).
pub fn stdout_gone() -> bool {
    STDOUT_FAILED.lock().map_or(true, |failed| failed.is_some())
}

/// The width output is laid out for: `$COLUMNS` where it is set to a number, else the width of
/// the terminal standard output (or standard error, or standard input) is on, else 100. Never
/// below 40.
pub fn width() -> usize {
    let from_env = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 0);
    from_env
        .or_else(terminal_width)
        .unwrap_or(DEFAULT_WIDTH)
        .max(40)
}

/// The width output is laid out for when neither `$COLUMNS` nor a terminal says.
pub const DEFAULT_WIDTH: usize = 100;

#[cfg(unix)]
fn terminal_width() -> Option<usize> {
    [libc::STDOUT_FILENO, libc::STDERR_FILENO, libc::STDIN_FILENO]
        .into_iter()
        .find_map(|fd| {
            let mut size = libc::winsize {
                ws_row: 0,
                ws_col: 0,
                ws_xpixel: 0,
                ws_ypixel: 0,
            };
            // SAFETY: TIOCGWINSZ writes one `winsize` through the pointer, which points at a
            // live, writable `winsize`; on a descriptor that is not a terminal it fails and
            // writes nothing.
            let ok = unsafe { libc::ioctl(fd, libc::TIOCGWINSZ, &mut size) } == 0;
            (ok && size.ws_col > 0).then_some(size.ws_col as usize)
        })
}

#[cfg(not(unix))]
fn terminal_width() -> Option<usize> {
    None
}

/// `text` as lines of at most `width` characters (a longer word stays whole), the first
/// indented by `indent` spaces and the rest by two more; each line ends with a newline.
pub fn wrap(text: &str, width: usize, indent: usize) -> String {
    let mut out = String::new();
    let mut line = " ".repeat(indent);
    let mut empty = true;
    for word in text.split_whitespace() {
        if !empty && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = " ".repeat(indent + 2);
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

/// Every line of `text` wrapped to `width` by [`wrap`], keeping its own indent (its leading
/// spaces; the lines it wraps onto are indented two more). Empty lines stay.
pub fn wrap_lines(text: &str, width: usize) -> String {
    text.lines()
        .map(|line| {
            if line.trim().is_empty() || line.chars().count() <= width {
                format!("{line}\n")
            } else {
                let indent = line.len() - line.trim_start_matches(' ').len();
                wrap(line, width, indent)
            }
        })
        .collect()
}

/// `print!` that survives a closed or failing standard output (see the module).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::base::console::write_stdout(format_args!($($arg)*))
    };
}

/// `println!` that survives a closed or failing standard output (see the module).
#[macro_export]
macro_rules! outln {
    () => {
        $crate::base::console::write_stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::base::console::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprint!` that ignores a standard error it cannot write.
#[macro_export]
macro_rules! err {
    ($($arg:tt)*) => {
        $crate::base::console::write_stderr(format_args!($($arg)*))
    };
}

/// `eprintln!` that ignores a standard error it cannot write.
#[macro_export]
macro_rules! errln {
    () => {
        $crate::base::console::write_stderr(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::base::console::write_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}
