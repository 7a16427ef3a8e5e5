//! SIGINT (Ctrl-C), SIGTERM (a CI runner's cancel, `kill`) and SIGHUP (a closed terminal),
//! handled alike: a message on standard error, no file left half-written, and the exit
//! status of a process ended by that signal (128 + its number: 130, 143 and 129).
//!
//! [`install`] sets the handler once, at start-up. What it does depends on where the process
//! is:
//!
//! - outside a [`Deferred`] section nothing is being written, so the handler says which signal
//!   stopped bitbench and ends the process at once;
//! - inside one (measuring, writing outputs, waiting for the cache simulation), it only
//!   records the signal and raises [`STOP`]; the section's code stops at its next safe point,
//!   takes back what it had begun (a staging folder, a temporary record) or completes what
//!   cannot be half-done (the moves of finished outputs into place), and returns
//!   [`Interrupted`], which the command line turns into the message and the exit status;
//! - a second signal ends the process at once, wherever it is; what is written is still whole,
//!   since every output reaches its name by a rename, but a hidden temporary
//!   (`.bitbench-tmp-…`) may be left beside it.
//!
//! Elsewhere than Unix, only Ctrl-C is handled, the same way.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};

/// Raised by the first signal; long loops (the measurement) poll it.
pub static STOP: AtomicBool = AtomicBool::new(false);
/// The first signal received, 0 while none.
static RECEIVED: AtomicI32 = AtomicI32::new(0);
/// How many [`Deferred`] sections are open.
static DEFERRING: AtomicUsize = AtomicUsize::new(0);

/// SIGINT's number (2 on every Unix, and the number Ctrl-C is given elsewhere).
pub const SIGINT: i32 = 2;

/// A command stopped by a signal, at a safe point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted {
    pub signal: i32,
}

impl Interrupted {
    /// The exit status of a process ended by the signal.
    pub fn exit_code(self) -> u8 {
        u8::try_from(128 + self.signal).unwrap_or(255)
    }
}

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "stopped by {}", name(self.signal))
    }
}

impl std::error::Error for Interrupted {}

/// The signal's name as messages show it.
pub fn name(signal: i32) -> &'static str {
    match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        15 => "SIGTERM",
        _ => "a signal",
    }
}

/// The signal received, if any.
pub fn received() -> Option<Interrupted> {
    match RECEIVED.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(Interrupted { signal }),
    }
}

/// `Err(Interrupted)` once a signal has been received: a safe point.
pub fn check() -> Result<(), Interrupted> {
    received().map_or(Ok(()), Err)
}

/// While alive, a signal does not end the process: it raises [`STOP`] for the code to stop at
/// its next safe point (see the module). Open one around anything that writes.
#[must_use = "the section ends when the guard is dropped"]
pub struct Deferred(());

impl Deferred {
    pub fn begin() -> Deferred {
        DEFERRING.fetch_add(1, Ordering::SeqCst);
        Deferred(())
    }
}

impl Drop for Deferred {
    fn drop(&mut self) {
        DEFERRING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// What the handler does with `signal`: `true` to end the process at once.
fn receive(signal: i32) -> bool {
    let first = RECEIVED
        .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
        .is_ok();
    STOP.store(true, Ordering::SeqCst);
    !first || DEFERRING.load(Ordering::SeqCst) == 0
}

/// Installs the handler for SIGINT, SIGTERM and SIGHUP. Called once, at start-up.
pub fn install() {
    imp::install();
}

#[cfg(unix)]
mod imp {
    /// Writes `parts` to standard error with `write(2)`, which a signal handler may call.
    fn say(parts: &[&[u8]]) {
        for part in parts {
            // SAFETY: `part` is a valid slice for the duration of the call; `write` is
            // async-signal-safe, and a failed or short write is only a lost message.
            unsafe {
                libc::write(2, part.as_ptr().cast(), part.len());
            }
        }
    }

    extern "C" fn on_signal(signal: libc::c_int) {
        let name = super::name(signal).as_bytes();
        if super::receive(signal) {
            say(&[b"\nbitbench: stopped by ", name, b"\n"]);
            // SAFETY: `_exit` is async-signal-safe and ends the process without running
            // anything else; every output is written under a temporary name and renamed
            // into place, so none is left half-written.
            unsafe { libc::_exit(128 + signal) }
        }
        say(&[
            b"\nbitbench: ",
            name,
            b" received; stopping at the next safe point (again to leave at once)\n",
        ]);
    }

    pub(super) fn install() {
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: a zeroed `sigaction` is a valid starting value; the handler only touches
            // atomics and calls async-signal-safe functions (`write`, `_exit`). Installed at
            // start-up, before any other thread exists.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
                action.sa_flags = libc::SA_RESTART;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    }
}

#[cfg(not(unix))]
mod imp {
    pub(super) fn install() {
        let _ = ctrlc::set_handler(|| {
            if super::receive(super::SIGINT) {
                crate::errln!("\nbitbench: stopped by SIGINT");
                std::process::exit(128 + super::SIGINT);
            }
            crate::errln!(
                "\nbitbench: SIGINT received; stopping at the next safe point (again to leave at once)"
            );
        });
    }
}
