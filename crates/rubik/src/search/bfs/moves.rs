//! Move derivation: each move's sticker permutation, derived from the facelet model, and the
//! pruning of moves on one axis (which successors of a path are canonical).

use std::ops::Range;

use super::frontier::{Link, ROOT};
use super::packing::copy_sticker;
use super::{Bounds, sorted};
use crate::facelet;
use crate::search::Stop;
use crate::turn::Turn;

/// The moves of one search direction, sorted as [`MoveSet::turns`] sorts them, with the
/// stickers each moves and what pruning needs to know about their axes and blocks.
pub(super) struct Moves {
    pub(super) turns: Vec<Turn>,
    /// For each move, the sticker positions it changes: `(to, from)`.
    hops: Vec<Vec<(u32, u32)>>,
    /// For each move, the index of the first move on its axis.
    axis_start: Vec<usize>,
    /// For each move, the indices of the moves on its block.
    block: Vec<Range<usize>>,
    /// For each move, the fewest moves of its block that turn it by each total amount 0..4
    /// (`u8::MAX` where its amounts cannot make it).
    cost: Vec<[u8; 4]>,
}

impl Moves {
    /// The moves for the search from the state, and, unless they are the same, the inverse
    /// moves for the search from the goal (a step back from the goal is an inverse move).
    pub(super) fn both_ways(
        turns: &[Turn],
        size: usize,
        budget: &Bounds,
    ) -> Result<(Moves, Option<Moves>), Stop> {
        let forward = Moves::new(turns, size, budget)?;
        let inverses = sorted(turns.iter().map(|turn| turn.inverse()).collect());
        let backward = (inverses != turns)
            .then(|| Moves::new(&inverses, size, budget))
            .transpose()?;
        Ok((forward, backward))
    }

    /// Derives the moves' sticker permutations from the facelet model, one block at a time,
    /// unless the budget runs out first.
    pub(super) fn new(turns: &[Turn], size: usize, budget: &Bounds) -> Result<Moves, Stop> {
        let block_of = |turn: &Turn| (turn.axis, turn.first, turn.last);
        let mut moves = Moves {
            turns: turns.to_vec(),
            hops: Vec::with_capacity(turns.len()),
            axis_start: Vec::with_capacity(turns.len()),
            block: Vec::with_capacity(turns.len()),
            cost: Vec::with_capacity(turns.len()),
        };
        let (mut start, mut axis_start) = (0, 0);
        for chunk in turns.chunk_by(|a, b| block_of(a) == block_of(b)) {
            if let Some(stop) = budget.stop(0) {
                return Err(stop);
            }
            if chunk[0].axis != turns[axis_start].axis {
                axis_start = start;
            }
            let quarter = Turn {
                quarters: 1,
                ..chunk[0]
            };
            let permutation = facelet::permutation(size, &[quarter]);
            let moved: Vec<u32> = (0..permutation.len() as u32)
                .filter(|&i| permutation[i as usize] != i)
                .collect();
            let cost = block_cost(chunk.iter().map(|turn| turn.quarters));
            for turn in chunk {
                let from = |mut i: u32| {
                    for _ in 0..turn.quarters {
                        i = permutation[i as usize];
                    }
                    i
                };
                moves
                    .hops
                    .push(moved.iter().map(|&i| (i, from(i))).collect());
                moves.axis_start.push(axis_start);
                moves.block.push(start..start + chunk.len());
                moves.cost.push(cost);
            }
            start += chunk.len();
        }
        Ok(moves)
    }

    /// The state after move `mv` from `parent`, written into `child`.
    pub(super) fn apply(&self, mv: usize, parent: &[u64], child: &mut [u64]) {
        child.copy_from_slice(parent);
        for &(to, from) in &self.hops[mv] {
            copy_sticker(parent, from as usize, child, to as usize);
        }
    }

    /// The moves worth trying after `link`, in move order, each with the run it makes.
    pub(super) fn successors(&self, link: Link) -> impl Iterator<Item = (usize, Run)> + '_ {
        let count = self.turns.len();
        let (before, same, after) = match link.mv {
            ROOT => (0..count, 0..0, count..count),
            mv => {
                let mv = usize::from(mv);
                let block = self.block[mv].clone();
                (0..self.axis_start[mv], block.clone(), block.end..count)
            }
        };
        let fresh = move |mv: usize| (mv, Run::new(self.turns[mv].quarters));
        let again = move |mv: usize| {
            let run = link.run.then(self.turns[mv].quarters);
            (run.length() == self.cost[mv][run.amount()]).then_some((mv, run))
        };
        before
            .map(fresh)
            .chain(same.filter_map(again))
            .chain(after.map(fresh))
    }

    /// The orbit of each sticker position under these moves, as a representative position.
    pub(super) fn orbits(&self, positions: usize) -> Vec<u32> {
        fn root(parent: &mut [u32], mut i: u32) -> u32 {
            while parent[i as usize] != i {
                parent[i as usize] = parent[parent[i as usize] as usize];
                i = parent[i as usize];
            }
            i
        }
        let mut parent: Vec<u32> = (0..positions as u32).collect();
        for &(to, from) in self.hops.iter().flatten() {
            let (a, b) = (root(&mut parent, to), root(&mut parent, from));
            parent[a as usize] = b;
        }
        (0..positions as u32)
            .map(|i| root(&mut parent, i))
            .collect()
    }
}

/// The fewest turns of one block, by the given amounts, that make each total amount 0..4.
fn block_cost(amounts: impl Iterator<Item = u8> + Clone) -> [u8; 4] {
    let mut cost = [0, u8::MAX, u8::MAX, u8::MAX];
    for moves in 1..4 {
        for reached in 0..4 {
            if cost[reached] == moves - 1 {
                for amount in amounts.clone() {
                    let total = (reached + usize::from(amount)) % 4;
                    cost[total] = cost[total].min(moves);
                }
            }
        }
    }
    cost
}

/// The consecutive turns of one block that end a path: their total amount and their number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Run(pub(super) u8);

impl Run {
    /// A run of `length` turns adding up to `quarters`.
    fn of(quarters: u8, length: u8) -> Run {
        Run((quarters % 4) | (length << 2))
    }

    /// A run of one turn by `quarters`.
    fn new(quarters: u8) -> Run {
        Run::of(quarters, 1)
    }

    /// This run with one more turn of the same block by `quarters`.
    fn then(self, quarters: u8) -> Run {
        Run::of(self.amount() as u8 + quarters, self.length() + 1)
    }

    /// The total amount in quarter turns, 0..4.
    fn amount(self) -> usize {
        usize::from(self.0 & 3)
    }

    /// How many turns.
    fn length(self) -> u8 {
        self.0 >> 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FaceletCube;
    use crate::search::bfs::MoveSet;
    use crate::search::bfs::packing::{PER_WORD, pack};
    use crate::search::bfs::tests::{free, turns_of};

    #[test]
    fn block_costs_count_the_cheapest_runs() {
        let cost = |amounts: &[u8]| block_cost(amounts.iter().copied());
        const NO: u8 = u8::MAX;
        assert_eq!(cost(&[1, 2, 3]), [0, 1, 1, 1]);
        assert_eq!(cost(&[1, 3]), [0, 1, 2, 1]);
        assert_eq!(cost(&[1]), [0, 1, 2, 3]);
        assert_eq!(cost(&[1, 2]), [0, 1, 1, 2]);
        assert_eq!(cost(&[2]), [0, NO, 1, NO]);
    }

    #[test]
    fn runs_add_amounts_and_count_turns() {
        let run = Run::new(3).then(3);
        assert_eq!((run.amount(), run.length()), (2, 2));
        let run = run.then(2);
        assert_eq!((run.amount(), run.length()), (0, 3));
    }

    #[test]
    fn moves_move_stickers_as_the_facelet_model_turns() {
        let size = 4;
        let turns = MoveSet::AllLayers.turns(size).unwrap();
        let moves = Moves::new(&turns, size, &free()).unwrap();
        let mut start = FaceletCube::solved(size);
        start.apply(turns_of("R 2U' F2 3L", size));
        let width = start.stickers().len().div_ceil(PER_WORD);
        let mut child = vec![0; width];
        for (mv, &turn) in turns.iter().enumerate() {
            moves.apply(mv, &pack(start.stickers(), width), &mut child);
            let mut cube = start.clone();
            cube.turn(turn);
            assert_eq!(child, pack(cube.stickers(), width), "{turn:?}");
        }
    }
}
