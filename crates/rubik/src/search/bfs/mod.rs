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
//! model derives for it ([`facelet::permutation`](crate::facelet::permutation)), applied to packed states.
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
//!
//! # The code
//! This module holds the API, the goals and the search loop; `moves` derives the moves and
//! prunes their order, `packing` packs states into words, and `frontier` stores one side's
//! states and grows it a layer at a time.

mod frontier;
mod moves;
mod packing;

use std::fmt;

use thiserror::Error;

use super::budget::Running;
use super::{Budget, Stop};
use crate::face::{Axis, Face};
use crate::facelet::FaceletCube;
use crate::notation::Alg;
use crate::turn::Turn;
use frontier::{Side, Step};
use moves::Moves;
use packing::{PER_WORD, pack};

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
    /// Every block that holds an outer layer, by 1, 2 or 3 quarter turns: the outer-block turn
    /// metric ([`Turn::obtm`]). A block of more than half the layers is left out, as the
    /// opposite block and a whole-cube turn make it; so is a D, L or B block of half an even
    /// cube's layers (the U, R or F one and a whole-cube turn).
    OuterBlocks,
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
    /// assert_eq!(MoveSet::OuterBlocks.turns(3).unwrap().len(), 18);
    /// // U, R and F blocks of 1, 2 or 3 layers; D, L and B blocks of 1 or 2.
    /// assert_eq!(MoveSet::OuterBlocks.turns(6).unwrap().len(), 3 * 5 * 3);
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
            MoveSet::OuterBlocks => Face::ALL
                .into_iter()
                .flat_map(|face| {
                    // An even cube's half block is taken from U, R and F alone.
                    let deepest = match face.is_positive() || size % 2 == 1 {
                        true => size / 2,
                        false => (size - 1) / 2,
                    };
                    (1..=deepest).flat_map(move |depth| {
                        (1..4).map(move |amount| Turn::from_face(face, 1, depth, amount, size))
                    })
                })
                .collect(),
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
pub struct Shortest {
    /// The turns, in order; empty for a solved cube.
    pub turns: Vec<Turn>,
    /// The same turns in notation ([`Alg::from_turns`]).
    pub alg: Alg,
    /// How many states the two searches stored.
    pub states: usize,
}

impl Shortest {
    /// The solution made of `turns` on a cube of size `size`, found by storing `states` states.
    fn new(turns: Vec<Turn>, size: usize, states: usize) -> Shortest {
        Shortest {
            alg: Alg::from_turns(turns.iter().copied(), size),
            turns,
            states,
        }
    }
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A shortest solution.
    Solved(Shortest),
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
            return Ok(Outcome::Solved(Shortest::new(Vec::new(), size, 0)));
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
            return Ok(Outcome::Solved(Shortest::new(turns, size, states)));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Bounds with no limits.
    pub(super) fn free() -> Bounds<'static> {
        Bounds {
            budget: Budget::default().start(),
            memory: u64::MAX,
        }
    }

    /// The turns of `alg` on a cube of size `size`.
    pub(super) fn turns_of(alg: &str, size: usize) -> Vec<Turn> {
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
    fn bytes_are_written_in_binary_units() {
        assert_eq!(Bytes(17).to_string(), "17 B");
        assert_eq!(Bytes(1536).to_string(), "1.5 KiB");
        assert_eq!(Bytes(DEFAULT_MAX_MEMORY).to_string(), "4.0 GiB");
    }
}
