//! Kociemba's two-phase algorithm for the 3×3.
//!
//! Phase 1 brings the cube into the group ⟨U, D, R2, L2, F2, B2⟩ (corners and edges oriented,
//! the E-slice edges in the E slice), searching on twist, flip and slice position with a pruning
//! table reduced by the 16 U-D symmetries. Phase 2 solves inside that group on the corner, U/D
//! edge and slice permutations. Phase-1 solutions are tried in order of length, each followed by
//! the shortest phase 2 that keeps the total within the limit, so the first total found is short
//! and later ones (when a budget allows) shorter still.
//!
//! The search runs on six views of the state at once: the state and its inverse, each seen along
//! the three axes (conjugated by the diagonal turn). A view's solution maps back to the state's.
//! Moves follow a canonical order (never the same face twice, opposite faces in one order only),
//! and a phase-1 solution must not end in a phase-2 move (a shorter one would have reached the
//! same state).
//!
//! The search waits mostly on memory: each phase-1 node reads a symmetry class, then a table
//! entry, for each child, both likely cache misses. With the large tables the entry of a node
//! says which children are within reach and their distances, so only the kept children are
//! made, and each is read once, when it is about to be expanded. Either way the six views'
//! searches take turns, each keeping its path on an explicit stack: a turn ends once a view has
//! started loading what it needs next, and the other views' turns hide the wait. Within two
//! moves of phase 1's end, exact tests (or the node's entry) replace the children's reads, only
//! a quarter turn of a side face can end phase 1, and phase 1 carries the corner permutation and
//! the slice edges' order along, so that most phase-2 starts are refused without building a cube.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

mod tables;

pub use crate::tables::storage::LoadReport;
use tables::Phase1Entry;
pub(crate) use tables::Probe;
pub use tables::{TableSize, TwoPhaseTables};

use super::budget::{Budget, Running};
use super::canonical::{followers, turns_back_from_axes};
use crate::coord::{Coordinate, CornerPerm, Flip, SlicePerm, SliceSorted, Twist, UdEdgePerm};
use crate::cubie::{ALL_TURNS, CubieCube, FaceTurn, mask_of, turns_in};
use crate::notation::Alg;
use crate::tables::Steps;

/// When to stop searching.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits<'a> {
    /// Stop at the first solution of at most this many moves. Without it the search keeps
    /// shortening its best solution until the budget runs out (and, with no budget either,
    /// stops at the first solution of at most 20 moves, God's number).
    pub max_length: Option<usize>,
    /// After the first solution within `max_length`, keep shortening it for up to this many more
    /// search nodes (within the budget). A solution within the length is always found first,
    /// however long that takes; the extra nodes only make it shorter.
    pub improve_nodes: Option<u64>,
    /// Stop when this runs out (the clock and the cancel flag checked every thousand nodes or
    /// so), with the best solution found.
    pub budget: Budget<'a>,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The moves.
    pub moves: Vec<FaceTurn>,
    /// Whether a budget (time or nodes) or the cancel flag ended the search before it was done.
    pub budget_ran_out: bool,
    /// Search nodes visited.
    pub nodes: u64,
}

impl Found {
    /// The solution in notation, face turns only.
    pub fn alg(&self) -> Alg {
        super::face_turn_alg(&self.moves, 3)
    }

    /// The number of moves (face turn metric).
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// The number of moves in `metric`.
    pub fn length(&self, metric: super::Metric) -> usize {
        metric.length(&self.moves)
    }

    /// Whether the cube was already solved.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// Why a search gave no solution.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The budget ran out, or the search was cancelled, before any solution within the limit
    /// was found.
    #[error(
        "no solution of at most {max_length} moves found within the budget ({nodes} nodes searched)"
    )]
    BudgetRanOut {
        /// The length limit.
        max_length: usize,
        /// Nodes searched.
        nodes: u64,
    },
}

/// The two-phase solver over a set of tables.
///
/// ```
/// use rubik::search::two_phase::{Limits, TableSize, TwoPhase, TwoPhaseTables};
/// use rubik::CubieCube;
/// // The tiny tables build in a moment; `TableSize::Large` solves fastest.
/// let tables = TwoPhaseTables::build(TableSize::Tiny, &mut |_| {});
/// let cube = CubieCube::random(&mut rubik::seeded_rng(1));
/// let limits = Limits { max_length: Some(20), ..Limits::default() };
/// let solution = TwoPhase::new(&tables).solve(&cube, &limits).unwrap();
/// assert!(solution.len() <= 20);
/// ```
pub struct TwoPhase<'t> {
    tables: &'t TwoPhaseTables,
    /// For each axis view r and move m: the state's move that view r's move m stands for.
    move_back: [[FaceTurn; 18]; 3],
}

impl<'t> TwoPhase<'t> {
    /// A solver over `tables`.
    pub fn new(tables: &'t TwoPhaseTables) -> TwoPhase<'t> {
        TwoPhase {
            tables,
            move_back: turns_back_from_axes(),
        }
    }

    /// Solves `cube` within `limits`: see [`Limits`].
    ///
    /// The answer depends on the state and the limits alone, not on the threads: the
    /// shortening after the first solution ([`Limits::improve_nodes`]) searches two halves of
    /// the search tree apart, each with half the nodes, side by side where the current `rayon`
    /// pool has two threads, and keeps the shorter result.
    pub fn solve(&self, cube: &CubieCube, limits: &Limits<'_>) -> Result<Found, SolveError> {
        let mut search = Search::new(self, cube, limits, None, (0, 1));
        search.run();
        let budget = search.budget;
        self.shorten(cube, limits, search.ended(), budget)
    }

    /// Solves `cube` within `limits` on every thread of the current `rayon` pool, the six views
    /// shared out among them, which share the best solution found. Under a time budget it
    /// searches that many times as far; the answer may then differ from run to run, and node
    /// budgets count each thread's nodes apart.
    pub fn solve_parallel(
        &self,
        cube: &CubieCube,
        limits: &Limits<'_>,
    ) -> Result<Found, SolveError> {
        if cube.is_solved() {
            return self.solve(cube, limits);
        }
        let shared = Shared {
            target: AtomicUsize::new(initial_target(limits)),
            best: Mutex::new(None),
            done: AtomicBool::new(false),
        };
        let budget = limits.budget.start();
        let threads = rayon::broadcast(|context| {
            let part = (context.index(), context.num_threads());
            let mut search = Search::new(self, cube, limits, Some(&shared), part);
            search.run();
            (search.nodes, search.out_of_budget)
        });
        let nodes = threads.iter().map(|&(nodes, _)| nodes).sum();
        let out_of_budget = threads.iter().any(|&(_, out)| out);
        let first = Ended {
            best: shared.best.into_inner().expect("no search panics"),
            nodes,
            out_of_budget,
            target: shared.target.into_inner(),
        };
        self.shorten(cube, limits, first, budget)
    }

    /// Shortens `first` (a search's first solution within the limit, under `budget`) for
    /// [`Limits::improve_nodes`] more nodes, when the limits ask for it. The tree is split in
    /// two halves by the first phase-1 turn ([`FIRST_TURN_HALVES`]), each searched from the
    /// first solution on all six views with half the nodes, sharing nothing, side by side on
    /// the `rayon` pool; the shorter result is kept, the first half's on a tie. So one state is
    /// shortened in about half the wall time on two cores, and the answer does not depend on
    /// how the halves are scheduled. Each half keeps all six views, whose interleaving hides
    /// table reads: splitting the views instead cost a batch 20% (one thread, 200 states).
    /// Measured on 1,000 random states (seeds 1 to 1,000), 250,000 nodes: a mean of 18.926
    /// moves, 18.922 with one search; a batch on two cores as fast (6.3 and 6.6 s against 6.4
    /// and 6.8 s).
    fn shorten(
        &self,
        cube: &CubieCube,
        limits: &Limits<'_>,
        first: Ended,
        budget: Running<'_>,
    ) -> Result<Found, SolveError> {
        let (Some(found), Some(extra)) = (&first.best, limits.improve_nodes) else {
            return first.outcome();
        };
        if found.is_empty() || first.out_of_budget || !stops_at_first(limits) {
            return first.outcome();
        }
        let left = budget.node_limit.saturating_sub(first.nodes);
        let nodes = left.min(extra) / 2;
        let half = |index| {
            let mut search = Search::new(self, cube, limits, None, (0, 1));
            search.first_turns = FIRST_TURN_HALVES[index];
            search.target = found.len() - 1;
            search.best = Some(found.clone());
            search.first_only = false;
            search.budget = budget;
            search.budget.node_limit = nodes;
            search.run();
            search.ended()
        };
        let (a, b) = rayon::join(|| half(0), || half(1));
        let shorter = |x: Ended, y: Ended| match (&x.best, &y.best) {
            (Some(bx), Some(by)) if by.len() < bx.len() => y.best,
            _ => x.best,
        };
        // Spending the shortening's own nodes is the end it was asked for; only the budget's
        // node limit, clock or cancel flag running out is reported.
        let stopped = a.out_of_budget || b.out_of_budget;
        Ended {
            nodes: first.nodes + a.nodes + b.nodes,
            out_of_budget: stopped && (left < extra || budget.interrupted().is_some()),
            target: a.target.min(b.target),
            best: shorter(a, b),
        }
        .outcome()
    }
}

/// The two halves of the face turns (by index, alternately) that the two halves of the
/// shortening begin their phase-1 paths with.
const FIRST_TURN_HALVES: [u32; 2] = [ALL_TURNS & 0x15555, ALL_TURNS & 0x2aaaa];

/// How a search of one state ended.
struct Ended {
    best: Option<Vec<FaceTurn>>,
    nodes: u64,
    out_of_budget: bool,
    /// The longest total it still looked for.
    target: usize,
}

impl Ended {
    /// The best solution found, or why there is none.
    fn outcome(self) -> Result<Found, SolveError> {
        match self.best {
            Some(moves) => Ok(Found {
                moves,
                budget_ran_out: self.out_of_budget,
                nodes: self.nodes,
            }),
            None => Err(SolveError::BudgetRanOut {
                max_length: self.target,
                nodes: self.nodes,
            }),
        }
    }
}

/// Whether a search under `limits` stops at its first solution (a length limit, or no budget
/// that would end it), rather than shortening it until the budget runs out.
fn stops_at_first(limits: &Limits<'_>) -> bool {
    limits.max_length.is_some() || !limits.budget.is_limited()
}

/// The longest total a search accepts at first: the limit, else (when a budget will end the
/// search) any, else God's number.
fn initial_target(limits: &Limits<'_>) -> usize {
    let budget = limits.budget.is_limited();
    limits.max_length.unwrap_or(if budget { 30 } else { 20 })
}

/// What the searches of one solve on several threads share.
struct Shared {
    /// The longest total still wanted: the limit, then one less than the best found.
    target: AtomicUsize,
    best: Mutex<Option<Vec<FaceTurn>>>,
    /// Set when a search is done for good (the first solution was wanted, or a budget ran out).
    done: AtomicBool,
}

/// The moves that may come after the first `depth` moves of `path` in canonical order, as a
/// bit mask.
fn followers_of(path: &[FaceTurn], depth: usize) -> u32 {
    followers(depth.checked_sub(1).map(|last| path[last]))
}

/// The moves that may end a phase-1 solution: all but the phase-2 moves, as a bit mask.
const PHASE1_ENDINGS: u32 = ALL_TURNS & !mask_of(&FaceTurn::PHASE2);

/// One view of the state (the state or its inverse, seen along one of the three axes) and its
/// phase-1 search in progress.
struct View {
    cube: CubieCube,
    axis: usize,
    inverse: bool,
    start: Node,
    /// The moves of the view's current path (phase 1, then phase 2).
    path: [FaceTurn; 40],
    /// The searched node at each depth of the path, with its children.
    frames: Vec<Frame>,
    /// The depth of the node being searched.
    depth: usize,
    /// What the search does next at that node.
    step: Step,
}

/// A phase-1 search node: its coordinates, its phase-1 bound, its corners (which phase 2's
/// first test needs where phase 1 ends), and with the large tables how each move changes its
/// bound (the exact distance), read when the node is about to be expanded.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    twist: Twist,
    flip: Flip,
    slice: SliceSorted,
    corners: CornerPerm,
    bound: u8,
    steps: Option<Steps>,
}

/// A node on a view's path and its children: all of them while their bounds load, then those
/// that the bounds keep, of which `next` is searched next.
#[derive(Clone, Copy, Default)]
struct Frame {
    node: Node,
    children: [(FaceTurn, Node, Probe); 18],
    count: usize,
    next: usize,
}

/// The steps of a phase-1 search at one node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Make the node's children and start loading their symmetry classes.
    Expand,
    /// Find where the children's bounds are stored and start loading them.
    Probe,
    /// Read the bounds and keep the children they allow.
    Read,
    /// Search the next kept child, or go back up.
    Next,
}

/// The state of one solve.
struct Search<'s, 't> {
    solver: &'s TwoPhase<'t>,
    views: Vec<View>,
    /// The longest total accepted now: the limit, then one less than the best found.
    target: usize,
    /// Stop at the first solution within `target` (otherwise keep improving).
    first_only: bool,
    /// The turns a view's phase-1 path may begin with.
    first_turns: u32,
    best: Option<Vec<FaceTurn>>,
    nodes: u64,
    /// The budget.
    budget: Running<'s>,
    out_of_budget: bool,
    done: bool,
    /// What this search shares with the other threads' searches of the same state, if any.
    shared: Option<&'s Shared>,
}

impl<'s, 't> Search<'s, 't> {
    /// The search of `cube`'s views number `index`, `index + count`, ... (all with `(0, 1)`),
    /// sharing its best solution with other threads' searches through `shared`.
    fn new(
        solver: &'s TwoPhase<'t>,
        cube: &CubieCube,
        limits: &Limits<'s>,
        shared: Option<&'s Shared>,
        (index, count): (usize, usize),
    ) -> Search<'s, 't> {
        let views = (0..6)
            .skip(index)
            .step_by(count)
            .map(|v| {
                let (axis, inverse) = (v % 3, v >= 3);
                let start = if inverse { cube.inverse() } else { *cube };
                let seen = (0..axis).fold(start, |c, _| c.rotate_diagonal());
                let (twist, flip, slice) =
                    (Twist::of(&seen), Flip::of(&seen), SliceSorted::of(&seen));
                let (bound, steps) = solver.tables.phase1_start(twist, flip, slice);
                View {
                    cube: seen,
                    axis,
                    inverse,
                    start: Node {
                        twist,
                        flip,
                        slice,
                        corners: CornerPerm::of(&seen),
                        bound,
                        steps,
                    },
                    path: [FaceTurn::default(); 40],
                    frames: Vec::new(),
                    depth: 0,
                    step: Step::Expand,
                }
            })
            .collect();
        Search {
            solver,
            views,
            target: initial_target(limits),
            first_only: stops_at_first(limits),
            first_turns: ALL_TURNS,
            best: None,
            nodes: 0,
            budget: limits.budget.start(),
            out_of_budget: false,
            done: false,
            shared,
        }
    }

    /// How the search ended.
    fn ended(self) -> Ended {
        Ended {
            best: self.best,
            nodes: self.nodes,
            out_of_budget: self.out_of_budget,
            target: self.target,
        }
    }

    fn run(&mut self) {
        if self.views.first().is_some_and(|view| view.cube.is_solved()) {
            self.best = Some(Vec::new());
            return;
        }
        let mut phase1_length = 0;
        while !self.done && phase1_length <= self.target {
            self.phase1(phase1_length);
            phase1_length += 1;
        }
    }

    /// Counts `count` nodes; ends the search when a budget runs out, it is cancelled or
    /// another thread ended it.
    fn visit(&mut self, count: u64) -> bool {
        let before = self.nodes;
        self.nodes += count;
        // Every 1024 nodes: a look at the clock, the cancel flag and what the other threads
        // found.
        let checkpoint = before >> 10 != self.nodes >> 10;
        if self.nodes >= self.budget.node_limit
            || (checkpoint && self.budget.interrupted().is_some())
        {
            self.out_of_budget = true;
            self.finish();
        } else if checkpoint {
            if let Some(shared) = self.shared {
                self.target = self.target.min(shared.target.load(Ordering::Relaxed));
                self.done |= shared.done.load(Ordering::Relaxed);
            }
        }
        self.done
    }

    /// Searches every view for phase-1 solutions of `length` moves, each followed by phase 2.
    /// The views take turns: a turn ends where a view has started loading table entries, and
    /// the other views' turns hide the wait for them.
    fn phase1(&mut self, length: usize) {
        let mut searching = Vec::with_capacity(self.views.len());
        for (v, view) in self.views.iter_mut().enumerate() {
            if usize::from(view.start.bound) <= length {
                if view.frames.len() <= length {
                    view.frames.resize(length + 1, Frame::default());
                }
                view.frames[0].node = view.start;
                view.depth = 0;
                view.step = Step::Expand;
                searching.push(v);
            }
        }
        while !searching.is_empty() && !self.done {
            searching.retain(|&v| self.turn(v, length));
        }
    }

    /// Runs view `v`'s search until it waits for table entries (true) or is over (false).
    fn turn(&mut self, v: usize, length: usize) -> bool {
        let tables = self.solver.tables;
        while !self.done {
            let view = &mut self.views[v];
            let depth = view.depth;
            let togo = length - depth;
            let frame = &mut view.frames[depth];
            match view.step {
                Step::Expand if togo <= 2 => {
                    let node = frame.node;
                    self.near_end(v, node, depth, togo);
                    let view = &mut self.views[v];
                    if depth == 0 {
                        return false;
                    }
                    view.depth -= 1;
                    view.step = Step::Next;
                }
                Step::Expand => {
                    let node = frame.node;
                    let followers = match depth {
                        0 => self.first_turns,
                        _ => followers_of(&view.path, depth),
                    };
                    // With the large tables only the children within reach are made, their
                    // bounds known; their entries are still read, for their own steps (here
                    // more than two moves are left, so each child will be expanded in turn).
                    let slack = togo as u8 - node.bound;
                    let wanted = node.steps.map_or(ALL_TURNS, |steps| steps.within(slack));
                    let mut count = 0;
                    for m in turns_in(wanted & followers) {
                        let (twist, flip, slice) =
                            tables.phase1_after((node.twist, node.flip, node.slice), m.index());
                        tables.prefetch_class(flip, slice.position());
                        let bound = node
                            .steps
                            .map_or(node.bound, |steps| steps.after(node.bound, m.index()));
                        let child = Node {
                            twist,
                            flip,
                            slice,
                            bound,
                            steps: None,
                            ..node
                        };
                        frame.children[count] = (m, child, Probe::default());
                        count += 1;
                    }
                    // The kept children's corners are read from this row.
                    tables.moves.corners.prefetch(node.corners);
                    frame.count = count;
                    view.step = Step::Probe;
                    return !self.visit(count as u64);
                }
                Step::Probe => {
                    for (_, child, probe) in &mut frame.children[..frame.count] {
                        *probe =
                            tables.phase1_probe(child.twist, child.flip, child.slice.position());
                    }
                    view.step = Step::Read;
                    return true;
                }
                Step::Read => {
                    let mut kept = 0;
                    for i in 0..frame.count {
                        let (m, mut child, probe) = frame.children[i];
                        match tables.phase1_read(probe, frame.node.bound) {
                            Phase1Entry::Bound(bound) => child.bound = bound,
                            Phase1Entry::Steps(steps) => child.steps = Some(steps),
                        }
                        if usize::from(child.bound) < togo {
                            frame.children[kept] = (m, child, probe);
                            kept += 1;
                        }
                    }
                    (frame.count, frame.next) = (kept, 0);
                    view.step = Step::Next;
                }
                Step::Next if frame.next < frame.count => {
                    let (m, mut child, _) = frame.children[frame.next];
                    frame.next += 1;
                    child.corners = tables.moves.corners.apply(child.corners, m.index());
                    view.path[depth] = m;
                    view.frames[depth + 1].node = child;
                    view.depth += 1;
                    view.step = Step::Expand;
                }
                Step::Next if depth == 0 => return false,
                Step::Next => view.depth -= 1,
            }
        }
        false
    }

    /// Searches view `v` on from `node` at `depth`, two moves or fewer before phase 1's end,
    /// where exact tests replace the children's table probes: with one move to go a child must
    /// be in phase 2's group (every phase-1 coordinate 0), with two at most one move from it.
    /// A node with steps (the large tables) knows which children those are.
    fn near_end(&mut self, v: usize, node: Node, depth: usize, togo: usize) {
        if togo == 0 {
            if let Some(slice) = node.slice.in_slice() {
                self.start_phase2(v, depth, node.corners, slice);
            }
            return;
        }
        let tables = self.solver.tables;
        let mut wanted = node
            .steps
            .map_or(ALL_TURNS, |steps| steps.within(togo as u8 - node.bound));
        if togo == 1 {
            // A phase-2 move keeps a state in or out of phase 2's group; a phase-1 solution
            // ending in one would have been found one move shorter.
            wanted &= PHASE1_ENDINGS;
        }
        for m in turns_in(wanted & followers_of(&self.views[v].path, depth)) {
            if self.visit(1) {
                return;
            }
            let (twist, flip, slice) =
                tables.phase1_after((node.twist, node.flip, node.slice), m.index());
            let near = match togo {
                _ if node.steps.is_some() => true,
                1 => twist.0 == 0 && flip.0 == 0 && slice.in_slice().is_some(),
                _ => tables.within_one_move(twist, flip, slice.position()),
            };
            if near {
                let corners = tables.moves.corners.apply(node.corners, m.index());
                let child = Node {
                    twist,
                    flip,
                    slice,
                    corners,
                    bound: node
                        .steps
                        .map_or(node.bound, |steps| steps.after(node.bound, m.index())),
                    steps: None,
                };
                self.views[v].path[depth] = m;
                self.near_end(v, child, depth + 1, togo - 1);
                if self.done {
                    return;
                }
            }
        }
    }

    /// Phase 2 on view `v` from the end of a phase-1 solution of `phase1_length` moves, which
    /// left the corners and the slice edges in these permutations.
    fn start_phase2(
        &mut self,
        v: usize,
        phase1_length: usize,
        corners: CornerPerm,
        slice: SlicePerm,
    ) {
        if phase1_length > self.target {
            return;
        }
        let most = self.target - phase1_length;
        // Most starts fail on corners and slice alone: rank the U/D edges only for the others.
        if usize::from(self.solver.tables.corner_slice_bound(corners, slice)) > most {
            return;
        }
        let view = &self.views[v];
        let mut cube = view.cube;
        cube.apply(&view.path[..phase1_length]);
        let edges = UdEdgePerm::of(&cube);
        let bound = usize::from(
            self.solver
                .tables
                .phase2_bound(corners, edges, slice, most + 1),
        );
        for length in bound..=most {
            if self.phase2(v, corners, edges, slice, phase1_length, length) {
                self.found(v, phase1_length + length);
                return;
            }
            if self.done {
                return;
            }
        }
    }

    fn phase2(
        &mut self,
        v: usize,
        corners: CornerPerm,
        edges: UdEdgePerm,
        slice: SlicePerm,
        depth: usize,
        togo: usize,
    ) -> bool {
        if togo == 0 {
            return true;
        }
        let tables = self.solver.tables;
        let followers = followers_of(&self.views[v].path, depth);
        for (i, m) in FaceTurn::PHASE2.into_iter().enumerate() {
            if followers >> m.index() & 1 == 0 {
                continue;
            }
            if self.visit(1) {
                return false;
            }
            let corners = tables.moves.corners.apply(corners, m.index());
            let edges = tables.moves.ud_edges.apply(edges, i);
            let slice = tables.moves.slice_perm.apply(slice, i);
            if usize::from(tables.phase2_bound(corners, edges, slice, togo)) >= togo {
                continue;
            }
            self.views[v].path[depth] = m;
            if self.phase2(v, corners, edges, slice, depth + 1, togo - 1) {
                return true;
            }
        }
        false
    }

    /// Records the solution on the path (view `v`, `length` moves) in the state's own terms.
    fn found(&mut self, v: usize, length: usize) {
        let view = &self.views[v];
        let back = &self.solver.move_back[view.axis];
        let mut moves: Vec<FaceTurn> = view.path[..length]
            .iter()
            .map(|m| back[m.index()])
            .collect();
        if view.inverse {
            moves.reverse();
            for m in &mut moves {
                *m = m.inverse();
            }
        }
        if let Some(shared) = self.shared {
            let mut best = shared.best.lock().expect("no search panics");
            if best.as_ref().is_none_or(|b| b.len() > moves.len()) {
                *best = Some(moves.clone());
            }
            shared
                .target
                .fetch_min(length.saturating_sub(1), Ordering::Relaxed);
        }
        self.best = Some(moves);
        if self.first_only || length == 0 {
            self.finish();
        } else {
            self.target = length - 1;
        }
    }

    /// Ends this search, and with it the other threads' searches of the state.
    fn finish(&mut self) {
        self.done = true;
        if let Some(shared) = self.shared {
            shared.done.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::seeded_rng;

    #[test]
    #[ignore = "builds the full tables: run in release"]
    fn random_states_solve_within_twenty_moves() {
        solve_random_states(TableSize::Large);
    }

    #[test]
    #[ignore = "run in release"]
    fn random_states_solve_within_twenty_moves_with_small_tables() {
        solve_random_states(TableSize::Small);
    }

    fn solve_random_states(size: TableSize) {
        let start = Instant::now();
        let tables = TwoPhaseTables::build(size, &mut |p| {
            eprintln!(
                "{:>8.2?} {}: {}/{}",
                start.elapsed(),
                p.stage,
                p.done,
                p.total
            )
        });
        let solver = TwoPhase::new(&tables);
        let limits = Limits {
            max_length: Some(20),
            ..Limits::default()
        };
        let mut rng = seeded_rng(1);
        let mut times = Vec::new();
        for _ in 0..200 {
            let cube = CubieCube::random(&mut rng);
            let t = Instant::now();
            let solution = solver.solve(&cube, &limits).unwrap();
            times.push(t.elapsed());
            let mut solved = cube;
            solved.apply(&solution.moves);
            assert!(solved.is_solved());
            assert!(solution.len() <= 20);
        }
        times.sort();
        let mean = times.iter().sum::<Duration>() / times.len() as u32;
        eprintln!(
            "median {:?} mean {:?} max {:?}",
            times[times.len() / 2],
            mean,
            times.last().unwrap()
        );
    }
}
