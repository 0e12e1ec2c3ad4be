//! The deepening scheduler: one deepening's subtrees as tasks, claimed by a worker on each
//! core, each searching several of them side by side on explicit stacks (lanes), and the
//! shared count, budget and solution that end the deepening.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use super::Optimal;
use super::expand::{Children, Node, Round};
use crate::cubie::{CubieCube, FaceTurn};
use crate::search::budget::{Budget, Running};

/// The moves fixed before the search splits into tasks (subtrees): a few thousand of them.
const SPLIT_DEPTH: usize = 3;

/// How many subtrees a worker searches side by side: while one waits for table entries, the
/// others compute.
const LANES: usize = 8;

/// Search nodes a task visits between looks at the shared budget and flags.
const CHECK_EVERY: u64 = 1 << 12;

/// The longest path a search can hold: more than God's number (20).
const MAX_DEPTH: usize = 32;

/// The nodes a deepening searched under each task, by the task's prefix of moves.
pub(super) type Costs = HashMap<Vec<FaceTurn>, u64>;

/// One solve: what its tasks share.
pub(super) struct Search<'s, 't> {
    solver: &'s Optimal<'t>,
    cube: CubieCube,
    /// A solution found in the current deepening (which ends it).
    pub(super) solution: Mutex<Option<Vec<FaceTurn>>>,
    /// Set when a solution is found or the search stops: tasks return.
    done: AtomicBool,
    /// Set when a budget or the cancel flag stops the search.
    pub(super) stopped: AtomicBool,
    nodes: AtomicU64,
    pub(super) budget: Running<'s>,
}

impl<'s, 't> Search<'s, 't> {
    pub(super) fn new(
        solver: &'s Optimal<'t>,
        cube: &CubieCube,
        budget: &Budget<'s>,
    ) -> Search<'s, 't> {
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

    pub(super) fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Searches every canonical sequence of `depth` moves from `root` for a solution. The
    /// subtrees under the first moves are tasks, taken in the order of their `costs` in the
    /// deepening before, highest first; a worker on each core searches several of them side by
    /// side, taking the next when one is done. Returns the costs of this deepening's tasks.
    pub(super) fn deepen(&self, mut root: Node, depth: usize, costs: &Costs) -> Costs {
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
