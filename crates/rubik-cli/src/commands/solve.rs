//! `rubik solve`: a solution for a state, by the chosen method, printed in notation.
//!
//! Each method is one variant of [`Method`] and one function from a cube to an alg; the input
//! (a state, or an alg applied to the solved cube) and the batch handling are shared.

use std::time::Duration;

use clap::ValueEnum;
use rubik::search::bfs::{Bfs, MoveSet, Outcome, Stop};
use rubik::{Alg, FaceletCube};

use super::{Context, parse_alg, parse_size, read_state, turns_of};
use crate::output::{CliError, bad, each_item};

/// Arguments of `rubik solve`.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("input").required(true).args(["state", "alg"]))]
pub struct Args {
    /// The state (facelet string in URFDLB or colour letters; the size comes from its length),
    /// or `-` to read one per line.
    #[arg(allow_hyphen_values = true)]
    state: Option<String>,
    /// Solve the state this alg makes from the solved cube of --size (`-`: one alg per line).
    #[arg(long, allow_hyphen_values = true)]
    alg: Option<String>,
    /// The cube size for --alg.
    #[arg(long, short = 'n', default_value = "3", value_parser = parse_size)]
    size: usize,
    /// How to solve.
    #[arg(long, value_enum, default_value_t = Method::Bfs)]
    method: Method,
    /// The moves a solution may use (bfs): `faces` (U R F D L B by 1, 2 or 3 quarter turns),
    /// `quarter` (the same by 1 or 3), `all` (every single layer by 1, 2 or 3), or moves in
    /// notation, whose layers are each turned by 1, 2 or 3 (`"R U"` is ⟨R, U⟩).
    #[arg(long, default_value = "faces", value_parser = parse_moves)]
    moves: Moves,
    /// The longest solution to look for.
    #[arg(long)]
    max_depth: Option<usize>,
    /// The memory the search may take (bfs): bytes, or with a unit K, M, G or T (powers of
    /// 1024): `512M`, `4G`.
    #[arg(long, default_value = "4G", value_parser = parse_bytes)]
    max_memory: u64,
    /// Give up on a state after this many milliseconds.
    #[arg(long)]
    timeout_ms: Option<u64>,
}

/// A way to solve.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Method {
    /// A shortest solution by breadth-first search from both ends: any size, short solutions.
    Bfs,
}

/// The `--moves` choice.
#[derive(Clone, Debug)]
enum Moves {
    Faces,
    Quarter,
    All,
    /// Moves in notation, as written (resolved for each cube's size).
    Listed(String),
}

impl Moves {
    /// The move set for a cube of size `size`.
    fn set(&self, size: usize) -> Result<MoveSet, CliError> {
        Ok(match self {
            Moves::Faces => MoveSet::FaceTurns,
            Moves::Quarter => MoveSet::QuarterTurns,
            Moves::All => MoveSet::AllLayers,
            Moves::Listed(text) => MoveSet::blocks_of(turns_of(&parse_alg(text)?, text, size)?),
        })
    }
}

/// Reads `--moves`: a named set, or notation that parses.
fn parse_moves(text: &str) -> Result<Moves, String> {
    match text {
        "faces" => Ok(Moves::Faces),
        "quarter" => Ok(Moves::Quarter),
        "all" => Ok(Moves::All),
        _ => match text.parse::<Alg>() {
            Ok(_) => Ok(Moves::Listed(text.to_string())),
            Err(error) => Err(format!("{error}\n{}", error.caret(text))),
        },
    }
}

/// Reads a byte count: a number, then optionally K, M, G or T (powers of 1024) and `iB` or `B`.
fn parse_bytes(text: &str) -> Result<u64, String> {
    let split = text
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let unit = unit.trim().to_ascii_uppercase();
    let unit = unit.trim_end_matches("IB").trim_end_matches('B');
    let scale = match unit {
        "" => 1u64,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        "T" => 1 << 40,
        _ => return Err(format!("`{text}`: the unit is none or K, M, G, T")),
    };
    match number.parse::<f64>() {
        Ok(value) if value.is_finite() && value * scale as f64 <= u64::MAX as f64 => {
            Ok((value * scale as f64) as u64)
        }
        _ => Err(format!("`{text}` is not a size in bytes (like 512M or 4G)")),
    }
}

pub fn run(args: &Args, context: &Context) -> Result<(), CliError> {
    let (item, is_alg) = match (&args.state, &args.alg) {
        (Some(state), _) => (state, false),
        (None, Some(alg)) => (alg, true),
        (None, None) => unreachable!("clap requires a state or an alg"),
    };
    each_item(item, |text| {
        let cube = if is_alg {
            let mut cube = FaceletCube::solved(args.size);
            cube.apply(turns_of(&parse_alg(text)?, text, args.size)?);
            cube
        } else {
            let cube = read_state(text, context)?;
            rubik::cubie::validate(&cube).map_err(bad)?;
            cube
        };
        let solution = match args.method {
            Method::Bfs => bfs(&cube, args)?,
        };
        Ok(solution.to_string())
    })
}

/// A shortest solution by breadth-first search, or why there is none to print.
fn bfs(cube: &FaceletCube, args: &Args) -> Result<Alg, CliError> {
    let mut search = Bfs::new(args.moves.set(cube.size())?).max_memory(args.max_memory);
    if let Some(depth) = args.max_depth {
        search = search.max_depth(depth);
    }
    if let Some(milliseconds) = args.timeout_ms {
        search = search.timeout(Duration::from_millis(milliseconds));
    }
    let failed = |message: String| Err(CliError::Failed(message));
    match search
        .solve(cube)
        .map_err(|error| CliError::Failed(error.to_string()))?
    {
        Outcome::Solved(solution) => Ok(solution.alg),
        Outcome::NotWithin { depth } => failed(format!("no solution within {depth} moves")),
        Outcome::Unsolvable => failed("no sequence of these moves solves this state".into()),
        Outcome::Stopped { reason, proved } => {
            let why = match reason {
                Stop::Timeout => "out of time",
                Stop::Cancelled => "cancelled",
            };
            failed(format!("{why}: no solution within {proved} moves"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_counts_take_binary_units() {
        let cases = [
            ("4G", Ok(4 << 30)),
            ("512M", Ok(512 << 20)),
            ("1.5KiB", Ok(1536)),
            ("100", Ok(100)),
            ("2 gb", Ok(2 << 30)),
            ("7B", Ok(7)),
        ];
        for (text, expected) in cases {
            assert_eq!(parse_bytes(text), expected, "{text}");
        }
        for text in ["", "G", "4X", "1e3", "-1G", "99999999999T"] {
            assert!(parse_bytes(text).is_err(), "{text}");
        }
    }
}
