//! Provably shortest 3×3 solutions in the face-turn metric (HTM), by IDA*.
//!
//! The search deepens a bound one move at a time and walks every canonical sequence (never the
//! same face twice in a row, opposite faces in one order only) whose length plus a lower bound
//! of the distance still left fits the bound; the first solution found at the smallest bound is
//! a shortest one.
//!
//! The lower bound ([`tables`]) is the largest of three distances read from one table, one for
//! the state seen along each axis (conjugated by the diagonal turn): the distance to a goal
//! every solution passes through (phase 1's subgroup, or with the large table that subgroup
//! with the slice edges also solved), so each of them, and their maximum, is at most the
//! distance to solved. Each view's coordinates follow the moves through the move tables, every
//! move first mapped into the view's frame by a table made once.
//!
//! A two-phase solution comes first: it bounds the answer from above, ends the search as soon
//! as the proved lower bound reaches its length, and is what a search stopped by its budget
//! still has to offer. Within each deepening the subtrees under the first two moves are
//! searched side by side on all cores; the first solution found ends the deepening.

mod tables;

pub use tables::{OptimalTableSize, OptimalTables};

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::two_phase::{Limits, Solution, TwoPhase, moves_seen_along_axes};
use crate::cubie::{CubieCube, MOVES};
use tables::{Coords, Probe};

/// The moves fixed before the search splits into tasks run side by side (18 × 15 subtrees).
const SPLIT_DEPTH: usize = 2;

/// Search nodes a task visits between looks at the shared budget and flags.
const CHECK_EVERY: u64 = 1 << 12;

/// The two-phase search nodes spent on the first upper bound (a few milliseconds).
const UPPER_BOUND_NODES: u64 = 1_000_000;

/// The longest path a search can hold: more than God's number (20).
const MAX_DEPTH: usize = 32;

/// When to give up on a search.
#[derive(Clone, Copy, Debug, Default)]
pub struct OptimalLimits<'a> {
    /// Stop after this long.
    pub time: Option<Duration>,
    /// Stop after visiting about this many search nodes (counted across all tasks, so a
    /// little more may be visited).
    pub nodes: Option<u64>,
    /// Stop as soon as this becomes true (checked every few thousand nodes).
    pub cancel: Option<&'a AtomicBool>,
}

/// How an optimal search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptimalOutcome {
    /// A shortest solution; its `nodes` counts the IDA* nodes searched and its
    /// `budget_ran_out` is false.
    Solved(Solution),
    /// A budget or the cancel flag ended the search first.
    Stopped {
        /// A proved lower bound of the distance: no solution is shorter.
        lower_bound: usize,
        /// The best solution known (from the two-phase solver), if any.
        best: Option<Solution>,
        /// IDA* nodes searched.
        nodes: u64,
    },
}

/// The optimal 3×3 solver.
///
/// ```no_run
/// use rubik::search::optimal::{Optimal, OptimalLimits, OptimalOutcome, OptimalTableSize, OptimalTables};
/// use rubik::CubieCube;
/// // The small tables take seconds to build, the large ones minutes; a cache directory keeps them.
/// let tables = OptimalTables::build(OptimalTableSize::Small, &mut |_| {});
/// let optimal = Optimal::new(&tables);
/// let cube = rubik::cubie::MOVES[0] * rubik::cubie::MOVES[4];
/// match optimal.solve(&cube, &OptimalLimits::default()) {
///     OptimalOutcome::Solved(solution) => assert_eq!(solution.len(), 2),
///     OptimalOutcome::Stopped { .. } => unreachable!("no budget was given"),
/// }
/// ```
pub struct Optimal<'t> {
    tables: &'t OptimalTables,
    two_phase: TwoPhase<'t>,
    /// For each axis r and move k: the move the view along axis r makes.
    seen: [[u8; 18]; 3],
}

/// The coordinates of one view and its lower bound.
#[derive(Clone, Copy, Debug, Default)]
struct View {
    coords: Coords,
    distance: u8,
}

impl View {
    /// Whether the view's coordinates are solved, read without a table.
    fn in_goal(&self) -> bool {
        let (twist, flip, slice) = self.coords;
        twist.0 == 0 && flip.0 == 0 && slice.0 == 0
    }
}

/// A search node: the three views and the largest of their distances.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    views: [View; 3],
    bound: u8,
}

impl<'t> Optimal<'t> {
    /// A solver over `tables`.
    pub fn new(tables: &'t OptimalTables) -> Optimal<'t> {
        Optimal {
            tables,
            two_phase: TwoPhase::new(tables.two_phase()),
            seen: moves_seen_along_axes(),
        }
    }

    /// The admissible lower bound of the distance of `cube` that the search starts from.
    pub fn lower_bound(&self, cube: &CubieCube) -> usize {
        usize::from(self.root(cube).bound)
    }

    /// A shortest solution of `cube`, unless `limits` end the search first.
    pub fn solve(&self, cube: &CubieCube, limits: &OptimalLimits<'_>) -> OptimalOutcome {
        let search = Search::new(self, cube, limits);
        let root = self.root(cube);
        let upper = self.upper_bound(cube, limits);
        let mut depth = usize::from(root.bound);
        loop {
            if upper.as_ref().is_some_and(|best| best.len() <= depth) {
                // No solution is shorter than `depth`: the two-phase one is optimal.
                let best = upper.expect("checked above");
                return OptimalOutcome::Solved(Solution {
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
            search.deepen(root, depth);
            if let Some(moves) = search.solution.lock().expect("no task panics").take() {
                return OptimalOutcome::Solved(Solution {
                    moves,
                    budget_ran_out: false,
                    nodes: search.nodes(),
                });
            }
            if !search.stopped.load(Ordering::Relaxed) {
                depth += 1;
            }
        }
    }

    /// The search node of `cube`.
    fn root(&self, cube: &CubieCube) -> Node {
        let mut node = Node::default();
        let mut seen = *cube;
        for view in &mut node.views {
            let coords = OptimalTables::coords(&seen);
            let distance = self.tables.bound(coords);
            *view = View { coords, distance };
            seen = seen.rotate_diagonal();
        }
        node.bound = node.views.iter().map(|v| v.distance).max().unwrap_or(0);
        node
    }

    /// A two-phase solution of `cube`, shortened for a few milliseconds (within the time
    /// budget), if one is found.
    fn upper_bound(&self, cube: &CubieCube, limits: &OptimalLimits<'_>) -> Option<Solution> {
        let limits = Limits {
            max_length: None,
            time: limits.time,
            nodes: Some(UPPER_BOUND_NODES),
            improve_nodes: None,
        };
        self.two_phase.solve(cube, &limits).ok()
    }

    /// The children of `node` after a move that may follow `previous`, with `togo` moves left
    /// after the move: those whose bound leaves a chance, written to `out`; returns how many.
    ///
    /// All children's symmetry classes are prefetched, then all their table entries, and only
    /// then is any read, so the cache misses of the large tables overlap.
    #[inline]
    fn children(
        &self,
        node: &Node,
        previous: Option<u8>,
        togo: usize,
        out: &mut [(u8, Node); 18],
    ) -> usize {
        let tables = self.tables;
        let mut count = 0;
        for m in 0..18u8 {
            if previous.is_some_and(|p| m / 3 == p / 3 || m / 3 + 3 == p / 3) {
                continue;
            }
            let mut child = Node::default();
            for ((view, parent), seen) in child.views.iter_mut().zip(&node.views).zip(&self.seen) {
                view.coords = tables.after(parent.coords, seen[m as usize] as usize);
            }
            if togo == 0 {
                // The child must be solved: its coordinates tell without a table read.
                if child.views.iter().all(View::in_goal) {
                    out[count] = (m, child);
                    count += 1;
                }
                continue;
            }
            for view in &child.views {
                tables.prefetch_class(view.coords);
            }
            out[count] = (m, child);
            count += 1;
        }
        if togo == 0 {
            return count;
        }
        let mut probes = [[Probe::default(); 3]; 18];
        for (probe, (_, child)) in probes.iter_mut().zip(&out[..count]) {
            for (p, view) in probe.iter_mut().zip(&child.views) {
                *p = tables.probe(view.coords);
            }
        }
        let mut kept = 0;
        for i in 0..count {
            let (m, mut child) = out[i];
            for ((view, parent), &probe) in child.views.iter_mut().zip(&node.views).zip(&probes[i])
            {
                view.distance = tables.read(probe, parent.distance);
            }
            child.bound = child.views.iter().map(|v| v.distance).max().unwrap_or(0);
            if usize::from(child.bound) <= togo {
                out[kept] = (m, child);
                kept += 1;
            }
        }
        kept
    }
}

/// One solve: what its tasks share.
struct Search<'s, 't> {
    solver: &'s Optimal<'t>,
    cube: CubieCube,
    /// A solution found in the current deepening (which ends it).
    solution: Mutex<Option<Vec<u8>>>,
    /// Set when a solution is found or the search stops: tasks return.
    done: AtomicBool,
    /// Set when a budget or the cancel flag stops the search.
    stopped: AtomicBool,
    nodes: AtomicU64,
    node_limit: u64,
    deadline: Option<Instant>,
    cancel: Option<&'s AtomicBool>,
}

impl<'s, 't> Search<'s, 't> {
    fn new(
        solver: &'s Optimal<'t>,
        cube: &CubieCube,
        limits: &OptimalLimits<'s>,
    ) -> Search<'s, 't> {
        Search {
            solver,
            cube: *cube,
            solution: Mutex::new(None),
            done: AtomicBool::new(false),
            stopped: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.time.map(|t| Instant::now() + t),
            cancel: limits.cancel,
        }
    }

    fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Searches every canonical sequence of `depth` moves from `root` for a solution, the
    /// subtrees under the first moves side by side.
    fn deepen(&self, root: Node, depth: usize) {
        let mut tasks = Vec::new();
        let mut prefix = Vec::new();
        self.prefixes(&root, &mut prefix, depth, &mut tasks);
        tasks.into_par_iter().for_each(|(prefix, node)| {
            if self.done.load(Ordering::Relaxed) {
                return;
            }
            let mut task = Task {
                search: self,
                path: [0; MAX_DEPTH],
                unflushed: 0,
            };
            task.path[..prefix.len()].copy_from_slice(&prefix);
            task.walk(&node, prefix.len(), depth - prefix.len());
            task.flush();
        });
    }

    /// The nodes `SPLIT_DEPTH` moves below `node` (or at the bottom, when `depth` is smaller)
    /// that the bound leaves, with the moves to them.
    fn prefixes(
        &self,
        node: &Node,
        prefix: &mut Vec<u8>,
        depth: usize,
        out: &mut Vec<(Vec<u8>, Node)>,
    ) {
        if prefix.len() == SPLIT_DEPTH.min(depth) {
            out.push((prefix.clone(), *node));
            return;
        }
        let mut children = [(0u8, Node::default()); 18];
        let togo = depth - prefix.len() - 1;
        let count = self
            .solver
            .children(node, prefix.last().copied(), togo, &mut children);
        for &(m, child) in &children[..count] {
            prefix.push(m);
            self.prefixes(&child, prefix, depth, out);
            prefix.pop();
        }
    }
}

/// One task: a depth-first walk of one subtree.
struct Task<'a, 's, 't> {
    search: &'a Search<'s, 't>,
    path: [u8; MAX_DEPTH],
    /// Nodes visited and not yet added to the shared count.
    unflushed: u64,
}

impl Task<'_, '_, '_> {
    /// Walks the subtree of `node` at `depth` with `togo` moves left; returns whether the
    /// search is done (a solution found, or stopped).
    fn walk(&mut self, node: &Node, depth: usize, togo: usize) -> bool {
        if togo == 0 {
            return self.check_goal(depth);
        }
        self.unflushed += 1;
        if self.unflushed >= CHECK_EVERY && self.flush() {
            return true;
        }
        let mut children = [(0u8, Node::default()); 18];
        let previous = depth.checked_sub(1).map(|d| self.path[d]);
        let count = self
            .search
            .solver
            .children(node, previous, togo - 1, &mut children);
        for &(m, child) in &children[..count] {
            self.path[depth] = m;
            if self.walk(&child, depth + 1, togo - 1) {
                return true;
            }
        }
        false
    }

    /// At the bottom with every view's coordinates solved: whether the path solves the cube; if so,
    /// records it and ends the deepening.
    fn check_goal(&mut self, depth: usize) -> bool {
        let moves = &self.path[..depth];
        let end = moves
            .iter()
            .fold(self.search.cube, |c, &m| c * MOVES[m as usize]);
        if !end.is_solved() {
            return false;
        }
        let mut solution = self.search.solution.lock().expect("no task panics");
        solution.get_or_insert_with(|| moves.to_vec());
        self.search.done.store(true, Ordering::Relaxed);
        true
    }

    /// Adds the nodes visited to the shared count, stops the search when a budget is spent or
    /// it is cancelled, and returns whether the search is done.
    fn flush(&mut self) -> bool {
        let search = self.search;
        let nodes = search.nodes.fetch_add(self.unflushed, Ordering::Relaxed) + self.unflushed;
        self.unflushed = 0;
        if nodes >= search.node_limit
            || search.deadline.is_some_and(|d| Instant::now() >= d)
            || search.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
        {
            search.stopped.store(true, Ordering::Relaxed);
            search.done.store(true, Ordering::Relaxed);
        }
        search.done.load(Ordering::Relaxed)
    }
}
