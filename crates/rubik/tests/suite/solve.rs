//! The two-phase solver, mostly on the tiny tables: every solution replays to solved; limits and
//! budgets behave; hard positions; random-state scrambles; the table cache. Two tests build the
//! small tables (distances mod 3) and the large ones (how each move changes the distance),
//! whose searches differ.

use std::sync::LazyLock;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rubik::FaceTurn;
use rubik::search::Budget;
use rubik::search::two_phase::{Limits, SolveError, TableSize, TwoPhase, TwoPhaseTables};
use rubik::tables::storage::{CacheMiss, Memory, Origin};
use rubik::{Alg, CubieCube, FaceletCube};

static TABLES: LazyLock<TwoPhaseTables> =
    LazyLock::new(|| TwoPhaseTables::build(TableSize::Tiny, &mut |_| {}));

fn within(max_length: usize) -> Limits<'static> {
    Limits {
        max_length: Some(max_length),
        ..Limits::default()
    }
}

/// Solves `cube` and checks that the solution solves it.
fn solve(cube: &CubieCube, limits: &Limits) -> Result<Vec<FaceTurn>, SolveError> {
    let solution = TwoPhase::new(&TABLES).solve(cube, limits)?;
    let mut end = *cube;
    end.apply(&solution.moves);
    assert!(end.is_solved(), "{} does not solve {cube}", solution.alg());
    // The notation says the same as the move numbers.
    let mut stickers = FaceletCube::from(cube);
    stickers.apply_alg(&solution.alg()).unwrap();
    assert!(stickers.is_solved());
    Ok(solution.moves)
}

fn cube_of(alg: &str) -> CubieCube {
    let mut cube = FaceletCube::solved(3);
    cube.apply_alg(&alg.parse::<Alg>().unwrap()).unwrap();
    CubieCube::try_from(&cube).unwrap()
}

#[test]
fn the_solved_cube_needs_no_moves() {
    assert!(solve(&CubieCube::SOLVED, &within(20)).unwrap().is_empty());
}

#[test]
fn one_move_states_solve_in_one_move() {
    for turn in FaceTurn::ALL {
        let moves = solve(&turn.cube(), &within(1)).unwrap();
        assert_eq!(moves, [turn.inverse()], "the same face turned back");
    }
}

#[test]
fn random_states_solve_within_twenty_moves() {
    for seed in 0..40 {
        let cube = CubieCube::random(&mut rubik::seeded_rng(seed));
        assert!(solve(&cube, &within(20)).unwrap().len() <= 20);
    }
}

#[test]
fn the_superflip_takes_exactly_twenty() {
    // Distance 20 (Reid, 1995): no solution within 20 can be shorter.
    let superflip = cube_of("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    assert_eq!(solve(&superflip, &within(20)).unwrap().len(), 20);
    // Superflip composed with the corner twist (Reid's 20f maneuver, cube-lovers 1997).
    let superfliptwist = cube_of("U R F' B U' D' F U' D F L F' L' U R D F U R L");
    assert!(solve(&superfliptwist, &within(20)).unwrap().len() <= 20);
}

#[test]
fn short_scrambles_solve_short_when_asked() {
    let cube = cube_of("R U R' U' F2");
    assert!(solve(&cube, &within(5)).unwrap().len() <= 5);
}

#[test]
fn a_node_budget_ends_the_search() {
    let cube = cube_of("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    let limits = Limits {
        max_length: Some(20),
        budget: Budget {
            nodes: Some(50),
            ..Budget::default()
        },
        ..Limits::default()
    };
    assert!(matches!(
        solve(&cube, &limits),
        Err(SolveError::BudgetRanOut { .. })
    ));
}

#[test]
fn a_raised_cancel_flag_ends_the_search() {
    // No solution of 16 moves exists: without the flag, the search would go on until its
    // node budget (a backstop) ran out.
    let cube = cube_of("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    let cancelled = AtomicBool::new(true);
    let limits = Limits {
        max_length: Some(16),
        budget: Budget {
            nodes: Some(100_000_000),
            cancel: Some(&cancelled),
            ..Budget::default()
        },
        ..Limits::default()
    };
    let solver = TwoPhase::new(&TABLES);
    for outcome in [
        solver.solve(&cube, &limits),
        solver.solve_parallel(&cube, &limits),
    ] {
        let Err(SolveError::BudgetRanOut { nodes, .. }) = outcome else {
            panic!("no solution of 16 moves exists: {outcome:?}");
        };
        assert!(nodes < 100_000, "{nodes} nodes after the flag was raised");
    }
}

#[test]
fn a_node_budget_gives_the_same_solution_every_time_on_any_threads() {
    // The shortening's two halves run side by side where there are threads for them: the
    // answer must not depend on it.
    let pool = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    };
    let (one, two) = (pool(1), pool(2));
    let mut rng = rubik::seeded_rng(5);
    for _ in 0..5 {
        let cube = CubieCube::random(&mut rng);
        let limits = Limits {
            max_length: Some(20),
            improve_nodes: Some(20_000),
            ..Limits::default()
        };
        let first = one.install(|| solve(&cube, &limits)).unwrap();
        assert_eq!(two.install(|| solve(&cube, &limits)).unwrap(), first);
        assert_eq!(solve(&cube, &limits).unwrap(), first);
        assert!(first.len() <= solve(&cube, &within(20)).unwrap().len());
    }
}

#[test]
fn spending_the_shortening_nodes_is_not_a_budget_running_out() {
    let solver = TwoPhase::new(&TABLES);
    let cube = CubieCube::random(&mut rubik::seeded_rng(8));
    let first = solver.solve(&cube, &within(20)).unwrap().nodes;
    let shortened = |budget| {
        let limits = Limits {
            max_length: Some(20),
            improve_nodes: Some(20_000),
            budget,
        };
        solver.solve(&cube, &limits).unwrap()
    };
    let free = shortened(Budget::default());
    assert!(free.nodes > first && !free.budget_ran_out, "{free:?}");
    let tight = shortened(Budget {
        nodes: Some(first + 1_000),
        ..Budget::default()
    });
    // Each half counts a node's 18 children at once, past its limit at most once.
    assert!(
        tight.nodes <= first + 1_000 + 2 * 18,
        "{} nodes",
        tight.nodes
    );
    assert!(tight.budget_ran_out);
}

#[test]
fn a_time_budget_keeps_the_best_solution() {
    // Under a time budget the search meets the same first solution as under a length limit
    // alone (its order is fixed), then only shorter ones: however loaded the machine, what it
    // keeps replays and is no longer than that first one.
    let cube = CubieCube::random(&mut rubik::seeded_rng(99));
    let limits = Limits {
        budget: Budget::time(Duration::from_millis(200)),
        ..Limits::default()
    };
    let solution = TwoPhase::new(&TABLES).solve(&cube, &limits).unwrap();
    let mut end = cube;
    end.apply(&solution.moves);
    assert!(end.is_solved(), "{} does not solve {cube}", solution.alg());
    let first = solve(&cube, &within(30)).unwrap();
    assert!(solution.len() <= first.len());
}

#[test]
fn a_search_on_several_threads_finds_solutions_that_replay() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    let solver = TwoPhase::new(&TABLES);
    let mut rng = rubik::seeded_rng(21);
    let budget = Limits {
        budget: Budget::time(Duration::from_millis(200)),
        ..Limits::default()
    };
    // Under a time budget alone, on a loaded machine, any solution at all may be all there was
    // time for.
    for (limits, longest) in [(within(21), 21), (budget, usize::MAX)] {
        for _ in 0..4 {
            let cube = CubieCube::random(&mut rng);
            let solution = pool
                .install(|| solver.solve_parallel(&cube, &limits))
                .unwrap();
            let mut end = cube;
            end.apply(&solution.moves);
            assert!(end.is_solved(), "{} does not solve {cube}", solution.alg());
            assert!(solution.len() <= longest);
        }
    }
    let solved = pool.install(|| solver.solve_parallel(&CubieCube::SOLVED, &budget));
    assert!(solved.unwrap().is_empty());
}

#[test]
fn random_state_scrambles_make_their_state() {
    let solver = TwoPhase::new(&TABLES);
    let a = rubik::scramble::random_state_3x3(&mut rubik::seeded_rng(5), &solver);
    let b = rubik::scramble::random_state_3x3(&mut rubik::seeded_rng(5), &solver);
    assert_eq!(a, b);
    let cube = cube_of(&a.to_string());
    assert!(!cube.is_solved() && !FaceTurn::ALL.iter().any(|t| t.cube() == cube));
    assert!(a.expand().unwrap().len() <= 21);
}

#[test]
fn a_damaged_cache_file_is_rebuilt_and_not_used() {
    let dir = tempfile::tempdir().unwrap();
    let (_, report) = TwoPhaseTables::load_or_build(
        Some(dir.path()),
        TableSize::Tiny,
        Memory::Mapped,
        &mut |_| {},
    );
    assert!(matches!(
        report[0].1,
        Origin::Built {
            cause: CacheMiss::Missing,
            write_error: None
        }
    ));
    let (_, report) = TwoPhaseTables::load_or_build(
        Some(dir.path()),
        TableSize::Tiny,
        Memory::Mapped,
        &mut |_| {},
    );
    assert!(matches!(report[0].1, Origin::Cached));
    // Flip one byte in the middle of the file.
    let path = rubik::tables::storage::path(dir.path(), &TableSize::Tiny.specs()[0]);
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap();
    let (tables, report) = TwoPhaseTables::load_or_build(
        Some(dir.path()),
        TableSize::Tiny,
        Memory::Mapped,
        &mut |_| {},
    );
    assert!(matches!(
        report[0].1,
        Origin::Built {
            cause: CacheMiss::Invalid(_),
            ..
        }
    ));
    let cube = CubieCube::random(&mut rubik::seeded_rng(3));
    let solution = TwoPhase::new(&tables).solve(&cube, &within(20)).unwrap();
    let mut end = cube;
    end.apply(&solution.moves);
    assert!(end.is_solved());
}

#[test]
fn the_small_tables_solve_too() {
    solves_random_states_and_the_superflip(TableSize::Small);
}

#[test]
fn the_large_tables_solve_too() {
    solves_random_states_and_the_superflip(TableSize::Large);
}

/// Random states within 20 moves, then shortened for a node budget, and the superflip in
/// exactly 20, with the tables of `size`.
fn solves_random_states_and_the_superflip(size: TableSize) {
    let tables = TwoPhaseTables::build(size, &mut |_| {});
    let solver = TwoPhase::new(&tables);
    let replays = |mut cube: CubieCube, moves: &[FaceTurn]| {
        cube.apply(moves);
        cube.is_solved()
    };
    for seed in 100..110 {
        let cube = CubieCube::random(&mut rubik::seeded_rng(seed));
        let first = solver.solve(&cube, &within(20)).unwrap();
        assert!(replays(cube, &first.moves) && first.len() <= 20);
        let budget = Limits {
            improve_nodes: Some(100_000),
            ..within(20)
        };
        let improved = solver.solve(&cube, &budget).unwrap();
        assert!(replays(cube, &improved.moves) && improved.len() <= first.len());
    }
    let superflip = cube_of("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    assert_eq!(solver.solve(&superflip, &within(20)).unwrap().len(), 20);
}
