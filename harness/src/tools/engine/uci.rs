//! A UCI engine as a child process, driven over its standard input and output: the handshake
//! (`uci` → `uciok`, `isready` → `readyok`) and perft (`position fen …`, `go perft N`, then the
//! engine's `Nodes searched: N` line).
//!
//! Nothing here waits without a limit. A thread reads the engine's output line by line and
//! stamps each line with the time it arrived; every wait has a deadline, after which the
//! engine is stopped and the error names the command it did not answer. An engine that exits,
//! or crashes, ends its output: the error then says how it ended (its exit status or signal)
//! and quotes the last lines it wrote. Dropping an [`Engine`] stops its process.

use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest line kept whole; a longer one is cut (an engine that never ends a line cannot
/// fill the memory).
const LONGEST_LINE: u64 = 64 * 1024;
/// How many of the engine's last lines (output and error output) an error quotes.
const QUOTED_LINES: usize = 6;

/// Why an engine could not be used, or stopped being usable.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// The path names nothing, a folder, or a file that is not executable; or starting it
    /// failed.
    CannotStart { path: PathBuf, why: String },
    /// It did not answer `uci` with `uciok`.
    NotUci { path: PathBuf, why: String },
    /// It answered `go perft N` with something other than a count.
    NoPerft { why: String },
    /// It exited (or was killed) while a command waited for its answer.
    Exited {
        during: String,
        status: String,
        last_words: String,
    },
    /// It did not answer a command within its time.
    Timeout { during: String, seconds: f64 },
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::CannotStart { path, why } => {
                write!(f, "cannot start the engine {}: {why}", path.display())
            }
            Failure::NotUci { path, why } => write!(
                f,
                "{} is not a UCI engine (or not one that works here): {why}",
                path.display()
            ),
            Failure::NoPerft { why } => write!(
                f,
                "the engine has no perft (`go perft N`, answered with a `Nodes searched: N` \
                 line): {why}"
            ),
            Failure::Exited {
                during,
                status,
                last_words,
            } => {
                write!(f, "the engine {status} during {during}")?;
                if last_words.is_empty() {
                    write!(f, "; it wrote nothing before")
                } else {
                    write!(f, "; its last lines:\n{last_words}")
                }
            }
            Failure::Timeout { during, seconds } => write!(
                f,
                "the engine did not answer {during} within {seconds:.1} s, and was stopped \
                 (a slower engine needs a longer --timeout)"
            ),
        }
    }
}

impl std::error::Error for Failure {}

/// One answer to `go perft N`.
#[derive(Clone, Debug, PartialEq)]
pub struct PerftAnswer {
    /// The count on the engine's `Nodes searched` line.
    pub nodes: u64,
    /// Wall-clock seconds from writing `go perft N` to reading that line.
    pub seconds: f64,
    /// The engine's count per root move (`e2e4: 20`), where it printed them.
    pub divide: Vec<(String, u64)>,
}

/// A running UCI engine.
pub struct Engine {
    path: PathBuf,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, String)>,
    /// The last lines of its output, for error messages.
    recent: VecDeque<String>,
    /// The last lines of its error output, kept by their reading thread.
    errors: Arc<Mutex<VecDeque<String>>>,
    /// The name from its `id name` line.
    pub name: Option<String>,
}

impl Engine {
    /// Starts the program at `path` (or, for a bare name, the one `PATH` finds) and completes
    /// the handshake, each answer within `timeout`.
    pub fn start(path: &Path, timeout: Duration) -> Result<Engine, Failure> {
        let cannot = |why: String| Failure::CannotStart {
            path: path.to_path_buf(),
            why,
        };
        check_executable(path).map_err(cannot)?;
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| cannot(spawn_error(path, &e)))?;
        let (stdin, stdout, stderr) =
            match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
                (Some(i), Some(o), Some(e)) => (i, o, e),
                _ => unreachable!("all three streams were asked to be piped"),
            };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            read_lines(stdout, |line| sender.send((Instant::now(), line)).is_ok())
        });
        let errors = Arc::new(Mutex::new(VecDeque::new()));
        let kept = Arc::clone(&errors);
        std::thread::spawn(move || {
            read_lines(stderr, |line| {
                let mut kept = kept.lock().unwrap_or_else(|e| e.into_inner());
                remember(&mut kept, line);
                true
            })
        });
        let mut engine = Engine {
            path: path.to_path_buf(),
            child,
            stdin,
            lines,
            recent: VecDeque::new(),
            errors,
            name: None,
        };
        engine.handshake(timeout)?;
        Ok(engine)
    }

    /// `uci` → `uciok` (keeping the `id name`), then `isready` → `readyok`.
    fn handshake(&mut self, timeout: Duration) -> Result<(), Failure> {
        self.send("uci", "`uci`")?;
        let mut name = None;
        let answer = self.wait_for("`uci`", Instant::now(), timeout, |line| {
            if let Some(rest) = line.strip_prefix("id name ") {
                name = Some(rest.trim().to_string());
            }
            (line == "uciok").then_some(())
        });
        let not_uci = |why: String| Failure::NotUci {
            path: self.path.clone(),
            why,
        };
        match answer {
            Ok(_) => {}
            Err(Failure::Timeout { seconds, .. }) => {
                return Err(not_uci(format!(
                    "no `uciok` within {seconds:.1} s of `uci`{}",
                    self.quoted_output()
                )));
            }
            Err(Failure::Exited {
                status, last_words, ..
            }) => {
                let quoted = if last_words.is_empty() {
                    ", writing nothing".to_string()
                } else {
                    format!("; its last lines:\n{last_words}")
                };
                return Err(not_uci(format!(
                    "it {status} without answering `uci` with `uciok`{quoted}"
                )));
            }
            Err(other) => return Err(other),
        }
        self.name = name;
        self.ready(timeout)
    }

    /// `isready` → `readyok`.
    pub fn ready(&mut self, timeout: Duration) -> Result<(), Failure> {
        self.send("isready", "`isready`")?;
        self.wait_for("`isready`", Instant::now(), timeout, |line| {
            (line == "readyok").then_some(())
        })
        .map(|_| ())
    }

    /// Perft of the position `fen` to `depth`: `position fen FEN`, `isready` (within
    /// `timeout`), then `go perft DEPTH`, whose `Nodes searched` line must come within
    /// `limit`. The time is the wall clock between writing `go perft` and reading that line.
    pub fn perft(
        &mut self,
        fen: &str,
        depth: u32,
        timeout: Duration,
        limit: Duration,
    ) -> Result<PerftAnswer, Failure> {
        self.send(&format!("position fen {fen}"), "`position fen`")?;
        self.ready(timeout)?;
        let command = format!("go perft {depth}");
        let during = format!("`{command}` on {fen}");
        let mut divide = Vec::new();
        let mut search = None;
        let started = Instant::now();
        self.send(&command, &during)?;
        let answer = self.wait_for(&during, started, limit, |line| {
            if let Some(nodes) = nodes_searched(line) {
                return Some(Ok(nodes));
            }
            if let Some(entry) = divide_line(line) {
                divide.push(entry);
            } else if searching(line) {
                search = Some(line.to_string());
                return Some(Err(()));
            }
            None
        });
        let (nodes, at) = match answer? {
            (Ok(nodes), at) => (nodes, at),
            (Err(()), _) => {
                let line = search.unwrap_or_default();
                // It started a search: stop it before the caller reports the failure.
                let _ = self.send("stop", "`stop`");
                return Err(Failure::NoPerft {
                    why: format!("it answered `{command}` with `{line}`"),
                });
            }
        };
        Ok(PerftAnswer {
            nodes,
            seconds: at.duration_since(started).as_secs_f64(),
            divide,
        })
    }

    /// `setoption name NAME value VALUE`, then `isready` (within `timeout`).
    pub fn set_option(
        &mut self,
        name: &str,
        value: &str,
        timeout: Duration,
    ) -> Result<(), Failure> {
        self.send(
            &format!("setoption name {name} value {value}"),
            "`setoption`",
        )?;
        self.ready(timeout)
    }

    /// A search of the position `fen` to `depth` from a new game: `ucinewgame`,
    /// `position fen FEN`, `isready` (within `timeout`), then `go depth DEPTH`, whose
    /// `bestmove` line must come within `limit`. Returns the move it names (UCI) and the wall
    /// clock from writing `go` to reading that line.
    pub fn search_depth(
        &mut self,
        fen: &str,
        depth: u32,
        timeout: Duration,
        limit: Duration,
    ) -> Result<(String, f64), Failure> {
        self.send("ucinewgame", "`ucinewgame`")?;
        self.send(&format!("position fen {fen}"), "`position fen`")?;
        self.ready(timeout)?;
        let command = format!("go depth {depth}");
        let during = format!("`{command}` on {fen}");
        let started = Instant::now();
        self.send(&command, &during)?;
        let (mv, at) = self.wait_for(&during, started, limit, |line| {
            let rest = line.strip_prefix("bestmove")?;
            Some(rest.split_whitespace().next().unwrap_or("").to_string())
        })?;
        Ok((mv, at.duration_since(started).as_secs_f64()))
    }

    /// Asks the engine to quit and waits up to `grace` for it; then it is stopped.
    pub fn quit(mut self, grace: Duration) {
        if self.send("quit", "`quit`").is_ok() {
            let deadline = Instant::now() + grace;
            while Instant::now() < deadline {
                if !matches!(self.child.try_wait(), Ok(None)) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }

    /// Writes one command line. The lines an error quotes start from here.
    fn send(&mut self, line: &str, during: &str) -> Result<(), Failure> {
        self.recent.clear();
        let written = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        match written {
            Ok(()) => Ok(()),
            // A closed pipe: the engine has gone; say how.
            Err(_) => Err(self.exited(during)),
        }
    }

    /// Reads lines until `answer` returns something, the engine's output ends, or `limit`
    /// has passed since `since`. Returns the answer and the time its line arrived.
    fn wait_for<T>(
        &mut self,
        during: &str,
        since: Instant,
        limit: Duration,
        mut answer: impl FnMut(&str) -> Option<T>,
    ) -> Result<(T, Instant), Failure> {
        let deadline = since + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok((at, line)) => {
                    let line = line.trim_end_matches(['\r', '\n']).trim();
                    if let Some(value) = answer(line) {
                        return Ok((value, at));
                    }
                    remember(&mut self.recent, line.to_string());
                }
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    return Err(Failure::Timeout {
                        during: during.to_string(),
                        seconds: limit.as_secs_f64(),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.exited(during)),
            }
        }
    }

    /// The failure for an engine whose output ended or whose input closed: how it ended,
    /// and its last lines.
    fn exited(&mut self, during: &str) -> Failure {
        let status = wait_briefly(&mut self.child, Duration::from_secs(2));
        let mut last: Vec<String> = self.recent.iter().cloned().collect();
        let errors = self.errors.lock().unwrap_or_else(|e| e.into_inner());
        last.extend(errors.iter().map(|l| format!("(stderr) {l}")));
        let start = last.len().saturating_sub(QUOTED_LINES);
        Failure::Exited {
            during: during.to_string(),
            status,
            last_words: last[start..]
                .iter()
                .map(|l| format!("  {l}"))
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }

    /// `; its last lines: …` for an error message, or nothing.
    fn quoted_output(&self) -> String {
        if self.recent.is_empty() {
            return "; it wrote nothing".to_string();
        }
        let lines: Vec<String> = self.recent.iter().map(|l| format!("  {l}")).collect();
        format!("; its last lines:\n{}", lines.join("\n"))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Refuses, before starting anything, a path that names nothing, a folder, or (on Unix) a file
/// without execute permission. A bare name (no folder) that is not a file here is left to
/// `PATH`.
fn check_executable(path: &Path) -> Result<(), String> {
    let bare = path.components().count() == 1 && !path.exists();
    if bare {
        return Ok(());
    }
    let metadata = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        _ => e.to_string(),
    })?;
    if metadata.is_dir() {
        return Err("it is a folder, not a program".into());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = metadata.permissions().mode();
        if mode & 0o111 == 0 {
            return Err(format!(
                "the file is not executable (mode {:o}); `chmod +x` it if it is a program",
                mode & 0o7777
            ));
        }
    }
    Ok(())
}

/// What starting `path` failed with, in words.
fn spawn_error(path: &Path, error: &std::io::Error) -> String {
    match error.kind() {
        std::io::ErrorKind::NotFound => format!(
            "no such program (not a file, and no `{}` on PATH)",
            path.display()
        ),
        std::io::ErrorKind::PermissionDenied => {
            format!("permission denied ({error}): is it an executable program?")
        }
        _ => format!("{error}: is it an executable program for this machine?"),
    }
}

/// Hands each line of `stream` to `line` (which returns false to stop), lossily decoded and
/// cut at [`LONGEST_LINE`] bytes, until the stream ends.
fn read_lines(stream: impl Read, mut line: impl FnMut(String) -> bool) {
    let mut reader = BufReader::new(stream);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match (&mut reader)
            .take(LONGEST_LINE)
            .read_until(b'\n', &mut buffer)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                if !line(String::from_utf8_lossy(&buffer).into_owned()) {
                    return;
                }
            }
        }
    }
}

/// Keeps the last [`QUOTED_LINES`] non-empty lines.
fn remember(lines: &mut VecDeque<String>, line: String) {
    let line = line.trim_end().to_string();
    if line.is_empty() {
        return;
    }
    if lines.len() == QUOTED_LINES {
        lines.pop_front();
    }
    lines.push_back(line);
}

/// The count of a `Nodes searched: N` line (any case, spaces around the colon allowed).
pub fn nodes_searched(line: &str) -> Option<u64> {
    let lower = line.to_ascii_lowercase();
    let rest = lower.strip_prefix("nodes searched")?.trim_start();
    rest.strip_prefix(':')?.trim().parse().ok()
}

/// A divide line, `e2e4: 20` (a move in UCI notation, a colon, a count).
pub fn divide_line(line: &str) -> Option<(String, u64)> {
    let (mv, count) = line.split_once(':')?;
    let mv = mv.trim();
    let square = |s: &[u8]| matches!(s, [b'a'..=b'h', b'1'..=b'8']);
    let bytes = mv.as_bytes();
    let well_formed = match bytes.len() {
        4 => square(&bytes[..2]) && square(&bytes[2..]),
        5 => square(&bytes[..2]) && square(&bytes[2..4]) && b"qrbn".contains(&bytes[4]),
        _ => false,
    };
    let count = count.trim().parse().ok()?;
    well_formed.then(|| (mv.to_string(), count))
}

/// Whether a line shows that the engine searches instead of counting: a `bestmove`, an
/// `info` line other than `info string`, or an "unknown command" complaint.
fn searching(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    lower.starts_with("bestmove")
        || (lower.starts_with("info ") && !lower.starts_with("info string"))
        || lower.contains("unknown command")
}

/// How the process ended, waiting up to `grace` for it (then stopping it), in words.
fn wait_briefly(child: &mut Child, grace: Duration) -> String {
    let deadline = Instant::now() + grace;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return describe(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return "closed its output but kept running (it was stopped)".into();
            }
            Err(e) => return format!("ended (its status could not be read: {e})"),
        }
    }
}

/// `exited with status 3`, `crashed (killed by signal 11, SIGSEGV)`.
fn describe(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                4 => ", SIGILL",
                6 => ", SIGABRT",
                7 => ", SIGBUS",
                8 => ", SIGFPE",
                9 => ", SIGKILL",
                11 => ", SIGSEGV",
                13 => ", SIGPIPE",
                15 => ", SIGTERM",
                _ => "",
            };
            return format!("crashed (killed by signal {signal}{name})");
        }
    }
    match status.code() {
        Some(0) => "exited (status 0)".into(),
        // Windows reports a crash as an NTSTATUS exception code, 0xC0000005 and the like.
        Some(code) if !(0..=0xFFFF).contains(&code) => {
            format!("crashed (exit code {:#010x})", code as u32)
        }
        Some(code) => format!("exited with status {code}"),
        None => format!("ended ({status})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_nodes_searched_line() {
        assert_eq!(
            nodes_searched("Nodes searched: 119060324"),
            Some(119_060_324)
        );
        assert_eq!(nodes_searched("nodes searched : 20"), Some(20));
        assert_eq!(nodes_searched("Nodes searched: many"), None);
        assert_eq!(nodes_searched("info nodes 20"), None);
    }

    #[test]
    fn reads_divide_lines_and_nothing_else() {
        assert_eq!(divide_line("e2e4: 20"), Some(("e2e4".into(), 20)));
        assert_eq!(divide_line("a7a8q: 3"), Some(("a7a8q".into(), 3)));
        assert_eq!(divide_line("Nodes searched: 400"), None);
        assert_eq!(divide_line("id name: 3"), None);
        assert_eq!(divide_line("e2e9: 3"), None);
    }

    #[test]
    fn a_search_is_not_a_count() {
        assert!(searching("bestmove e2e4 ponder e7e5"));
        assert!(searching("info depth 1 score cp 20"));
        assert!(!searching("info string NNUE enabled"));
        assert!(searching("Unknown command: 'go perft 1'."));
        assert!(!searching("e2e4: 20"));
    }
}
