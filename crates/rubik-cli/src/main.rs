//! `rubik`: the command-line face of the rubik library (see the `rubik_cli` library for how
//! errors and exit statuses are decided).

use std::process::ExitCode;

use clap::Parser;
use rubik_cli::{Cli, commands, output};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let shortened = commands::shorten(&error);
            if !error.use_stderr() || shortened == error.render().to_string() {
                // Help and version on stdout, other errors as clap writes them (exit status 2).
                error.exit();
            }
            output::report_raw(&shortened);
            return ExitCode::from(2);
        }
    };
    match rubik_cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            if let Some(message) = error.message() {
                output::report(&message);
            }
            error.exit_code()
        }
    }
}
