use super::*;
use crate::search::two_phase::{TableSize, TwoPhaseTables};
use crate::seeded_rng;
use std::sync::OnceLock;

fn tables() -> &'static TwoPhaseTables {
    static TABLES: OnceLock<TwoPhaseTables> = OnceLock::new();
    TABLES.get_or_init(|| TwoPhaseTables::build(TableSize::Tiny, &mut |_| {}))
}

fn scrambled(size: usize, seed: u64) -> FaceletCube {
    let mut cube = FaceletCube::solved(size);
    let alg = crate::scramble::random_moves(size, 60 + 10 * size, &mut seeded_rng(seed));
    cube.apply_alg(&alg).unwrap();
    cube
}

fn solves(cube: &FaceletCube) -> StagedSolution {
    let solution = solve(cube, &TwoPhase::new(tables()), &ReductionOptions::default()).unwrap();
    let mut replay = cube.clone();
    replay.apply(solution.turns());
    assert!(replay.is_solved());
    solution
}

#[test]
fn random_cubes_of_sizes_4_to_8_are_solved() {
    for size in 4..=8 {
        for seed in 0..3 {
            let solution = solves(&scrambled(size, seed));
            eprintln!("{size}: {} obtm {} stm", solution.obtm(), solution.stm());
        }
    }
}
