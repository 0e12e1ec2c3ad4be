//! `rubik solve`: a solution for each state, by the chosen method, in notation or JSON.
//!
//! Each method is one variant of [`Method`] and one function from a cube to its [`Answer`]
//! (the default method is the library's solve policy, [`rubik::solve()`], which the terminal UI
//! calls too: a 2×2 to the optimal 2×2 solver, a 3×3 to two-phase, bigger cubes to reduction,
//! whose last stage is two-phase); reading the
//! input (a state, or an alg applied to the solved cube), batches and the output format are
//! shared. A solver's tables are loaded when the first state that needs them comes, so a batch
//! of 2×2 states never builds the 3×3 tables.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use rubik::search::bfs::{Bfs, MoveSet, Outcome};
use rubik::search::optimal::{Optimal, OptimalOutcome};
use rubik::search::reduction;
use rubik::search::{Budget, Metric, Stop};
use rubik::solve::Tables;
use rubik::{Alg, CubieCube, FaceletCube, InvalidCube, SolveError, SolveOptions};
use serde_json::{Map, Value};

use super::tables::TableArgs;
use super::{
    Context, parse_alg, parse_max_length, parse_size, parse_threads, parse_timeout, parse_u64,
    read_state, turns_of,
};
use crate::interrupt;
use crate::lines::{ItemKind, LineHandler, MAX_ALG_BYTES};
use crate::output::CliError;

/// Arguments of `rubik solve`.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("input").required(true).args(["state", "alg"]))]
pub struct Args {
    /// The state: a facelet string (face or colour letters, any orientation; the size comes
    /// from its length), or `-` to read one per line. Omit it with --alg.
    #[arg(allow_hyphen_values = true)]
    state: Option<String>,
    /// Solve the state this alg makes from the solved cube of --size instead (`-`: one alg per
    /// line).
    #[arg(long, allow_hyphen_values = true)]
    alg: Option<String>,
    /// The cube size for --alg.
    #[arg(long, short = 'n', default_value = "3", value_parser = parse_size)]
    size: usize,
    /// How to solve: two-phase (any 3×3, at most 20 moves; a 2×2 is solved optimally from its
    /// distance table), optimal (a shortest 3×3 solution in --metric: seconds to minutes a
    /// random state, see --optimal-tables) or bfs (a shortest solution, for short scrambles of
    /// any size).
    #[arg(long, value_enum, default_value_t = Method::TwoPhase)]
    method: Method,
    /// The same as --method optimal.
    #[arg(long, conflicts_with = "method")]
    optimal: bool,
    /// How the optimal solvers (2×2, and 3×3 with --optimal) count moves: htm (a face turn by
    /// 1, 2 or 3 quarters is one move) or qtm (a quarter turn is one move). The 3×3 two-phase
    /// solver counts htm only.
    #[arg(long, default_value_t = Metric::Htm)]
    metric: Metric,
    /// The longest solution accepted. two-phase: the first one found within it is returned
    /// (fastest with 20 or more); without it the search keeps shortening its solution until a
    /// budget is spent; with no option at all: the first solution of at most 20 moves, then
    /// shortened for up to 250,000 more search nodes (about 10 ms on two cores), so the same state
    /// always gets the same answer. bfs: no shorter solution means no answer. At most 1000.
    #[arg(long, short = 'm', visible_alias = "max-depth", value_parser = parse_max_length)]
    max_length: Option<usize>,
    /// A time budget per state, in milliseconds (at most a day). optimal: when it runs out, the
    /// answer is the best solution found, with `optimal: false` and the lower bound proved. A
    /// bigger cube is always solved: the budget only cuts the work that shortens its solution.
    #[arg(long, value_parser = parse_timeout)]
    timeout_ms: Option<u64>,
    /// A budget of search nodes per state (two-phase, optimal).
    #[arg(long, value_parser = parse_u64)]
    max_nodes: Option<u64>,
    /// How to write each answer.
    #[arg(long, short, value_enum, default_value_t = SolveFormat::Alg)]
    format: SolveFormat,
    /// Threads, at most 256 (default: all cores): a batch solves that many states at once; the
    /// optimal solver, and two-phase on a single state with --timeout-ms, search each state on
    /// them all.
    #[arg(long, short, value_parser = parse_threads::<usize>)]
    jobs: Option<usize>,
    /// The moves a solution may use (bfs): `faces` (U R F D L B by 1, 2 or 3 quarter turns),
    /// `quarter` (the same by 1 or 3), `all` (every single layer by 1, 2 or 3), `blocks` (every
    /// block holding an outer layer by 1, 2 or 3: R, Rw, 3Rw, ...; the OBTM metric of big
    /// cubes), or moves in notation, whose layers are each turned by 1, 2 or 3 (`"R U"` is
    /// ⟨R, U⟩).
    #[arg(long, default_value = "faces", value_parser = parse_moves)]
    moves: Moves,
    /// The memory the search may take (bfs), shared by the searches of a batch that run at
    /// once: bytes, or with a unit K, M, G or T (powers of 1024): `512M`, `4G`.
    #[arg(long, default_value = "4G", value_parser = parse_bytes)]
    max_memory: u64,
    #[command(flatten)]
    tables: TableArgs,
}

/// A way to solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Method {
    /// Kociemba's two-phase algorithm: any 3×3, fast, near-optimal (a 2×2: optimal, by table).
    TwoPhase,
    /// A shortest 3×3 solution in --metric by IDA* (a 2×2: by table, as with two-phase).
    Optimal,
    /// A shortest solution by breadth-first search from both ends: any size, short solutions.
    Bfs,
}

/// How to write a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum SolveFormat {
    /// The moves in notation (an empty line for a solved cube).
    Alg,
    /// A JSON object: solution, length, time_ms, and what the method counted (two-phase:
    /// budget_ran_out, nodes; optimal: metric, optimal, lower_bound, nodes; bfs: states; 2×2:
    /// metric).
    Json,
}

/// The `--moves` choice.
#[derive(Clone, Debug)]
enum Moves {
    Faces,
    Quarter,
    All,
    Blocks,
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
            Moves::Blocks => MoveSet::OuterBlocks,
            Moves::Listed(text) => MoveSet::blocks_of(turns_of(&parse_alg(text)?, text, size)?),
        })
    }
}

/// Reads `--moves`: a named set, or notation that parses (an alg of at most
/// [`MAX_ALG_BYTES`] bytes).
fn parse_moves(text: &str) -> Result<Moves, String> {
    match text {
        "faces" => Ok(Moves::Faces),
        "quarter" => Ok(Moves::Quarter),
        "all" => Ok(Moves::All),
        "blocks" => Ok(Moves::Blocks),
        _ if text.len() > MAX_ALG_BYTES => Err(format!(
            "{} bytes: an alg holds at most {MAX_ALG_BYTES}",
            text.len()
        )),
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
        _ => return Err("the unit is none or K, M, G, T".into()),
    };
    match number.parse::<f64>() {
        Ok(value) if value.is_finite() && value * scale as f64 <= u64::MAX as f64 => {
            Ok((value * scale as f64) as u64)
        }
        _ => Err("not a size in bytes (like 512M or 4G)".into()),
    }
}

/// What a method found for one state: the solution, and what it counted on the way.
struct Answer {
    alg: Alg,
    length: usize,
    counts: Map<String, Value>,
}

/// What a run needs before its first state: Ctrl-C stops the searches under way, which then
/// answer with what they have; the thread pool starts now ([`crate::pool`]).
pub fn prepare(args: &Args) -> Result<(), CliError> {
    interrupt::install();
    crate::pool::start(args.jobs)
}

/// The state (or alg) argument, and how each is solved.
pub fn handler(args: Args, context: Context) -> Result<(String, LineHandler), CliError> {
    let (item, is_alg) = match (&args.state, &args.alg) {
        (Some(state), _) => (state.clone(), false),
        (None, Some(alg)) => (alg.clone(), true),
        (None, None) => unreachable!("clap requires a state or an alg"),
    };
    // Each solver's tables are loaded when the first state that needs them comes.
    let tables = args.tables.solve_tables();
    let optimal_tables = OnceLock::new();
    let method = if args.optimal {
        Method::Optimal
    } else {
        args.method
    };
    // The searches of a batch run side by side, one per thread, and share the memory bound.
    let searches_at_once = if item == "-" {
        rayon::current_num_threads() as u64
    } else {
        1
    };
    let kind = if is_alg {
        ItemKind::Alg
    } else {
        ItemKind::State
    };
    let handler = LineHandler::new(kind, move |text| {
        let args = &args;
        let cube = if is_alg {
            let mut cube = FaceletCube::solved(args.size);
            cube.apply(turns_of(&parse_alg(text)?, text, args.size)?);
            cube
        } else {
            read_state(text, &context)?
        };
        let (found, elapsed) = match (method, cube.size()) {
            (Method::Bfs, _) => timed(|| bfs(&cube, args, args.max_memory / searches_at_once))?,
            (Method::TwoPhase, _) | (Method::Optimal, 2) => {
                // The tables the state needs load before the clock starts.
                tables.load_for(cube.size());
                timed(|| by_policy(&tables, &cube, args, searches_at_once == 1))?
            }
            (Method::Optimal, _) => {
                let solver = Optimal::new(
                    optimal_tables.get_or_init(|| args.tables.load_optimal(args.metric)),
                );
                timed(|| optimal(&solver, &cube, args))?
            }
        };
        Ok(render(&found, elapsed, args.format))
    });
    Ok((item, handler))
}

/// What `solve` found, and how long it took (tables already loaded).
fn timed(solve: impl FnOnce() -> Result<Answer, CliError>) -> Result<(Answer, Duration), CliError> {
    let start = Instant::now();
    let found = solve()?;
    Ok((found, start.elapsed()))
}

/// A solution by the library's policy for the state's size (the 2×2 optimal, the 3×3 by
/// two-phase, bigger cubes by reduction); a state solved alone (not in a batch) with a time
/// budget is searched on all threads.
fn by_policy(
    tables: &Tables,
    cube: &FaceletCube,
    args: &Args,
    alone: bool,
) -> Result<Answer, CliError> {
    // A bar on a terminal (indicatif draws nothing elsewhere) while a big cube is reduced, one
    // tick per depth its centre tables solve and per orbit placed.
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{msg:>24} [{bar:40}] {pos}/{len} steps")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar.set_message(format!("reducing the {0}×{0}×{0}", cube.size()));
    let progress = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let options = SolveOptions {
        metric: args.metric,
        max_length: args.max_length,
        budget: budget(args),
        parallel: alone,
        progress: (cube.size() >= reduction::MIN_SIZE).then_some(&progress as _),
        ..SolveOptions::new(tables)
    };
    let solved = rubik::solve(cube, &options);
    bar.finish_and_clear();
    let solution = solved.map_err(|error| match error {
        SolveError::InvalidCube(error) => not_a_cube(error),
        SolveError::Metric { .. } => CliError::BadInput(format!(
            "--metric {}: the {} solver counts face turns (htm); --method bfs --moves quarter \
             finds shortest quarter-turn solutions",
            args.metric,
            if cube.size() == 3 {
                "two-phase"
            } else {
                "reduction"
            }
        )),
        SolveError::Unsupported { .. } => CliError::BadInput(error.to_string()),
        _ => CliError::Failed(error.to_string()),
    })?;
    let counts = match cube.size() {
        2 => Map::from_iter([("metric".into(), args.metric.to_string().into())]),
        3 => Map::from_iter([
            ("budget_ran_out".into(), solution.budget_ran_out.into()),
            ("nodes".into(), solution.nodes.into()),
        ]),
        _ => {
            let stages: Vec<Value> = solution
                .stages
                .iter()
                .map(|stage| {
                    let moves = stage.alg(solution.size).to_string();
                    serde_json::json!({"name": stage.name, "moves": moves})
                })
                .collect();
            Map::from_iter([
                ("metric".into(), "obtm".into()),
                ("stm".into(), solution.stm().into()),
                ("stages".into(), stages.into()),
            ])
        }
    };
    Ok(Answer {
        alg: solution.alg(),
        length: solution.obtm(),
        counts,
    })
}

/// An optimal 3×3 solution in the solver's metric; when a budget runs out first, the best one
/// found.
fn optimal(solver: &Optimal, cube: &FaceletCube, args: &Args) -> Result<Answer, CliError> {
    let cube = CubieCube::try_from(cube).map_err(not_a_cube)?;
    let (solution, optimal, lower_bound, nodes) = match solver.solve(&cube, &budget(args)) {
        OptimalOutcome::Solved(solution) => {
            let (length, nodes) = (solution.length(solver.metric()), solution.nodes);
            (solution, true, length, nodes)
        }
        OptimalOutcome::Stopped {
            lower_bound,
            best: Some(best),
            nodes,
        } => (best, false, lower_bound, nodes),
        OptimalOutcome::Stopped {
            lower_bound,
            best: None,
            ..
        } => {
            return Err(CliError::Failed(format!(
                "stopped before any solution was found; none has fewer than {lower_bound} moves"
            )));
        }
    };
    let length = solution.length(solver.metric());
    within_max_length(length, args)?;
    Ok(Answer {
        alg: solution.alg(),
        length,
        counts: Map::from_iter([
            ("metric".into(), solver.metric().to_string().into()),
            ("optimal".into(), optimal.into()),
            ("lower_bound".into(), lower_bound.into()),
            ("nodes".into(), nodes.into()),
        ]),
    })
}

/// No answer when the solution (a shortest one, or the best a budget allowed) is longer than
/// `--max-length`.
fn within_max_length(length: usize, args: &Args) -> Result<(), CliError> {
    match args.max_length.filter(|&max| length > max) {
        Some(max_length) => Err(CliError::Failed(format!(
            "no solution within {max_length} moves: the shortest found has {length} ({})",
            args.metric
        ))),
        None => Ok(()),
    }
}

/// A shortest solution by breadth-first search within `max_memory`, or why there is none.
fn bfs(cube: &FaceletCube, args: &Args, max_memory: u64) -> Result<Answer, CliError> {
    rubik::cubie::validate(cube).map_err(not_a_cube)?;
    let mut search = Bfs::new(args.moves.set(cube.size())?)
        .max_memory(max_memory)
        // --max-nodes counts search nodes, which breadth-first search has none of.
        .budget(Budget {
            nodes: None,
            ..budget(args)
        });
    if let Some(depth) = args.max_length {
        search = search.max_depth(depth);
    }
    let failed = |message: String| Err(CliError::Failed(message));
    match search
        .solve(cube)
        .map_err(|error| CliError::Failed(error.to_string()))?
    {
        Outcome::Solved(solution) => Ok(Answer {
            length: solution.turns.len(),
            alg: solution.alg,
            counts: Map::from_iter([("states".into(), solution.states.into())]),
        }),
        Outcome::NotWithin { depth } => failed(format!("no solution within {depth} moves")),
        Outcome::Unsolvable => failed(match args.moves {
            // A valid cube: turning every layer solves it.
            Moves::Faces | Moves::Quarter => "no sequence of outer face turns solves this state \
                 (it has inner layers turned): --moves blocks or --moves all can"
                .into(),
            _ => "no sequence of these moves solves this state".into(),
        }),
        Outcome::Stopped { reason, proved } => {
            let why = match reason {
                Stop::Timeout => "out of time",
                Stop::Nodes => "out of nodes",
                Stop::Cancelled => "interrupted",
            };
            failed(format!("{why}: no solution within {proved} moves"))
        }
    }
}

/// The budget of one search: --timeout-ms, --max-nodes and Ctrl-C.
fn budget(args: &Args) -> Budget<'static> {
    Budget {
        time: args.timeout_ms.map(Duration::from_millis),
        nodes: args.max_nodes,
        cancel: Some(interrupt::flag()),
    }
}

/// Bad input: a state no turning could reach, with the reason and its code.
fn not_a_cube(error: InvalidCube) -> CliError {
    CliError::BadInput(format!("{error} [{}]", error.code()))
}

/// One answer line.
fn render(found: &Answer, elapsed: Duration, format: SolveFormat) -> String {
    match format {
        SolveFormat::Alg => found.alg.to_string(),
        SolveFormat::Json => {
            let mut object = Map::from_iter([
                ("solution".into(), found.alg.to_string().into()),
                ("length".into(), found.length.into()),
                ("time_ms".into(), (elapsed.as_secs_f64() * 1e3).into()),
            ]);
            object.extend(found.counts.clone());
            Value::Object(object).to_string()
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
