//! The table-driven phases of the 4×4 and 5×5 reductions: their turns, numbered the same way on
//! both cubes (the 36 outer-block turns), and one iterative-deepening A* over a phase: every
//! solution of the shortest length and of a few turns more, turns of one axis taken in a fixed
//! order (they commute), each node's next child expanded (its table loads started) while the one
//! before is walked.

use super::distances::Nibbles;
use crate::face::{Axis, Face};
use crate::search::Stop;
use crate::search::budget::Running;
use crate::turn::Turn;

/// The number of outer-block turns: 6 faces × (outer layer, two-layer block) × 3 amounts.
pub(super) const TURNS: usize = 36;

/// A set of outer-block turns, one bit per turn number.
pub(super) type MoveSet = u64;

/// Outer-block turn number `m` on a cube of `size` layers: face `m / 6`, a two-layer block when
/// `m / 3 % 2 == 1`, by `m % 3 + 1` quarters.
pub(super) fn outer_block_turn(m: usize, size: usize) -> Turn {
    Turn::from_face(Face::ALL[m / 6], 1, 1 + m / 3 % 2, (m % 3 + 1) as i64, size)
}

/// The largest of `bounds`, or the first one at least `left` (a search needs no more to
/// refuse a node with `left` turns to go).
pub(super) fn largest_below(bounds: impl Iterator<Item = u8>, left: u8) -> u8 {
    let mut largest = 0;
    for bound in bounds {
        largest = largest.max(bound);
        if largest >= left {
            break;
        }
    }
    largest
}

/// Every turn.
pub(super) const ALL_MOVES: MoveSet = (1 << TURNS) - 1;

/// The turns of a set, in number order, read off its bits.
pub(super) use crate::cubie::set_bits as turns_in;

/// The axis of turn `m` and its rank among the four blocks of that axis (U, Uw, D, Dw): a
/// search takes turns of one axis in increasing rank only (they commute).
pub(super) fn axis_rank(m: usize) -> (Axis, usize) {
    let face = Face::ALL[m / 6];
    let rank = if face.is_positive() { 0 } else { 2 } + m / 3 % 2;
    (face.axis(), rank)
}

/// The turns that may follow turn `m` (every turn when `m` is `None`): those of the other
/// axes, and those of its axis ranked above it ([`axis_rank`]).
fn allowed_after(m: Option<usize>) -> MoveSet {
    static AFTER: std::sync::OnceLock<[MoveSet; TURNS]> = std::sync::OnceLock::new();
    let after = AFTER.get_or_init(|| {
        std::array::from_fn(|last| {
            let (axis, rank) = axis_rank(last);
            (0..TURNS)
                .filter(|&next| {
                    let (next_axis, next_rank) = axis_rank(next);
                    next_axis != axis || next_rank > rank
                })
                .fold(0, |set, next| set | 1 << next)
        })
    });
    m.map_or(ALL_MOVES, |m| after[m])
}

/// A child of a search node: the turn to it, its state, a lower bound on its distance (whole
/// once [`Phase::settle`] has run), and where in large tables the rest of that bound lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Child<S> {
    pub turn: usize,
    pub state: S,
    pub bound: u8,
    pub far: [usize; 2],
}

/// A phase as the search sees it.
pub(super) trait Phase {
    /// The phase's state.
    type State: Copy;
    /// The turns it may use.
    fn moves(&self) -> MoveSet;
    /// The state after turn `m`.
    fn turn(&self, state: &Self::State, m: usize) -> Self::State;
    /// A lower bound on the turns to the goal: 0 exactly at the goal.
    fn bound(&self, state: &Self::State) -> u8;
    /// Into `out` (emptied first): each turn of `moves` from `state` whose bound may be below
    /// `left`, with the state it leads to, in the order of `moves`. A phase whose bounds are
    /// random reads in large tables may leave the bounds partial here and only start loading
    /// those reads, for [`settle`](Self::settle) to finish once the loads have had time to
    /// arrive (the search expands a node's next child while it walks the one before).
    fn expand(
        &self,
        state: &Self::State,
        moves: impl Iterator<Item = usize>,
        left: u8,
        out: &mut Vec<Child<Self::State>>,
    ) {
        out.clear();
        out.extend(moves.filter_map(|m| {
            let state = self.turn(state, m);
            let bound = self.bound(&state);
            (bound < left).then_some(Child {
                turn: m,
                state,
                bound,
                far: [0; 2],
            })
        }));
    }
    /// Completes the bounds that [`expand`](Self::expand) left partial, keeping the children
    /// whose bound is below `left`.
    fn settle(&self, _children: &mut Vec<Child<Self::State>>, _left: u8) {}
}

/// A phase whose bound is the largest of a near part (small tables, mostly in cache) and two
/// entries of large tables (mostly cache misses): a [`Phase`] whose expansion asks for the
/// large tables' entries of the children the near part lets through, and whose settling reads
/// them.
pub(super) trait SplitBound {
    /// The phase's state.
    type State: Copy;
    /// The turns it may use.
    fn moves(&self) -> MoveSet;
    /// The state after turn `m`.
    fn turn(&self, state: &Self::State, m: usize) -> Self::State;
    /// The near part of the bound of `state`.
    fn near(&self, state: &Self::State) -> u8;
    /// The large tables' entries of `state`, in the tables [`SplitBound::far_tables`] names.
    fn far(&self, state: &Self::State) -> [usize; 2];
    /// The two large tables (they may be the same one).
    fn far_tables(&self) -> [&Nibbles; 2];
}

impl<P: SplitBound> Phase for P {
    type State = P::State;

    fn moves(&self) -> MoveSet {
        SplitBound::moves(self)
    }

    fn turn(&self, state: &Self::State, m: usize) -> Self::State {
        SplitBound::turn(self, state, m)
    }

    fn bound(&self, state: &Self::State) -> u8 {
        let [a, b] = self.far(state);
        let [ta, tb] = self.far_tables();
        self.near(state).max(ta.get(a)).max(tb.get(b))
    }

    /// The children that the near part lets through, their large tables' entries asked for.
    fn expand(
        &self,
        state: &Self::State,
        moves: impl Iterator<Item = usize>,
        left: u8,
        out: &mut Vec<Child<Self::State>>,
    ) {
        out.clear();
        let [ta, tb] = self.far_tables();
        for m in moves {
            let next = SplitBound::turn(self, state, m);
            let near = self.near(&next);
            if near < left {
                let far = self.far(&next);
                ta.prefetch(far[0]);
                tb.prefetch(far[1]);
                out.push(Child {
                    turn: m,
                    state: next,
                    bound: near,
                    far,
                });
            }
        }
    }

    /// The large tables' entries read.
    fn settle(&self, children: &mut Vec<Child<Self::State>>, left: u8) {
        let [ta, tb] = self.far_tables();
        for child in children.iter_mut() {
            child.bound = child
                .bound
                .max(ta.get(child.far[0]))
                .max(tb.get(child.far[1]));
        }
        children.retain(|child| child.bound < left);
    }
}

/// How many solutions to look for.
#[derive(Clone, Copy, Debug)]
pub(super) struct Wanted {
    /// Turns past the shortest length still searched.
    pub extra: u8,
    /// Stop after this many kept solutions.
    pub count: usize,
    /// Never search deeper than this.
    pub max_depth: u8,
    /// Once a solution is found, stop when the search has visited this many nodes in all
    /// ([`u64::MAX`]: never), so that a phase whose shortest solutions lie deep does not
    /// list them all.
    pub patience: u64,
}

/// A search under a budget, counting its nodes.
pub(super) struct Searcher<'a, 'b> {
    pub budget: &'a Running<'b>,
    pub nodes: u64,
}

impl Searcher<'_, '_> {
    /// The solutions from `start` that `keep` accepts (it sees each solution found), shortest
    /// first, as `wanted` says; `Err` when the budget stops the search.
    pub fn solutions<P: Phase>(
        &mut self,
        phase: &P,
        start: P::State,
        wanted: Wanted,
        keep: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Result<Vec<Vec<u8>>, Stop> {
        let mut found = Vec::new();
        let mut first = None;
        let mut depth = phase.bound(&start);
        let enough = self.nodes.saturating_add(wanted.patience);
        while depth <= wanted.max_depth {
            let count = wanted.count - found.len();
            let patience = Patience::after(enough, &found);
            found.extend(self.solutions_of_length(phase, start, depth, count, patience, keep)?);
            if first.is_none() && !found.is_empty() {
                first = Some(depth);
            }
            if found.len() >= wanted.count
                || first.is_some_and(|f| depth >= f + wanted.extra)
                || patience.ran_out(self.nodes, !found.is_empty())
            {
                break;
            }
            depth += 1;
        }
        Ok(found)
    }

    /// The first `wanted.count` solutions of a phase over several starts (each the turns so
    /// far and the phase's state), in order of total length: each start searched at the depth
    /// that makes the total `L` (one depth-first pass: the smaller totals searched the
    /// shallower depths), for `L` from the least estimate up, at most `wanted.extra` past the
    /// first found and fewer than `wanted.max_depth` past the least, and no further once
    /// `wanted.patience` nodes are spent with a solution found. `keep(start, turns)` says
    /// which solutions count. Each solution comes with its start. When the budget stops the
    /// search, the solutions found so far (`Err` if none).
    pub fn by_total_length<P: Phase>(
        &mut self,
        phase: &P,
        starts: &[(usize, P::State)],
        wanted: Wanted,
        keep: &mut dyn FnMut(usize, &[u8]) -> bool,
    ) -> Result<Vec<(usize, Vec<u8>)>, Stop> {
        let bounds: Vec<usize> = starts
            .iter()
            .map(|(_, s)| phase.bound(s) as usize)
            .collect();
        let least = starts.iter().zip(&bounds).map(|((l, _), b)| l + b).min();
        let totals = least.map_or(0..0, |least| least..least + usize::from(wanted.max_depth));
        let (extra, want) = (usize::from(wanted.extra), wanted.count);
        let enough = self.nodes.saturating_add(wanted.patience);
        let mut found = Vec::new();
        let mut first = None;
        for total in totals {
            for (i, ((length, state), bound)) in starts.iter().zip(&bounds).enumerate() {
                if length + bound > total {
                    continue;
                }
                let depth = (total - length) as u8;
                let mut kept = |turns: &[u8]| keep(i, turns);
                let count = want - found.len();
                let patience = Patience::after(enough, &found);
                match self.solutions_of_length(phase, *state, depth, count, patience, &mut kept) {
                    Ok(solutions) => found.extend(solutions.into_iter().map(|turns| (i, turns))),
                    Err(stop) if found.is_empty() => return Err(stop),
                    Err(_) => return Ok(found),
                }
                if found.len() >= want || patience.ran_out(self.nodes, !found.is_empty()) {
                    return Ok(found);
                }
            }
            if first.is_none() && !found.is_empty() {
                first = Some(total);
            }
            if first.is_some_and(|f| total >= f + extra) {
                break;
            }
        }
        Ok(found)
    }

    /// The first `count` solutions from `start` of exactly `length` turns that `keep` accepts,
    /// by one depth-first pass (no shorter depth searched first), ended early as `patience`
    /// says; `Err` when the budget stops the search.
    fn solutions_of_length<P: Phase>(
        &mut self,
        phase: &P,
        start: P::State,
        length: u8,
        count: usize,
        patience: Patience,
        keep: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Result<Vec<Vec<u8>>, Stop> {
        if let Some(stop) = self.budget.interrupted() {
            return Err(stop);
        }
        let mut found = Vec::new();
        if phase.bound(&start) <= length {
            let mut path = Vec::new();
            let mut dfs = Dfs {
                phase,
                wanted: count,
                patience,
                keep,
                found: &mut found,
                path: &mut path,
                levels: vec![Level::default()],
                searcher: self,
            };
            expand(phase, (&start, None), length, &mut dfs.levels[0].children);
            dfs.walk(start, length)?;
        }
        Ok(found)
    }
}

/// When a search may end before it has all the solutions it wants: once it has visited
/// `enough` nodes in all, with a solution found (`found`: before this pass).
#[derive(Clone, Copy)]
struct Patience {
    enough: u64,
    found: bool,
}

impl Patience {
    /// The patience of a pass that ends at `enough` nodes, after the passes that found `found`.
    fn after<T>(enough: u64, found: &[T]) -> Patience {
        Patience {
            enough,
            found: !found.is_empty(),
        }
    }

    /// Whether a search that has visited `nodes` nodes may end, `found_now` if this pass has
    /// found a solution.
    fn ran_out(self, nodes: u64, found_now: bool) -> bool {
        (self.found || found_now) && nodes >= self.enough
    }
}

struct Dfs<'s, 'a, 'b, 'k, P: Phase> {
    phase: &'s P,
    wanted: usize,
    patience: Patience,
    keep: &'s mut (dyn FnMut(&[u8]) -> bool + 'k),
    found: &'s mut Vec<Vec<u8>>,
    path: &'s mut Vec<u8>,
    /// Each depth's lists of children, kept to be reused.
    levels: Vec<Level<P::State>>,
    searcher: &'s mut Searcher<'a, 'b>,
}

/// The children of the node searched at one depth (expanded by its parent), and those of its
/// next sibling, expanded while the node is walked so that their table loads overlap that walk.
struct Level<S> {
    children: Vec<Child<S>>,
    ahead: Vec<Child<S>>,
}

impl<S> Default for Level<S> {
    fn default() -> Self {
        Level {
            children: Vec::new(),
            ahead: Vec::new(),
        }
    }
}

/// Expands `state`, with `left` turns to go after turn `last`, into `out`.
fn expand<P: Phase>(
    phase: &P,
    (state, last): (&P::State, Option<usize>),
    left: u8,
    out: &mut Vec<Child<P::State>>,
) {
    let moves = turns_in(phase.moves() & allowed_after(last));
    phase.expand(state, moves, left, out);
}

impl<P: Phase> Dfs<'_, '_, '_, '_, P> {
    /// Searches `left` more turns from `state`, whose children (if `left` > 0) are expanded
    /// at its depth.
    fn walk(&mut self, state: P::State, left: u8) -> Result<(), Stop> {
        self.searcher.nodes += 1;
        if self.searcher.nodes % 4096 == 0
            && let Some(stop) = self.searcher.budget.stop(self.searcher.nodes)
        {
            return Err(stop);
        }
        if left == 0 {
            if self.phase.bound(&state) == 0 && (self.keep)(self.path) {
                self.found.push(self.path.clone());
            }
            return Ok(());
        }
        let depth = self.path.len();
        if self.levels.len() <= depth + 1 {
            self.levels.resize_with(depth + 2, Level::default);
        }
        let mut children = std::mem::take(&mut self.levels[depth].children);
        self.phase.settle(&mut children, left);
        // A child at the goal with turns still to go is skipped: its solutions are shorter.
        let walked_after =
            |from: usize| (from..children.len()).find(|&k| children[k].bound > 0 || left == 1);
        let at = |k: usize| (&children[k].state, Some(children[k].turn));
        let mut next = walked_after(0);
        if let Some(k) = next.filter(|_| left > 1) {
            expand(
                self.phase,
                at(k),
                left - 1,
                &mut self.levels[depth + 1].ahead,
            );
        }
        let mut walked = Ok(());
        while let Some(k) = next {
            next = walked_after(k + 1);
            if left > 1 {
                let below = &mut self.levels[depth + 1];
                std::mem::swap(&mut below.children, &mut below.ahead);
                if let Some(n) = next {
                    expand(self.phase, at(n), left - 1, &mut below.ahead);
                }
            }
            self.path.push(children[k].turn as u8);
            walked = self.walk(children[k].state, left - 1);
            self.path.pop();
            if walked.is_err()
                || self.found.len() >= self.wanted
                || self
                    .patience
                    .ran_out(self.searcher.nodes, !self.found.is_empty())
            {
                break;
            }
        }
        self.levels[depth].children = children;
        walked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Budget;

    #[test]
    fn largest_below_stops_at_the_first_bound_that_refuses() {
        assert_eq!(largest_below([3, 1, 7, 9].into_iter(), 5), 7);
        assert_eq!(largest_below([3, 1, 4].into_iter(), 5), 4);
        assert_eq!(largest_below(std::iter::empty(), 5), 0);
    }

    /// A phase whose state is its distance to the goal: every turn takes it one nearer (and
    /// the goal one away), so every sequence of that many turns solves it.
    struct Countdown;

    impl Phase for Countdown {
        type State = u8;
        fn moves(&self) -> MoveSet {
            (0..TURNS).step_by(3).fold(0, |set, m| set | 1 << m)
        }
        fn turn(&self, state: &u8, _: usize) -> u8 {
            state.checked_sub(1).unwrap_or(1)
        }
        fn bound(&self, state: &u8) -> u8 {
            *state
        }
    }

    #[test]
    fn after_a_turn_only_higher_blocks_of_its_axis_follow() {
        assert_eq!(allowed_after(None), ALL_MOVES);
        for m in 0..TURNS {
            let (axis, rank) = axis_rank(m);
            let allowed = allowed_after(Some(m));
            // The two other axes' 24 turns, and each higher block of this axis by 1, 2 or 3.
            assert_eq!(allowed.count_ones() as usize, 24 + 3 * (3 - rank), "{m}");
            for next in turns_in(allowed) {
                let (next_axis, next_rank) = axis_rank(next);
                assert!(next_axis != axis || next_rank > rank, "{m} then {next}");
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn turns_in_lists_each_turn_of_a_set_once_in_order(set in 0..=ALL_MOVES) {
            let turns: Vec<usize> = turns_in(set).collect();
            proptest::prop_assert!(turns.windows(2).all(|pair| pair[0] < pair[1]));
            let listed = turns.iter().fold(0, |listed: MoveSet, &m| listed | 1 << m);
            proptest::prop_assert_eq!(listed, set);
        }
    }

    /// Every solution of the shortest length, up to ten turns, ended only by `patience`.
    fn every_solution(patience: u64) -> Wanted {
        Wanted {
            extra: 0,
            count: usize::MAX,
            max_depth: 10,
            patience,
        }
    }

    /// Every sequence of a phase's turns that solves it, taken in canonical order (turns of
    /// one axis in increasing rank), is found exactly once: here every sequence of four turns
    /// solves the countdown, so the solutions are all such sequences, listed apart by brute
    /// force.
    #[test]
    fn a_search_lists_every_canonical_solution_once() {
        let budget = Budget::default().start();
        let mut searcher = Searcher {
            budget: &budget,
            nodes: 0,
        };
        let wanted = every_solution(u64::MAX);
        let mut found = (searcher.solutions(&Countdown, 4, wanted, &mut |_| true))
            .expect("no budget to stop it");
        let turns: Vec<u8> = turns_in(Countdown.moves()).map(|m| m as u8).collect();
        let canonical = |path: &[u8]| {
            path.windows(2).all(|pair| {
                let ((a, ra), (b, rb)) = (axis_rank(pair[0].into()), axis_rank(pair[1].into()));
                a != b || ra < rb
            })
        };
        let mut all: Vec<Vec<u8>> = (0..turns.len().pow(4))
            .map(|n| {
                (0..4)
                    .map(|k| turns[n / turns.len().pow(k) % turns.len()])
                    .collect()
            })
            .filter(|path: &Vec<u8>| canonical(path))
            .collect();
        found.sort();
        all.sort();
        assert!(all.len() > 1_000, "{}", all.len());
        assert_eq!(found, all);
    }

    #[test]
    fn patience_ends_a_search_once_it_has_a_solution() {
        let budget = Budget::default().start();
        let search = |patience| {
            let mut searcher = Searcher {
                budget: &budget,
                nodes: 0,
            };
            let wanted = every_solution(patience);
            let starts = [(0, 4), (1, 3)];
            (searcher.by_total_length(&Countdown, &starts, wanted, &mut |_, _| true))
                .expect("no budget to stop it")
        };
        let all = search(u64::MAX);
        let some = search(100);
        assert!(all.len() > 1_000, "{}", all.len());
        assert!(
            !some.is_empty() && some.len() < all.len() / 10,
            "{}",
            some.len()
        );
        assert!(some.iter().all(|solution| all.contains(solution)));
        assert!(all.iter().all(|(start, turns)| turns.len() == 4 - start));
    }
}
