//! The bodies of rubik's fuzz targets: one function per target, which takes arbitrary bytes and
//! panics only when the library breaks one of its promises (bad input never panics, printed
//! notation parses back, a damaged table file is never trusted, ...).
//!
//! The cargo-fuzz crate in `fuzz/` (nightly, libFuzzer) calls these functions from its targets;
//! the test `tests/replay.rs` calls them on every file of `fuzz/corpus/TARGET/` and
//! `fuzz/regressions/TARGET/`, so plain `cargo test` on stable replays the corpus and every
//! crash ever found.

mod cli_line;
mod facelets;
mod notation;
mod table_file;

pub use cli_line::{cli_line, warm_up};
pub use facelets::facelets;
pub use notation::notation;
pub use table_file::table_file;

/// A fuzz target: its name (the directory of its corpus) and its body.
pub type Target = (&'static str, fn(&[u8]));

/// Every target, by name.
pub const TARGETS: [Target; 4] = [
    ("notation", notation),
    ("facelets", facelets),
    ("table_file", table_file),
    ("cli_line", cli_line),
];
