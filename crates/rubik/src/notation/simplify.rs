//! [`Alg::simplify`]: merging and cancelling neighbouring moves on one axis, without knowing the
//! cube size.
//!
//! Moves about one axis commute, so a run of them is a multiset: the moves are kept on a stack of
//! runs, each run one axis with one entry per layer set ([`Shape`]: `R` = `1R`, `r` = `Rw` =
//! `1-2R`; `R` and `L` are different sets, as the size is unknown). An entry whose amount reaches
//! 0 mod 4 disappears, and an empty run is popped so the run beneath can merge with later moves.
//! So `R U U' R'` simplifies to nothing, and an alg followed by its inverse always does.

use crate::face::Axis;
use crate::notation::alg::Alg;
use crate::notation::error::AlgError;
use crate::notation::moves::Move;
use crate::notation::resolve::{Shape, amount_of};

/// One layer set of a run: the first move's spelling and the total quarter turns (1..=3).
struct Entry {
    shape: Shape,
    spelling: Move,
    quarters: u8,
}

/// Neighbouring moves about one axis: the entries from `start` to the next run's start.
struct Run {
    axis: Axis,
    start: usize,
}

/// The runs, stored flat: one allocation however many runs there are.
#[derive(Default)]
struct Runs {
    entries: Vec<Entry>,
    runs: Vec<Run>,
}

impl Alg {
    /// The expanded moves with neighbours on one axis merged and cancelled (`R U2 U2 R` → `R2`,
    /// `x R x'` → `R`, `R L R'` → `L`), amounts reduced to 1, 2 or -1 (`R`, `R2`, `R'`). Each
    /// remaining move is spelled as the first move of its layer set was; spans are dropped.
    ///
    /// Fails as [`expand`](Alg::expand) does.
    pub fn simplify(&self) -> Result<Alg, AlgError> {
        let mut runs = Runs::default();
        for mv in self.expand()? {
            runs.add(mv);
        }
        let moves = runs.entries.into_iter().map(|entry| Move {
            amount: amount_of(entry.quarters),
            span: None,
            ..entry.spelling
        });
        Ok(Alg::from_moves(moves.collect()))
    }
}

impl Runs {
    /// Adds `mv` to the top run if it shares its axis, else starts a new run.
    fn add(&mut self, mv: Move) {
        let quarters = mv.amount.rem_euclid(4) as u8;
        if quarters == 0 {
            return;
        }
        let shape = mv.shape();
        let axis = shape.axis();
        let entry = Entry {
            shape,
            spelling: mv,
            quarters,
        };
        let start = match self.runs.last() {
            Some(run) if run.axis == axis => run.start,
            _ => {
                self.runs.push(Run {
                    axis,
                    start: self.entries.len(),
                });
                self.entries.push(entry);
                return;
            }
        };
        // Runs are short (a few layer sets per axis), so a linear search beats hashing.
        let Some(i) = self.entries[start..].iter().position(|e| e.shape == shape) else {
            self.entries.push(entry);
            return;
        };
        let merged = &mut self.entries[start + i];
        merged.quarters = (merged.quarters + quarters) % 4;
        if merged.quarters == 0 {
            self.entries.remove(start + i);
            if self.entries.len() == start {
                self.runs.pop();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(input: &str, expected: &str) {
        let simplified = Alg::parse(input).unwrap().simplify().unwrap();
        assert_eq!(simplified.to_string(), expected, "{input:?}");
    }

    #[test]
    fn neighbours_on_one_axis_merge_and_cancel() {
        let cases = [
            ("", ""),
            ("R", "R"),
            ("R R", "R2"),
            ("R R R", "R'"),
            ("R2 R2", ""),
            ("R4", ""),
            ("R0 U", "U"),
            ("R2'", "R2"),
            ("R3", "R'"),
            ("R10", "R2"),
            ("R L R'", "L"),
            ("R U U' R'", ""),
            ("R U2 U2 R", "R2"),
            ("x R x'", "R"),
            ("R 1R 1Rw", "R'"),
            ("r Rw 2Rw 1-2R", ""),
            ("r Rw", "r2"),
            ("2R 2L 2R", "2R2 2L"),
            ("R L'", "R L'"),
            ("R M' L", "R M' L"),
            ("M M' m e", "m e"),
            ("R U R' U'", "R U R' U'"),
            ("[R, U]", "R U R' U'"),
            ("[R: U]", "R U R'"),
            ("(R U R')3", "R U' R'"),
            ("F (R U R')2 F'", "F R U2 R' F'"),
            ("(R U)2 (U' R')2", ""),
            ("y U D' y' D", "U"),
            ("R F F' U U' R", "R2"),
        ];
        for (input, expected) in cases {
            check(input, expected);
        }
    }

    #[test]
    fn too_long_algs_fail() {
        let error = Alg::parse("(R U)999999999999")
            .unwrap()
            .simplify()
            .unwrap_err();
        assert_eq!(error.kind.code(), "too_long");
    }
}
