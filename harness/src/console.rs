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

/// `print!` that survives a closed or failing standard output (see the module).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::console::write_stdout(format_args!($($arg)*))
    };
}

/// `println!` that survives a closed or failing standard output (see the module).
#[macro_export]
macro_rules! outln {
    () => {
        $crate::console::write_stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::console::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprint!` that ignores a standard error it cannot write.
#[macro_export]
macro_rules! err {
    ($($arg:tt)*) => {
        $crate::console::write_stderr(format_args!($($arg)*))
    };
}

/// `eprintln!` that ignores a standard error it cannot write.
#[macro_export]
macro_rules! errln {
    () => {
        $crate::console::write_stderr(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::console::write_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}
