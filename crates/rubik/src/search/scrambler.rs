//! [`Scrambler`]: the WCA scrambles of every size — random-state for the 2×2, 3×3 and 4×4,
//! written as the inverse of a solution — with each solver's tables loaded from the cache (or built and
//! cached) the first time they are needed. Solutions are [`crate::solve()`]'s.

use std::path::PathBuf;
use std::sync::OnceLock;

use rand_core::Rng;

use super::pocket::{Pocket, PocketTables};
use super::reduction::four::FourTables;
use super::two_phase::{TableSize, TwoPhase, TwoPhaseTables};
use crate::notation::Alg;
use crate::scramble::{
    default_length, random_moves, random_state_2x2, random_state_3x3, random_state_4x4,
};
use crate::tables::storage::Memory;

/// The 2×2, 3×3 and 4×4 scramblers, on tables loaded on first use. The 3×3 and the 4×4's last
/// stage use the tiny two-phase tables (built in well under a second), so that a scramble from
/// a seed is the same whatever tables the user keeps for solving.
pub struct Scrambler {
    dir: Option<PathBuf>,
    three: OnceLock<TwoPhaseTables>,
    two: OnceLock<PocketTables>,
    four: OnceLock<FourTables>,
}

impl Scrambler {
    /// Scrambler whose tables live in the cache directory `dir` (none: built in memory).
    pub fn new(dir: Option<PathBuf>) -> Scrambler {
        Scrambler {
            dir,
            three: OnceLock::new(),
            two: OnceLock::new(),
            four: OnceLock::new(),
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

    fn four(&self) -> &FourTables {
        self.four
            .get_or_init(|| FourTables::load_or_build(self.dir.as_deref(), &mut |_| {}).0)
    }

    /// The WCA scramble of a cube of size `size`: a uniformly random state for the 2×2, 3×3 and
    /// 4×4, written as the inverse of a solution; random moves of the WCA length for other
    /// sizes.
    pub fn scramble<R: Rng + ?Sized>(&self, size: usize, rng: &mut R) -> Alg {
        match size {
            2 => random_state_2x2(rng, &self.pocket()),
            3 => random_state_3x3(rng, &self.two_phase()),
            4 => random_state_4x4(rng, &self.two_phase(), self.four()),
            _ => random_moves(size, default_length(size), rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facelet::FaceletCube;
    use crate::seeded_rng;

    #[test]
    fn scrambles_by_size_make_unsolved_states_their_inverse_solves() {
        let solvers = Scrambler::new(None);
        for size in 2..=4 {
            let scramble = solvers.scramble(size, &mut seeded_rng(4));
            let mut cube = FaceletCube::solved(size);
            cube.apply_alg(&scramble).unwrap();
            assert!(!cube.is_solved());
            cube.apply_alg(&scramble.inverse()).unwrap();
            assert!(cube.is_solved(), "{size}");
        }
    }
}
