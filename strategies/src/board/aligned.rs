//! Alignment wrappers for the static tables.
//!
//! A table's placement changes what it costs: the 32 KiB rectangular table spans 8 pages
//! when page-aligned and 9 when not (one more TLB entry to miss under cache pressure), and a
//! small table that straddles cache lines needs one line more. The compiler aligns a
//! `[u64; N]` to 8 bytes only, so every table here states its alignment instead of inheriting
//! whatever the linker chose: an unaligned copy of a table ran slower under cache pressure
//! than the same table aligned (docs/notebook.md, "Measurements behind the code").

/// Aligned to a 4 KiB page: for tables of several pages.
#[repr(C, align(4096))]
pub struct PageAligned<T>(pub T);

/// Aligned to a 64-byte cache line: for tables smaller than a page.
#[repr(C, align(64))]
pub struct CacheAligned<T>(pub T);
