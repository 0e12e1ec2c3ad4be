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
//! The lower bound ([`OptimalTables`]) is the largest of three distances read from one table,
//! one for the state seen along each axis (conjugated by the diagonal turn): the distance to a
//! goal every solution passes through (phase 1's subgroup, or with the larger tables a
//! subgroup of it), so each of them, and their maximum, is at most
//! the distance to solved, in either metric (a quarter turn is a face turn). Each view's
//! coordinates follow the moves through the move tables, every move first mapped into the
//! view's frame by a table made once.
//!
//! A two-phase solution comes first: it bounds the answer from above, ends the search as soon
//! as the proved lower bound reaches its length, and is what a search stopped by its budget
//! still has to offer.
//!
//! The search waits mostly on memory: each child of a node reads a symmetry class, then a table
//! entry, in each view it needs, both likely misses of every cache. Within each deepening the
//! subtrees under the first three moves are tasks, claimed one at a time by a worker on each
//! core; a worker searches eight of them side by side, each on an explicit stack, and turns
//! to the next as soon as one has started loading what it reads next, so the waits overlap.
//! The first solution found ends the deepening.

mod tables;

pub use tables::{OptimalTableSize, OptimalTables};

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::Metric;
use super::two_phase::{Limits, Solution, TwoPhase, moves_seen_along_axes};
use crate::cubie::{CubieCube, MOVES};
use tables::{Coords, Probe};

/// The moves fixed before the search splits into tasks (subtrees): a few thousand of them.
const SPLIT_DEPTH: usize = 3;

/// How many subtrees a worker searches side by side: while one waits for table entries, the
/// others compute.
const LANES: usize = 8;

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
/// use rubik::search::Metric;
/// // The small tables take seconds to build, the large ones minutes; a cache directory keeps them.
/// let tables = OptimalTables::build(OptimalTableSize::Small, Metric::Htm, &mut |_| {});
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
    metric: Metric,
    /// The moves a solution is made of: all 18 face turns, or the 12 quarter turns.
    moves: &'static [u8],
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
        self.coords.all_zero()
    }
}

/// A search node: the three views and the largest of their distances.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    views: [View; 3],
    bound: u8,
}

impl<'t> Optimal<'t> {
    /// A solver over `tables`, in the metric they were made for.
    pub fn new(tables: &'t OptimalTables) -> Optimal<'t> {
        Optimal {
            tables,
            two_phase: TwoPhase::new(tables.two_phase()),
            seen: moves_seen_along_axes(),
            metric: tables.metric(),
            moves: tables.metric().face_turns(),
        }
    }

    /// A solver over `tables` in `metric`, if their bound holds there: a distance in face
    /// turns bounds one in quarter turns too, not the other way round.
    pub fn with_metric(tables: &'t OptimalTables, metric: Metric) -> Option<Optimal<'t>> {
        tables.bounds_in(metric).then(|| Optimal {
            metric,
            moves: metric.face_turns(),
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
    fn may_follow(&self, m: u8, path: &[u8]) -> bool {
        let Some((&previous, before)) = path.split_last() else {
            return true;
        };
        if m / 3 == previous / 3 {
            return self.metric == Metric::Qtm
                && m == previous
                && m % 3 == 0
                && before.last() != Some(&previous);
        }
        m / 3 + 3 != previous / 3
    }

    /// The admissible lower bound of the distance of `cube` that the search starts from.
    pub fn lower_bound(&self, cube: &CubieCube) -> usize {
        usize::from(self.root(cube).bound)
    }

    /// A shortest solution of `cube`, unless `limits` end the search first.
    pub fn solve(&self, cube: &CubieCube, limits: &OptimalLimits<'_>) -> OptimalOutcome {
        self.solve_below(cube, limits, self.upper_bound(cube, limits))
    }

    /// A shortest solution of `cube` found by IDA*, or `upper`, a known solution, once no
    /// shorter one is left to find.
    fn solve_below(
        &self,
        cube: &CubieCube,
        limits: &OptimalLimits<'_>,
        upper: Option<Solution>,
    ) -> OptimalOutcome {
        let search = Search::new(self, cube, limits);
        let root = self.root(cube);
        let (mut depth, step) = match self.metric {
            Metric::Htm => (usize::from(root.bound), 1),
            Metric::Qtm => {
                let bound = usize::from(root.bound);
                (bound + (bound + usize::from(cube.corner_parity())) % 2, 2)
            }
        };
        loop {
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
            search.deepen(root, depth);
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

    /// The children of `node` after the moves that may follow `path`, with `togo` moves left
    /// after the move, written to `out`, with the views whose bounds are read first. With none
    /// left a child must be solved, which its coordinates tell without a table: only those
    /// children are kept, and no bound is read.
    ///
    /// When the node's bound leaves no slack, every child must come nearer in the view that
    /// sets it, which few do: that view is read first, alone, and the other two only for the
    /// children it keeps. Otherwise all three are read at once.
    #[inline]
    fn expand(&self, node: &Node, path: &[u8], togo: usize, out: &mut Children) {
        let tables = self.tables;
        out.count = 0;
        for &m in self.moves {
            if !self.may_follow(m, path) {
                continue;
            }
            let mut child = Node::default();
            for ((view, parent), seen) in child.views.iter_mut().zip(&node.views).zip(&self.seen) {
                view.coords = tables.after(parent.coords, seen[m as usize] as usize);
            }
            if togo > 0 || child.views.iter().all(View::in_goal) {
                out.list[out.count] = (m, child);
                out.count += 1;
            }
        }
        out.stages = if togo == 0 {
            [ViewSet::NONE; 2]
        } else if usize::from(node.bound) <= togo {
            [ViewSet::ALL, ViewSet::NONE]
        } else {
            let tightest = (0..3)
                .max_by_key(|&v| node.views[v].distance)
                .expect("three views");
            [ViewSet::one(tightest), ViewSet::ALL.without(tightest)]
        };
    }

    /// Starts loading the symmetry classes that the children's bounds in `views` need.
    #[inline]
    fn prefetch_classes(&self, children: &Children, views: ViewSet) {
        for (_, child) in &children.list[..children.count] {
            for v in views.iter() {
                self.tables.prefetch_class(child.views[v].coords);
            }
        }
    }

    /// Finds where the children's bounds in `views` are stored and starts loading them.
    #[inline]
    fn probe(&self, children: &mut Children, views: ViewSet) {
        let Children {
            list,
            probes,
            count,
            ..
        } = children;
        for ((_, child), probe) in list.iter().zip(probes.iter_mut()).take(*count) {
            for v in views.iter() {
                probe[v] = self.tables.probe(child.views[v].coords);
            }
        }
    }

    /// Reads the children's bounds in `views` and keeps those that leave a chance within
    /// `togo` moves.
    #[inline]
    fn keep(&self, node: &Node, togo: usize, children: &mut Children, views: ViewSet) {
        let mut kept = 0;
        for i in 0..children.count {
            let (m, mut child) = children.list[i];
            for v in views.iter() {
                let distance = self
                    .tables
                    .read(children.probes[i][v], node.views[v].distance);
                child.views[v].distance = distance;
                child.bound = child.bound.max(distance);
            }
            if usize::from(child.bound) <= togo {
                children.list[kept] = (m, child);
                children.probes[kept] = children.probes[i];
                kept += 1;
            }
        }
        children.count = kept;
    }

    /// The children of `node` that leave a chance, all steps at once.
    fn children(&self, node: &Node, path: &[u8], togo: usize) -> Children {
        let mut children = Children::default();
        self.expand(node, path, togo, &mut children);
        for views in children.stages {
            self.prefetch_classes(&children, views);
            self.probe(&mut children, views);
            self.keep(node, togo, &mut children, views);
        }
        children
    }
}

/// A set of the three views, as a bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct ViewSet(u8);

impl ViewSet {
    const NONE: ViewSet = ViewSet(0);
    const ALL: ViewSet = ViewSet(0b111);

    fn one(view: usize) -> ViewSet {
        ViewSet(1 << view)
    }

    fn without(self, view: usize) -> ViewSet {
        ViewSet(self.0 & !(1 << view))
    }

    fn iter(self) -> impl Iterator<Item = usize> {
        (0..3).filter(move |v| self.0 >> v & 1 == 1)
    }
}

/// A node's children, with where their bounds are stored while those load, and the views whose
/// bounds are read in each of (at most) two rounds.
#[derive(Clone, Copy)]
struct Children {
    list: [(u8, Node); 18],
    probes: [[Probe; 3]; 18],
    count: usize,
    stages: [ViewSet; 2],
}

impl Default for Children {
    fn default() -> Children {
        Children {
            list: [(0, Node::default()); 18],
            probes: [[Probe::default(); 3]; 18],
            count: 0,
            stages: [ViewSet::NONE; 2],
        }
    }
}

/// A path of quarter and face turns with each doubled quarter turn made one half turn (in
/// HTM, where no move repeats, the path itself).
fn merge_doubled_quarter_turns(path: &[u8]) -> Vec<u8> {
    let mut moves: Vec<u8> = Vec::with_capacity(path.len());
    for &m in path {
        match moves.last_mut() {
            Some(last) if *last == m => *last = m + 1,
            _ => moves.push(m),
        }
    }
    moves
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

    /// Searches every canonical sequence of `depth` moves from `root` for a solution. The
    /// subtrees under the first moves are tasks; a worker on each core searches several of
    /// them side by side, taking the next when one is done.
    fn deepen(&self, root: Node, depth: usize) {
        let mut tasks = Vec::new();
        let mut prefix = Vec::new();
        self.prefixes(&root, &mut prefix, depth, &mut tasks);
        if self.count(0) {
            return;
        }
        let next_task = AtomicUsize::new(0);
        rayon::broadcast(|_| {
            let mut worker = Worker {
                search: self,
                depth,
                unflushed: 0,
            };
            worker.run(&tasks, &next_task);
            worker.flush();
        });
    }

    /// Adds `nodes` visited to the shared count, stops the search when a budget is spent or it
    /// is cancelled, and returns whether the search is done.
    fn count(&self, nodes: u64) -> bool {
        let total = self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes;
        if total >= self.node_limit
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
        {
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
        prefix: &mut Vec<u8>,
        depth: usize,
        out: &mut Vec<(Vec<u8>, Node)>,
    ) {
        if prefix.len() == SPLIT_DEPTH.min(depth) {
            out.push((prefix.clone(), *node));
            return;
        }
        if self.count(1) {
            return;
        }
        let togo = depth - prefix.len() - 1;
        let children = self.solver.children(node, prefix, togo);
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
    path: [u8; MAX_DEPTH],
    /// The node at each depth of the path from the subtree's root, and its children (room for
    /// any task of the deepening: reused from task to task).
    frames: Vec<Frame>,
    /// The depth of the subtree's root (the length of its task's prefix).
    root: usize,
    /// The depth of the node being searched.
    depth: usize,
    step: Step,
}

/// A node on a lane's path and its children, of which `next` is searched next.
#[derive(Clone, Copy, Default)]
struct Frame {
    node: Node,
    children: Children,
    /// The round of views read next.
    stage: usize,
    next: usize,
}

/// What a lane does next at its node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Test the node if it is at the bottom, else make its children.
    Expand,
    /// Start loading the symmetry classes of the next round of views, if any.
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
            path: [0; MAX_DEPTH],
            frames: vec![Frame::default(); depth + 1],
            root: 0,
            depth: 0,
            step: Step::Expand,
        }
    }

    /// Starts the lane on the subtree of `node`, reached by `prefix`.
    fn start(&mut self, prefix: &[u8], node: Node) {
        self.path[..prefix.len()].copy_from_slice(prefix);
        self.frames[0].node = node;
        (self.root, self.depth, self.step) = (prefix.len(), prefix.len(), Step::Expand);
    }
}

impl Worker<'_, '_, '_> {
    /// Searches tasks, taking the next unclaimed one from `tasks` whenever a lane is free,
    /// until none is left or the search is done.
    fn run(&mut self, tasks: &[(Vec<u8>, Node)], next_task: &AtomicUsize) {
        // Starts `lane` on the next unclaimed task; false when none is left.
        let claim = |lane: &mut Lane| match tasks.get(next_task.fetch_add(1, Ordering::Relaxed)) {
            Some((prefix, node)) => {
                lane.start(prefix, *node);
                true
            }
            None => false,
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
                    // Between tasks, a look at the budget and flags too.
                    Turn::Finished if self.flush() => return,
                    Turn::Finished if claim(&mut lanes[i]) => {}
                    Turn::Finished => {
                        lanes.swap_remove(i);
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
                    if self.unflushed >= CHECK_EVERY && self.flush() {
                        return Turn::Done;
                    }
                    let path = &lane.path[..depth];
                    solver.expand(&frame.node, path, togo - 1, &mut frame.children);
                    (frame.next, frame.stage) = (0, 0);
                    lane.step = Step::Classes;
                }
                Step::Classes => {
                    let views = frame.children.stages.get(frame.stage).copied();
                    match views {
                        Some(views) if views != ViewSet::NONE && frame.children.count > 0 => {
                            solver.prefetch_classes(&frame.children, views);
                            lane.step = Step::Probe;
                            return Turn::Waiting;
                        }
                        _ => lane.step = Step::Next,
                    }
                }
                Step::Probe => {
                    let views = frame.children.stages[frame.stage];
                    solver.probe(&mut frame.children, views);
                    lane.step = Step::Read;
                    return Turn::Waiting;
                }
                Step::Read => {
                    let views = frame.children.stages[frame.stage];
                    solver.keep(&frame.node, togo - 1, &mut frame.children, views);
                    frame.stage += 1;
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
    fn check_goal(&mut self, moves: &[u8]) -> bool {
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
                let outcome = solver.solve_below(&cube, &OptimalLimits::default(), None);
                let OptimalOutcome::Solved(solution) = outcome else {
                    panic!("{stickers}: stopped with no budget");
                };
                let end = solution
                    .moves
                    .iter()
                    .fold(cube, |c, &m| c * MOVES[m as usize]);
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
