//! `rubik scramble`: random-state scrambles of the 2×2 and 3×3, random-move scrambles of any
//! size, and random states of any size, reproducible from a seed.

use super::parse_size;
use super::tables::TableArgs;
use crate::output::{CliError, Output};
use rubik::bigcube::random_state;
use rubik::scramble::{default_length, random_moves};
use rubik::search::Scrambler;

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
    /// Moves per scramble (default: the WCA length for the size). Implies --random-moves.
    #[arg(long, short)]
    length: Option<usize>,
    /// Random-move scrambles also for the 2×2 and 3×3 (otherwise a uniformly random state, as
    /// WCA scramblers do: on the 3×3 written as the inverse of a solution of at most 21 moves; on
    /// the 2×2 at least 4 moves from solved, written as the inverse of its optimal solution).
    #[arg(long)]
    random_moves: bool,
    /// Print a uniformly random reachable state of any size, as a facelet string, instead of a
    /// scramble (for 4×4 and up, the solver's solutions are still too long to write it as a
    /// scramble): pass it to `rubik show`, `rubik validate` or `rubik solve`.
    #[arg(long, conflicts_with_all = ["random_moves", "length"])]
    random_state: bool,
    #[command(flatten)]
    tables: TableArgs,
}

pub fn run(args: &Args) -> Result<(), CliError> {
    let seed = args.seed.unwrap_or_else(rubik::random::fresh_seed);
    let mut rng = rubik::seeded_rng(seed);
    let mut out = Output::stdout();
    if args.random_state {
        for _ in 0..args.count {
            out.line(&random_state(args.size, &mut rng).to_string())?;
        }
        return Ok(out.finish()?);
    }
    if !args.random_moves && args.length.is_none() {
        let scrambler = Scrambler::new(args.tables.cache_dir());
        for _ in 0..args.count {
            out.line(&scrambler.scramble(args.size, &mut rng).to_string())?;
        }
        return Ok(out.finish()?);
    }
    let length = args.length.unwrap_or_else(|| default_length(args.size));
    for _ in 0..args.count {
        out.line(&random_moves(args.size, length, &mut rng).to_string())?;
    }
    Ok(out.finish()?)
}
