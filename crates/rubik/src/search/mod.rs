//! Solvers: searches that turn a state into an [`Alg`] that solves it.
//!
//! * [`two_phase`]: Kociemba's two-phase algorithm for the 3×3, near-optimal in well under a
//!   millisecond once its tables are built.
//! * [`optimal`]: provably shortest 3×3 solutions in either [`Metric`], by IDA* on a table of
//!   distances to a subgroup, read for the state and its inverse seen along three axes; seconds
//!   to minutes a state.
//! * [`pocket`]: the 2×2, optimally in either [`Metric`], by descending a table of the distance
//!   of every state.
//! * [`Solvers`]: the 2×2 and 3×3 solvers by size, for frontends: WCA scrambles, solutions.
//! * [`bfs`]: shortest solutions for a cube of any size, by bidirectional breadth-first search
//!   over stickers; for short distances (about 10 face turns on a 3×3, 6 layer turns on a 5×5).

use std::fmt;
use std::str::FromStr;

use crate::face::Face;
use crate::notation::{Alg, Move};
use crate::turn::Turn;

pub mod bfs;
pub mod optimal;
pub mod pocket;
pub mod reduction;
mod solvers;
pub mod two_phase;

pub use solvers::Solvers;

/// How the length of a solution is counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Metric {
    /// The half-turn (face-turn) metric: a turn of one outer face by 1, 2 or 3 quarters is one
    /// move.
    #[default]
    Htm,
    /// The quarter-turn metric: a quarter turn of one outer face is one move; a half turn is two.
    Qtm,
}

impl Metric {
    /// Both metrics.
    pub const ALL: [Metric; 2] = [Metric::Htm, Metric::Qtm];

    /// The 3×3 face turns that are one move in this metric, as indices into
    /// [`MOVES`](crate::cubie::MOVES): all 18, or the 12 quarter turns.
    pub fn face_turns(self) -> &'static [u8] {
        match self {
            Metric::Htm => &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17],
            Metric::Qtm => &[0, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17],
        }
    }

    /// The length of face turns given as indices into [`MOVES`](crate::cubie::MOVES) (a half
    /// turn, `m % 3 == 1`, is two quarter turns).
    pub fn length(self, moves: &[u8]) -> usize {
        match self {
            Metric::Htm => moves.len(),
            Metric::Qtm => moves.iter().map(|&m| if m % 3 == 1 { 2 } else { 1 }).sum(),
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
        })
    }
}

impl FromStr for Metric {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        Metric::ALL
            .into_iter()
            .find(|metric| metric.to_string() == text)
            .ok_or_else(|| format!("`{text}` is not a metric (htm, qtm)"))
    }
}

/// Face turns given as indices into [`MOVES`](crate::cubie::MOVES) (face `m / 3`, `m % 3 + 1`
/// quarter turns), in notation for a cube of size `size`.
pub(crate) fn face_turn_alg(moves: &[u8], size: usize) -> Alg {
    Alg::from_moves(
        moves
            .iter()
            .map(|&m| {
                let face = Face::ALL[m as usize / 3];
                Move::from_turn(Turn::from_face(face, 1, 1, m as i64 % 3 + 1, size), size)
            })
            .collect(),
    )
}
