//! [`Solvers`]: what a frontend reaches for by cube size — WCA scrambles and short solutions of
//! 2×2 and 3×3 states — with each solver's tables loaded from the cache (or built and cached)
//! the first time they are needed.

use std::path::PathBuf;
use std::sync::OnceLock;

use rand_core::Rng;

use super::Metric;
use super::pocket::{Pocket, PocketTables};
use super::two_phase::{Limits, TableSize, TwoPhase, TwoPhaseTables};
use crate::cubie::{CornerCube, CubieCube, InvalidCube};
use crate::facelet::FaceletCube;
use crate::notation::Alg;
use crate::scramble::{default_length, random_moves, random_state_2x2, random_state_3x3};
use crate::tables::storage::Memory;

/// Nodes spent shortening a 3×3 solution after the first one within 20 moves.
const IMPROVE_NODES: u64 = 100_000;

/// The 2×2 and 3×3 solvers, on tables loaded on first use. The 3×3 uses the tiny two-phase
/// tables (built in well under a second), so that a scramble from a seed is the same whatever
/// tables the user keeps for solving.
pub struct Solvers {
    dir: Option<PathBuf>,
    three: OnceLock<TwoPhaseTables>,
    two: OnceLock<PocketTables>,
}

impl Solvers {
    /// Solvers whose tables live in the cache directory `dir` (none: built in memory).
    pub fn new(dir: Option<PathBuf>) -> Solvers {
        Solvers {
            dir,
            three: OnceLock::new(),
            two: OnceLock::new(),
        }
    }

    fn two_phase(&self) -> TwoPhase<'_> {
        TwoPhase::new(self.three.get_or_init(|| {
            let dir = self.dir.as_deref();
            TwoPhaseTables::load_or_build(dir, TableSize::Tiny, Memory::Mapped, &mut |_| {}).0
        }))
    }

    fn pocket(&self) -> Pocket<'_> {
        Pocket::new(
            self.two
                .get_or_init(|| PocketTables::load_or_build(self.dir.as_deref(), &mut |_| {}).0),
        )
    }

    /// The WCA scramble of a cube of size `size`: a uniformly random state for the 2×2 and 3×3,
    /// written as the inverse of a solution; random moves of the WCA length for other sizes.
    pub fn scramble<R: Rng + ?Sized>(&self, size: usize, rng: &mut R) -> Alg {
        match size {
            2 => random_state_2x2(rng, &self.pocket()),
            3 => random_state_3x3(rng, &self.two_phase()),
            _ => random_moves(size, default_length(size), rng),
        }
    }

    /// A solution of a 2×2 (optimal in face turns) or 3×3 (at most 20 moves, then shortened
    /// for a fixed number of search nodes) state, in the state's own orientation; `None` for
    /// other sizes.
    pub fn solve(&self, cube: &FaceletCube) -> Option<Result<Alg, InvalidCube>> {
        match cube.size() {
            2 => {
                Some(CornerCube::try_from(cube).map(|c| self.pocket().solve(&c, Metric::Htm).alg()))
            }
            3 => Some(CubieCube::try_from(cube).map(|c| {
                let limits = Limits {
                    max_length: Some(20),
                    improve_nodes: Some(IMPROVE_NODES),
                    ..Limits::default()
                };
                self.two_phase()
                    .solve(&c, &limits)
                    .expect("with no budget a solution within 20 moves is always found")
                    .alg()
            })),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seeded_rng;

    #[test]
    fn scrambles_by_size_and_their_solutions_solve() {
        let solvers = Solvers::new(None);
        for size in 2..=4 {
            let scramble = solvers.scramble(size, &mut seeded_rng(4));
            let mut cube = FaceletCube::solved(size);
            cube.apply_alg(&scramble).unwrap();
            assert!(!cube.is_solved());
            match solvers.solve(&cube) {
                Some(solution) => {
                    cube.apply_alg(&solution.unwrap()).unwrap();
                    assert!(cube.is_solved(), "{size}");
                }
                None => assert_eq!(size, 4),
            }
        }
    }

    #[test]
    fn a_turned_whole_cube_is_solved_in_its_own_orientation() {
        let solvers = Solvers::new(None);
        let mut cube = FaceletCube::solved(3);
        cube.apply_alg(&"R U x y".parse().unwrap()).unwrap();
        let solution = solvers.solve(&cube).unwrap().unwrap();
        assert_eq!(solution.expand().unwrap().len(), 2);
        cube.apply_alg(&solution).unwrap();
        assert!(cube.is_solved());
    }
}
