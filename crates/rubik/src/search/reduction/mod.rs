//! Solving any N×N×N with N ≥ 4 by reduction to a 3×3.
//!
//! The stages, each a list of layer turns:
//!
//! 1. **depth reductions** (with tables that fit the size, [`CentreTables`]): depth by depth,
//!    innermost first, the pieces one layer in from the outer ones are reduced on a proxy
//!    cube by that cube's table-driven phases, its turns the outer layers and the block
//!    reaching the depth, which leave the depths inside alone. The innermost is a 5×5 on odd N
//!    (its x- and t-centres solved, its wings paired with the midges) and a 4×4 on even N
//!    (x-centres solved, wings paired into edges that make a legal 3×3); each other depth is a
//!    5×5 whose middle slice is the block inside it, once the centres between its x-centres
//!    are made into bars of one colour by cuts and 3-cycles (`bars/`). Wing parity is settled inside each
//!    reduction; **wing parity** instead, without tables: every wing orbit whose permutation
//!    is odd gets one quarter turn of a block that holds its layer, so that 3-cycles can
//!    finish it;
//! 2. **centres** (without tables, or where a depth was left): (N ≤ 33) block commutators of two inner blocks, each moving centres of many
//!    orbits at once, while one brings enough pieces onto their faces (`blocks.rs`); then
//!    each centre orbit finished with pure 3-cycles (derived once per orbit type on a small
//!    proxy cube), each step the one that puts the most pieces right per move; on even N the
//!    cube is held the way that finds the most centres already right;
//! 3. **edges** (only what the depth reductions left: without tables, or where a depth's
//!    search was cut): each wing orbit paired, innermost first, by the same greedy placement
//!    (with the wings' slice operations as well as their 3-cycles), with the midges (odd N),
//!    or the innermost one with itself, each edge given the edge whose wings it holds most of,
//!    and the others with it (even N); on even N two edges are swapped if the reduced cube
//!    would be an odd permutation of edges against corners ("PLL parity");
//! 4. **3x3**: the outer layers solved as a 3×3 by the two-phase solver.
//!
//! A time budget cuts only what shortens the solution: when it runs out, the depth reductions
//! and block commutators stop and the 3-cycles, which always finish, do the rest.
//!
//! Every orbit type is derived on a small proxy cube and shared by every N, so nothing grows
//! with N but the number of orbits; the time is about linear in the number of pieces
//! (N² per cube), plus replaying the solution on the stickers. Moves are cancelled across
//! stage boundaries and the whole solution is replayed on the sticker model before it is
//! returned.

mod bars;
mod blocks;
mod distances;
mod edges;
pub mod five;
pub mod four;
mod library;
mod moves;
mod orbit;
mod perimeter;
mod phase_search;
mod three;

use rayon::prelude::*;
use thiserror::Error;

use super::budget::Running;
use super::two_phase::{SolveError, TwoPhase};
use super::{Budget, Solution, Stop};
use crate::cubie::InvalidCube;
use crate::face::{Axis, Face};
use crate::facelet::FaceletCube;
use crate::turn::Turn;

/// The smallest size reduction solves.
pub const MIN_SIZE: usize = 4;
/// The largest size reduction takes on: the moves grow as N² and each face turn costs N² to
/// replay on the stickers, and the greedy placement's time grows with the number of orbits (a
/// random 64×64×64: about 59,000 moves in 18 s of CPU; 128: about four times that).
pub const MAX_SIZE: usize = 128;

/// How hard to work, and when to stop.
#[derive(Clone, Copy)]
pub struct ReductionOptions<'a> {
    /// Search nodes the 3×3 stage spends shortening its first solution of at most 20 moves.
    pub improve_nodes: u64,
    /// Its cancel flag stops the solve (checked before each placement step and every few
    /// thousand search nodes). Its clock only cuts the work that shortens a solution (the
    /// 4×4's and 5×5's later passes; on other sizes the centre tables and the block
    /// commutators, whose work the 3-cycles take over), so it never leaves a cube unsolved.
    /// Its node limit bounds the 3×3 stage's search.
    pub budget: Budget<'a>,
    /// Told `(steps done, steps in all)` as each depth the centre tables solve begins and after
    /// each centre and wing orbit placed, for a progress display.
    pub progress: Option<Progress<'a>>,
}

/// A progress callback: `(done, total)`.
pub type Progress<'a> = &'a (dyn Fn(usize, usize) + Sync);

impl Default for ReductionOptions<'_> {
    fn default() -> Self {
        ReductionOptions {
            improve_nodes: 100_000,
            budget: Budget::default(),
            progress: None,
        }
    }
}

/// The tables a cube of any size is reduced with, depth by depth, before the block
/// commutators and 3-cycles do the rest: the 5×5's, on an odd size, reduce each depth as a
/// 5×5; both, on an even size, reduce the innermost depth as a 4×4 and each other as a 5×5
/// (on the wrong size, tables are not used).
#[derive(Clone, Copy)]
pub enum CentreTables<'t> {
    /// No tables: the commutators and 3-cycles do everything (the slow and long way, which
    /// needs nothing built).
    None,
    /// The 5×5 reduction's tables.
    Five(&'t five::FiveTables),
    /// The 4×4's and the 5×5's.
    FourFive(&'t four::FourTables, &'t five::FiveTables),
}

impl CentreTables<'_> {
    /// Whether the tables reduce a cube of `size` layers depth by depth (the 5×5's on an odd
    /// size, both on an even one).
    fn fit(&self, size: usize) -> bool {
        match self {
            CentreTables::None => false,
            CentreTables::Five(_) => size % 2 == 1,
            CentreTables::FourFive(..) => size % 2 == 0,
        }
    }
}

/// Why reduction gave no solution.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReductionError {
    /// The size is outside what reduction takes on.
    #[error("reduction solves sizes {MIN_SIZE} to {MAX_SIZE}, not {0}")]
    Size(usize),
    /// The stickers make no reachable state: a piece the stages need is missing.
    #[error("not a reachable cube: {0}")]
    Unsolvable(String),
    /// The reduced cube's outer layers are not a 3×3 (the state was not reachable).
    #[error("the reduced cube is not a 3×3: {0}")]
    Reduced(#[from] InvalidCube),
    /// The 3×3 stage failed.
    #[error("the 3x3 stage failed: {0}")]
    ThreeByThree(#[from] SolveError),
    /// The budget's cancel flag stopped the solve before it was done (its clock never does: it
    /// only cuts what shortens a solution).
    #[error("{}", match .0 {
        Stop::Cancelled => "interrupted before the cube was solved",
        _ => "the time budget ran out before the cube was solved",
    })]
    Stopped(Stop),
    /// The solution did not solve the cube when replayed (a bug).
    #[error("internal error: the solution does not solve the cube")]
    Replay,
}

/// Solves `cube` (N ≥ 4) by reduction, the 3×3 stage on `three`: a [`Solution`] in the stages
/// `depth reductions` (with tables that pair the wings, [`CentreTables`]) or `wing parity`,
/// then `centres`, `edges` and `3x3` (each after cancellation with the stages around it; any
/// may be empty). A cube that is not a reachable state is refused first, with the
/// reason [`bigcube::normalise`](crate::bigcube::normalise) gives.
///
/// ```
/// use rubik::search::reduction::{CentreTables, ReductionOptions, solve};
/// use rubik::search::two_phase::{TableSize, TwoPhase, TwoPhaseTables};
/// use rubik::FaceletCube;
/// let tables = TwoPhaseTables::build(TableSize::Tiny, &mut |_| {});
/// let mut cube = FaceletCube::solved(5);
/// cube.apply_alg(&"Rw U2 3Fw' r b D".parse().unwrap()).unwrap();
/// let options = ReductionOptions::default();
/// let solution = solve(&cube, &TwoPhase::new(&tables), CentreTables::None, &options).unwrap();
/// cube.apply(solution.turns());
/// assert!(cube.is_solved());
/// ```
pub fn solve(
    cube: &FaceletCube,
    three: &TwoPhase<'_>,
    tables: CentreTables<'_>,
    options: &ReductionOptions<'_>,
) -> Result<Solution, ReductionError> {
    let size = cube.size();
    let mut work = normalised(cube, MIN_SIZE..=MAX_SIZE)?;
    // The clock cuts only the work that shortens (the centre tables' depths, the block
    // commutators): the 3-cycles and the 3×3 stage always finish, and only a cancel stops them.
    let budget = options.budget.start();
    let calm = unhurried(&options.budget).start();
    let total = depths(size, tables).len()
        + orbit::centre_orbits(size).len()
        + orbit::wing_orbits(size).len();
    let placed = std::cell::Cell::new(0);
    let tick = || {
        placed.set(placed.get() + 1);
        if let Some(progress) = options.progress {
            progress(placed.get(), total);
        }
    };
    // Tables that fit the size reduce each depth first (pairing its wings), all but the
    // outermost depth's reductions chosen here; without, the wing orbits are made even for the
    // 3-cycles.
    let ((name, first), outermost) = match tables.fit(size) {
        true => {
            let mut reduced = Vec::new();
            let colours = centre_colours(&work);
            let outermost = table_centres(
                &mut work.clone(),
                colours,
                tables,
                &mut reduced,
                [&budget, &calm],
                &tick,
            )?;
            (("depth reductions", reduced), outermost)
        }
        false => (("wing parity", edges::wing_parity(&work)?), Vec::new()),
    };
    work.apply(first.iter().copied());
    // Each of the outermost depth's reductions ends the first stage and is finished, the
    // shortest whole solution kept: the 3×3 stage's length differs from one reduced cube to
    // the next by more than the reductions' lengths do.
    let finish = |outermost: Vec<Turn>, tick: &dyn Fn()| -> Result<Solution, ReductionError> {
        let mut work = work.clone();
        work.apply(outermost.iter().copied());
        let mut stages = vec![(name, [first.as_slice(), &outermost].concat())];
        let mut run = |work: &mut FaceletCube, name, turns: Vec<Turn>| {
            work.apply(turns.iter().copied());
            stages.push((name, turns));
        };
        let centres = solve_centres(&work, [&budget, &calm], tick)?;
        run(&mut work, "centres", centres);
        let edges = edges::pair(&work, &calm, tick)?;
        run(&mut work, "edges", edges);
        let rest = Budget {
            nodes: options.budget.nodes,
            ..calm.left(0)
        };
        let last = three::solve(&work, three, 20, options.improve_nodes, rest)?;
        run(
            &mut work,
            "3x3",
            last.moves.iter().map(|m| m.turn(size)).collect(),
        );
        Ok(Solution {
            size,
            stages: moves::cancel(stages),
            budget_ran_out: last.budget_ran_out,
            nodes: last.nodes,
        })
    };
    let mut outermost = outermost.into_iter();
    let shortest_reduction = finish(outermost.next().unwrap_or_default(), &tick);
    // The others' centres and edges are solved already: only the first ticks through them.
    let others = outermost.map(|reduction| finish(reduction, &|| {}));
    replayed(
        cube,
        shortest(std::iter::once(shortest_reduction).chain(others))?,
    )
}

/// `cube`, of a size in `sizes`, validated and recoloured into its frame
/// ([`bigcube::normalise`](crate::bigcube::normalise)): a solver takes nothing else, so every
/// centre orbit holds four stickers of each colour and every piece exists.
fn normalised(
    cube: &FaceletCube,
    sizes: std::ops::RangeInclusive<usize>,
) -> Result<FaceletCube, ReductionError> {
    if !sizes.contains(&cube.size()) {
        return Err(ReductionError::Size(cube.size()));
    }
    crate::bigcube::normalise(cube).map_err(|error| ReductionError::Unsolvable(error.to_string()))
}

/// `solution` if it solves `cube` when replayed on the stickers, else [`ReductionError::Replay`].
fn replayed(cube: &FaceletCube, solution: Solution) -> Result<Solution, ReductionError> {
    let mut replay = cube.clone();
    replay.apply(solution.turns());
    match replay.is_solved() {
        true => Ok(solution),
        false => Err(ReductionError::Replay),
    }
}

/// `budget`'s cancel flag alone: what the work that must finish runs under, so that a budget
/// only cuts what shortens a solution and never leaves a cube unsolved.
fn unhurried<'a>(budget: &Budget<'a>) -> Budget<'a> {
    Budget {
        cancel: budget.cancel,
        ..Budget::default()
    }
}

/// A solve in passes, `attempt` making a solution with one of `efforts` under the options and
/// the started budget it is given: the first effort with the budget's cancel flag alone (it
/// always finishes unless cancelled), then, with a time budget, each later one under
/// `budget` (`options`' budget, started when the solve began) while time is left; the
/// shortest solution, as [`shortest`] picks it.
fn in_passes<E>(
    efforts: &[E],
    options: &ReductionOptions<'_>,
    budget: &Running,
    mut attempt: impl FnMut(&E, &ReductionOptions<'_>, &Running) -> Result<Solution, ReductionError>,
) -> Result<Solution, ReductionError> {
    let first = ReductionOptions {
        budget: unhurried(&options.budget),
        ..*options
    };
    let calm = first.budget.start();
    let later = match options.budget.time {
        Some(_) => &efforts[1..],
        None => &[],
    };
    shortest(
        std::iter::once((&efforts[0], &first, &calm))
            .chain(later.iter().map(|effort| (effort, options, budget)))
            .map(|(effort, options, budget)| attempt(effort, options, budget)),
    )
}

/// The shortest (in OBTM; the earlier of equals) of the solutions `attempts` gives, tried in
/// order: the first attempt's error is the answer, a later one (the budget ran out) ends the
/// tries with the best so far.
fn shortest(
    attempts: impl IntoIterator<Item = Result<Solution, ReductionError>>,
) -> Result<Solution, ReductionError> {
    let mut attempts = attempts.into_iter();
    let first = attempts
        .next()
        .ok_or_else(|| ReductionError::Unsolvable("no reduction found".into()))??;
    Ok(attempts.map_while(Result::ok).fold(
        first,
        |best, s| if s.obtm() < best.obtm() { s } else { best },
    ))
}

/// Solves `cube` by the reduction for its size: a 4×4 or a 5×5 by its table-driven one
/// ([`four::solve`], [`five::solve`]), any other size by [`solve`] with the 5×5's tables (odd
/// sizes) or both (even sizes); each set asked of `four_tables` or `five_tables` only when
/// needed.
pub fn solve_by_size<'f>(
    cube: &FaceletCube,
    three: &TwoPhase<'_>,
    four_tables: impl FnOnce() -> &'f four::FourTables,
    five_tables: impl FnOnce() -> &'f five::FiveTables,
    options: &ReductionOptions<'_>,
) -> Result<Solution, ReductionError> {
    match cube.size() {
        4 => four::solve(cube, three, four_tables(), options),
        5 => five::solve(cube, three, five_tables(), options),
        size if size % 2 == 0 => {
            let tables = CentreTables::FourFive(four_tables(), five_tables());
            solve(cube, three, tables, options)
        }
        _ => solve(cube, three, CentreTables::Five(five_tables()), options),
    }
}

/// The colour each face's centres must show: the fixed centres' on odd N; on even N, of the 24
/// ways the cube can be held, the one that finds the most centre stickers already right.
fn centre_colours(cube: &FaceletCube) -> [Face; 6] {
    if let Some(colours) = cube.centres() {
        return colours;
    }
    let size = cube.size();
    let inner = 1..size - 1;
    let right = |colours: &[Face; 6]| {
        (0..cube.stickers().len())
            .filter(|&i| inner.contains(&(i / size % size)) && inner.contains(&(i % size)))
            .filter(|&i| cube.stickers()[i] == colours[i / (size * size)])
            .count()
    };
    let mut best = Face::ALL;
    for colours in holdings() {
        if right(&colours) > right(&best) {
            best = colours;
        }
    }
    best
}

/// The colours the six faces show in each of the 24 ways a solved cube can be held.
fn holdings() -> Vec<[Face; 6]> {
    let mut found = vec![FaceletCube::solved(1)];
    let mut next = 0;
    while next < found.len() {
        for axis in [Axis::X, Axis::Y] {
            let mut turned = found[next].clone();
            turned.turn(Turn {
                axis,
                first: 0,
                last: 0,
                quarters: 1,
            });
            if !found.contains(&turned) {
                found.push(turned);
            }
        }
        next += 1;
    }
    found
        .iter()
        .map(|cube| std::array::from_fn(|f| cube.stickers()[f]))
        .collect()
}

/// Turns that solve every centre orbit, keeping every wing orbit's parity and every paired
/// edge paired (the block commutators and 3-cycles move centres alone); `tick` after each
/// orbit. Of `[budget, calm]`, the block commutators run under `budget`, and when its clock
/// runs out leave what they have not done to the 3-cycles, which run under `calm`.
fn solve_centres(
    cube: &FaceletCube,
    [budget, calm]: [&Running; 2],
    tick: &dyn Fn(),
) -> Result<Vec<Turn>, ReductionError> {
    let colours = centre_colours(cube);
    let mut work = cube.clone();
    let mut turns = Vec::new();
    if cube.size() <= blocks::MAX_SIZE {
        match blocks::place(&mut work, colours, &mut turns, budget) {
            Err(ReductionError::Stopped(Stop::Timeout)) => {}
            placed => placed?,
        }
    }
    for orbit in orbit::centre_orbits(cube.size()) {
        place_centres(&mut work, &orbit, colours, &mut turns, calm)?;
        tick();
    }
    Ok(turns)
}

/// Search nodes a phase of [`table_centres`] may visit: a depth whose search needs more is left
/// to the 3-cycles, so that a rare slow search (a 5×5's first centre phase has a long tail)
/// cannot hold a big cube up for long. The 5×5's phases took up to 6.4 M nodes on 12 random
/// states, 2 M or fewer on 8 of them; a cap of 2 M made 10 random 7×7s 39 moves longer on
/// average (361.4 against 322.1) for a third of the time, so the cap is set past the tail.
/// The edge phases (which count their nodes together) took up to 7.4 M on 50 depths of random
/// 7×7s and 10×10s, and 12.7 M on one more: a cap of 10 M left that depth to the 3-cycles, and
/// its 10×10 took 770 moves instead of 572.
const TABLE_NODES: u64 = 30_000_000;

/// Reduces the cube depth by depth, innermost first, each on its proxy ([`depths`]), as a
/// 4×4 or 5×5 ([`four::reduce_depth`], [`five::reduce_depth`]): its x- and t-centre orbits
/// (or bars) solved and its wing orbit paired, the centres of its bars first made one colour
/// each by cuts and 3-cycles where its proxy needs them ([`bars::Bars::pair`], under `calm`; the searches
/// under `budget`); of the reductions found, the shortest, or where the next depth pairs
/// bars, the one that with that pairing takes the fewest moves ([`cheapest_with_bars`]). A
/// depth's turns are the outer layers and the block reaching that depth, which leave the
/// orbits inside it alone (a face turn keeps a solved centre orbit solved and a paired edge
/// paired). A depth whose search passes [`TABLE_NODES`] is left as it is, with every depth
/// after it (each stands on the ones inside it), and every depth from where the clock runs
/// out; the wing orbit of such a depth is made even for the 3-cycles
/// ([`edges::orbit_parity`]). Appends the turns to `turns` and makes them on `work`, but for
/// the outermost depth's reductions, which it returns (shortest first; none where that depth
/// was left) for the caller to finish each and keep the best; `tick` as each depth begins.
fn table_centres(
    work: &mut FaceletCube,
    colours: [Face; 6],
    tables: CentreTables<'_>,
    turns: &mut Vec<Turn>,
    [budget, calm]: [&Running; 2],
    tick: &dyn Fn(),
) -> Result<Vec<Vec<Turn>>, ReductionError> {
    let capped = budget.left(TABLE_NODES).start();
    let size = work.size();
    let depths = depths(size, tables);
    // Set when the clock runs out or a depth is left.
    let mut skip_rest = false;
    // The bars of the depth about to be reduced, where the depth before built them to weigh
    // its reductions (so that one depth's bars at a time are in memory).
    let mut weighed: Option<bars::Bars> = None;
    for (index, depth) in depths.iter().enumerate() {
        tick();
        let solved = match skip_rest {
            true => Err(ReductionError::Stopped(Stop::Timeout)),
            false => {
                if depth.paired {
                    let bars = (weighed.take())
                        .unwrap_or_else(|| bars::Bars::new(size, depth.proxy.depth()));
                    bars.pair(work, bars::TRIED, turns, calm)?;
                }
                let proxy = depth.proxy.proxy(work, colours)?;
                depth.by.solve(&proxy, size, &capped)
            }
        };
        let solved = match solved {
            Ok(solved) => solved,
            Err(ReductionError::Stopped(Stop::Cancelled)) => {
                return Err(ReductionError::Stopped(Stop::Cancelled));
            }
            Err(ReductionError::Stopped(_)) => {
                // A depth stands on the ones inside it: none is reduced after one that is
                // not.
                skip_rest = true;
                // The 3-cycles pair only an even wing orbit.
                if let Some(turn) = edges::orbit_parity(work, depth.proxy.depth())? {
                    work.turn(turn);
                    turns.push(turn);
                }
                continue;
            }
            Err(other) => return Err(other),
        };
        let reductions: Vec<Vec<Turn>> = (solved.into_iter().take(LOOK_AHEAD))
            .map(|proxy| proxy.into_iter().map(|t| depth.proxy.turn(t)).collect())
            .collect();
        let real = match depths.get(index + 1) {
            None if !reductions.is_empty() => return Ok(reductions),
            Some(next) if next.paired => {
                let bars = weighed.insert(bars::Bars::new(size, next.proxy.depth()));
                cheapest_with_bars(work, reductions, bars, calm)?
            }
            _ => reductions.into_iter().next(),
        };
        let real = real.ok_or_else(|| ReductionError::Unsolvable("no reduction found".into()))?;
        work.apply(real.iter().copied());
        turns.extend(real);
    }
    Ok(Vec::new())
}

/// Reductions of a depth [`table_centres`] weighs against the pairing of the next depth's bars
/// after each: the shortest this many. On 20 random 6×6s, weighing the 4×4's 2 best (its
/// usual effort) made them 158.7 → 156.7 moves, its 8 best 154.5, its 16 best 153.4.
const LOOK_AHEAD: usize = 16;

/// Orbit placements each weighed pairing tries ([`bars::Bars::pair`]; the one made tries
/// [`bars::TRIED`]): on 20 6×6s, weighing 8 with 6 took 1.9 s a cube instead of 3.7 s with
/// 24, for 0.6 moves more.
const SKETCH: usize = 6;

/// Of the `reductions` of a depth of `work` (real turns), the one that with a pairing of
/// the next depth's `bars` after it takes the fewest moves (under `calm`); none if there are none.
fn cheapest_with_bars(
    work: &FaceletCube,
    reductions: Vec<Vec<Turn>>,
    bars: &bars::Bars,
    calm: &Running,
) -> Result<Option<Vec<Turn>>, ReductionError> {
    // Each weighed apart, side by side on the current pool; the first cheapest kept.
    let weighed = (reductions.into_par_iter())
        .map(|reduction| {
            let mut cube = work.clone();
            cube.apply(reduction.iter().copied());
            let mut pairing = Vec::new();
            bars.pair(&mut cube, SKETCH, &mut pairing, calm)?;
            let cost: usize = (reduction.iter().chain(&pairing))
                .map(|turn| turn.obtm(work.size()))
                .sum();
            Ok((cost, reduction))
        })
        .collect::<Result<Vec<_>, ReductionError>>()?;
    Ok((weighed.into_iter())
        .min_by_key(|&(cost, _)| cost)
        .map(|(_, reduction)| reduction))
}

/// Places the pieces of the centre orbit `orbit` on the faces `colours` says, by 3-cycles:
/// appends the turns to `turns` and makes them on `work`.
fn place_centres(
    work: &mut FaceletCube,
    orbit: &orbit::Orbit,
    colours: [Face; 6],
    turns: &mut Vec<Turn>,
    budget: &Running,
) -> Result<(), ReductionError> {
    let mut state = orbit.read(work);
    let mut homes: Vec<[Face; 2]> = (orbit.kind.pieces.iter())
        .map(|piece| [colours[orbit.face(piece[0]).index()]; 2])
        .collect();
    let done = turns.len();
    orbit.place(&mut state, &mut homes, turns, budget)?;
    work.apply(turns[done..].iter().copied());
    Ok(())
}

/// How [`table_centres`] reduces a depth.
#[derive(Clone, Copy)]
enum By<'t> {
    /// As a 4×4.
    Four(&'t four::FourTables),
    /// As a 5×5.
    Five(&'t five::FiveTables),
}

impl By<'_> {
    /// Proxy turns that solve `proxy`, a depth of a cube of `size` layers, this way, within
    /// `budget`: the solutions found, shortest first.
    fn solve(
        self,
        proxy: &FaceletCube,
        size: usize,
        budget: &Running,
    ) -> Result<Vec<Vec<Turn>>, ReductionError> {
        match self {
            By::Four(four) => four::reduce_depth(four, proxy, budget),
            By::Five(five) => five::reduce_depth(five, proxy, size, budget),
        }
    }
}

/// A depth [`table_centres`] reduces: on its proxy, after pairing the centres between its
/// x-centres into bars of one colour where the proxy needs them.
struct Depth<'t> {
    proxy: orbit::Orbit,
    /// Whether its bars are paired first ([`bars::Bars`]).
    paired: bool,
    by: By<'t>,
}

/// The depths [`table_centres`] reduces on a cube of `size` layers with `tables`, innermost
/// first: the innermost as a 5×5 (its middle slice the cube's) on an odd size with the
/// 5×5's tables, as a 4×4 on an even size with both; then each other as the 5×5 of
/// [`orbit::Orbit::inner_block_proxy`], its bars first paired.
fn depths(size: usize, tables: CentreTables<'_>) -> Vec<Depth<'_>> {
    let half = size / 2;
    let (innermost, five) = match tables {
        CentreTables::Five(five) if size % 2 == 1 => (
            Depth {
                proxy: orbit::t_centre_orbit(size, half - 1),
                paired: false,
                by: By::Five(five),
            },
            five,
        ),
        CentreTables::FourFive(four, five) if size % 2 == 0 => (
            Depth {
                proxy: orbit::x_centre_orbit(size, half - 1),
                paired: false,
                by: By::Four(four),
            },
            five,
        ),
        _ => return Vec::new(),
    };
    std::iter::once(innermost)
        .chain((1..half - 1).rev().map(|d| Depth {
            proxy: orbit::Orbit::inner_block_proxy(size, d),
            paired: true,
            by: By::Five(five),
        }))
        .collect()
}

/// A quarter turn of the block of layers `0..=last` about the x axis.
fn wide_r(last: usize) -> Turn {
    Turn {
        axis: Axis::X,
        first: 0,
        last,
        quarters: 1,
    }
}

#[cfg(test)]
mod tests;
