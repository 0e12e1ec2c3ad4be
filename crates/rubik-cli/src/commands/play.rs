//! `rubik play`: the interactive cube in the terminal (the `rubik-tui` crate).

use std::io::IsTerminal;

use super::tables::TableArgs;
use super::{Context, parse_size};
use crate::output::CliError;

/// Arguments of `rubik play`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The cube size.
    #[arg(long, short = 'n', default_value = "3", value_parser = parse_size)]
    size: usize,
    /// The seed of the scrambles: the same seed gives the same scrambles. Random when absent.
    #[arg(long, short)]
    seed: Option<u64>,
    #[command(flatten)]
    tables: TableArgs,
}

pub fn run(args: &Args, context: &Context) -> Result<(), CliError> {
    if !std::io::stdout().is_terminal() {
        return Err(CliError::BadInput(
            "`rubik play` draws on a terminal; standard output is not one".to_string(),
        ));
    }
    // The terminal's solves shorten on the pool, as `rubik solve` does.
    crate::pool::start(None)?;
    let config = rubik_tui::Config {
        size: args.size,
        seed: args.seed.unwrap_or_else(rubik::random::fresh_seed),
        scheme: context.scheme,
        colour: context.colour,
        tables: args.tables.cache_dir(),
        table_size: args.tables.size(),
    };
    Ok(rubik_tui::run(&config)?)
}
