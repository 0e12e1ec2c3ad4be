//! [`Solution`]: what every solve of a whole cube answers, whatever the size and the solver: the
//! turns that solve it, in named [`Stage`]s, and how the search ended.

use crate::notation::Alg;
use crate::turn::Turn;

/// One stage of a solution: what it does and its turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    /// What the stage solves ("2×2", "3×3"; for big cubes "centres", "edges", "3x3" ...).
    pub name: &'static str,
    /// Its turns.
    pub turns: Vec<Turn>,
}

impl Stage {
    /// The stage's turns in notation, for a cube of `size` layers.
    pub fn alg(&self, size: usize) -> Alg {
        Alg::from_turns(self.turns.iter().copied(), size)
    }
}

/// A solution of a state, stage by stage, in the state's own orientation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The cube size.
    pub size: usize,
    /// The stages, in order.
    pub stages: Vec<Stage>,
    /// Whether the budget ended the search before it was done (the solution is the best found).
    pub budget_ran_out: bool,
    /// Nodes the 3×3 two-phase search visited (0 for the 2×2).
    pub nodes: u64,
}

impl Solution {
    /// Every turn of every stage, one after another.
    pub fn turns(&self) -> impl Iterator<Item = Turn> + '_ {
        self.stages
            .iter()
            .flat_map(|stage| stage.turns.iter().copied())
    }

    /// All the stages' turns in notation, one after another.
    pub fn alg(&self) -> Alg {
        Alg::from_turns(self.turns(), self.size)
    }

    /// The length in the outer-block turn metric: see [`Turn::obtm`].
    pub fn obtm(&self) -> usize {
        self.turns().map(|turn| turn.obtm(self.size)).sum()
    }

    /// The length in the slice-turn metric: see [`Turn::stm`].
    pub fn stm(&self) -> usize {
        self.turns().map(|turn| turn.stm(self.size)).sum()
    }
}
