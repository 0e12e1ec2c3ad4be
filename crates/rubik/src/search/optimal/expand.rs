//! Node expansion: a search node, its views of the state and of its inverse, and how its
//! children are made and kept, in rounds of bounds read from the tables (start loading,
//! locate, read), so that a lane can pause while the entries load.

use super::split::Entry;
use super::tables::{Coords, Probe};
use super::{Optimal, OptimalTables};
use crate::cubie::{ALL_TURNS, CubieCube, FaceTurn};
use crate::search::Metric;
use crate::search::canonical::followers;

impl<'t> Optimal<'t> {
    /// Whether move `m` may follow `path` in a canonical sequence: not on the face just turned
    /// (but for a second clockwise quarter turn in QTM, which makes a half turn), and not on
    /// the first face of an opposite pair (U, R, F) right after the second (D, L, B).
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
    pub(super) fn allowed(&self, entries: [Entry; 3], parity: u8, togo: usize) -> u32 {
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

    /// The search node of `cube`, its views and its inverse's read from the tables (every move
    /// may end a solution: that depends on the moves left).
    pub(super) fn root(&self, cube: &CubieCube) -> Node {
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
    pub(super) fn expand(&self, node: &Node, path: &[FaceTurn], togo: usize, out: &mut Children) {
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
    fn views_read(&self, round: Round, m: FaceTurn) -> ViewSet {
        match round {
            Round::None => ViewSet::default(),
            Round::Views(views) => views,
            Round::Inverse => ViewSet::ALL.without(usize::from(self.own_view[m.index()])),
        }
    }

    /// Sets the coordinates of `child`, reached from `node` by move `m`, in `views`.
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
    pub(super) fn prefetch_classes(&self, node: &Node, children: &mut Children, round: Round) {
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
    pub(super) fn probe(&self, children: &mut Children, round: Round) {
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
    pub(super) fn keep(&self, node: &Node, left: usize, children: &mut Children, round: Round) {
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
    pub(super) fn children(&self, node: &Node, path: &[FaceTurn], togo: usize) -> Children {
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

/// The coordinates of one view and what the table says of it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct View {
    coords: Coords,
    pub(super) entry: Entry,
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
pub(super) struct Node {
    pub(super) views: [View; 3],
    /// The inverse of the state (kept only when the inverse's bounds are read).
    inverse: CubieCube,
    inverse_entries: [Entry; 3],
    pub(super) bound: u8,
    /// The moves (a mask) that the solution's last move may be.
    pub(super) last: u32,
    /// The parity of the state's corner permutation (known before the views' coordinates).
    pub(super) parity: u8,
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

/// A set of the three views, as a bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct ViewSet(u8);

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
pub(super) enum Round {
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
pub(super) struct Children {
    pub(super) list: [(FaceTurn, Node); 18],
    probes: [[Probe; 3]; 18],
    /// The coordinates of each child's inverse in each view, while the inverse round loads.
    inverse_coords: [[Coords; 3]; 18],
    pub(super) count: usize,
    pub(super) rounds: [Round; 3],
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
