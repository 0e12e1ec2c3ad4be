//! [`Alg::simplify`]: merging and cancelling neighbouring moves on one axis, without knowing the
//! cube size.
//!
//! Moves about one axis commute, so a run of them is a multiset: the moves are kept on a stack of
//! runs, each run one axis with one entry per layer set ([`Shape`]: `R` = `1R`, `r` = `Rw` =
//! `1-2R`; `R` and `L` are different sets, as the size is unknown). An entry whose amount reaches
//! 0 mod 4 disappears, and an empty run is popped so the run beneath can merge with later moves.
//! So `R U U' R'` simplifies to nothing, and an alg followed by its inverse always does.
//!
//! A run may hold any number of layer sets (`1R 2R 3R ...`), so an entry is found by hashing its
//! run and shape, and a cancelled entry is only marked, so every move costs O(1).

use std::collections::HashMap;

use crate::face::Axis;
use crate::notation::alg::Alg;
use crate::notation::error::AlgError;
use crate::notation::moves::Move;
use crate::notation::resolve::{Shape, amount_of};

/// One layer set of a run: the first move's spelling and the total quarter turns (1..=3, or 0
/// once cancelled).
struct Entry {
    spelling: Move,
    quarters: u8,
}

/// Neighbouring moves about one axis: the entries from `start` to the next run's start, `live`
/// of them not cancelled.
struct Run {
    axis: Axis,
    start: usize,
    live: usize,
}

/// The runs, stored flat: one allocation however many runs there are.
#[derive(Default)]
struct Runs {
    entries: Vec<Entry>,
    runs: Vec<Run>,
    /// Where the live entry of each (run's place on the stack, layer set) is.
    index: HashMap<(usize, Shape), usize>,
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
        let live = runs.entries.into_iter().filter(|entry| entry.quarters != 0);
        let moves = live.map(|entry| Move {
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
            spelling: mv,
            quarters,
        };
        let run = match self.runs.last() {
            Some(run) if run.axis == axis => self.runs.len() - 1,
            _ => {
                self.runs.push(Run {
                    axis,
                    start: self.entries.len(),
                    live: 0,
                });
                self.runs.len() - 1
            }
        };
        let Some(&at) = self.index.get(&(run, shape)) else {
            self.index.insert((run, shape), self.entries.len());
            self.entries.push(entry);
            self.runs[run].live += 1;
            return;
        };
        let merged = &mut self.entries[at];
        merged.quarters = (merged.quarters + quarters) % 4;
        if merged.quarters == 0 {
            self.index.remove(&(run, shape));
            self.runs[run].live -= 1;
            if self.runs[run].live == 0 {
                let emptied = self.runs.pop().expect("the run just merged into");
                self.entries.truncate(emptied.start);
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
    fn long_runs_of_one_axis_take_linear_time() {
        let layers: Vec<String> = (1..=100_000).map(|layer| format!("{layer}R")).collect();
        let there = layers.join(" ");
        let back: Vec<String> = layers.iter().map(|mv| format!("{mv}'")).collect();
        let alg = Alg::parse(&format!("{there} U {} {there}", back.join(" "))).unwrap();
        assert_eq!(alg.simplify().unwrap().to_string(), format!("{there} U"));
        let alg = Alg::parse(&format!("{there} {}", back.join(" "))).unwrap();
        assert_eq!(alg.simplify().unwrap().to_string(), "");
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
