//! `rubik`: the command-line face of the rubik library.
//!
//! Arguments in, one library call, lines out. Errors are printed once, here: bad input exits
//! with status 2, any other failure with 1, Ctrl-C with 130, and a closed output pipe quietly
//! ends the run.

mod commands;
mod interrupt;
mod output;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = commands::Cli::parse();
    match commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            if let Some(message) = error.message() {
                eprintln!("rubik: {message}");
            }
            error.exit_code()
        }
    }
}
