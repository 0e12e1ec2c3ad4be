//! `rubik scramble`: random-state scrambles of the 2×2 and 3×3, random-move scrambles of any
//! size, reproducible from a seed.

use super::parse_size;
use super::tables::TableArgs;
use crate::output::{CliError, Output};
use rubik::scramble::{default_length, random_moves, random_state_2x2, random_state_3x3};
use rubik::search::pocket::Pocket;
use rubik::search::two_phase::{TableSize, TwoPhase};

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
    #[command(flatten)]
    tables: TableArgs,
}

pub fn run(args: &Args) -> Result<(), CliError> {
    let seed = args.seed.unwrap_or_else(rubik::random::fresh_seed);
    let mut rng = rubik::seeded_rng(seed);
    let mut out = Output::stdout();
    let random_state = !args.random_moves && args.length.is_none();
    if args.size == 2 && random_state {
        let tables = args.tables.load_pocket();
        let solver = Pocket::new(&tables);
        for _ in 0..args.count {
            out.line(&random_state_2x2(&mut rng, &solver).to_string())?;
        }
        return Ok(out.finish()?);
    }
    if args.size == 3 && random_state {
        // Always the tiny tables: the scramble a seed gives must not depend on which tables
        // the user has chosen, since a different table can lead the search to another solution.
        let tables = args.tables.load_sized(TableSize::Tiny);
        let solver = TwoPhase::new(&tables);
        for _ in 0..args.count {
            out.line(&random_state_3x3(&mut rng, &solver).to_string())?;
        }
        return Ok(out.finish()?);
    }
    let length = args.length.unwrap_or_else(|| default_length(args.size));
    for _ in 0..args.count {
        out.line(&random_moves(args.size, length, &mut rng).to_string())?;
    }
    Ok(out.finish()?)
}
