//! Choosing and verifying: which variants a run covers ([`select`]: the user's `--only`, the
//! CPU's features less those `--disable` masks), and every one of them against its family's
//! reference before anything is timed ([`verify`]).

pub mod select;
pub mod verify;
