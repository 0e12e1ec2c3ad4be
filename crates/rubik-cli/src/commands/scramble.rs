//! `rubik scramble`: random-move scrambles, reproducible from a seed.

use super::parse_size;
use crate::output::{CliError, Output};
use rubik::scramble::{default_length, random_moves};

/// Arguments of `rubik scramble`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The cube size.
    #[arg(long, short = 'n', default_value = "3", value_parser = parse_size)]
    size: usize,
    /// The seed: the same seed gives the same scrambles on every machine. Random when absent.
    #[arg(long, short)]
    seed: Option<u64>,
    /// How many scrambles, one per line.
    #[arg(long, short, default_value_t = 1)]
    count: u64,
    /// Moves per scramble (default: the WCA length for the size).
    #[arg(long, short)]
    length: Option<usize>,
}

pub fn run(args: &Args) -> Result<(), CliError> {
    let seed = args.seed.unwrap_or_else(rubik::random::fresh_seed);
    let mut rng = rubik::seeded_rng(seed);
    let length = args.length.unwrap_or_else(|| default_length(args.size));
    let mut out = Output::stdout();
    for _ in 0..args.count {
        out.line(&random_moves(args.size, length, &mut rng).to_string())?;
    }
    Ok(out.finish()?)
}
