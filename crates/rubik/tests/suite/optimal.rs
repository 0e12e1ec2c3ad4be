//! The optimal 3×3 solver: shortest lengths agree with breadth-first search; solutions replay
//! to solved; budgets stop with a lower bound that is never above the distance. Builds the
//! small optimal tables (the default two-phase ones) once: seconds at the tests' optimisation
//! level. The large table takes minutes and gigabytes: its tests are ignored by default.

use std::sync::LazyLock;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rubik::scramble::random_moves;
use rubik::search::bfs::{Bfs, MoveSet, Outcome};
use rubik::search::optimal::{Optimal, OptimalOutcome, OptimalTableSize, OptimalTables};
use rubik::search::{Budget, Metric};
use rubik::{Alg, CubieCube, Face, FaceTurn, FaceletCube};

static TABLES: LazyLock<OptimalTables> =
    LazyLock::new(|| OptimalTables::build(OptimalTableSize::Small, Metric::Htm, &mut |_| {}));

fn optimal() -> Optimal<'static> {
    Optimal::new(&TABLES)
}

fn stickers_of(alg: &Alg) -> FaceletCube {
    let mut cube = FaceletCube::solved(3);
    cube.apply_alg(alg).unwrap();
    cube
}

/// The optimal solution's moves, checked to replay to solved.
fn solve(cube: &CubieCube) -> Vec<FaceTurn> {
    solve_in(cube, Metric::Htm)
}

/// The optimal solution's moves in `metric`, checked to replay to solved.
fn solve_in(cube: &CubieCube, metric: Metric) -> Vec<FaceTurn> {
    let solver = Optimal::with_metric(&TABLES, metric).expect("the small bound holds in both");
    let OptimalOutcome::Solved(solution) = solver.solve(cube, &Budget::default()) else {
        panic!("{cube}: no budget, yet stopped");
    };
    let mut end = *cube;
    end.apply(&solution.moves);
    assert!(end.is_solved(), "{} does not solve {cube}", solution.alg());
    solution.moves
}

/// The length of a shortest solution made of `moves` by breadth-first search.
fn bfs_distance(cube: &FaceletCube, moves: MoveSet) -> usize {
    match Bfs::new(moves).solve(cube).unwrap() {
        Outcome::Solved(solution) => solution.turns.len(),
        other => panic!("{cube}: {other:?}"),
    }
}

#[test]
fn short_scrambles_agree_with_breadth_first_search() {
    let mut rng = rubik::seeded_rng(4);
    for i in 0..24 {
        let stickers = stickers_of(&random_moves(3, 1 + i % 8, &mut rng));
        let cube = CubieCube::try_from(&stickers).unwrap();
        let moves = solve(&cube);
        assert_eq!(
            moves.len(),
            bfs_distance(&stickers, MoveSet::FaceTurns),
            "{stickers}"
        );
        assert!(optimal().lower_bound(&cube) <= moves.len());
    }
}

#[test]
fn quarter_turn_lengths_agree_with_breadth_first_search() {
    let mut rng = rubik::seeded_rng(6);
    for i in 0..16 {
        let stickers = stickers_of(&random_moves(3, 1 + i % 6, &mut rng));
        let cube = CubieCube::try_from(&stickers).unwrap();
        let moves = solve_in(&cube, Metric::Qtm);
        let length = Metric::Qtm.length(&moves);
        assert_eq!(
            length,
            bfs_distance(&stickers, MoveSet::QuarterTurns),
            "{stickers}"
        );
        assert_eq!(length % 2, usize::from(cube.corner_parity()), "{stickers}");
    }
}

#[test]
fn a_half_turn_is_two_quarter_turns() {
    let cube = FaceTurn::new(Face::R, 2).cube() * FaceTurn::new(Face::U, 1).cube();
    let solution = solve_in(&cube, Metric::Qtm);
    assert_eq!(
        solution,
        [FaceTurn::new(Face::U, 3), FaceTurn::new(Face::R, 2)]
    );
    assert!(solve_in(&CubieCube::SOLVED, Metric::Qtm).is_empty());
}

#[test]
fn the_solved_cube_needs_no_moves() {
    assert!(solve(&CubieCube::SOLVED).is_empty());
}

#[test]
fn budgets_stop_with_a_lower_bound() {
    // A 12-move scramble: at most 12 away, far more than a few thousand nodes to prove.
    let alg: Alg = "R U F' L D2 B R' U2 F L' D B'".parse().unwrap();
    let cube = CubieCube::try_from(&stickers_of(&alg)).unwrap();
    let cancelled = AtomicBool::new(true);
    // A node budget leaves the first two-phase search its own budget (a solution of at most
    // 20 moves); cancelled, that search stops early too, with whatever it had (at most 30).
    for (limits, longest) in [
        (
            Budget {
                nodes: Some(1),
                ..Budget::default()
            },
            20,
        ),
        (
            Budget {
                cancel: Some(&cancelled),
                ..Budget::default()
            },
            30,
        ),
    ] {
        match optimal().solve(&cube, &limits) {
            OptimalOutcome::Stopped {
                lower_bound, best, ..
            } => {
                assert!(lower_bound <= 12, "{lower_bound}");
                assert!(lower_bound >= optimal().lower_bound(&cube));
                let best = best.expect("two-phase finds a solution");
                let mut end = cube;
                end.apply(&best.moves);
                assert!(end.is_solved());
                assert!(best.len() >= lower_bound && best.len() <= longest);
            }
            OptimalOutcome::Solved(solution) => panic!("solved in {} nodes", solution.nodes),
        }
    }
}

#[test]
fn the_superflip_bound_stays_within_twenty() {
    let alg: Alg = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"
        .parse()
        .unwrap();
    let superflip = CubieCube::try_from(&stickers_of(&alg)).unwrap();
    let limits = Budget::time(Duration::from_millis(300));
    match optimal().solve(&superflip, &limits) {
        OptimalOutcome::Stopped {
            lower_bound, best, ..
        } => {
            assert!((optimal().lower_bound(&superflip)..=20).contains(&lower_bound));
            // Two-phase may not reach 20 moves on the superflip in that time.
            assert!(best.is_none_or(|b| b.len() >= lower_bound));
        }
        OptimalOutcome::Solved(solution) => panic!("{} is optimal in 300 ms?", solution.alg()),
    }
}

/// The larger tables from the cache (`RUBIK_TABLES` or the user's cache directory): up to a
/// quarter of an hour and 10 GB to build the first time.
fn cached(size: OptimalTableSize, metric: Metric) -> OptimalTables {
    let dir = rubik::tables::storage::default_dir();
    OptimalTables::load_or_build(dir.as_deref(), size, metric, &mut |_| {}).0
}

#[test]
#[ignore = "builds the medium, large and huge tables (25 minutes, 10 GB); run with --ignored"]
fn the_larger_tables_give_consistent_lower_bounds() {
    let [medium, large, huge] = [
        OptimalTableSize::Medium,
        OptimalTableSize::Large,
        OptimalTableSize::Huge,
    ]
    .map(|size| cached(size, Metric::Htm));
    let small = Optimal::new(&TABLES);
    let (medium, large, huge) = (
        Optimal::new(&medium),
        Optimal::new(&large),
        Optimal::new(&huge),
    );
    let mut rng = rubik::seeded_rng(5);
    for _ in 0..300 {
        let cube = CubieCube::random(&mut rng);
        let floor = small
            .lower_bound(&cube.inverse())
            .max(small.lower_bound(&cube));
        // The sorted tables read the state alone: a move changes their bound by at most one.
        for optimal in [&medium, &large] {
            let bound = optimal.lower_bound(&cube);
            assert!(bound <= 20, "{cube}: {bound}");
            for m in FaceTurn::ALL {
                let next = optimal.lower_bound(&(cube * m.cube()));
                assert!(next.abs_diff(bound) <= 1, "{cube}: {bound} then {next}");
            }
        }
        // The huge table reads the state and its inverse, which are as far from solved.
        let bound = huge.lower_bound(&cube);
        assert_eq!(huge.lower_bound(&cube.inverse()), bound, "{cube}");
        assert!(
            (floor..=20).contains(&bound),
            "{cube}: {floor} then {bound}"
        );
    }
    let larger = [&medium, &large, &huge];
    for length in 0..=10 {
        let stickers = stickers_of(&random_moves(3, length, &mut rng));
        let cube = CubieCube::try_from(&stickers).unwrap();
        for optimal in larger {
            assert!(optimal.lower_bound(&cube) <= length, "{stickers}");
        }
    }
    // Searches over each table agree (the larger tables have more than 2³² entries: every
    // index must reach its own entry).
    for length in 11..=14 {
        let stickers = stickers_of(&random_moves(3, length, &mut rng));
        let cube = CubieCube::try_from(&stickers).unwrap();
        let lengths =
            [&small]
                .into_iter()
                .chain(larger)
                .map(|o| match o.solve(&cube, &Budget::default()) {
                    OptimalOutcome::Solved(solution) => solution.len(),
                    OptimalOutcome::Stopped { .. } => panic!("{stickers}: stopped with no budget"),
                });
        let lengths: Vec<usize> = lengths.collect();
        assert!(
            lengths.iter().all(|&l| l == lengths[0] && l <= length),
            "{stickers}: {lengths:?}"
        );
    }
}

#[test]
#[ignore = "builds the large tables in both metrics (minutes, 4 GB); run with --ignored"]
fn the_quarter_turn_table_bounds_quarter_turn_distances() {
    let (face_turns, quarter_turns) = (
        cached(OptimalTableSize::Large, Metric::Htm),
        cached(OptimalTableSize::Large, Metric::Qtm),
    );
    assert!(Optimal::with_metric(&quarter_turns, Metric::Htm).is_none());
    let (htm, qtm) = (Optimal::new(&face_turns), Optimal::new(&quarter_turns));
    assert_eq!(qtm.metric(), Metric::Qtm);
    let mut rng = rubik::seeded_rng(6);
    for _ in 0..300 {
        let cube = CubieCube::random(&mut rng);
        let bound = qtm.lower_bound(&cube);
        assert!(htm.lower_bound(&cube) <= bound && bound <= 26, "{cube}");
        // The goal has the corner permutation even, which every quarter turn changes.
        for m in Metric::Qtm.face_turns() {
            let next = qtm.lower_bound(&(cube * m.cube()));
            assert_eq!(next.abs_diff(bound), 1, "{cube}: {bound} then {next}");
        }
    }
    let small = Optimal::with_metric(&TABLES, Metric::Qtm).expect("holds in both");
    for length in 8..=10 {
        let stickers = stickers_of(&random_moves(3, length, &mut rng));
        let cube = CubieCube::try_from(&stickers).unwrap();
        let lengths = [&small, &qtm].map(|o| match o.solve(&cube, &Budget::default()) {
            OptimalOutcome::Solved(solution) => solution.length(Metric::Qtm),
            OptimalOutcome::Stopped { .. } => panic!("{stickers}: stopped with no budget"),
        });
        assert_eq!(lengths[0], lengths[1], "{stickers}");
    }
}
