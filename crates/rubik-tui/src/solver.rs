//! The seams where the library's solvers plug in: how a scramble is drawn and how a solution is
//! found. Everything else in the app calls these two functions.
//!
//! Scrambles come from the library's [`Scrambler`] (random-state for the 2×2, 3×3 and 4×4, their
//! tables built in memory or read from the cache on first use). Solutions come from the library's
//! solve policy, [`rubik::solve()`], the one `rubik solve` calls, over the tables [`use_tables`]
//! names (until then, the tiny ones in memory); for a size it has no solver for (past 128
//! layers), a solution is the simplified inverse of the moves known to lead from the solved cube
//! to the state: correct, not short.

use std::path::PathBuf;
use std::sync::OnceLock;

use rubik::search::Scrambler;
use rubik::search::two_phase::TableSize;
use rubik::solve::{SolveError, SolveOptions, Tables};
use rubik::{Alg, AlgError, FaceletCube, SeededRng};

/// The scramblers of the session, their tables loaded when first needed.
static SCRAMBLER: OnceLock<Scrambler> = OnceLock::new();

/// The solve policy's tables, each set loaded when first needed.
static TABLES: OnceLock<Tables<'static>> = OnceLock::new();

/// Scrambles and solutions read their tables in the cache directory `dir` (none: built in
/// memory, which takes seconds for the 4×4's), solutions the 3×3 tables of `size`. Only the
/// first call counts, and only before the first scramble and the first solution.
pub fn use_tables(dir: Option<PathBuf>, size: TableSize) {
    let _ = SCRAMBLER.set(Scrambler::new(dir.clone()));
    let _ = TABLES.set(Tables::cached(dir, size));
}

/// Why no solution is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoSolution {
    /// The state was loaded, so no moves lead to it, and its size has no solver.
    NoSolver,
    /// The moves that lead to the state are too many to invert.
    TooLong(AlgError),
    /// The solver refused the state (one no turning can reach).
    Failed(SolveError),
}

/// A scramble for a cube of size `size`, drawn from `rng`: the WCA scramble (random-state for
/// the 2×2, 3×3 and 4×4, random moves of the WCA length otherwise), as `rubik scramble` gives.
pub fn scramble(size: usize, rng: &mut SeededRng) -> Alg {
    SCRAMBLER
        .get_or_init(|| Scrambler::new(None))
        .scramble(size, rng)
}

/// Moves that solve `cube`: the library's for the sizes it solves; otherwise the inverse of
/// `path`, the moves that made it from the solved cube (`None` when they are not known, as for
/// a loaded state).
pub fn solution(cube: &FaceletCube, path: Option<&Alg>) -> Result<Alg, NoSolution> {
    let tables = TABLES.get_or_init(|| Tables::cached(None, TableSize::Tiny));
    match rubik::solve(cube, &SolveOptions::new(tables)) {
        Ok(solution) => Ok(solution.alg()),
        Err(SolveError::Unsupported { .. }) => {
            let path = path.ok_or(NoSolution::NoSolver)?;
            path.inverse().simplify().map_err(NoSolution::TooLong)
        }
        Err(error) => Err(NoSolution::Failed(error)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solutions_solve_and_only_a_loaded_cube_past_the_solvers_has_none() {
        for size in [2, 3, 4, 5] {
            let path: Alg = "R U R' U' (F R)2".parse().unwrap();
            let mut cube = FaceletCube::solved(size);
            cube.apply_alg(&path).unwrap();
            let moves = solution(&cube, Some(&path)).unwrap();
            cube.apply_alg(&moves).unwrap();
            assert!(cube.is_solved(), "{size}");
        }
        let path: Alg = "R".parse().unwrap();
        let mut huge = FaceletCube::solved(130);
        huge.apply_alg(&path).unwrap();
        assert_eq!(solution(&huge, None), Err(NoSolution::NoSolver));
        huge.apply_alg(&solution(&huge, Some(&path)).unwrap())
            .unwrap();
        assert!(huge.is_solved());
    }

    #[test]
    fn scrambles_are_the_libraries() {
        for size in [2, 3, 5] {
            let alg = scramble(size, &mut rubik::seeded_rng(2026));
            let expected = Scrambler::new(None).scramble(size, &mut rubik::seeded_rng(2026));
            assert_eq!(alg, expected);
        }
    }
}
