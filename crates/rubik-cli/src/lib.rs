//! The `rubik` command line as a library: the program (`main.rs`) parses its arguments with
//! [`Cli`] and hands them to [`run`]. Errors are printed once, by the program: bad input exits
//! with status 2, any other failure with 1, Ctrl-C with 130, and a closed output pipe quietly
//! ends the run.
//!
//! [`answer_line`] runs one batch line through a command's line handler, as `rubik COMMAND -`
//! would answer it, without reading or writing anything: the entry point for fuzzing.

pub mod commands;
pub mod interrupt;
pub mod lines;
pub mod output;
pub mod pool;

pub use commands::{Cli, run};
pub use lines::{LineCommand, answer_line};
pub use output::CliError;
