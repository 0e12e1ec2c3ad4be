//! The 2×2 solver: the known distribution of distances in both metrics, solutions that replay
//! to solved on pieces and on stickers, optimal lengths that agree with breadth-first search,
//! random-state scrambles, and the table cache.

use std::sync::LazyLock;

use rubik::scramble::{MIN_2X2_DISTANCE, random_moves, random_state_2x2};
use rubik::search::Metric;
use rubik::search::bfs::{Bfs, MoveSet, Outcome};
use rubik::search::pocket::{Pocket, PocketTables, STATES};
use rubik::tables::storage::{CacheMiss, Origin};
use rubik::{Alg, CornerCube, Face, FaceTurn, FaceletCube, Turn, seeded_rng};

static TABLES: LazyLock<PocketTables> = LazyLock::new(|| PocketTables::build(&mut |_| {}));

/// Solves `cube` in `metric`, checks that the solution solves it on pieces and on stickers and
/// uses only the metric's U, R, F moves, and returns its length.
fn solve(cube: &CornerCube, metric: Metric) -> usize {
    let moves = Pocket::new(&TABLES).solve(cube, metric);
    let end = moves
        .iter()
        .fold(*cube, |c, m| c * CornerCube::from(&m.cube()));
    assert!(
        end.is_solved(),
        "{} does not solve {cube}",
        notation(&moves)
    );
    let mut stickers = FaceletCube::from(cube);
    stickers.apply_alg(&notation(&moves)).unwrap();
    assert!(stickers.is_solved());
    assert!(moves.iter().all(|m| FaceTurn::URF.contains(m)));
    if metric == Metric::Qtm {
        assert!(moves.iter().all(|m| !m.is_half()), "no half turns");
    }
    assert_eq!(moves.len(), TABLES.distance(cube, metric));
    moves.len()
}

/// `moves` written out and read back as notation, so that replaying it checks the text too.
fn notation(moves: &[FaceTurn]) -> Alg {
    let text: Vec<String> = moves.iter().map(FaceTurn::to_string).collect();
    text.join(" ").parse().expect("face turns read back")
}

/// The U, R, F turns of a 2×2 in `metric`.
fn turns(metric: Metric) -> Vec<Turn> {
    let amounts: &[i64] = match metric {
        Metric::Htm => &[1, 2, 3],
        Metric::Qtm => &[1, 3],
    };
    [Face::U, Face::R, Face::F]
        .into_iter()
        .flat_map(|face| {
            amounts
                .iter()
                .map(move |&a| Turn::from_face(face, 1, 1, a, 2))
        })
        .collect()
}

/// The shortest solution's length by breadth-first search over stickers.
fn bfs_length(cube: &CornerCube, metric: Metric) -> usize {
    match Bfs::new(MoveSet::Turns(turns(metric)))
        .solve(&FaceletCube::from(cube))
        .unwrap()
    {
        Outcome::Solved(solution) => solution.turns.len(),
        other => panic!("{cube}: {other:?}"),
    }
}

#[test]
fn the_distances_have_the_known_distribution() {
    let htm: [u64; 12] = [
        1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
    ];
    let qtm: [u64; 15] = [
        1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276,
    ];
    for (metric, expected) in [(Metric::Htm, &htm[..]), (Metric::Qtm, &qtm[..])] {
        let counts = TABLES.distribution(metric);
        assert_eq!(&counts[..expected.len()], expected, "{metric}");
        assert!(counts[expected.len()..].iter().all(|&n| n == 0), "{metric}");
        assert_eq!(expected.iter().sum::<u64>(), STATES as u64);
    }
}

#[test]
fn random_states_solve_optimally_and_replay() {
    let mut rng = seeded_rng(22);
    for _ in 0..2000 {
        let cube = CornerCube::random(&mut rng);
        let htm = solve(&cube, Metric::Htm);
        let qtm = solve(&cube, Metric::Qtm);
        assert!(htm <= 11 && qtm <= 14 && htm <= qtm && qtm <= 2 * htm);
    }
    assert_eq!(solve(&CornerCube::SOLVED, Metric::Htm), 0);
}

#[test]
fn a_state_with_dbl_away_from_home_is_solved_as_stickers() {
    // L turns DBL away; as stickers it is R' with the cube turned, one move in either metric.
    let l = CornerCube::from(&FaceTurn::new(Face::L, 1).cube());
    for metric in Metric::ALL {
        let moves = Pocket::new(&TABLES).solve(&l, metric);
        assert_eq!(moves.len(), 1);
        let mut stickers = FaceletCube::from(&l);
        stickers.apply_alg(&notation(&moves)).unwrap();
        assert!(stickers.is_solved());
    }
}

#[test]
fn optimal_lengths_agree_with_breadth_first_search() {
    let mut rng = seeded_rng(4);
    for n in 0..300 {
        let alg = random_moves(2, 1 + n % 7, &mut rng);
        let mut stickers = FaceletCube::solved(2);
        stickers.apply_alg(&alg).unwrap();
        let cube = CornerCube::try_from(&stickers).unwrap();
        for metric in Metric::ALL {
            assert_eq!(
                TABLES.distance(&cube, metric),
                bfs_length(&cube, metric),
                "{alg} in {metric}"
            );
        }
    }
    for _ in 0..12 {
        let cube = CornerCube::random(&mut rng);
        for metric in Metric::ALL {
            assert_eq!(solve(&cube, metric), bfs_length(&cube, metric), "{cube}");
        }
    }
}

#[test]
fn random_state_scrambles_are_far_enough_and_reproducible() {
    let pocket = Pocket::new(&TABLES);
    let mut rng = seeded_rng(8);
    let scrambles: Vec<Alg> = (0..200)
        .map(|_| random_state_2x2(&mut rng, &pocket))
        .collect();
    let mut again = seeded_rng(8);
    for scramble in &scrambles {
        assert_eq!(*scramble, random_state_2x2(&mut again, &pocket));
        let mut stickers = FaceletCube::solved(2);
        stickers.apply_alg(scramble).unwrap();
        let cube = CornerCube::try_from(&stickers).unwrap();
        assert_eq!(
            TABLES.distance(&cube, Metric::Htm),
            scramble.expand().unwrap().len()
        );
        assert!(scramble.expand().unwrap().len() >= MIN_2X2_DISTANCE);
    }
}

#[test]
fn the_cache_round_trips_and_a_damaged_file_is_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let load = || PocketTables::load_or_build(Some(dir.path()), &mut |_| {});
    let (_, report) = load();
    assert_eq!(report.len(), 2);
    for (_, origin) in &report {
        assert!(matches!(
            origin,
            Origin::Built {
                cause: CacheMiss::Missing,
                write_error: None
            }
        ));
    }
    let (cached, report) = load();
    assert!(
        report
            .iter()
            .all(|(_, origin)| matches!(origin, Origin::Cached))
    );
    for metric in Metric::ALL {
        assert_eq!(cached.distribution(metric), TABLES.distribution(metric));
    }
    // Flip one byte in the middle of the QTM file: that file alone is rebuilt.
    let path = rubik::tables::storage::path(dir.path(), &PocketTables::specs()[1]);
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    let (rebuilt, report) = load();
    assert!(matches!(report[0].1, Origin::Cached));
    assert!(matches!(
        report[1].1,
        Origin::Built {
            cause: CacheMiss::Invalid(_),
            ..
        }
    ));
    assert_eq!(
        rebuilt.distribution(Metric::Qtm),
        TABLES.distribution(Metric::Qtm)
    );
}
