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

mod split;
mod tables;

pub use tables::{OptimalTableSize, OptimalTables};

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use super::Metric;
use super::budget::{Budget, Running};
use super::canonical::{followers, turns_seen_along_axes};
use super::two_phase::{Limits, Solution, TwoPhase};
use crate::cubie::{ALL_TURNS, CubieCube, FaceTurn, mask_of};
use crate::face::Axis;
use split::Entry;
use tables::{Coords, FreeMoves, Probe};

/// The moves fixed before the search splits into tasks (subtrees): a few thousand of them.
const SPLIT_DEPTH: usize = 3;

/// How many subtrees a worker searches side by side: while one waits for table entries, the
/// others compute.
const LANES: usize = 8;

/// Search nodes a task visits between looks at the shared budget and flags.
const CHECK_EVERY: u64 = 1 << 12;

/// The two-phase search nodes spent on the first upper bound (a few milliseconds).
const UPPER_BOUND_NODES: u64 = 1_000_000;

/// The two-phase search nodes spent looking for a solution of the length a deepening is about
/// to search, per IDA* node of the deepening before: a two-phase node costs thirty (large
/// two-phase tables) to sixty times (medium) less, so the look takes about a quarter to an
/// eighth of the time the deepening before took.
const TWO_PHASE_NODES_PER_NODE: u64 = 8;

/// The longest path a search can hold: more than God's number (20).
const MAX_DEPTH: usize = 32;

/// How an optimal search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptimalOutcome {
    /// A shortest solution; its `nodes` counts the IDA* nodes searched and its
    /// `budget_ran_out` is false.
    Solved(Solution),
    /// The budget ended the search first.
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

/// The coordinates of one view and what the table says of it.
#[derive(Clone, Copy, Debug, Default)]
struct View {
    coords: Coords,
    entry: Entry,
}

impl View {
    /// Whether the view's coordinates are solved, read without a table.
    fn in_goal(&self) -> bool {
        self.coords.all_zero()
    }
}

/// A search node: the state's three views, its inverse and the inverse's three entries, the
/// largest of the six bounds, and the moves a solution through it may end with.
#[derive(Clone, Copy, Debug)]
struct Node {
    views: [View; 3],
    /// The inverse of the state (kept only when the inverse's bounds are read).
    inverse: CubieCube,
    inverse_entries: [Entry; 3],
    bound: u8,
    /// The moves (a mask) that the solution's last move may be.
    last: u32,
    /// The parity of the state's corner permutation (known before the views' coordinates).
    parity: u8,
}

impl Default for Node {
    fn default() -> Node {
        Node {
            views: [View::default(); 3],
            inverse: CubieCube::SOLVED,
            inverse_entries: [Entry::default(); 3],
            bound: 0,
            last: ALL_TURNS,
            parity: 0,
        }
    }
}

impl Node {
    /// The largest bound of the three views.
    fn view_bound(&self) -> u8 {
        let parity = self.parity;
        self.views
            .iter()
            .map(|v| v.entry.narrow(parity))
            .max()
            .unwrap_or(0)
    }
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

    /// Whether move `m` may follow `path` in a canonical sequence: not on the face just turned
    /// (but for a second clockwise quarter turn in QTM, which makes a half turn), and not on
    /// the first face of an opposite pair (U, R, F) right after the second (D, L, B).
    #[inline]
    fn may_follow(&self, m: FaceTurn, path: &[FaceTurn]) -> bool {
        let Some((&previous, before)) = path.split_last() else {
            return true;
        };
        if m.face() == previous.face() {
            return self.metric == Metric::Qtm
                && m == previous
                && m.quarters() == 1
                && before.last() != Some(&previous);
        }
        followers(Some(previous)) >> m.index() & 1 == 1
    }

    /// The moves of the metric that a solution of exactly `togo` moves may end with, by the
    /// `entries` of a state (or of its inverse: begin with) whose corner parity is `parity`:
    /// each view whose bound to a goal is `togo` rules out the moves of that goal.
    #[inline]
    fn allowed(&self, entries: [Entry; 3], parity: u8, togo: usize) -> u32 {
        let mut out = 0;
        for (v, entry) in entries.iter().enumerate() {
            if usize::from(entry.wide) >= togo {
                out |= self.free.wide[v];
            }
            if usize::from(entry.narrow(parity)) >= togo {
                out |= self.free.narrow[v];
            }
        }
        self.turns & !out
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
        mut upper: Option<Solution>,
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
            let before = search.nodes();
            costs = search.deepen(root, depth, &costs);
            last_nodes = search.nodes() - before;
            if let Some(path) = search.solution.lock().expect("no task panics").take() {
                return OptimalOutcome::Solved(Solution {
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

    /// The search node of `cube`, its views and its inverse's read from the tables (every move
    /// may end a solution: that depends on the moves left).
    fn root(&self, cube: &CubieCube) -> Node {
        let mut node = Node::default();
        let mut seen = *cube;
        for view in &mut node.views {
            let coords = OptimalTables::coords(&seen);
            let entry = self.tables.entry(coords);
            *view = View { coords, entry };
            seen = seen.rotate_diagonal();
        }
        node.parity = cube.corner_parity();
        node.bound = node.view_bound();
        if self.inverse {
            node.inverse = cube.inverse();
            let mut seen = node.inverse;
            for entry in &mut node.inverse_entries {
                *entry = self.tables.entry(OptimalTables::coords(&seen));
                seen = seen.rotate_diagonal();
            }
            let parity = node.parity;
            let inverse = node.inverse_entries.iter().map(|e| e.narrow(parity));
            node.bound = inverse.fold(node.bound, u8::max);
        }
        node
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
    ) -> Option<Solution> {
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
    fn upper_bound(&self, cube: &CubieCube, budget: &Budget<'_>) -> Option<Solution> {
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

    /// The children of `node`, `togo` moves from the end, after the moves that may follow
    /// `path` and that a solution may begin with, written to `out` with the rounds of bounds
    /// to read. With no move left after a child, the child must be solved, which its
    /// coordinates tell without a table: only those children are kept, by a move the solution
    /// may end with, and no bound is read.
    ///
    /// When the views' bound leaves no slack, every child must come nearer in the view that
    /// sets it, which few do: that view is read first, alone, and the other two only for the
    /// children it keeps. Otherwise all three are read at once. The inverse's bounds come
    /// last, for the children the views keep.
    #[inline]
    fn expand(&self, node: &Node, path: &[FaceTurn], togo: usize, out: &mut Children) {
        let left = togo - 1;
        let mut allowed = self.allowed(node.inverse_entries, node.parity, togo);
        if left == 0 {
            allowed &= node.last;
        }
        out.count = 0;
        for &m in self.moves {
            if allowed >> m.index() & 1 == 0 || !self.may_follow(m, path) {
                continue;
            }
            let mut child = Node {
                last: node.last,
                // A quarter turn changes the corner permutation's parity.
                parity: node.parity ^ u8::from(!m.is_half()),
                ..Node::default()
            };
            // The move leaves the inverse's bound in its own view as it was; the inverse
            // round reads the other two.
            let own = usize::from(self.own_view[m.index()]);
            child.inverse_entries[own] = node.inverse_entries[own];
            if left == 0 {
                self.move_views(node, m, &mut child, ViewSet::ALL);
                if !child.views.iter().all(View::in_goal) {
                    continue;
                }
            }
            out.list[out.count] = (m, child);
            out.count += 1;
        }
        let inverse = match self.inverse {
            true => Round::Inverse,
            false => Round::None,
        };
        out.rounds = if left == 0 {
            [Round::None; 3]
        } else if usize::from(node.view_bound()) <= left {
            [Round::Views(ViewSet::ALL), inverse, Round::None]
        } else {
            let tightest = (0..3)
                .max_by_key(|&v| node.views[v].entry.narrow(node.parity))
                .expect("three views");
            let rest = ViewSet::ALL.without(tightest);
            [
                Round::Views(ViewSet::one(tightest)),
                Round::Views(rest),
                inverse,
            ]
        };
    }

    /// The views whose bounds `round` reads for a child made by move `m`: for the inverse, the
    /// two that the move changes.
    #[inline]
    fn views_read(&self, round: Round, m: FaceTurn) -> ViewSet {
        match round {
            Round::None => ViewSet::default(),
            Round::Views(views) => views,
            Round::Inverse => ViewSet::ALL.without(usize::from(self.own_view[m.index()])),
        }
    }

    /// Sets the coordinates of `child`, reached from `node` by move `m`, in `views`.
    #[inline]
    fn move_views(&self, node: &Node, m: FaceTurn, child: &mut Node, views: ViewSet) {
        for v in views.iter() {
            let turn = self.seen[v][m.index()].index();
            child.views[v].coords = self.tables.after(node.views[v].coords, turn);
        }
    }

    /// Starts loading the symmetry classes that the children's bounds in `round` need, after
    /// moving the children's coordinates in those views (only now: most children are gone
    /// after the first view is read). For the inverse, first moves each child's inverse (a
    /// move after the state is one before its inverse) and finds its coordinates in the two
    /// views whose bound the move changes.
    #[inline]
    fn prefetch_classes(&self, node: &Node, children: &mut Children, round: Round) {
        let Children {
            list,
            inverse_coords,
            count,
            ..
        } = children;
        for ((m, child), coords) in list.iter_mut().zip(inverse_coords.iter_mut()).take(*count) {
            match round {
                Round::None => {}
                Round::Views(views) => {
                    self.move_views(node, *m, child, views);
                    for v in views.iter() {
                        self.tables.prefetch_class(child.views[v].coords);
                    }
                }
                Round::Inverse => {
                    child.inverse = m.inverse().cube() * node.inverse;
                    let read = self.views_read(round, *m);
                    let mut seen = child.inverse;
                    for (v, coords) in coords.iter_mut().enumerate() {
                        if read.contains(v) {
                            *coords = OptimalTables::coords_read_alone(&seen, child.parity);
                            self.tables.prefetch_class(*coords);
                        }
                        if v < 2 {
                            seen = seen.rotate_diagonal();
                        }
                    }
                }
            }
        }
    }

    /// Finds where the children's bounds in `round` are stored, then starts loading them all
    /// at once (so that the processor has many loads, and their address translations, under
    /// way together).
    #[inline]
    fn probe(&self, children: &mut Children, round: Round) {
        let Children {
            list,
            probes,
            inverse_coords,
            count,
            ..
        } = children;
        let rows = list
            .iter()
            .zip(probes.iter_mut())
            .zip(inverse_coords.iter());
        for (((m, child), probe), coords) in rows.take(*count) {
            for v in self.views_read(round, *m).iter() {
                probe[v] = self.tables.locate(match round {
                    Round::Inverse => coords[v],
                    _ => child.views[v].coords,
                });
            }
        }
        for ((m, _), probe) in list.iter().zip(probes.iter()).take(*count) {
            for v in self.views_read(round, *m).iter() {
                self.tables.prefetch(probe[v]);
            }
        }
    }

    /// Reads the children's bounds in `round` and keeps those that leave a chance within
    /// `left` moves: within the bound, with a move left to end on, and, after the inverse's
    /// bounds, one to begin with.
    #[inline]
    fn keep(&self, node: &Node, left: usize, children: &mut Children, round: Round) {
        let mut kept = 0;
        for i in 0..children.count {
            let (m, mut child) = children.list[i];
            let parity = child.parity;
            let probes = children.probes[i];
            match round {
                Round::None => {}
                Round::Views(views) => {
                    for v in views.iter() {
                        let entry = self.tables.read(probes[v], node.views[v].entry);
                        child.views[v].entry = entry;
                        child.bound = child.bound.max(entry.narrow(parity));
                    }
                    let entries = child.views.map(|v| v.entry);
                    child.last &= self.allowed(entries, parity, left);
                }
                Round::Inverse => {
                    for v in self.views_read(round, m).iter() {
                        child.inverse_entries[v] = self.tables.read(probes[v], Entry::default());
                    }
                    let inverse = child.inverse_entries.iter().map(|e| e.narrow(parity));
                    child.bound = inverse.fold(child.bound, u8::max);
                }
            }
            // With no move left there is no first move to allow.
            let first = match left {
                0 => ALL_TURNS,
                _ => self.allowed(child.inverse_entries, parity, left),
            };
            if usize::from(child.bound) <= left && child.last != 0 && first != 0 {
                children.list[kept] = (m, child);
                kept += 1;
            }
        }
        children.count = kept;
    }

    /// The children of `node` that leave a chance, all rounds at once.
    fn children(&self, node: &Node, path: &[FaceTurn], togo: usize) -> Children {
        let mut children = Children::default();
        self.expand(node, path, togo, &mut children);
        for round in children.rounds.into_iter().filter(|&r| r != Round::None) {
            self.prefetch_classes(node, &mut children, round);
            self.probe(&mut children, round);
            self.keep(node, togo - 1, &mut children, round);
        }
        children
    }
}

/// A set of the three views, as a bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct ViewSet(u8);

impl ViewSet {
    const ALL: ViewSet = ViewSet(0b111);

    fn one(view: usize) -> ViewSet {
        ViewSet(1 << view)
    }

    fn without(self, view: usize) -> ViewSet {
        ViewSet(self.0 & !(1 << view))
    }

    fn contains(self, view: usize) -> bool {
        self.0 >> view & 1 == 1
    }

    fn iter(self) -> impl Iterator<Item = usize> {
        (0..3).filter(move |&v| self.contains(v))
    }
}

/// One round of bounds read for a node's children.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Round {
    /// Nothing to read.
    #[default]
    None,
    /// The bounds of these views of the state.
    Views(ViewSet),
    /// The bounds of the inverse, in the two views the move changes.
    Inverse,
}

/// A node's children, with where their bounds are stored while those load, and the rounds of
/// bounds to read (at most three).
#[derive(Clone, Copy)]
struct Children {
    list: [(FaceTurn, Node); 18],
    probes: [[Probe; 3]; 18],
    /// The coordinates of each child's inverse in each view, while the inverse round loads.
    inverse_coords: [[Coords; 3]; 18],
    count: usize,
    rounds: [Round; 3],
}

impl Default for Children {
    fn default() -> Children {
        Children {
            list: [(FaceTurn::default(), Node::default()); 18],
            probes: [[Probe::default(); 3]; 18],
            inverse_coords: [[Coords::default(); 3]; 18],
            count: 0,
            rounds: [Round::None; 3],
        }
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

/// The nodes a deepening searched under each task, by the task's prefix of moves.
type Costs = HashMap<Vec<FaceTurn>, u64>;

/// One solve: what its tasks share.
struct Search<'s, 't> {
    solver: &'s Optimal<'t>,
    cube: CubieCube,
    /// A solution found in the current deepening (which ends it).
    solution: Mutex<Option<Vec<FaceTurn>>>,
    /// Set when a solution is found or the search stops: tasks return.
    done: AtomicBool,
    /// Set when a budget or the cancel flag stops the search.
    stopped: AtomicBool,
    nodes: AtomicU64,
    budget: Running<'s>,
}

impl<'s, 't> Search<'s, 't> {
    fn new(solver: &'s Optimal<'t>, cube: &CubieCube, budget: &Budget<'s>) -> Search<'s, 't> {
        Search {
            solver,
            cube: *cube,
            solution: Mutex::new(None),
            done: AtomicBool::new(false),
            stopped: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            budget: budget.start(),
        }
    }

    fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Searches every canonical sequence of `depth` moves from `root` for a solution. The
    /// subtrees under the first moves are tasks, taken in the order of their `costs` in the
    /// deepening before, highest first; a worker on each core searches several of them side by
    /// side, taking the next when one is done. Returns the costs of this deepening's tasks.
    fn deepen(&self, mut root: Node, depth: usize, costs: &Costs) -> Costs {
        let entries = root.views.map(|v| v.entry);
        root.last = self.solver.allowed(entries, root.parity, depth);
        let mut tasks = Vec::new();
        let mut prefix = Vec::new();
        self.prefixes(&root, &mut prefix, depth, &mut tasks);
        if self.count(0) {
            return Costs::new();
        }
        // The densest subtrees first: where the last deepening found the most nodes, a
        // solution is likeliest. A stable sort keeps the rest in canonical order.
        let cost = |prefix: &Vec<FaceTurn>| costs.get(prefix).copied().unwrap_or(0);
        tasks.sort_by_key(|(prefix, _)| std::cmp::Reverse(cost(prefix)));
        let spent: Vec<AtomicU64> = tasks.iter().map(|_| AtomicU64::new(0)).collect();
        let next_task = AtomicUsize::new(0);
        rayon::broadcast(|_| {
            let mut worker = Worker {
                search: self,
                depth,
                unflushed: 0,
            };
            worker.run(&tasks, &next_task, &spent);
            worker.flush();
        });
        tasks
            .into_iter()
            .zip(spent)
            .map(|((prefix, _), nodes)| (prefix, nodes.into_inner()))
            .collect()
    }

    /// Adds `nodes` visited to the shared count, stops the search when a budget is spent or it
    /// is cancelled, and returns whether the search is done.
    fn count(&self, nodes: u64) -> bool {
        let total = self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes;
        if self.budget.stop(total).is_some() {
            self.stopped.store(true, Ordering::Relaxed);
            self.done.store(true, Ordering::Relaxed);
        }
        self.done.load(Ordering::Relaxed)
    }

    /// The nodes `SPLIT_DEPTH` moves below `node` (or at the bottom, when `depth` is smaller)
    /// that the bound leaves, with the moves to them; none once the search is done.
    fn prefixes(
        &self,
        node: &Node,
        prefix: &mut Vec<FaceTurn>,
        depth: usize,
        out: &mut Vec<(Vec<FaceTurn>, Node)>,
    ) {
        if prefix.len() == SPLIT_DEPTH.min(depth) {
            out.push((prefix.clone(), *node));
            return;
        }
        if self.count(1) {
            return;
        }
        let children = self.solver.children(node, prefix, depth - prefix.len());
        for &(m, child) in &children.list[..children.count] {
            prefix.push(m);
            self.prefixes(&child, prefix, depth, out);
            prefix.pop();
        }
    }
}

/// One core's share of a deepening: it takes tasks (subtrees) one after another and searches
/// up to [`LANES`] of them side by side.
struct Worker<'a, 's, 't> {
    search: &'a Search<'s, 't>,
    /// The length of the sequences searched.
    depth: usize,
    /// Nodes visited and not yet added to the shared count.
    unflushed: u64,
}

/// A depth-first walk of one subtree on an explicit stack, so that it can pause wherever it
/// waits for table entries.
struct Lane {
    path: [FaceTurn; MAX_DEPTH],
    /// The node at each depth of the path from the subtree's root, and its children (room for
    /// any task of the deepening: reused from task to task).
    frames: Vec<Frame>,
    /// The depth of the subtree's root (the length of its task's prefix).
    root: usize,
    /// The depth of the node being searched.
    depth: usize,
    step: Step,
    /// The index of its task, and the nodes it has searched in it.
    task: usize,
    nodes: u64,
}

/// A node on a lane's path and its children, of which `next` is searched next.
#[derive(Clone, Copy, Default)]
struct Frame {
    node: Node,
    children: Children,
    /// The round of bounds read next.
    round: usize,
    next: usize,
}

/// What a lane does next at its node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Test the node if it is at the bottom, else make its children.
    Expand,
    /// Start loading the symmetry classes of the next round of bounds, if any.
    Classes,
    /// Find where the children's bounds are stored and start loading them.
    Probe,
    /// Read the bounds and keep the children they allow.
    Read,
    /// Search the next kept child, or go back up.
    Next,
}

/// Where a lane's turn left it.
enum Turn {
    /// Waiting for table entries: the other lanes go on.
    Waiting,
    /// Its subtree is searched.
    Finished,
    /// The search is done (a solution found, or stopped).
    Done,
}

impl Lane {
    /// An idle lane with room for paths of `depth` moves.
    fn new(depth: usize) -> Lane {
        Lane {
            path: [FaceTurn::default(); MAX_DEPTH],
            frames: vec![Frame::default(); depth + 1],
            root: 0,
            depth: 0,
            step: Step::Expand,
            task: 0,
            nodes: 0,
        }
    }

    /// Starts the lane on task `task`: the subtree of `node`, reached by `prefix`.
    fn start(&mut self, task: usize, prefix: &[FaceTurn], node: Node) {
        (self.task, self.nodes) = (task, 0);
        self.path[..prefix.len()].copy_from_slice(prefix);
        self.frames[0].node = node;
        (self.root, self.depth, self.step) = (prefix.len(), prefix.len(), Step::Expand);
    }
}

impl Worker<'_, '_, '_> {
    /// Searches tasks, taking the next unclaimed one from `tasks` whenever a lane is free,
    /// until none is left or the search is done.
    /// Adds to `spent` the nodes searched under each task.
    fn run(
        &mut self,
        tasks: &[(Vec<FaceTurn>, Node)],
        next_task: &AtomicUsize,
        spent: &[AtomicU64],
    ) {
        // Starts `lane` on the next unclaimed task; false when none is left.
        let claim = |lane: &mut Lane| {
            let task = next_task.fetch_add(1, Ordering::Relaxed);
            match tasks.get(task) {
                Some((prefix, node)) => {
                    lane.start(task, prefix, *node);
                    true
                }
                None => false,
            }
        };
        let mut lanes: Vec<Lane> = Vec::with_capacity(LANES);
        for _ in 0..LANES {
            let mut lane = Lane::new(self.depth);
            if !claim(&mut lane) {
                break;
            }
            lanes.push(lane);
        }
        while !lanes.is_empty() {
            let mut i = 0;
            while i < lanes.len() {
                match self.turn(&mut lanes[i]) {
                    Turn::Waiting => i += 1,
                    Turn::Done => return,
                    Turn::Finished => {
                        let lane = &mut lanes[i];
                        spent[lane.task].fetch_add(lane.nodes, Ordering::Relaxed);
                        // Between tasks, a look at the budget and flags too.
                        if self.flush() {
                            return;
                        }
                        if !claim(lane) {
                            lanes.swap_remove(i);
                        }
                    }
                }
            }
        }
    }

    /// Runs `lane` until it waits for table entries, finishes its subtree, or the search is done.
    fn turn(&mut self, lane: &mut Lane) -> Turn {
        let solver = self.search.solver;
        loop {
            let depth = lane.depth;
            let togo = self.depth - depth;
            let frame = &mut lane.frames[depth - lane.root];
            match lane.step {
                Step::Expand if togo == 0 => {
                    if self.check_goal(&lane.path[..depth]) {
                        return Turn::Done;
                    }
                    lane.step = Step::Next;
                }
                Step::Expand => {
                    self.unflushed += 1;
                    lane.nodes += 1;
                    if self.unflushed >= CHECK_EVERY && self.flush() {
                        return Turn::Done;
                    }
                    let path = &lane.path[..depth];
                    solver.expand(&frame.node, path, togo, &mut frame.children);
                    (frame.next, frame.round) = (0, 0);
                    lane.step = Step::Classes;
                }
                Step::Classes => {
                    let round = frame.children.rounds.get(frame.round).copied();
                    match round {
                        Some(round) if round != Round::None && frame.children.count > 0 => {
                            solver.prefetch_classes(&frame.node, &mut frame.children, round);
                            lane.step = Step::Probe;
                            return Turn::Waiting;
                        }
                        _ => lane.step = Step::Next,
                    }
                }
                Step::Probe => {
                    let round = frame.children.rounds[frame.round];
                    solver.probe(&mut frame.children, round);
                    lane.step = Step::Read;
                    return Turn::Waiting;
                }
                Step::Read => {
                    let round = frame.children.rounds[frame.round];
                    solver.keep(&frame.node, togo - 1, &mut frame.children, round);
                    frame.round += 1;
                    lane.step = Step::Classes;
                }
                Step::Next if frame.next < frame.children.count => {
                    let (m, child) = frame.children.list[frame.next];
                    frame.next += 1;
                    lane.path[depth] = m;
                    lane.frames[depth + 1 - lane.root].node = child;
                    lane.depth += 1;
                    lane.step = Step::Expand;
                }
                Step::Next if depth == lane.root => return Turn::Finished,
                Step::Next => lane.depth -= 1,
            }
        }
    }

    /// At the bottom with every view's coordinates solved: whether `moves` solve the cube; if
    /// so, records them and ends the deepening.
    fn check_goal(&mut self, moves: &[FaceTurn]) -> bool {
        let mut end = self.search.cube;
        end.apply(moves);
        if !end.is_solved() {
            return false;
        }
        let mut solution = self.search.solution.lock().expect("no task panics");
        solution.get_or_insert_with(|| moves.to_vec());
        self.search.done.store(true, Ordering::Relaxed);
        true
    }

    /// Adds the nodes visited to the shared count; returns whether the search is done.
    fn flush(&mut self) -> bool {
        self.search.count(std::mem::take(&mut self.unflushed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::bfs::{Bfs, MoveSet, Outcome};
    use crate::{FaceletCube, scramble::random_moves};

    /// Given a known solution two moves longer than a shortest one, the solver still returns a
    /// shortest one (found by a deepening or by a two-phase look between deepenings).
    #[test]
    fn a_long_known_solution_gives_way_to_a_shortest_one() {
        let tables = OptimalTables::build(OptimalTableSize::Small, Metric::Htm, &mut |_| {});
        let solver = Optimal::new(&tables);
        let mut rng = crate::seeded_rng(5);
        for length in [10, 11, 12] {
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
            let long = Solution {
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
        let tables = OptimalTables::build(OptimalTableSize::Small, Metric::Htm, &mut |_| {});
        let mut rng = crate::seeded_rng(9);
        for (metric, moves) in [
            (Metric::Htm, MoveSet::FaceTurns),
            (Metric::Qtm, MoveSet::QuarterTurns),
        ] {
            let solver = Optimal::with_metric(&tables, metric).expect("holds in both");
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
