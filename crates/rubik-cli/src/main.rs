//! `rubik`: the command-line face of the rubik library (see the `rubik_cli` library for how
//! errors and exit statuses are decided).

use std::process::ExitCode;

use clap::Parser;
use rubik_cli::{Cli, output};

fn main() -> ExitCode {
    match rubik_cli::run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            if let Some(message) = error.message() {
                output::report(&message);
            }
            error.exit_code()
        }
    }
}
