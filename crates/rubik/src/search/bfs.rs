//! Shortest solutions for a cube of any size, by bidirectional breadth-first search.
//!
//! The simplest honest solver: it knows stickers, not pieces, so it works on every N×N×N, and it
//! returns a shortest solution in the chosen [`MoveSet`]. Its cost grows as the branching factor
//! to the power of half the solution length, so it is for short solutions: any 3×3 state within
//! 10 face turns, any 4×4 or 5×5 state within 6 layer turns, in well under a second.
//!
//! ```
//! use rubik::search::bfs::{Bfs, MoveSet, Outcome};
//! use rubik::{Alg, FaceletCube};
//!
//! let mut cube = FaceletCube::solved(3);
//! cube.apply_alg(&"R U R' F2".parse::<Alg>().unwrap()).unwrap();
//! let Outcome::Solved(solution) = Bfs::new(MoveSet::FaceTurns).solve(&cube).unwrap() else {
//!     panic!("four moves are in reach");
//! };
//! assert_eq!(solution.alg.to_string(), "F2 R U' R'");
//! cube.apply(solution.turns);
//! assert!(cube.is_solved());
//! ```
//!
//! # How it searches
//! Two breadth-first searches grow towards each other (meet in the middle): one from the state,
//! one backwards from the solved cube, each round deepening by one layer whichever side has the
//! smaller frontier. Every state a side reaches is stored once: its stickers packed 3 bits each,
//! the move that first reached it and its parent, so no state is expanded twice and the path is
//! rebuilt by following parents. The first state one side reaches that the other side already
//! holds joins a shortest path: the two balls were disjoint before that layer, so no path is
//! shorter than the two radii plus one, and this one is not longer.
//!
//! The search turns no cube: a move is the permutation of sticker positions that the facelet
//! model derives for it ([`facelet::permutation`]), applied to packed states.
//!
//! # The goal
//! Solved means [`FaceletCube::is_solved`]: every face one colour. Searching backwards needs the
//! goal states themselves, the 24 rotations of the solved cube. A move only carries a sticker
//! within its orbit (the positions the moves can take it to), so a goal whose colours on some
//! orbit differ from the state's is out of reach and is left out. With outer-face turns on an odd
//! cube the centres never move, and the one goal left is the solved cube in the state's centre
//! orientation (the same holds for the centres of an even cube); when the moves can carry
//! centres around (inner slices, or all layers of an even cube) all 24 stay and seed the
//! backward search together. A state coloured as a mirror image of the standard scheme is not a
//! cube that turning can solve, and comes out [`Outcome::Unsolvable`] or runs into a bound.
//!
//! # Moves and pruning
//! Moves on one axis commute, so of a run of them only one order is generated: blocks in
//! increasing order, and one block turned again only when that is the cheapest way to its total
//! amount (`R R` in the quarter-turn metric; never `R R2` when `R'` is a move). Successors are
//! generated in the order of the sorted move list, so each state keeps the least of its shortest
//! canonical paths, which is what makes this pruning safe together with duplicate detection.
//!
//! # Bounds
//! Before each layer the search estimates the states it will add (the frontier times the last
//! growth factor) and the bytes they take (the packed stickers, the link to the parent, the
//! hash index), and refuses with [`BfsError::OutOfMemory`], naming the depth, when the total
//! would pass [`Bfs::max_memory`]; a layer that outgrows its estimate is stopped the same way
//! before it allocates past the bound. The bound covers the stored states, which is all that
//! grows. A [`Budget`] (a deadline, a cancel flag, a number of states stored) ends the search
//! with [`Outcome::Stopped`], which says how
//! many moves were proved not to be enough.

use std::fmt;
use std::ops::Range;

use thiserror::Error;

use super::budget::Running;
use super::{Budget, Stop};
use crate::face::{Axis, Face};
use crate::facelet::{self, FaceletCube};
use crate::notation::{Alg, Move};
use crate::turn::Turn;

/// The memory bound of a search unless told otherwise: 4 GiB.
pub const DEFAULT_MAX_MEMORY: u64 = 4 << 30;

/// The most moves a move set may have (moves are indexed by `u16`, one value marks a root).
pub const MAX_MOVES: usize = u16::MAX as usize;

/// The moves a search may use; each counts as one move of the solution's length.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum MoveSet {
    /// The outer faces U R F D L B, each by 1, 2 or 3 quarter turns: the face-turn metric.
    #[default]
    FaceTurns,
    /// The outer faces by 1 or 3 quarter turns: the quarter-turn metric.
    QuarterTurns,
    /// Every single layer by 1, 2 or 3 quarter turns ([`Turn::single_layer_turns`]): 9N moves.
    AllLayers,
    /// Exactly these turns; turns of 0 quarters are dropped.
    Turns(Vec<Turn>),
}

impl MoveSet {
    /// The blocks of `turns`, each turned by 1, 2 or 3 quarters, whatever amount was given:
    /// `blocks_of` the turns of `R U` is ⟨R, U⟩ in the face-turn metric.
    pub fn blocks_of(turns: impl IntoIterator<Item = Turn>) -> MoveSet {
        MoveSet::Turns(
            turns
                .into_iter()
                .flat_map(|turn| (1..4).map(move |quarters| Turn { quarters, ..turn }))
                .collect(),
        )
    }

    /// The distinct turns of this set on a cube of size `size`, sorted by axis, block (first
    /// layer, then last) and quarters: the order in which the search tries them.
    ///
    /// ```
    /// use rubik::search::bfs::MoveSet;
    /// assert_eq!(MoveSet::FaceTurns.turns(3).unwrap().len(), 18);
    /// assert_eq!(MoveSet::QuarterTurns.turns(3).unwrap().len(), 12);
    /// assert_eq!(MoveSet::AllLayers.turns(4).unwrap().len(), 36);
    /// ```
    pub fn turns(&self, size: usize) -> Result<Vec<Turn>, BfsError> {
        let outer = |amounts: &'static [i64]| -> Vec<Turn> {
            Face::ALL
                .into_iter()
                .flat_map(|face| {
                    amounts
                        .iter()
                        .map(move |&amount| Turn::from_face(face, 1, 1, amount, size))
                })
                .collect()
        };
        let turns = match self {
            MoveSet::FaceTurns => outer(&[1, 2, 3]),
            MoveSet::QuarterTurns => outer(&[1, -1]),
            MoveSet::AllLayers => Turn::single_layer_turns(size).collect(),
            MoveSet::Turns(turns) => {
                if let Some(&turn) = turns.iter().find(|t| t.first > t.last || t.last >= size) {
                    return Err(BfsError::TurnDoesNotFit { turn, size });
                }
                turns
                    .iter()
                    .map(|&turn| Turn {
                        quarters: turn.quarters % 4,
                        ..turn
                    })
                    .filter(|turn| turn.quarters != 0)
                    .collect()
            }
        };
        let turns = sorted(turns);
        if turns.len() > MAX_MOVES {
            return Err(BfsError::TooManyMoves { count: turns.len() });
        }
        Ok(turns)
    }
}

/// `turns` sorted by axis, block (first layer, then last) and quarters, without repeats.
fn sorted(mut turns: Vec<Turn>) -> Vec<Turn> {
    turns.sort_by_key(|turn| (turn.axis.index(), turn.first, turn.last, turn.quarters));
    turns.dedup();
    turns
}

/// A shortest solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The turns, in order; empty for a solved cube.
    pub turns: Vec<Turn>,
    /// The same turns in notation ([`Move::from_turn`]).
    pub alg: Alg,
    /// How many states the two searches stored.
    pub states: usize,
}

impl Solution {
    /// The solution made of `turns` on a cube of size `size`, found by storing `states` states.
    fn new(turns: Vec<Turn>, size: usize, states: usize) -> Solution {
        let moves = turns
            .iter()
            .map(|&turn| Move::from_turn(turn, size))
            .collect();
        Solution {
            turns,
            alg: Alg::from_moves(moves),
            states,
        }
    }
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A shortest solution.
    Solved(Solution),
    /// No solution has `depth` moves or fewer (`depth` is [`Bfs::max_depth`]).
    NotWithin {
        /// The depth searched in full.
        depth: usize,
    },
    /// No sequence of these moves solves the state: every state reachable from it (or every
    /// state that reaches the goal) was visited without meeting the other side.
    Unsolvable,
    /// The budget ([`Bfs::budget`]) ran out before a solution was found.
    Stopped {
        /// Why the search stopped.
        reason: Stop,
        /// No solution has this many moves or fewer.
        proved: usize,
    },
}

/// Why a search could not run or finish.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BfsError {
    /// A turn of a [`MoveSet::Turns`] reaches past the cube's layers.
    #[error("{turn:?} does not fit a {size}×{size}×{size} cube")]
    TurnDoesNotFit {
        /// The turn.
        turn: Turn,
        /// The cube size.
        size: usize,
    },
    /// The move set has more than [`MAX_MOVES`] moves.
    #[error("{count} moves are more than a search can index ({MAX_MOVES})")]
    TooManyMoves {
        /// How many distinct moves the set has.
        count: usize,
    },
    /// Finishing the next depth would take more memory than the bound allows.
    #[error(
        "searching {depth} moves deep needs about {} of memory, more than the bound of {} \
         (no solution has fewer than {depth} moves)",
        Bytes(*.needed), Bytes(*.limit)
    )]
    OutOfMemory {
        /// The solution length that could not be searched in full.
        depth: usize,
        /// The bytes that depth would need, as estimated.
        needed: u64,
        /// The bound.
        limit: u64,
    },
}

/// A byte count written with a binary unit (`1.5 GiB`).
struct Bytes(u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
        let mut value = self.0 as f64;
        let mut unit = 0;
        while value >= 1024.0 && unit + 1 < UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        if unit == 0 {
            write!(f, "{} B", self.0)
        } else {
            write!(f, "{value:.1} {}", UNITS[unit])
        }
    }
}

/// A breadth-first solver: a move set and the bounds of a search.
///
/// ```
/// use std::time::Duration;
/// use rubik::search::bfs::{Bfs, MoveSet, Outcome};
/// use rubik::search::Budget;
/// use rubik::FaceletCube;
///
/// let bfs = Bfs::new(MoveSet::AllLayers)
///     .max_depth(6)
///     .max_memory(1 << 30)
///     .budget(Budget::time(Duration::from_secs(10)));
/// let solved = bfs.solve(&FaceletCube::solved(4)).unwrap();
/// assert!(matches!(solved, Outcome::Solved(solution) if solution.turns.is_empty()));
/// ```
#[derive(Clone, Debug)]
pub struct Bfs<'a> {
    moves: MoveSet,
    max_depth: usize,
    max_memory: u64,
    budget: Budget<'a>,
}

impl Default for Bfs<'_> {
    /// Face turns, no depth limit, [`DEFAULT_MAX_MEMORY`], no budget.
    fn default() -> Self {
        Bfs::new(MoveSet::default())
    }
}

impl<'a> Bfs<'a> {
    /// A search in `moves`, with no depth limit, [`DEFAULT_MAX_MEMORY`] and no budget.
    pub fn new(moves: MoveSet) -> Bfs<'a> {
        Bfs {
            moves,
            max_depth: usize::MAX,
            max_memory: DEFAULT_MAX_MEMORY,
            budget: Budget::default(),
        }
    }

    /// Looks for solutions of at most `depth` moves ([`Outcome::NotWithin`] beyond).
    pub fn max_depth(self, depth: usize) -> Self {
        Bfs {
            max_depth: depth,
            ..self
        }
    }

    /// Stores at most about `bytes` of states ([`BfsError::OutOfMemory`] beyond).
    pub fn max_memory(self, bytes: u64) -> Self {
        Bfs {
            max_memory: bytes,
            ..self
        }
    }

    /// Gives up when `budget` runs out ([`Outcome::Stopped`] with the [`Stop`] that says why);
    /// its nodes count the states stored.
    pub fn budget(self, budget: Budget<'a>) -> Self {
        Bfs { budget, ..self }
    }

    /// Finds a shortest solution of `cube` in the move set, within the bounds.
    pub fn solve(&self, cube: &FaceletCube) -> Result<Outcome, BfsError> {
        let budget = Bounds {
            budget: self.budget.start(),
            memory: self.max_memory,
        };
        let size = cube.size();
        let turns = self.moves.turns(size)?;
        if cube.is_solved() {
            return Ok(Outcome::Solved(Solution::new(Vec::new(), size, 0)));
        }
        let width = cube.stickers().len().div_ceil(PER_WORD);
        let mut forward = Side::new(width);
        // Room for the start and its first layer, checked before the moves are derived (which
        // takes a while on a big cube whose states could never fit).
        forward
            .reserve(1 + turns.len(), 0, budget.memory)
            .map_err(|needed| budget.out_of_memory(1, needed))?;
        let (forward_moves, backward_moves) = match Moves::both_ways(&turns, size, &budget) {
            Ok(moves) => moves,
            Err(reason) => return Ok(Outcome::Stopped { reason, proved: 0 }),
        };
        let backward_moves = backward_moves.as_ref().unwrap_or(&forward_moves);
        let goals = goals(cube, &forward_moves);
        if goals.is_empty() {
            return Ok(Outcome::Unsolvable);
        }
        let mut backward = Side::new(width);
        backward
            .reserve(goals.len(), forward.bytes(), budget.memory)
            .map_err(|needed| budget.out_of_memory(1, needed))?;
        forward.seed(&pack(cube.stickers(), width));
        for goal in &goals {
            backward.seed(&pack(goal.stickers(), width));
        }
        loop {
            let proved = forward.depth + backward.depth;
            if forward.frontier().is_empty() || backward.frontier().is_empty() {
                return Ok(Outcome::Unsolvable);
            }
            if proved >= self.max_depth {
                return Ok(Outcome::NotWithin { depth: proved });
            }
            let forward_turn = forward.frontier().len() <= backward.frontier().len();
            let step = if forward_turn {
                forward.expand(&forward_moves, &backward, &budget, proved + 1)?
            } else {
                backward.expand(backward_moves, &forward, &budget, proved + 1)?
            };
            let (parent, mv, there) = match step {
                Step::Done => continue,
                Step::Stopped(reason) => return Ok(Outcome::Stopped { reason, proved }),
                Step::Met { parent, mv, there } => (parent, mv, there),
            };
            // The path from the start to the meeting state, then back from it to a goal.
            let (to_meeting, from_meeting, middle) = if forward_turn {
                (parent, there, forward_moves.turns[mv])
            } else {
                (there, parent, backward_moves.turns[mv].inverse())
            };
            let mut turns: Vec<Turn> = forward.walk(to_meeting, &forward_moves).collect();
            turns.reverse();
            turns.push(middle);
            turns.extend(
                backward
                    .walk(from_meeting, backward_moves)
                    .map(|turn| turn.inverse()),
            );
            let states = forward.links.len() + backward.links.len();
            return Ok(Outcome::Solved(Solution::new(turns, size, states)));
        }
    }
}

/// The budget and memory bound of one search.
struct Bounds<'a> {
    budget: Running<'a>,
    memory: u64,
}

impl Bounds<'_> {
    /// Why the search must stop now, having stored `states`, if it must.
    fn stop(&self, states: usize) -> Option<Stop> {
        self.budget.stop(states as u64)
    }

    /// The error for a depth that needs `needed` bytes.
    fn out_of_memory(&self, depth: usize, needed: u64) -> BfsError {
        BfsError::OutOfMemory {
            depth,
            needed,
            limit: self.memory,
        }
    }
}

/// Stickers per packed word: 3 bits each.
const PER_WORD: usize = 21;

/// The stickers packed 3 bits each, 21 to a word.
fn pack(stickers: &[Face], width: usize) -> Vec<u64> {
    let mut key = vec![0u64; width];
    for (position, &face) in stickers.iter().enumerate() {
        key[position / PER_WORD] |= (face.index() as u64) << (3 * (position % PER_WORD));
    }
    key
}

/// Replaces sticker `to` of `key` with sticker `from` of `source`.
#[inline]
fn copy_sticker(source: &[u64], from: usize, key: &mut [u64], to: usize) {
    let colour = (source[from / PER_WORD] >> (3 * (from % PER_WORD))) & 7;
    let shift = 3 * (to % PER_WORD);
    let word = &mut key[to / PER_WORD];
    *word = (*word & !(7 << shift)) | (colour << shift);
}

/// A hash of a packed state whose low 32 bits place it in the index.
fn hash(key: &[u64]) -> u64 {
    let mut h = 0x243f_6a88_85a3_08d3u64;
    for &word in key {
        h = (h ^ word)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
    // The finaliser of MurmurHash3, so that every output bit depends on every input bit.
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// The moves of one search direction, sorted as [`MoveSet::turns`] sorts them, with the
/// stickers each moves and what pruning needs to know about their axes and blocks.
struct Moves {
    turns: Vec<Turn>,
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
    fn both_ways(
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
    fn new(turns: &[Turn], size: usize, budget: &Bounds) -> Result<Moves, Stop> {
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
    #[inline]
    fn apply(&self, mv: usize, parent: &[u64], child: &mut [u64]) {
        child.copy_from_slice(parent);
        for &(to, from) in &self.hops[mv] {
            copy_sticker(parent, from as usize, child, to as usize);
        }
    }

    /// The moves worth trying after `link`, in move order, each with the run it makes.
    fn successors(&self, link: Link) -> impl Iterator<Item = (usize, Run)> + '_ {
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
    fn orbits(&self, positions: usize) -> Vec<u32> {
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

/// The solved cubes `cube` can reach with `moves`: the 24 rotations of the solved cube, less
/// those whose colours on some orbit of the moves differ from the cube's.
fn goals(cube: &FaceletCube, moves: &Moves) -> Vec<FaceletCube> {
    let orbits = moves.orbits(cube.stickers().len());
    let colours = |cube: &FaceletCube| {
        let mut counts = vec![[0u32; 6]; orbits.len()];
        for (&orbit, &face) in orbits.iter().zip(cube.stickers()) {
            counts[orbit as usize][face.index()] += 1;
        }
        counts
    };
    let wanted = colours(cube);
    rotations(cube.size())
        .into_iter()
        .filter(|goal| colours(goal) == wanted)
        .collect()
}

/// The 24 rotations of the solved cube of size `size`, generated by x and y.
fn rotations(size: usize) -> Vec<FaceletCube> {
    let spins = [Axis::X, Axis::Y].map(|axis| Turn {
        axis,
        first: 0,
        last: size - 1,
        quarters: 1,
    });
    let mut found = vec![FaceletCube::solved(size)];
    let mut next = 0;
    while next < found.len() {
        for spin in spins {
            let mut cube = found[next].clone();
            cube.turn(spin);
            if !found.contains(&cube) {
                found.push(cube);
            }
        }
        next += 1;
    }
    found
}

/// The link that marks a root (the start, or a goal).
const ROOT: u16 = u16::MAX;

/// The consecutive turns of one block that end a path: their total amount and their number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run(u8);

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

/// How a stored state was first reached: its parent and the move from there.
#[derive(Clone, Copy, Debug)]
struct Link {
    parent: u32,
    mv: u16,
    run: Run,
}

/// The most states one side stores: ids and hashes fit in 32 bits, at most 2³² index slots.
const MAX_STATES: usize = 3 << 30;

/// One direction of the search: the states it has stored, in the order it reached them, so
/// each layer is a contiguous range of ids.
struct Side {
    /// Words per packed state.
    width: usize,
    /// The packed states, `width` words each, indexed by id.
    keys: Vec<u64>,
    /// How each state was first reached, indexed by id.
    links: Vec<Link>,
    index: Index,
    /// The first id of the deepest complete layer.
    layer: usize,
    /// The depth of that layer.
    depth: usize,
    /// New states per parent in the last layer expanded, for the next estimate.
    growth: f64,
}

/// What one layer's expansion ended with.
enum Step {
    /// The layer is complete, and met nothing.
    Done,
    /// Move `mv` from state `parent` reaches state `there` of the other side.
    Met {
        parent: usize,
        mv: usize,
        there: usize,
    },
    /// The budget ran out.
    Stopped(Stop),
}

impl Side {
    fn new(width: usize) -> Side {
        Side {
            width,
            keys: Vec::new(),
            links: Vec::new(),
            index: Index::default(),
            layer: 0,
            depth: 0,
            growth: f64::INFINITY,
        }
    }

    /// The ids of the frontier, the deepest complete layer.
    fn frontier(&self) -> Range<usize> {
        self.layer..self.links.len()
    }

    /// The bytes this side holds.
    fn bytes(&self) -> u64 {
        let words = self.keys.capacity() + self.index.slots.capacity();
        (words * size_of::<u64>() + self.links.capacity() * size_of::<Link>()) as u64
    }

    /// Makes room for `more` states, unless that takes this side and `others` bytes past
    /// `limit`; the error is the bytes it would take.
    fn reserve(&mut self, more: usize, others: u64, limit: u64) -> Result<(), u64> {
        let states = self.links.len().saturating_add(more);
        let per_state = self.width * size_of::<u64>() + size_of::<Link>();
        let slots = Index::slots_for(states).max(self.index.slots.len());
        // The old index lives on while the new one is filled.
        let index_bytes = if slots > self.index.slots.len() {
            (slots + self.index.slots.len()) * size_of::<u64>()
        } else {
            self.index.slots.len() * size_of::<u64>()
        };
        let needed = (states.max(self.links.capacity()) as u64)
            .saturating_mul(per_state as u64)
            .saturating_add(index_bytes as u64)
            .saturating_add(others);
        if needed > limit || states > MAX_STATES {
            return Err(needed);
        }
        self.keys.reserve_exact(more * self.width);
        self.links.reserve_exact(more);
        self.index.resize(slots);
        Ok(())
    }

    /// The packed state with id `id`.
    fn key(&self, id: usize) -> &[u64] {
        &self.keys[id * self.width..(id + 1) * self.width]
    }

    /// The id of `key` (whose hash is `hash`), if this side holds it.
    fn find(&self, key: &[u64], hash: u64) -> Option<usize> {
        self.index.find(hash, |id| self.key(id) == key)
    }

    /// Stores a new state; room must have been reserved.
    fn push(&mut self, key: &[u64], hash: u64, link: Link) {
        self.index.insert(hash, self.links.len());
        self.keys.extend_from_slice(key);
        self.links.push(link);
    }

    /// Stores a root, unless it is stored already (two rotations of an even cube may have
    /// the same stickers, one colour to a face); room must have been reserved.
    fn seed(&mut self, key: &[u64]) {
        let hash = hash(key);
        if self.find(key, hash).is_none() {
            let root = Link {
                parent: 0,
                mv: ROOT,
                run: Run(0),
            };
            self.push(key, hash, root);
        }
    }

    /// The turns of the path that first reached state `id`, from it back to its root.
    fn walk<'m>(&'m self, mut id: usize, moves: &'m Moves) -> impl Iterator<Item = Turn> + 'm {
        std::iter::from_fn(move || {
            let link = self.links[id];
            (link.mv != ROOT).then(|| {
                id = link.parent as usize;
                moves.turns[usize::from(link.mv)]
            })
        })
    }

    /// Expands the frontier by one layer, towards a total of `depth` moves, until a new state
    /// is one `other` holds or the budget runs out.
    fn expand(
        &mut self,
        moves: &Moves,
        other: &Side,
        budget: &Bounds,
        depth: usize,
    ) -> Result<Step, BfsError> {
        let layer = self.frontier();
        let estimate = (layer.len() as f64 * self.growth.min(moves.turns.len() as f64)).ceil();
        self.reserve(estimate as usize, other.bytes(), budget.memory)
            .map_err(|needed| budget.out_of_memory(depth, needed))?;
        let mut parent = vec![0u64; self.width];
        let mut child = vec![0u64; self.width];
        // Look at the clock every few thousand words of children: often enough on a big cube,
        // rarely enough not to show on a small one.
        let every = (1 << 12) / self.width + 1;
        for id in layer.clone() {
            if (id - layer.start) % every == 0
                && let Some(stop) = budget.stop(self.links.len() + other.links.len())
            {
                return Ok(Step::Stopped(stop));
            }
            parent.copy_from_slice(self.key(id));
            for (mv, run) in moves.successors(self.links[id]) {
                moves.apply(mv, &parent, &mut child);
                let hash = hash(&child);
                if self.find(&child, hash).is_some() {
                    continue;
                }
                if let Some(there) = other.find(&child, hash) {
                    return Ok(Step::Met {
                        parent: id,
                        mv,
                        there,
                    });
                }
                if self.links.len() == self.links.capacity() {
                    // The layer outgrew its estimate: a quarter more, within the bound.
                    let more = (self.links.len() / 4).max(1024);
                    self.reserve(more, other.bytes(), budget.memory)
                        .map_err(|needed| budget.out_of_memory(depth, needed))?;
                }
                let link = Link {
                    parent: id as u32,
                    mv: mv as u16,
                    run,
                };
                self.push(&child, hash, link);
            }
        }
        self.growth = (self.links.len() - layer.end) as f64 / layer.len() as f64;
        self.layer = layer.end;
        self.depth += 1;
        Ok(Step::Done)
    }
}

/// A hash set of state ids, open addressing with linear probing. A slot holds the low 32 bits
/// of the state's hash (its place, and a quick check before the stored state is compared) and
/// the id plus one; 0 is an empty slot.
#[derive(Default)]
struct Index {
    slots: Vec<u64>,
}

impl Index {
    /// The slots that hold `states` at a load of at most 3/4 (a power of two).
    fn slots_for(states: usize) -> usize {
        (states.saturating_mul(4) / 3 + 1).next_power_of_two()
    }

    /// The id whose slot matches `hash` and for which `is` holds.
    fn find(&self, hash: u64, is: impl Fn(usize) -> bool) -> Option<usize> {
        let mask = self.slots.len().checked_sub(1)?;
        let tag = hash as u32;
        let mut place = tag as usize & mask;
        loop {
            let slot = self.slots[place];
            if slot == 0 {
                return None;
            }
            let id = (slot as u32 - 1) as usize;
            if (slot >> 32) as u32 == tag && is(id) {
                return Some(id);
            }
            place = (place + 1) & mask;
        }
    }

    /// Adds `id`, known to be absent, with `hash`; there must be an empty slot.
    fn insert(&mut self, hash: u64, id: usize) {
        self.put((hash as u32 as u64) << 32 | (id as u64 + 1));
    }

    /// Puts a filled slot in the first empty place from the one its hash bits name.
    fn put(&mut self, slot: u64) {
        let mask = self.slots.len() - 1;
        let mut place = (slot >> 32) as usize & mask;
        while self.slots[place] != 0 {
            place = (place + 1) & mask;
        }
        self.slots[place] = slot;
    }

    /// Grows to `slots` slots (a power of two), re-placing every entry by its hash bits.
    fn resize(&mut self, slots: usize) {
        if slots > self.slots.len() {
            let old = std::mem::replace(&mut self.slots, vec![0; slots]);
            for slot in old.into_iter().filter(|&slot| slot != 0) {
                self.put(slot);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bounds with no limits.
    fn free() -> Bounds<'static> {
        Bounds {
            budget: Budget::default().start(),
            memory: u64::MAX,
        }
    }

    /// The turns of `alg` on a cube of size `size`.
    fn turns_of(alg: &str, size: usize) -> Vec<Turn> {
        alg.parse::<Alg>().unwrap().turns(size).unwrap()
    }

    #[test]
    fn move_sets_list_sorted_distinct_turns() {
        let count = |set: MoveSet, size| set.turns(size).unwrap().len();
        assert_eq!(count(MoveSet::FaceTurns, 3), 18);
        assert_eq!(count(MoveSet::QuarterTurns, 4), 12);
        assert_eq!(count(MoveSet::AllLayers, 5), 45);
        // On a 1×1×1, U and D turn the same (only) layer.
        assert_eq!(count(MoveSet::FaceTurns, 1), 9);
        assert_eq!(count(MoveSet::blocks_of(turns_of("R U R'", 3)), 3), 6);
        let turns = MoveSet::Turns(turns_of("U R0 R5 R", 3)).turns(3).unwrap();
        assert_eq!(turns, turns_of("R U", 3));
        let faces = MoveSet::FaceTurns.turns(3).unwrap();
        assert!(faces.windows(2).all(|pair| {
            let key = |t: Turn| (t.axis.index(), t.first, t.last, t.quarters);
            key(pair[0]) < key(pair[1])
        }));
        let wide = turns_of("3Rw", 4)[0];
        assert_eq!(
            MoveSet::Turns(vec![wide]).turns(2),
            Err(BfsError::TurnDoesNotFit {
                turn: wide,
                size: 2
            })
        );
    }

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

    /// The number of states at each distance 0..=depth from the solved cube, by one side.
    fn layer_sizes(size: usize, set: MoveSet, depth: usize) -> Vec<usize> {
        let turns = set.turns(size).unwrap();
        let moves = Moves::new(&turns, size, &free()).unwrap();
        let solved = FaceletCube::solved(size);
        let width = solved.stickers().len().div_ceil(PER_WORD);
        let (mut side, nothing) = (Side::new(width), Side::new(width));
        side.reserve(1, 0, u64::MAX).unwrap();
        side.seed(&pack(solved.stickers(), width));
        let mut sizes = vec![1];
        for d in 1..=depth {
            assert!(matches!(
                side.expand(&moves, &nothing, &free(), d),
                Ok(Step::Done)
            ));
            sizes.push(side.frontier().len());
        }
        sizes
    }

    /// Pruning and duplicate detection together must still reach every state at every
    /// distance: the published counts of states by distance.
    #[test]
    fn layers_have_the_known_sizes() {
        assert_eq!(layer_sizes(3, MoveSet::FaceTurns, 3), [1, 18, 243, 3240]);
        assert_eq!(
            layer_sizes(3, MoveSet::QuarterTurns, 4),
            [1, 12, 114, 1068, 10011]
        );
        let urf = MoveSet::blocks_of(turns_of("U R F", 2));
        assert_eq!(layer_sizes(2, urf, 5), [1, 9, 54, 321, 1847, 9992]);
        let quarter_urf = MoveSet::Turns(turns_of("U U' R R' F F'", 2));
        assert_eq!(layer_sizes(2, quarter_urf, 5), [1, 6, 27, 120, 534, 2256]);
        // Only R: the four states of the R layer, then nothing new.
        let r = MoveSet::Turns(turns_of("R", 3));
        assert_eq!(layer_sizes(3, r, 4), [1, 1, 1, 1, 0]);
    }

    #[test]
    fn goals_are_the_rotations_the_moves_can_reach() {
        let goals = |size, set: MoveSet, scramble: &str| {
            let moves = Moves::new(&set.turns(size).unwrap(), size, &free()).unwrap();
            let mut cube = FaceletCube::solved(size);
            cube.apply(turns_of(scramble, size));
            goals(&cube, &moves)
        };
        assert_eq!(rotations(3).len(), 24);
        assert_eq!(rotations(1).len(), 24);
        assert_eq!(goals(3, MoveSet::FaceTurns, "R U").len(), 1);
        assert_eq!(goals(5, MoveSet::FaceTurns, "R U").len(), 1);
        assert_eq!(goals(4, MoveSet::FaceTurns, "R U").len(), 1);
        assert_eq!(goals(3, MoveSet::AllLayers, "R U").len(), 24);
        assert_eq!(goals(4, MoveSet::AllLayers, "R U").len(), 24);
        assert_eq!(goals(2, MoveSet::FaceTurns, "R U").len(), 24);
        let urf = MoveSet::blocks_of(turns_of("U R F", 2));
        assert_eq!(goals(2, urf, "R U").len(), 1);
        // A turned cube with fixed centres: the goal is the solved cube turned the same way.
        let mut turned = FaceletCube::solved(3);
        turned.apply(turns_of("x y", 3));
        assert_eq!(goals(3, MoveSet::FaceTurns, "x y R U"), [turned]);
        // U moves stickers that R never reaches: nothing R can do solves it.
        assert!(goals(3, MoveSet::Turns(turns_of("R", 3)), "U").is_empty());
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

    #[test]
    fn the_index_finds_what_it_holds_across_growth() {
        let mut index = Index::default();
        let keys: Vec<u64> = (0..5000u64).map(|i| i * 7919).collect();
        for (id, key) in keys.iter().enumerate() {
            index.resize(Index::slots_for(id + 1));
            assert_eq!(index.find(hash(&[*key]), |i| keys[i] == *key), None);
            index.insert(hash(&[*key]), id);
        }
        assert!(index.slots.len() >= keys.len() * 4 / 3);
        for (id, key) in keys.iter().enumerate() {
            assert_eq!(index.find(hash(&[*key]), |i| keys[i] == *key), Some(id));
        }
        assert_eq!(index.find(hash(&[1]), |i| keys[i] == 1), None);
    }

    #[test]
    fn bytes_are_written_in_binary_units() {
        assert_eq!(Bytes(17).to_string(), "17 B");
        assert_eq!(Bytes(1536).to_string(), "1.5 KiB");
        assert_eq!(Bytes(DEFAULT_MAX_MEMORY).to_string(), "4.0 GiB");
    }
}
