//! `rubik moves`: every single-layer move of a size.

use super::parse_size;
use crate::output::{CliError, Output};
use rubik::{Move, Turn};

/// Arguments of `rubik moves`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The cube size.
    #[arg(long, short = 'n', default_value = "3", value_parser = parse_size)]
    size: usize,
}

pub fn run(args: &Args) -> Result<(), CliError> {
    let mut out = Output::stdout();
    for turn in Turn::single_layer_turns(args.size) {
        out.line(&Move::from_turn(turn, args.size).to_string())?;
    }
    Ok(out.finish()?)
}
