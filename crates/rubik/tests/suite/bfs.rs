//! Breadth-first search: solutions replay to solved, are no longer than the scramble that made
//! the state, and are exactly as long as plain iterative deepening finds; the bounds refuse and
//! stop as documented.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use rubik::search::bfs::{Bfs, BfsError, MoveSet, Outcome};
use rubik::search::{Budget, Stop};
use rubik::{Alg, Face, FaceletCube, Turn};

/// The state `alg` makes from the solved cube of size `size`.
fn state(size: usize, alg: &str) -> FaceletCube {
    let mut cube = FaceletCube::solved(size);
    cube.apply_alg(&alg.parse::<Alg>().unwrap()).unwrap();
    cube
}

/// The turns of `alg` on a cube of size `size`.
fn turns(size: usize, alg: &str) -> Vec<Turn> {
    alg.parse::<Alg>().unwrap().turns(size).unwrap()
}

/// A shortest solution of `cube` in `set`, checked to replay to solved, in turns and in
/// notation alike.
fn solve(cube: &FaceletCube, set: MoveSet) -> Vec<Turn> {
    let solution = match Bfs::new(set).solve(cube).unwrap() {
        Outcome::Solved(solution) => solution,
        other => panic!("{cube}: {other:?}"),
    };
    let mut replayed = cube.clone();
    replayed.apply(solution.turns.iter().copied());
    assert!(
        replayed.is_solved(),
        "{cube}: {} does not solve it",
        solution.alg
    );
    assert_eq!(solution.alg.turns(cube.size()).unwrap(), solution.turns);
    solution.turns
}

/// The outer faces by `amounts`, built here rather than taken from the library.
fn outer_faces(size: usize, amounts: &[i64]) -> Vec<Turn> {
    Face::ALL
        .into_iter()
        .flat_map(|face| {
            amounts
                .iter()
                .map(move |&a| Turn::from_face(face, 1, 1, a, size))
        })
        .collect()
}

/// Every block that holds an outer layer, of any depth short of the whole cube, built here
/// rather than taken from the library (which leaves out the blocks a whole-cube turn repeats).
fn outer_blocks(size: usize) -> Vec<Turn> {
    Face::ALL
        .into_iter()
        .flat_map(|face| {
            (1..size).flat_map(move |depth| {
                (1..4).map(move |a| Turn::from_face(face, 1, depth, a, size))
            })
        })
        .collect()
}

/// The length of a shortest solution by plain iterative deepening: every turn at every step,
/// no pruning, no memory of visited states, `is_solved` as the goal.
fn deepening(cube: &FaceletCube, turns: &[Turn], limit: usize) -> Option<usize> {
    fn within(cube: &mut FaceletCube, turns: &[Turn], depth: usize) -> bool {
        cube.is_solved()
            || depth > 0
                && turns.iter().any(|&turn| {
                    cube.turn(turn);
                    let found = within(cube, turns, depth - 1);
                    cube.turn(turn.inverse());
                    found
                })
    }
    (0..=limit).find(|&depth| within(&mut cube.clone(), turns, depth))
}

/// A scramble of `length` turns drawn from `turns` with a seeded generator.
fn scramble(turns: &[Turn], length: usize, seed: u64) -> Vec<Turn> {
    let mut rng = rubik::seeded_rng(seed);
    (0..length)
        .map(|_| turns[rubik::random::below(&mut rng, turns.len() as u32) as usize])
        .collect()
}

#[test]
fn short_scrambles_come_out_as_short_as_iterative_deepening_finds() {
    let urf: Vec<Turn> = turns(2, "U R F")
        .into_iter()
        .flat_map(|t| (1..4).map(move |quarters| Turn { quarters, ..t }))
        .collect();
    let cases = [
        (3, MoveSet::FaceTurns, outer_faces(3, &[1, 2, 3]), 4),
        (3, MoveSet::QuarterTurns, outer_faces(3, &[1, -1]), 4),
        (2, MoveSet::FaceTurns, outer_faces(2, &[1, 2, 3]), 4),
        (2, MoveSet::Turns(urf.clone()), urf, 5),
        (
            4,
            MoveSet::AllLayers,
            Turn::single_layer_turns(4).collect(),
            3,
        ),
        (
            5,
            MoveSet::AllLayers,
            Turn::single_layer_turns(5).collect(),
            2,
        ),
        (4, MoveSet::OuterBlocks, outer_blocks(4), 3),
        (5, MoveSet::OuterBlocks, outer_blocks(5), 2),
        (6, MoveSet::OuterBlocks, outer_blocks(6), 2),
    ];
    for (size, set, moves, longest) in cases {
        for seed in 0..12 {
            let length = 1 + seed as usize % longest;
            let mut cube = FaceletCube::solved(size);
            cube.apply(scramble(&moves, length, seed));
            let found = solve(&cube, set.clone()).len();
            assert!(
                found <= length,
                "{cube}: {found} moves for a {length}-move scramble"
            );
            assert_eq!(
                Some(found),
                deepening(&cube, &moves, length),
                "{cube} in {set:?}"
            );
        }
    }
}

#[test]
fn an_eight_move_scramble_is_solved_in_eight_moves() {
    let cube = state(3, "F D R' D2 L' F2 D2 B2");
    assert_eq!(solve(&cube, MoveSet::FaceTurns).len(), 8);
}

#[test]
fn the_solved_cube_needs_no_moves() {
    for size in 1..=5 {
        for set in [
            MoveSet::FaceTurns,
            MoveSet::QuarterTurns,
            MoveSet::AllLayers,
        ] {
            let outcome = Bfs::new(set).solve(&FaceletCube::solved(size)).unwrap();
            let Outcome::Solved(solution) = outcome else {
                panic!("{size}: {outcome:?}");
            };
            assert!(solution.turns.is_empty() && solution.alg.is_empty());
        }
    }
    // Solved means one colour per face, in any orientation.
    assert!(solve(&state(3, "x y"), MoveSet::FaceTurns).is_empty());
    // Every 1×1×1 is solved.
    assert!(solve(&state(1, "x y'"), MoveSet::AllLayers).is_empty());
}

#[test]
fn two_by_two_examples() {
    let r = state(2, "R");
    assert_eq!(r.to_string(), "UFUFRRRRFDFDDBDBLLLLUBUB");
    assert_eq!(solve(&r, MoveSet::FaceTurns), turns(2, "R'"));
    let sune = state(2, "R U R' U R U2 R'");
    let urf = MoveSet::blocks_of(turns(2, "U R F"));
    // Checked by plain iterative deepening, too slow for a test: 7 face turns, 8 quarter turns.
    assert_eq!(solve(&sune, urf).len(), 7);
    assert_eq!(solve(&sune, MoveSet::QuarterTurns).len(), 8);
}

#[test]
fn four_by_four_examples() {
    let cube = state(4, "2R U2 2R' U2");
    assert_eq!(solve(&cube, MoveSet::AllLayers).len(), 4);
    // Outer faces cannot move a 4×4's centres: the goal keeps them where they are.
    assert_eq!(solve(&state(4, "R U F'"), MoveSet::FaceTurns).len(), 3);
    // A wide turn is two layer turns, or one outer block.
    assert_eq!(solve(&state(4, "Rw U"), MoveSet::AllLayers).len(), 3);
    assert_eq!(
        solve(&state(4, "Rw U"), MoveSet::OuterBlocks),
        turns(4, "U' Rw'")
    );
}

#[test]
fn the_move_set_decides_what_counts_as_one_move() {
    // M moves the centres: one slice turn, or two face turns that leave the cube turned.
    let m = state(3, "M");
    assert_eq!(solve(&m, MoveSet::AllLayers), turns(3, "M'"));
    assert_eq!(solve(&m, MoveSet::FaceTurns).len(), 2);
    let halves = state(3, "R2 U2");
    assert_eq!(solve(&halves, MoveSet::FaceTurns).len(), 2);
    assert_eq!(solve(&halves, MoveSet::QuarterTurns).len(), 4);
    let only_r = MoveSet::Turns(turns(3, "R"));
    assert_eq!(solve(&state(3, "R"), only_r), turns(3, "R R R"));
    let ru = MoveSet::blocks_of(turns(3, "R U"));
    assert_eq!(solve(&state(3, "R U2 R'"), ru), turns(3, "R U2 R'"));
}

#[test]
fn unreachable_states_are_unsolvable() {
    let only_r = Bfs::new(MoveSet::Turns(turns(3, "R")));
    assert_eq!(only_r.solve(&state(3, "U")).unwrap(), Outcome::Unsolvable);
    // A twisted corner: ⟨R, U⟩ runs out of states without meeting the goal.
    let twisted: FaceletCube = "UUUFURRRFRFFDDDDLLLLBBBB".parse().unwrap();
    let ru = Bfs::new(MoveSet::blocks_of(turns(2, "R U")));
    assert_eq!(ru.solve(&twisted).unwrap(), Outcome::Unsolvable);
}

#[test]
fn a_depth_limit_says_no_solution_is_within_it() {
    let bfs = Bfs::new(MoveSet::FaceTurns).max_depth(2);
    let outcome = bfs.solve(&state(3, "R U F")).unwrap();
    assert_eq!(outcome, Outcome::NotWithin { depth: 2 });
    assert!(matches!(
        bfs.solve(&state(3, "R U")).unwrap(),
        Outcome::Solved(_)
    ));
}

const HARD: &str = "D2 B' R2 U' F2 L B' D L2 F U2 R' B2 U L' D2 F R U2 B'";

#[test]
fn the_memory_bound_refuses_a_depth_it_cannot_finish() {
    let cube = state(3, HARD);
    let error = Bfs::new(MoveSet::FaceTurns)
        .max_memory(1 << 20)
        .solve(&cube)
        .unwrap_err();
    let BfsError::OutOfMemory {
        depth,
        needed,
        limit,
    } = error
    else {
        panic!("{error:?}");
    };
    assert!(
        depth >= 2 && needed > limit && limit == 1 << 20,
        "{error:?}"
    );
    let message = error.to_string();
    assert!(
        message.contains(&format!("searching {depth} moves deep")),
        "{message}"
    );
    assert!(message.contains("1.0 MiB"), "{message}");
    // Not even the first layer fits in 256 bytes.
    let tiny = Bfs::new(MoveSet::FaceTurns).max_memory(256).solve(&cube);
    assert!(
        matches!(tiny, Err(BfsError::OutOfMemory { depth: 1, .. })),
        "{tiny:?}"
    );
}

#[test]
fn the_time_budget_stops_the_search() {
    let cube = state(3, HARD);
    let outcome = Bfs::new(MoveSet::FaceTurns)
        .budget(Budget::time(Duration::ZERO))
        .solve(&cube)
        .unwrap();
    assert_eq!(
        outcome,
        Outcome::Stopped {
            reason: Stop::Timeout,
            proved: 0
        }
    );
    let started = Instant::now();
    let outcome = Bfs::new(MoveSet::FaceTurns)
        .budget(Budget::time(Duration::from_millis(300)))
        .solve(&cube)
        .unwrap();
    let Outcome::Stopped {
        reason: Stop::Timeout,
        proved,
    } = outcome
    else {
        panic!("{outcome:?}");
    };
    assert!((1..20).contains(&proved), "{outcome:?}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_raised_flag_cancels_the_search() {
    let cube = state(3, HARD);
    let flag = AtomicBool::new(true);
    let outcome = Bfs::new(MoveSet::FaceTurns)
        .budget(Budget {
            cancel: Some(&flag),
            ..Budget::default()
        })
        .solve(&cube)
        .unwrap();
    assert!(matches!(
        outcome,
        Outcome::Stopped {
            reason: Stop::Cancelled,
            proved: 0
        }
    ));
    let flag = AtomicBool::new(false);
    let outcome = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(200));
            flag.store(true, Ordering::Relaxed);
        });
        Bfs::new(MoveSet::FaceTurns)
            .budget(Budget {
                cancel: Some(&flag),
                ..Budget::default()
            })
            .solve(&cube)
            .unwrap()
    });
    assert!(matches!(
        outcome,
        Outcome::Stopped {
            reason: Stop::Cancelled,
            ..
        }
    ));
}

/// A size from 2 to 5, a move set and up to a few of its moves.
fn short_scramble() -> impl Strategy<Value = (usize, MoveSet, Vec<Turn>)> {
    (2..=5usize, 0..3usize).prop_flat_map(|(size, set)| {
        let set = [
            MoveSet::FaceTurns,
            MoveSet::QuarterTurns,
            MoveSet::AllLayers,
        ][set]
            .clone();
        let moves = set.turns(size).unwrap();
        let longest = if set == MoveSet::AllLayers { 3 } else { 5 };
        let scramble = prop::collection::vec(prop::sample::select(moves), 0..=longest);
        (Just(size), Just(set), scramble)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn solutions_replay_to_solved((size, set, scramble) in short_scramble()) {
        let mut cube = FaceletCube::solved(size);
        cube.apply(scramble.iter().copied());
        // `solve` checks the replay.
        prop_assert!(solve(&cube, set).len() <= scramble.len());
    }
}
