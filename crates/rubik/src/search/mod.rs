//! Solvers: searches that turn a state into an [`Alg`] that solves it.
//!
//! * [`two_phase`]: Kociemba's two-phase algorithm for the 3×3, near-optimal in well under a
//!   millisecond once its tables are built.
//! * [`optimal`]: provably shortest 3×3 solutions in either [`Metric`], by IDA* on a table of
//!   distances to a subgroup, read for the state and its inverse seen along three axes; seconds
//!   to minutes a state.
//! * [`pocket`]: the 2×2, optimally in either [`Metric`], by descending a table of the distance
//!   of every state.
//! * [`Scrambler`]: WCA scrambles of every size (random-state for the 2×2, 3×3 and 4×4), for
//!   frontends; solutions of every size are [`crate::solve()`]'s.
//! * [`bfs`]: shortest solutions for a cube of any size, by bidirectional breadth-first search
//!   over stickers; for short distances (about 10 face turns on a 3×3, 6 layer turns on a 5×5).

use std::fmt;
use std::str::FromStr;

use crate::cubie::FaceTurn;
use crate::notation::Alg;

pub mod bfs;
mod budget;
mod canonical;
pub mod optimal;
pub mod pocket;
pub mod reduction;
mod scrambler;
mod solution;
pub mod two_phase;

pub use budget::{Budget, Stop};
pub use scrambler::Scrambler;
pub use solution::{Solution, Stage};

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

    /// The 3×3 face turns that are one move in this metric: all 18, or the 12 quarter turns.
    pub fn face_turns(self) -> &'static [FaceTurn] {
        match self {
            Metric::Htm => &FaceTurn::ALL,
            Metric::Qtm => &FaceTurn::QUARTER_TURNS,
        }
    }

    /// The length of `turns` in this metric (a half turn is two quarter turns).
    pub fn length(self, turns: &[FaceTurn]) -> usize {
        match self {
            Metric::Htm => turns.len(),
            Metric::Qtm => turns.iter().map(|t| if t.is_half() { 2 } else { 1 }).sum(),
        }
    }
}

impl Metric {
    /// The metric's short name, as the CLI takes it: `htm` or `qtm`.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of a fixed set of choices (a metric, a table size).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{given}` is not {what} ({choices})")]
pub struct UnknownName {
    /// The text given.
    pub given: String,
    /// What was wanted: "a metric", "a table size".
    pub what: &'static str,
    /// The names accepted, comma-separated.
    pub choices: String,
}

/// The one of `all` whose name is `text`, or an [`UnknownName`] saying it is not `what`.
pub(crate) fn by_name<T: Copy + fmt::Display>(
    text: &str,
    all: &[T],
    what: &'static str,
) -> Result<T, UnknownName> {
    all.iter()
        .copied()
        .find(|choice| choice.to_string() == text)
        .ok_or_else(|| UnknownName {
            given: text.to_string(),
            what,
            choices: all.iter().map(T::to_string).collect::<Vec<_>>().join(", "),
        })
}

impl FromStr for Metric {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Self, UnknownName> {
        by_name(text, &Metric::ALL, "a metric")
    }
}

/// Face turns in notation for a cube of size `size`.
pub(crate) fn face_turn_alg(turns: &[FaceTurn], size: usize) -> Alg {
    Alg::from_turns(turns.iter().map(|turn| turn.turn(size)), size)
}
