//! `rubik scramble`: random-state scrambles of the 2×2, 3×3 and 4×4, random-move scrambles of
//! any size, and random states of any size, reproducible from a seed.

use super::tables::TableArgs;
use super::{parse_size, parse_u64, whole_number};
use crate::output::{CliError, Output};
use rubik::bigcube::random_state;
use rubik::scramble::{default_length, random_moves};
use rubik::search::Scrambler;

/// The most scrambles one run writes.
pub const MAX_COUNT: u64 = 100_000;

/// The longest random-move scramble.
pub const MAX_LENGTH: u64 = 100_000;

/// The most moves of all the random-move scrambles of one run (`--count` × the length).
pub const MAX_MOVES: u64 = 10_000_000;

/// The most stickers of all the random states of one run (`--count` × 6N²): ten states of the
/// largest size.
pub const MAX_STATE_STICKERS: u64 = 60_000_000;

/// Arguments of `rubik scramble`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The cube size.
    #[arg(long, short = 'n', default_value = "3", value_parser = parse_size)]
    size: usize,
    /// The seed: the same seed gives the same scrambles on every machine. Random when absent.
    #[arg(long, short, value_parser = parse_u64)]
    seed: Option<u64>,
    /// How many scrambles, one per line (at most 100000; random-move scrambles: at most
    /// 10000000 moves in all).
    #[arg(long, short, default_value_t = 1, value_parser = whole_number::<u64>(0, MAX_COUNT))]
    count: u64,
    /// Moves per scramble (default: the WCA length for the size; at most 100000). Implies
    /// --random-moves.
    #[arg(long, short, value_parser = whole_number::<usize>(0, MAX_LENGTH))]
    length: Option<usize>,
    /// Random-move scrambles also for the 2×2, 3×3 and 4×4 (otherwise a uniformly random state,
    /// as WCA scramblers do: on the 3×3 written as the inverse of a solution of at most 21 moves;
    /// on the 2×2 at least 4 moves from solved, written as the inverse of its optimal solution;
    /// on the 4×4 as the inverse of its reduction solution).
    #[arg(long)]
    random_moves: bool,
    /// Print a uniformly random reachable state of any size, as a facelet string, instead of a
    /// scramble (at most 60000000 stickers in all): pass it to `rubik show`, `validate` or
    /// `solve`.
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
        let stickers = args.count * 6 * (args.size * args.size) as u64;
        if stickers > MAX_STATE_STICKERS {
            return Err(CliError::BadInput(format!(
                "{} random states of size {} are {stickers} stickers; a run writes at most \
                 {MAX_STATE_STICKERS}",
                args.count, args.size
            )));
        }
        for _ in 0..args.count {
            out.line(&random_state(args.size, &mut rng).to_string())?;
        }
        return Ok(out.finish()?);
    }
    let by_state = !args.random_moves && args.length.is_none() && (2..=4).contains(&args.size);
    let length = args.length.unwrap_or_else(|| default_length(args.size));
    let moves = args.count * length as u64;
    if !by_state && moves > MAX_MOVES {
        return Err(CliError::BadInput(format!(
            "{} scrambles of {length} moves are {moves} moves; a run writes at most {MAX_MOVES}",
            args.count
        )));
    }
    if by_state {
        let scrambler = Scrambler::new(args.tables.cache_dir());
        for _ in 0..args.count {
            out.line(&scrambler.scramble(args.size, &mut rng).to_string())?;
        }
    } else {
        for _ in 0..args.count {
            out.line(&random_moves(args.size, length, &mut rng).to_string())?;
        }
    }
    Ok(out.finish()?)
}
