//! `rubik bench`: how fast the solvers are, on uniformly random states from a seed.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use rubik::bigcube::random_state;
use rubik::search::optimal::{Optimal, OptimalOutcome};
use rubik::search::reduction::{self, ReductionError};
use rubik::search::two_phase::{Limits, TwoPhase, TwoPhaseTables};
use rubik::search::{Budget, Metric};
use rubik::solve::{SolveError, SolveOptions, Tables};
use rubik::{CubieCube, FaceTurn, FaceletCube};

use super::tables::TableArgs;
use super::{parse_max_length, parse_threads, parse_timeout, parse_u64, whole_number};
use crate::output::{CliError, Output, bad};

/// Arguments of `rubik bench`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(Debug, clap::Subcommand)]
enum What {
    /// Two-phase solving: time per state on one core, then throughput on all cores (with a
    /// time budget: each state searched on all cores).
    Solve(SolveArgs),
    /// Optimal solving: time per state, each state on all cores, and the optimal lengths.
    Optimal(OptimalArgs),
}

/// The most states `bench solve` takes.
pub const MAX_SOLVE_STATES: u64 = 100_000;

/// The most states `bench optimal` takes (seconds to minutes each).
pub const MAX_OPTIMAL_STATES: u64 = 10_000;

/// Arguments of `rubik bench optimal`.
#[derive(Debug, clap::Args)]
pub struct OptimalArgs {
    /// How many random states (1 to 10000).
    #[arg(long, short, default_value_t = 5,
          value_parser = whole_number::<usize>(1, MAX_OPTIMAL_STATES))]
    count: usize,
    /// The seed of the random states.
    #[arg(long, short, default_value_t = 1, value_parser = parse_u64)]
    seed: u64,
    /// A time budget per state, in milliseconds (at most a day); a state it stops is counted
    /// apart.
    #[arg(long, value_parser = parse_timeout)]
    timeout_ms: Option<u64>,
    /// The metric solutions are shortest in.
    #[arg(long, default_value_t = Metric::Htm)]
    metric: Metric,
    /// Threads each state is searched on, at most 256 [default: all cores]; with fewer, states
    /// are solved side by side (1: one core per state, as many states at a time as cores).
    #[arg(long, value_parser = parse_threads::<usize>)]
    threads_per_state: Option<usize>,
    #[command(flatten)]
    tables: TableArgs,
}

/// Arguments of `rubik bench solve`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// How many random states (1 to 100000).
    #[arg(long, short, default_value_t = 1000,
          value_parser = whole_number::<usize>(1, MAX_SOLVE_STATES))]
    count: usize,
    /// The longest solution accepted, at most 1000 [default: 20, or none with --timeout-ms:
    /// then each search shortens its solution until the time is up]. 3×3 only.
    #[arg(long, short = 'm', value_parser = parse_max_length)]
    max_length: Option<usize>,
    /// The seed of the random states.
    #[arg(long, short, default_value_t = 1, value_parser = parse_u64)]
    seed: u64,
    /// A time budget per state, in milliseconds (at most a day); a big cube is always solved
    /// (the budget only cuts the work that shortens its solution).
    #[arg(long, value_parser = parse_timeout)]
    timeout_ms: Option<u64>,
    /// Skip the run on all cores.
    #[arg(long)]
    single_only: bool,
    /// The cube size, 3 to 128; 4 and up are solved by reduction, from uniformly random states:
    /// one state after another on one thread, then side by side on all cores.
    #[arg(long, short = 'n', default_value_t = 3,
          value_parser = whole_number::<usize>(3, reduction::MAX_SIZE as u64))]
    size: usize,
    #[command(flatten)]
    tables: TableArgs,
}

pub fn run(args: &Args) -> Result<(), CliError> {
    match &args.what {
        What::Solve(args) => solve(args),
        What::Optimal(args) => optimal(args),
    }
}

/// The figures of one run.
struct Figures {
    times: Vec<Duration>,
    lengths: Vec<usize>,
    wall: Duration,
}

/// `x` to three significant figures (but every figure before the point): 12345, 123, 1.23,
/// 0.0123.
fn three_figures(x: f64) -> String {
    let before_point = if x > 0.0 {
        x.log10().floor() as i32 + 1
    } else {
        1
    };
    format!("{x:.*}", (3 - before_point).max(0) as usize)
}

impl Figures {
    fn describe(&mut self, label: &str) -> Vec<String> {
        self.times.sort();
        let n = self.times.len();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let mean = self.times.iter().sum::<Duration>() / n as u32;
        let mean_length = self.lengths.iter().sum::<usize>() as f64 / n as f64;
        let mut histogram = [0usize; 32];
        for &l in &self.lengths {
            histogram[l.min(31)] += 1;
        }
        let spread: Vec<String> = histogram
            .iter()
            .enumerate()
            .filter(|(_, count)| **count > 0)
            .map(|(length, count)| format!("{length}:{count}"))
            .collect();
        vec![
            format!(
                "{label}: median {:.3} ms, mean {:.3} ms, p95 {:.3} ms, max {:.3} ms per state; \
                 {} states/s",
                ms(self.times[n / 2]),
                ms(mean),
                ms(self.times[(n * 95 / 100).min(n - 1)]),
                ms(self.times[n - 1]),
                three_figures(n as f64 / self.wall.as_secs_f64())
            ),
            format!(
                "{label}: mean length {mean_length:.2}; lengths {}",
                spread.join(" ")
            ),
        ]
    }
}

/// A time budget per state as the header line says it.
fn budget_text(timeout_ms: Option<u64>) -> String {
    timeout_ms.map_or("none".to_string(), |t| format!("{t} ms"))
}

/// `count` uniformly random states from `seed`.
fn random_states(count: usize, seed: u64) -> Vec<CubieCube> {
    let mut rng = rubik::seeded_rng(seed);
    (0..count).map(|_| CubieCube::random(&mut rng)).collect()
}

/// An error unless `moves` solve `cube`.
fn check_solves(cube: &CubieCube, moves: &[FaceTurn]) -> Result<(), CliError> {
    let mut end = *cube;
    end.apply(moves);
    if end.is_solved() {
        Ok(())
    } else {
        Err(CliError::Io(std::io::Error::other(
            "a solution failed to solve",
        )))
    }
}

/// The 3×3 tables of `tables` (mapped, as `rubik solve` holds them), loaded now, and a line
/// saying how long that took.
fn load_tables<'t>(
    tables: &'t Tables<'_>,
    out: &mut Output,
) -> Result<&'t TwoPhaseTables, CliError> {
    let start = Instant::now();
    let loaded = tables.two_phase();
    out.line(&format!(
        "tables: {} ready in {:.0} ms",
        loaded.size(),
        start.elapsed().as_secs_f64() * 1e3
    ))?;
    Ok(loaded)
}

fn solve(args: &SolveArgs) -> Result<(), CliError> {
    if args.size >= reduction::MIN_SIZE {
        return solve_big(args);
    }
    let states = random_states(args.count, args.seed);
    let mut out = Output::stdout_per_line();
    let tables = args.tables.solve_tables();
    let solver = TwoPhase::new(load_tables(&tables, &mut out)?);
    let max_length = match (args.max_length, args.timeout_ms) {
        (None, None) => Some(20),
        (given, _) => given,
    };
    let limits = Limits {
        max_length,
        budget: Budget {
            time: args.timeout_ms.map(Duration::from_millis),
            ..Budget::default()
        },
        ..Limits::default()
    };
    // With a time budget every state takes it all, so the run on all cores gives each state
    // every thread in turn (more search in the same time); without, it measures throughput.
    let budget_per_state = args.timeout_ms.is_some();
    let solve_one = |cube: &CubieCube, parallel: bool| -> Result<(Duration, usize), CliError> {
        let t = Instant::now();
        let solution = if parallel {
            solver.solve_parallel(cube, &limits)
        } else {
            solver.solve(cube, &limits)
        }
        .map_err(bad)?;
        let elapsed = t.elapsed();
        check_solves(cube, &solution.moves)?;
        Ok((elapsed, solution.len()))
    };
    let run = |parallel: bool| -> Result<Figures, CliError> {
        let t = Instant::now();
        let results: Result<Vec<_>, _> = match (parallel, budget_per_state) {
            (false, _) => states.iter().map(|c| solve_one(c, false)).collect(),
            (true, true) => states.iter().map(|c| solve_one(c, true)).collect(),
            (true, false) => states.par_iter().map(|c| solve_one(c, false)).collect(),
        };
        let wall = t.elapsed();
        let (times, lengths) = results?.into_iter().unzip();
        Ok(Figures {
            times,
            lengths,
            wall,
        })
    };
    let length = max_length.map_or("none".to_string(), |l| l.to_string());
    let budget = budget_text(args.timeout_ms);
    out.line(&format!(
        "{} random states (seed {}), max length {length}, budget {budget}",
        states.len(),
        args.seed,
    ))?;
    for line in run(false)?.describe("1 thread") {
        out.line(&line)?;
    }
    if !args.single_only {
        let per_state = if budget_per_state { " per state" } else { "" };
        let label = format!("{} threads{per_state}", rayon::current_num_threads());
        for line in run(true)?.describe(&label) {
            out.line(&line)?;
        }
    }
    Ok(out.finish()?)
}

/// The most 3×3 states, and the longest time, the yardstick of `bench solve --size N` takes.
const YARDSTICK_STATES: usize = 1000;
const YARDSTICK_TIME: Duration = Duration::from_secs(1);

/// The states the run on all cores of `bench solve --size N` makes and solves at a time.
const STATES_AT_A_TIME: usize = 256;

/// `bench solve --size N` for N ≥ 4: the moves (OBTM, STM, per stage) and time per state of
/// `rubik::solve` (validation, then reduction), one state after another on one thread; as a
/// yardstick that makes figures from a busy machine comparable, the 3×3 two-phase time per
/// state on that thread right after; then the same states on all cores (solutions of the same
/// lengths, checked, unless a time budget makes them depend on speed).
fn solve_big(args: &SolveArgs) -> Result<(), CliError> {
    if args.max_length.is_some() {
        return Err(CliError::BadInput(format!(
            "--max-length is for the 3×3 benchmark: --size {} is solved by reduction, which has \
             no length limit to search under",
            args.size
        )));
    }
    let mut out = Output::stdout_per_line();
    let big = args.tables.solve_tables();
    let solver = TwoPhase::new(load_tables(&big, &mut out)?);
    let size = args.size;
    // The 4×4's and 5×5's tables load before the clock starts, as the 3×3's do.
    big.load_for(size);
    // As `rubik solve` solves a state.
    let options = SolveOptions {
        budget: Budget {
            time: args.timeout_ms.map(Duration::from_millis),
            ..Budget::default()
        },
        ..SolveOptions::new(&big)
    };
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .map_err(|error| CliError::Failed(format!("cannot start a thread: {error}")))?;
    // State `i` (from 1) solved, or the error that ends the run.
    let solve_one = |i: usize, cube: &FaceletCube| {
        rubik::solve::solve(cube, &options).map_err(|e| match e {
            SolveError::Reduction(ReductionError::Stopped(_)) => {
                CliError::Failed(format!("state {i} of {}: {e}", args.count))
            }
            e => bad(e),
        })
    };
    let mut rng = rubik::seeded_rng(args.seed);
    let (mut times, mut obtm, mut stm) = (Vec::new(), Vec::new(), Vec::new());
    let mut stages: Vec<(&str, usize)> = Vec::new();
    for i in 1..=args.count {
        let cube = random_state(size, &mut rng);
        let t = Instant::now();
        let solution = one_thread.install(|| solve_one(i, &cube))?;
        times.push(t.elapsed());
        obtm.push(solution.obtm());
        stm.push(solution.stm());
        for (k, stage) in solution.stages.iter().enumerate() {
            if stages.len() <= k {
                stages.push((stage.name, 0));
            }
            stages[k].1 += stage
                .turns
                .iter()
                .map(|turn| turn.obtm(size))
                .sum::<usize>();
        }
    }
    // After the run, when the 3×3 tables' pages are as warm as the run kept them.
    let yardstick = one_thread.install(|| yardstick(&solver, args.seed))?;
    let n = args.count as f64;
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let per_stage: Vec<String> = stages
        .iter()
        .map(|(name, total)| format!("{name} {:.1}", *total as f64 / n))
        .collect();
    out.line(&format!(
        "{size}x{size}x{size}: {} uniformly random states (seed {}), one thread",
        args.count, args.seed
    ))?;
    // Mean, median and 95th percentile of a sorted list.
    let spread = |sorted: &[f64]| {
        let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
        let mean = sorted.iter().sum::<f64>() / sorted.len() as f64;
        format!("mean {mean:.2}, median {:.1}, p95 {:.1}", at(0.5), at(0.95))
    };
    let sorted = |v: &[usize]| {
        let mut v: Vec<f64> = v.iter().map(|&x| x as f64).collect();
        v.sort_by(f64::total_cmp);
        v
    };
    out.line(&format!(
        "OBTM: {} (min {}, max {}); STM: {}",
        spread(&sorted(&obtm)),
        obtm.iter().min().unwrap_or(&0),
        obtm.iter().max().unwrap_or(&0),
        spread(&sorted(&stm)),
    ))?;
    out.line(&format!("by stage (mean OBTM): {}", per_stage.join(", ")))?;
    let times: Vec<f64> = times.into_iter().map(ms).collect();
    let mean = times.iter().sum::<f64>() / n;
    out.line(&format!(
        "time per state (ms): {}, max {:.1}",
        spread(&times),
        times[times.len() - 1]
    ))?;
    out.line(&format!(
        "yardstick, the 3x3 two-phase solver on one thread in this run: {} random states, \
         max length 20, mean {:.3} ms a state; a {size}x{size}x{size} took {} times as long",
        yardstick.0,
        yardstick.1,
        three_figures(mean / yardstick.1),
    ))?;
    if args.single_only {
        return Ok(out.finish()?);
    }
    // The same states again, side by side on every core, a batch at a time.
    let mut rng = rubik::seeded_rng(args.seed);
    let start = Instant::now();
    let mut lengths = Vec::with_capacity(args.count);
    for first in (1..=args.count).step_by(STATES_AT_A_TIME) {
        let last = args.count.min(first + STATES_AT_A_TIME - 1);
        let cubes: Vec<_> = (first..=last)
            .map(|_| random_state(size, &mut rng))
            .collect();
        let solved: Result<Vec<usize>, CliError> = cubes
            .par_iter()
            .enumerate()
            .map(|(k, cube)| solve_one(first + k, cube).map(|solution| solution.obtm()))
            .collect();
        lengths.extend(solved?);
    }
    let wall = start.elapsed().as_secs_f64();
    if args.timeout_ms.is_none() && lengths != obtm {
        return Err(CliError::Failed(
            "the run on all cores found solutions of other lengths than the run on one thread"
                .into(),
        ));
    }
    out.line(&format!(
        "{} threads, states side by side: {:.1} s in all, {} states/s",
        rayon::current_num_threads(),
        wall,
        three_figures(n / wall),
    ))?;
    Ok(out.finish()?)
}

/// The 3×3 two-phase solver's mean time per state on the current thread (max length 20, no
/// shortening, as `bench solve` on a 3×3), over random states from `seed` until
/// [`YARDSTICK_STATES`] or [`YARDSTICK_TIME`]: `(states, mean ms)`.
fn yardstick(solver: &TwoPhase<'_>, seed: u64) -> Result<(usize, f64), CliError> {
    let limits = Limits {
        max_length: Some(20),
        ..Limits::default()
    };
    let start = Instant::now();
    let mut solved = 0;
    for cube in random_states(YARDSTICK_STATES, seed) {
        let solution = solver.solve(&cube, &limits).map_err(bad)?;
        check_solves(&cube, &solution.moves)?;
        solved += 1;
        if start.elapsed() >= YARDSTICK_TIME {
            break;
        }
    }
    Ok((solved, start.elapsed().as_secs_f64() * 1e3 / solved as f64))
}

fn optimal(args: &OptimalArgs) -> Result<(), CliError> {
    let states = random_states(args.count, args.seed);
    let mut out = Output::stdout_per_line();
    let start = Instant::now();
    let tables = args.tables.load_optimal(args.metric);
    out.line(&format!(
        "tables: {} ready in {:.0} ms",
        tables.size(),
        start.elapsed().as_secs_f64() * 1e3
    ))?;
    let solver = Optimal::new(&tables);
    let cores = rayon::current_num_threads();
    let threads = args.threads_per_state.unwrap_or(cores);
    let side_by_side = (cores / threads).max(1);
    out.line(&format!(
        "{} random states (seed {}), budget {}, {threads} threads per state, {side_by_side} \
         at a time",
        states.len(),
        args.seed,
        budget_text(args.timeout_ms),
    ))?;
    let limits = Budget {
        time: args.timeout_ms.map(Duration::from_millis),
        ..Budget::default()
    };
    let pools = (0..side_by_side)
        .map(|_| rayon::ThreadPoolBuilder::new().num_threads(threads).build())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|error| CliError::Failed(format!("cannot start threads: {error}")))?;
    let next = AtomicUsize::new(0);
    let figures = Mutex::new(Figures {
        times: Vec::new(),
        lengths: Vec::new(),
        wall: Duration::ZERO,
    });
    let stopped = AtomicUsize::new(0);
    let wall = Instant::now();
    // Each pool takes the next state until none is left, and sends its line as it ends.
    let work = |pool: &rayon::ThreadPool, lines: mpsc::Sender<String>| -> Result<(), CliError> {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(cube) = states.get(i) else {
                return Ok(());
            };
            let t = Instant::now();
            let outcome = pool.install(|| solver.solve(cube, &limits));
            let elapsed = t.elapsed();
            let line = match outcome {
                OptimalOutcome::Solved(solution) => {
                    check_solves(cube, &solution.moves)?;
                    let length = solution.length(args.metric);
                    let mut figures = figures.lock().expect("no thread panics");
                    figures.times.push(elapsed);
                    figures.lengths.push(length);
                    format!("length {length} {}, {} nodes", args.metric, solution.nodes)
                }
                OptimalOutcome::Stopped {
                    lower_bound, nodes, ..
                } => {
                    stopped.fetch_add(1, Ordering::Relaxed);
                    format!("stopped: at least {lower_bound} moves, {nodes} nodes")
                }
            };
            let text = format!("state {}: {line}, {:.3} s", i + 1, elapsed.as_secs_f64());
            // The receiver outlives every sender.
            let _ = lines.send(text);
        }
    };
    std::thread::scope(|scope| {
        let (sender, lines) = mpsc::channel();
        let running: Vec<_> = pools
            .iter()
            .map(|pool| {
                let sender = sender.clone();
                scope.spawn(|| work(pool, sender))
            })
            .collect();
        drop(sender);
        for line in lines {
            out.line(&line)?;
        }
        running
            .into_iter()
            .try_for_each(|thread| thread.join().expect("no thread panics"))
    })?;
    let mut figures = figures.into_inner().expect("no thread panics");
    figures.wall = wall.elapsed();
    if !figures.times.is_empty() {
        for line in figures.describe("optimal") {
            out.line(&line)?;
        }
    }
    let stopped = stopped.into_inner();
    if stopped > 0 {
        out.line(&format!("{stopped} stopped by the budget"))?;
    }
    Ok(out.finish()?)
}

#[cfg(test)]
mod tests {
    use super::three_figures;

    #[test]
    fn rates_keep_three_significant_figures() {
        assert_eq!(three_figures(12345.6), "12346");
        assert_eq!(three_figures(123.4), "123");
        assert_eq!(three_figures(1.2345), "1.23");
        assert_eq!(three_figures(0.28976), "0.290");
        assert_eq!(three_figures(0.012345), "0.0123");
        assert_eq!(three_figures(0.0), "0.00");
    }
}
