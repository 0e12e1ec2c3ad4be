//! The seams where the library's solvers will plug in: how a scramble is drawn and how a
//! solution is found. Everything else in the app calls these two functions.
//!
//! Today the library has random-move scrambles and no solver, so a solution is the simplified
//! inverse of the moves known to lead from the solved cube to the state: correct, not short.
//! When the two-phase solver lands, [`solution`] becomes one call to it (and [`scramble`] draws
//! random states for the 2×2 and 3×3).

use rubik::scramble::{default_length, random_moves};
use rubik::{Alg, AlgError, FaceletCube, SeededRng};

/// Why no solution is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoSolution {
    /// The state was loaded, so no moves lead to it and there is no solver yet.
    NoSolver,
    /// The moves that lead to the state are too many to invert.
    TooLong(AlgError),
}

/// A scramble for a cube of size `size`, drawn from `rng`: the library's random-move scramble
/// of the WCA length.
pub fn scramble(size: usize, rng: &mut SeededRng) -> Alg {
    random_moves(size, default_length(size), rng)
}

/// Moves that solve `cube`, given `path`, the moves that made it from the solved cube (`None`
/// when they are not known, as for a loaded state).
pub fn solution(_cube: &FaceletCube, path: Option<&Alg>) -> Result<Alg, NoSolution> {
    let path = path.ok_or(NoSolution::NoSolver)?;
    path.inverse().simplify().map_err(NoSolution::TooLong)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_solution_solves_and_a_loaded_state_has_none() {
        let path: Alg = "R U R' U' (F R)2".parse().unwrap();
        let mut cube = FaceletCube::solved(3);
        cube.apply_alg(&path).unwrap();
        let moves = solution(&cube, Some(&path)).unwrap();
        assert_eq!(moves.to_string(), "R' F' R' F' U R U' R'");
        cube.apply_alg(&moves).unwrap();
        assert!(cube.is_solved());
        assert_eq!(solution(&cube, None), Err(NoSolution::NoSolver));
    }

    #[test]
    fn scrambles_are_the_libraries() {
        let alg = scramble(3, &mut rubik::seeded_rng(2026));
        let expected = random_moves(3, 25, &mut rubik::seeded_rng(2026));
        assert_eq!(alg, expected);
    }
}
