//! Provably shortest 3×3 solutions in the face-turn metric (HTM) or the quarter-turn metric
//! (QTM), by IDA*.
//!
//! The search deepens a bound and walks every canonical sequence (never the same face twice in
//! a row but for a quarter turn doubled in QTM, opposite faces in one order only) whose length
//! plus a lower bound of the distance still left fits the bound; the first solution found at
//! the smallest bound is a shortest one. In HTM the bound grows a move at a time; in QTM two at
//! a time, since every quarter turn changes the corner permutation's parity: the distance has
//! the parity of the state's corner permutation.
//!
//! The lower bound ([`OptimalTables`]) is the largest of the distances read from one table for
//! the state seen along each axis (conjugated by the diagonal turn), and, with the tables that
//! are read alone, for its inverse seen along each axis (a state and its inverse are as far
//! from solved): distances to a goal every solution passes through (phase 1's subgroup, or a
//! subgroup of it), so each of them, and their maximum, is at most the distance to solved, in
//! either metric (a quarter turn is a face turn). The state's coordinates follow the moves
//! through the move tables, every move first mapped into the view's frame by a table made once;
//! the inverse is kept as pieces, since a move after the state is one before its inverse.
//!
//! A bound does more than prune. A goal is a group, and when a state is exactly as far from a
//! goal as moves are left, no solution ends with a move of that group (without it, fewer moves
//! would reach the goal): nor, by the inverse's bounds, does any begin with one. Every goal
//! holds the U and D turns of its axis (but the narrower goals, only half turns), so three
//! such bounds leave no last move at all. The search keeps the moves a solution may still end
//! with along its path, and turns only the moves it may begin with.
//!
//! A two-phase solution comes first: it bounds the answer from above, ends the search as soon
//! as the proved lower bound reaches its length, and is what a search stopped by its budget
//! still has to offer. In HTM, before each deepening that could find a shorter solution, the
//! two-phase search looks for one of the deepening's length, for at most about a quarter of the
//! time the deepening before took: once no shorter solution exists, one it finds is a shortest
//! one, and it often finds it long before the deepening would (in 7 of 40 random states, a
//! deepening of 10 to 30 seconds became a look of about a second).
//!
//! The search waits mostly on memory: each child of a node reads a symmetry class, then a table
//! entry, in each view it needs, both likely misses of every cache. Within each deepening the
//! subtrees under the first three moves are tasks, claimed one at a time by a worker on each
//! core; a worker searches eight of them side by side, each on an explicit stack, and turns
//! to the next as soon as one has started loading what it reads next, so the waits overlap.
//! The first solution found ends the deepening. Each deepening takes the subtrees in the order
//! of the nodes the one before searched under them, most first: a solution is likeliest where
//! the bound prunes least, so the last deepening, which finds it, ends sooner.
//!
//! This module holds the API and the loop of deepenings; `expand` makes and keeps a node's
//! children, `scheduler` runs one deepening on every core, `tables` holds the bounds and
//! `split` the huge table's entry format.

mod expand;
mod scheduler;
mod split;
mod tables;

pub use tables::{OptimalTableSize, OptimalTables};

use std::sync::atomic::Ordering;

use super::Metric;
use super::budget::Budget;
use super::canonical::turns_seen_along_axes;
use super::two_phase::{Found, Limits, TwoPhase};
use crate::cubie::{CubieCube, FaceTurn, mask_of};
use crate::face::Axis;
use scheduler::{Costs, Search};
use tables::FreeMoves;

/// The two-phase search nodes spent on the first upper bound (a few milliseconds).
const UPPER_BOUND_NODES: u64 = 1_000_000;

/// The two-phase search nodes spent looking for a solution of the length a deepening is about
/// to search, per IDA* node of the deepening before: a two-phase node costs thirty (large
/// two-phase tables) to sixty times (medium) less, so the look takes about a quarter to an
/// eighth of the time the deepening before took.
const TWO_PHASE_NODES_PER_NODE: u64 = 8;

/// How an optimal search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptimalOutcome {
    /// A shortest solution; its `nodes` counts the IDA* nodes searched and its
    /// `budget_ran_out` is false.
    Solved(Found),
    /// The budget ended the search first.
    Stopped {
        /// A proved lower bound of the distance: no solution is shorter.
        lower_bound: usize,
        /// The best solution known (from the two-phase solver), if any.
        best: Option<Found>,
        /// IDA* nodes searched.
        nodes: u64,
    },
}

/// The optimal 3×3 solver.
///
/// ```no_run
/// use rubik::search::optimal::{Optimal, OptimalOutcome, OptimalTableSize, OptimalTables};
/// use rubik::search::{Budget, Metric};
/// // The small tables take seconds to build, the large ones minutes; a cache directory keeps them.
/// let tables = OptimalTables::build(OptimalTableSize::Small, Metric::Htm, &mut |_| {});
/// let optimal = Optimal::new(&tables);
/// let mut cube = rubik::CubieCube::SOLVED;
/// cube.apply(&[rubik::FaceTurn::ALL[0], rubik::FaceTurn::ALL[4]]);
/// match optimal.solve(&cube, &Budget::default()) {
///     OptimalOutcome::Solved(solution) => assert_eq!(solution.len(), 2),
///     OptimalOutcome::Stopped { .. } => unreachable!("no budget was given"),
/// }
/// ```
pub struct Optimal<'t> {
    tables: &'t OptimalTables,
    two_phase: TwoPhase<'t>,
    /// For each axis r and move k: the move the view along axis r makes.
    seen: [[FaceTurn; 18]; 3],
    /// For each move: the view in which it turns U or D (whose inverse bound it leaves as is).
    own_view: [u8; 18],
    /// The moves each view's goals hold.
    free: FreeMoves,
    /// Whether the inverse's bounds are read (the tables read alone).
    inverse: bool,
    metric: Metric,
    /// The moves a solution is made of: all 18 face turns, or the 12 quarter turns.
    moves: &'static [FaceTurn],
    /// The same moves as a mask.
    turns: u32,
}

impl<'t> Optimal<'t> {
    /// A solver over `tables`, in the metric they were made for.
    pub fn new(tables: &'t OptimalTables) -> Optimal<'t> {
        let seen = turns_seen_along_axes();
        let own_view = std::array::from_fn(|m| {
            (0..3)
                .find(|&r| seen[r][m].face().axis() == Axis::Y)
                .expect("every face is U or D along one axis") as u8
        });
        Optimal {
            tables,
            two_phase: TwoPhase::new(tables.two_phase()),
            seen,
            own_view,
            free: tables.free_moves(),
            inverse: tables.reads_alone(),
            metric: tables.metric(),
            moves: tables.metric().face_turns(),
            turns: mask_of(tables.metric().face_turns()),
        }
    }

    /// A solver over `tables` in `metric`, if their bound holds there: a distance in face
    /// turns bounds one in quarter turns too, not the other way round.
    pub fn with_metric(tables: &'t OptimalTables, metric: Metric) -> Option<Optimal<'t>> {
        tables.bounds_in(metric).then(|| Optimal {
            metric,
            moves: metric.face_turns(),
            turns: mask_of(metric.face_turns()),
            ..Optimal::new(tables)
        })
    }

    /// The metric solutions are shortest in.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The admissible lower bound of the distance of `cube` that the search starts from.
    pub fn lower_bound(&self, cube: &CubieCube) -> usize {
        usize::from(self.root(cube).bound)
    }

    /// A shortest solution of `cube`, unless `budget` ends the search first (its nodes are
    /// counted across all tasks, so a little more may be visited).
    pub fn solve(&self, cube: &CubieCube, budget: &Budget<'_>) -> OptimalOutcome {
        self.solve_below(cube, budget, self.upper_bound(cube, budget))
    }

    /// A shortest solution of `cube` found by IDA*, or `upper`, a known solution, once no
    /// shorter one is left to find.
    fn solve_below(
        &self,
        cube: &CubieCube,
        budget: &Budget<'_>,
        mut upper: Option<Found>,
    ) -> OptimalOutcome {
        let search = Search::new(self, cube, budget);
        let root = self.root(cube);
        let mut costs = Costs::new();
        let (mut depth, step) = match self.metric {
            Metric::Htm => (usize::from(root.bound), 1),
            Metric::Qtm => {
                let bound = usize::from(root.bound);
                (bound + (bound + usize::from(cube.corner_parity())) % 2, 2)
            }
        };
        // The IDA* nodes of the last deepening.
        let mut last_nodes = 0;
        loop {
            if self.metric == Metric::Htm
                && last_nodes > 0
                && upper.as_ref().is_some_and(|best| best.len() > depth)
                && !search.stopped.load(Ordering::Relaxed)
            {
                let budget = TWO_PHASE_NODES_PER_NODE * last_nodes;
                upper = self
                    .two_phase_within(cube, depth, budget, &search)
                    .or(upper);
            }
            if upper
                .as_ref()
                .is_some_and(|best| best.length(self.metric) <= depth)
            {
                // No solution is shorter than `depth`: the two-phase one is optimal.
                let best = upper.expect("checked above");
                return OptimalOutcome::Solved(Found {
                    budget_ran_out: false,
                    nodes: search.nodes(),
                    ..best
                });
            }
            if search.stopped.load(Ordering::Relaxed) {
                return OptimalOutcome::Stopped {
                    lower_bound: depth,
                    best: upper,
                    nodes: search.nodes(),
                };
            }
            let before = search.nodes();
            costs = search.deepen(root, depth, &costs);
            last_nodes = search.nodes() - before;
            if let Some(path) = search.solution.lock().expect("no task panics").take() {
                return OptimalOutcome::Solved(Found {
                    moves: merge_doubled_quarter_turns(&path),
                    budget_ran_out: false,
                    nodes: search.nodes(),
                });
            }
            if !search.stopped.load(Ordering::Relaxed) {
                depth += step;
            }
        }
    }

    /// A two-phase solution of `cube` of at most `length` face turns, if one is found within
    /// `nodes` two-phase nodes (and the search's time budget and cancel flag), on all threads
    /// of the pool.
    ///
    /// Once a deepening has proved that no solution is shorter than `length`, such a solution
    /// is a shortest one, and the two-phase search, a different walk with other bounds, often
    /// finds one much sooner than the next deepening would: in a random state of 18 moves whose
    /// first two-phase solution has 19 or 20, that deepening takes most of the time.
    fn two_phase_within(
        &self,
        cube: &CubieCube,
        length: usize,
        nodes: u64,
        search: &Search<'_, '_>,
    ) -> Option<Found> {
        let limits = Limits {
            max_length: Some(length),
            improve_nodes: None,
            budget: search.budget.left(nodes),
        };
        let found = self.two_phase.solve_parallel(cube, &limits).ok();
        found.filter(|solution| solution.len() <= length)
    }

    /// A two-phase solution of `cube`, shortened for a few milliseconds (within the time
    /// budget and cancel flag), if one is found.
    fn upper_bound(&self, cube: &CubieCube, budget: &Budget<'_>) -> Option<Found> {
        let limits = Limits {
            max_length: None,
            improve_nodes: None,
            budget: Budget {
                nodes: Some(UPPER_BOUND_NODES),
                ..*budget
            },
        };
        self.two_phase.solve(cube, &limits).ok()
    }
}

/// A path of quarter and face turns with each doubled quarter turn made one half turn (in
/// HTM, where no move repeats, the path itself).
fn merge_doubled_quarter_turns(path: &[FaceTurn]) -> Vec<FaceTurn> {
    let mut moves: Vec<FaceTurn> = Vec::with_capacity(path.len());
    for &m in path {
        match moves.last_mut() {
            Some(last) if *last == m => *last = FaceTurn::new(m.face(), 2),
            _ => moves.push(m),
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::bfs::{Bfs, MoveSet, Outcome};
    use crate::{FaceletCube, scramble::random_moves};
    use std::sync::OnceLock;

    /// The small tables (in both metrics), built once for the tests that share them.
    fn small_tables() -> &'static OptimalTables {
        static TABLES: OnceLock<OptimalTables> = OnceLock::new();
        TABLES
            .get_or_init(|| OptimalTables::build(OptimalTableSize::Small, Metric::Htm, &mut |_| {}))
    }

    /// Given a known solution two moves longer than a shortest one, the solver still returns a
    /// shortest one (found by a deepening or by a two-phase look between deepenings).
    #[test]
    fn a_long_known_solution_gives_way_to_a_shortest_one() {
        let solver = Optimal::new(small_tables());
        let mut rng = crate::seeded_rng(5);
        for length in [8, 9, 10] {
            let scramble = random_moves(3, length, &mut rng);
            let mut stickers = FaceletCube::solved(3);
            stickers.apply_alg(&scramble).unwrap();
            let cube = CubieCube::try_from(&stickers).unwrap();
            let limits = Budget::default();
            let OptimalOutcome::Solved(shortest) = solver.solve_below(&cube, &limits, None) else {
                panic!("{stickers}: stopped with no budget");
            };
            // A U turn and its undoing after a shortest solution: still a solution.
            let mut moves = shortest.moves.clone();
            let u = FaceTurn::new(crate::face::Face::U, 1);
            moves.extend([u, u.inverse()]);
            let long = Found {
                moves,
                budget_ran_out: false,
                nodes: 0,
            };
            let OptimalOutcome::Solved(found) = solver.solve_below(&cube, &limits, Some(long))
            else {
                panic!("{stickers}: stopped with no budget");
            };
            let mut end = cube;
            end.apply(&found.moves);
            assert!(end.is_solved(), "{stickers}");
            assert_eq!(found.len(), shortest.len(), "{stickers}");
        }
    }

    /// The search alone, with no two-phase solution to fall back on, agrees with breadth-first
    /// search in both metrics.
    #[test]
    fn the_search_alone_finds_shortest_solutions() {
        let mut rng = crate::seeded_rng(9);
        for (metric, moves) in [
            (Metric::Htm, MoveSet::FaceTurns),
            (Metric::Qtm, MoveSet::QuarterTurns),
        ] {
            let solver = Optimal::with_metric(small_tables(), metric).expect("holds in both");
            for length in 1..=7 {
                let mut stickers = FaceletCube::solved(3);
                stickers
                    .apply_alg(&random_moves(3, length, &mut rng))
                    .unwrap();
                let cube = CubieCube::try_from(&stickers).unwrap();
                let outcome = solver.solve_below(&cube, &Budget::default(), None);
                let OptimalOutcome::Solved(solution) = outcome else {
                    panic!("{stickers}: stopped with no budget");
                };
                let mut end = cube;
                end.apply(&solution.moves);
                assert!(end.is_solved(), "{stickers}");
                let Ok(Outcome::Solved(shortest)) = Bfs::new(moves.clone()).solve(&stickers) else {
                    panic!("{stickers}: no breadth-first solution");
                };
                assert_eq!(
                    solution.length(metric),
                    shortest.turns.len(),
                    "{metric} {stickers}"
                );
            }
        }
    }
}
