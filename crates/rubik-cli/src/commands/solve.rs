//! `rubik solve`: solutions for 3×3 states, one per line, solved in parallel.

use std::io;
use std::time::{Duration, Instant};

use rubik::search::two_phase::{Limits, Solution, TwoPhase};
use rubik::{CubieCube, FaceletCube};

use super::tables::TableArgs;
use super::{Context, parse_alg, read_state, turns_of};
use crate::output::{CliError, bad, each_item};

/// Arguments of `rubik solve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The state: a 3×3 facelet string (face or colour letters, any orientation), or `-` to
    /// read one per line. Omit it with --alg.
    #[arg(allow_hyphen_values = true, required_unless_present = "alg")]
    state: Option<String>,
    /// Solve the state this alg makes from the solved cube instead.
    #[arg(long, conflicts_with = "state")]
    alg: Option<String>,
    /// The longest solution accepted: the first one found within it is returned (fastest with
    /// 20 or more). Without it the search keeps shortening its solution until a budget is spent.
    /// With no option at all: the first solution of at most 20 moves, then shortened for up to
    /// 250,000 more search nodes (a few milliseconds), so the same state always gets the same
    /// answer.
    #[arg(long, short = 'm')]
    max_length: Option<usize>,
    /// A time budget per state, in milliseconds.
    #[arg(long)]
    timeout_ms: Option<u64>,
    /// A budget of search nodes per state.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// How to write each answer.
    #[arg(long, short, value_enum, default_value_t = SolveFormat::Alg)]
    format: SolveFormat,
    /// Threads for a batch (default: all cores).
    #[arg(long, short)]
    jobs: Option<usize>,
    #[command(flatten)]
    tables: TableArgs,
}

/// When no limit is given: the nodes spent shortening the first solution of at most 20 moves.
const IMPROVE_NODES: u64 = 250_000;

/// How to write a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum SolveFormat {
    /// The moves in notation (an empty line for a solved cube).
    Alg,
    /// A JSON object: solution, length, time_ms, budget_ran_out, nodes.
    Json,
}

pub fn run(args: &Args, context: &Context) -> Result<(), CliError> {
    if let Some(jobs) = args.jobs {
        rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.max(1))
            .build_global()
            .map_err(|e| CliError::Io(io::Error::other(e.to_string())))?;
    }
    let no_limit =
        args.max_length.is_none() && args.timeout_ms.is_none() && args.max_nodes.is_none();
    let limits = Limits {
        max_length: if no_limit { Some(20) } else { args.max_length },
        time: args.timeout_ms.map(Duration::from_millis),
        nodes: args.max_nodes,
        improve_nodes: no_limit.then_some(IMPROVE_NODES),
    };
    let read = |text: &str| -> Result<CubieCube, CliError> {
        let cube = match &args.alg {
            Some(alg) => {
                let mut cube = FaceletCube::solved(3);
                cube.apply(turns_of(&parse_alg(alg)?, alg, 3)?);
                cube
            }
            None => read_state(text, context)?,
        };
        CubieCube::try_from(&cube).map_err(|e| CliError::BadInput(format!("{e} [{}]", e.code())))
    };
    let tables = args.tables.load();
    let solver = TwoPhase::new(&tables);
    let answer = |text: &str| -> Result<String, CliError> {
        let cube = read(text)?;
        let start = Instant::now();
        let solution = solver.solve(&cube, &limits).map_err(bad)?;
        Ok(render(&solution, start.elapsed(), args.format))
    };
    each_item(args.state.as_deref().unwrap_or_default(), answer)
}

/// One answer line.
fn render(solution: &Solution, elapsed: Duration, format: SolveFormat) -> String {
    match format {
        SolveFormat::Alg => solution.alg().to_string(),
        SolveFormat::Json => serde_json::json!({
            "solution": solution.alg().to_string(),
            "length": solution.len(),
            "time_ms": elapsed.as_secs_f64() * 1e3,
            "budget_ran_out": solution.budget_ran_out,
            "nodes": solution.nodes,
        })
        .to_string(),
    }
}
