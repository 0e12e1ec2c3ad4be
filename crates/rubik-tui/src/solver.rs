//! The seams where the library's solvers plug in: how a scramble is drawn and how a solution is
//! found. Everything else in the app calls these two functions.
//!
//! The 2×2 and 3×3 get the library's [`Solvers`]: random-state scrambles and short solutions of
//! any state, their tables built in memory on first use (well under a second), so the app
//! touches no file. Other sizes get random-move scrambles, and a solution is the simplified
//! inverse of the moves known to lead from the solved cube to the state: correct, not short.

use std::sync::LazyLock;

use rubik::search::Solvers;
use rubik::{Alg, AlgError, FaceletCube, SeededRng};

/// The solvers of the session, their tables built when first needed.
static SOLVERS: LazyLock<Solvers> = LazyLock::new(|| Solvers::new(None));

/// Why no solution is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoSolution {
    /// The state was loaded, so no moves lead to it, and its size has no solver.
    NoSolver,
    /// The moves that lead to the state are too many to invert.
    TooLong(AlgError),
}

/// A scramble for a cube of size `size`, drawn from `rng`: the WCA scramble (random-state for
/// the 2×2 and 3×3, random moves of the WCA length otherwise), as `rubik scramble` gives.
pub fn scramble(size: usize, rng: &mut SeededRng) -> Alg {
    SOLVERS.scramble(size, rng)
}

/// Moves that solve `cube`: a solver's for the 2×2 and 3×3; otherwise the inverse of `path`,
/// the moves that made it from the solved cube (`None` when they are not known, as for a
/// loaded state).
pub fn solution(cube: &FaceletCube, path: Option<&Alg>) -> Result<Alg, NoSolution> {
    if let Some(Ok(alg)) = SOLVERS.solve(cube) {
        return Ok(alg);
    }
    let path = path.ok_or(NoSolution::NoSolver)?;
    path.inverse().simplify().map_err(NoSolution::TooLong)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solutions_solve_and_a_loaded_big_cube_has_none() {
        for size in [2, 3, 4] {
            let path: Alg = "R U R' U' (F R)2".parse().unwrap();
            let mut cube = FaceletCube::solved(size);
            cube.apply_alg(&path).unwrap();
            let moves = solution(&cube, Some(&path)).unwrap();
            let mut loaded = cube.clone();
            cube.apply_alg(&moves).unwrap();
            assert!(cube.is_solved(), "{size}");
            // A loaded state has no path: the 2×2 and 3×3 are solved anyway.
            match solution(&loaded, None) {
                Ok(moves) => {
                    loaded.apply_alg(&moves).unwrap();
                    assert!(loaded.is_solved());
                }
                Err(no) => assert_eq!((size, no), (4, NoSolution::NoSolver)),
            }
        }
    }

    #[test]
    fn scrambles_are_the_libraries() {
        for size in [2, 3, 5] {
            let alg = scramble(size, &mut rubik::seeded_rng(2026));
            let expected = Solvers::new(None).scramble(size, &mut rubik::seeded_rng(2026));
            assert_eq!(alg, expected);
        }
    }
}
