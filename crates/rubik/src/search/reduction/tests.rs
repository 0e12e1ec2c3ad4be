use super::*;
use crate::search::two_phase::{TableSize, TwoPhaseTables};
use crate::seeded_rng;
use proptest::prelude::*;
use std::sync::OnceLock;

fn tables() -> &'static TwoPhaseTables {
    static TABLES: OnceLock<TwoPhaseTables> = OnceLock::new();
    TABLES.get_or_init(|| TwoPhaseTables::build(TableSize::Tiny, &mut |_| {}))
}

/// The centre tables `solve_by_size` gives a cube of `size` layers.
fn centre_tables(size: usize) -> CentreTables<'static> {
    let (four, five) = (&four::tests::tables().0, &five::tests::tables().0);
    match size % 2 {
        0 => CentreTables::FourFive(four, five),
        _ => CentreTables::Five(five),
    }
}

fn reduce(cube: &FaceletCube) -> Result<Solution, ReductionError> {
    reduce_with(cube, centre_tables(cube.size()))
}

fn reduce_with(cube: &FaceletCube, centres: CentreTables) -> Result<Solution, ReductionError> {
    let options = ReductionOptions::default();
    solve(cube, &TwoPhase::new(tables()), centres, &options)
}

/// Without tables, the wings are made even first and block commutators and 3-cycles do the
/// rest.
#[test]
fn a_cube_is_solved_without_tables() {
    let cube = crate::bigcube::random_state(6, &mut seeded_rng(8));
    let solution = reduce_with(&cube, CentreTables::None).unwrap();
    let mut replay = cube.clone();
    replay.apply(solution.turns());
    assert!(replay.is_solved());
    let names: Vec<_> = solution.stages.iter().map(|s| s.name).collect();
    assert_eq!(names, ["wing parity", "centres", "edges", "3x3"]);
    assert!(!solution.stages[2].turns.is_empty());
}

/// A time budget out from the start still gives a solution (the 3-cycles do what the tables
/// and block commutators would have, on an odd size pairing wing orbits the depth reductions
/// left at whatever parity); only a cancel leaves none.
#[test]
fn a_time_budget_never_leaves_a_cube_unsolved() {
    for (size, seed) in [(6, 12), (7, 3)] {
        let cube = crate::bigcube::random_state(size, &mut seeded_rng(seed));
        let solve_within = |budget| {
            let options = ReductionOptions {
                budget,
                ..ReductionOptions::default()
            };
            solve(
                &cube,
                &TwoPhase::new(tables()),
                centre_tables(size),
                &options,
            )
        };
        let timed = solve_within(Budget::time(std::time::Duration::ZERO)).unwrap();
        let mut replay = cube.clone();
        replay.apply(timed.turns());
        assert!(replay.is_solved(), "size {size}");
        // Out of time, the centre tables did nothing: longer than without a budget.
        assert!(timed.obtm() > reduce(&cube).unwrap().obtm(), "size {size}");
        let cancel = std::sync::atomic::AtomicBool::new(true);
        let cancelled = Budget {
            cancel: Some(&cancel),
            ..Budget::default()
        };
        assert_eq!(
            solve_within(cancelled).unwrap_err(),
            ReductionError::Stopped(Stop::Cancelled)
        );
    }
}

/// Two fixed centres of one colour (a sticker swapped between a fixed centre and a t-centre
/// of another face) are refused, not a panic.
#[test]
fn a_colour_on_two_fixed_centres_is_refused() {
    let mut stickers = FaceletCube::solved(7).stickers().to_vec();
    let (fixed_u, t_f) = (3 * 7 + 3, 2 * 49 + 7 + 3);
    stickers.swap(fixed_u, t_f);
    let cube = FaceletCube::from_stickers(7, stickers).unwrap();
    assert!(matches!(reduce(&cube), Err(ReductionError::Unsolvable(_))));
}

/// A cube that is not a reachable state is refused before any stage, with the validator's
/// reason: here a 6×6's x-centre and oblique orbits, each with five stickers of one colour.
#[test]
fn an_unreachable_cube_is_refused_with_the_validators_reason() {
    let mut stickers = FaceletCube::solved(6).stickers().to_vec();
    let (x_centre_u, oblique_f) = (6 + 1, 2 * 36 + 6 + 2);
    stickers.swap(x_centre_u, oblique_f);
    let cube = FaceletCube::from_stickers(6, stickers).unwrap();
    let reason = crate::bigcube::normalise(&cube).unwrap_err().to_string();
    assert_eq!(
        reduce(&cube).unwrap_err(),
        ReductionError::Unsolvable(reason)
    );
}

/// Of a depth's reductions, the one kept is the one that with a pairing of the next depth's
/// bars takes the fewest moves: here, of some turn sequences, each weighed on its own.
#[test]
fn a_depth_keeps_the_reduction_cheapest_with_the_next_pairing() {
    let budget = Budget::default().start();
    let (size, depth) = (6, 1);
    let cube = crate::bigcube::random_state(size, &mut seeded_rng(21));
    let bars = bars::Bars::new(size, depth);
    let reductions: Vec<Vec<Turn>> = ["", "R U", "2-3Rw F' 2-3Uw2", "Rw B2 Lw' D", "3-4Fw L"]
        .iter()
        .map(|alg| {
            let moves = crate::notation::Alg::parse(alg).unwrap().expand().unwrap();
            moves.iter().map(|m| m.turn(size).unwrap()).collect()
        })
        .collect();
    let cost = |reduction: &Vec<Turn>| {
        let mut cube = cube.clone();
        cube.apply(reduction.iter().copied());
        let mut pairing = Vec::new();
        bars.pair(&mut cube, SKETCH, &mut pairing, &budget).unwrap();
        (reduction.iter().chain(&pairing))
            .map(|turn| turn.obtm(size))
            .sum::<usize>()
    };
    let costs: Vec<usize> = reductions.iter().map(cost).collect();
    let kept = cheapest_with_bars(&cube, reductions.clone(), &bars, &budget).unwrap();
    let kept = kept.expect("five reductions were weighed");
    let at = reductions.iter().position(|r| *r == kept).unwrap();
    assert_eq!(costs[at], *costs.iter().min().unwrap(), "{costs:?}");
    // The costs differ, so the choice means something.
    assert!(costs.iter().any(|&c| c != costs[0]), "{costs:?}");
}

/// The depth reductions, with any of the outermost depth's, leave every centre solved (checked
/// on the stickers, against the colours the centres must show) and every wing paired, and so
/// every wing orbit even: no parity turn is needed after.
#[test]
fn table_centres_solve_their_orbits_and_keep_wing_parity() {
    let budget = Budget::default().start();
    for size in [6, 7, 8] {
        let mut cube = crate::bigcube::random_state(size, &mut seeded_rng(size as u64));
        cube.apply(edges::wing_parity(&cube).unwrap());
        let colours = centre_colours(&cube);
        let mut turns = Vec::new();
        let centres = centre_tables(size);
        let outermost = table_centres(
            &mut cube,
            colours,
            centres,
            &mut turns,
            [&budget; 2],
            &|| {},
        )
        .unwrap();
        // Any of the outermost depth's reductions finishes the work.
        assert!(!outermost.is_empty(), "size {size}");
        cube.apply(outermost[outermost.len() - 1].iter().copied());
        // The 4×4 reduction of an even size's innermost depth may leave it held another way:
        // the colours are those its centres show after.
        let colours = centre_colours(&cube);
        assert!(edges::wing_parity(&cube).unwrap().is_empty(), "size {size}");
        // Every wing paired: with its midge, or on an even size as the innermost orbit's.
        let innermost = orbit::wing_orbits(size).pop().unwrap();
        for orbit in orbit::wing_orbits(size) {
            let wings: Vec<_> = orbit.read(&cube).chunks(2).map(|w| [w[0], w[1]]).collect();
            let homes = match size % 2 {
                0 => innermost
                    .read(&cube)
                    .chunks(2)
                    .map(|w| [w[0], w[1]])
                    .collect(),
                _ => edges::home_colours(&orbit, &cube),
            };
            assert_eq!(wings, homes, "size {size}");
        }
        for face in Face::ALL {
            for row in 1..size - 1 {
                for col in 1..size - 1 {
                    let sticker = cube.sticker(face, row, col);
                    assert_eq!(sticker, colours[face.index()], "size {size} ({row}, {col})");
                }
            }
        }
    }
}

fn scrambled(size: usize, seed: u64, then: &str) -> FaceletCube {
    let mut cube = FaceletCube::solved(size);
    let alg = crate::scramble::random_moves(size, 30 * size, &mut seeded_rng(seed));
    cube.apply_alg(&alg).unwrap();
    cube.apply_alg(&then.parse().unwrap()).unwrap();
    cube
}

/// Solves `cube` and checks, independently of the solver's own replay, that the turns solve it
/// and that the counts add up stage by stage.
fn check_solves(cube: &FaceletCube) -> Solution {
    let solution = reduce(cube).unwrap();
    let mut replay = cube.clone();
    replay.apply_alg(&solution.alg()).unwrap();
    assert!(replay.is_solved(), "{cube}");
    let names: Vec<_> = solution.stages.iter().map(|s| s.name).collect();
    // Each depth is reduced as a 4×4 or 5×5, wing parity and all.
    assert_eq!(names, ["depth reductions", "centres", "edges", "3x3"]);
    let by_stage: usize = solution
        .stages
        .iter()
        .map(|s| s.turns.iter().map(|t| t.obtm(cube.size())).sum::<usize>())
        .sum();
    assert_eq!(by_stage, solution.obtm());
    assert!(solution.stm() <= solution.obtm());
    solution
}

#[test]
fn random_cubes_of_sizes_4_to_8_are_solved() {
    for size in 4..=8 {
        // A scrambled cube too where a solve is cheap.
        if size <= 5 {
            check_solves(&scrambled(size, 0, ""));
        }
        check_solves(&crate::bigcube::random_state(size, &mut seeded_rng(1)));
    }
}

#[test]
fn a_random_cube_of_size_9_is_solved() {
    // Three depths, as the 8×8's, but all reduced as 5×5s; bigger sizes in the ignored test.
    check_solves(&crate::bigcube::random_state(9, &mut seeded_rng(2)));
}

#[test]
#[ignore = "sizes 10 to 20 and 33: about four minutes in release"]
fn random_big_cubes_are_solved() {
    for size in (10..=20).chain([33]) {
        check_solves(&crate::bigcube::random_state(size, &mut seeded_rng(1)));
    }
}

#[test]
fn the_solved_cube_needs_no_move() {
    for size in 4..=7 {
        assert_eq!(check_solves(&FaceletCube::solved(size)).obtm(), 0);
    }
}

/// Every parity case of the 4×4 and 5×5: a random state, then nothing, an odd wing permutation
/// (a single inner slice), the 4×4's "PLL parity" (two edges swapped) or both.
#[test]
fn every_parity_case_is_solved() {
    let cases = [
        (4, ""),
        (4, "r"),
        (4, "r2 U2 r2 Uw2 r2 Uw2"),
        (4, "r U2 x r U2 r U2 r' U2 l U2 r' U2 r U2 r' U2 r'"),
        (4, "r r2 U2 r2 Uw2 r2 Uw2"),
        (5, "r"),
        (5, "r U2 x r U2 r U2 r' U2 l U2 r' U2 r U2 r' U2 r'"),
        (6, "r 3r'"),
        (7, "3r"),
    ];
    for (size, then) in cases {
        // A random state, then the parity.
        check_solves(&scrambled(size, 0, then));
        // The parity alone, from the solved cube.
        let mut cube = FaceletCube::solved(size);
        cube.apply_alg(&then.parse().unwrap()).unwrap();
        check_solves(&cube);
    }
}

#[test]
fn an_odd_wing_orbit_costs_one_wide_quarter_turn() {
    let mut cube = FaceletCube::solved(4);
    cube.apply_alg(
        &"r U2 x r U2 r U2 r' U2 l U2 r' U2 r U2 r' U2 r'"
            .parse()
            .unwrap(),
    )
    .unwrap();
    let parity = &reduce_with(&cube, CentreTables::None).unwrap().stages[0].turns;
    assert_eq!(parity.len(), 1);
}

#[test]
fn a_cube_can_be_held_24_ways() {
    let holdings = holdings();
    assert_eq!(holdings.len(), 24);
    for colours in &holdings {
        // Opposite faces stay opposite.
        for face in Face::ALL {
            assert_eq!(
                colours[face.opposite().index()],
                colours[face.index()].opposite()
            );
        }
    }
}

#[test]
fn a_turned_even_cube_is_solved_where_it_is_held() {
    let mut cube = FaceletCube::solved(6);
    cube.apply_alg(&"x y2 R".parse().unwrap()).unwrap();
    assert_eq!(check_solves(&cube).obtm(), 1);
}

#[test]
fn progress_is_told_once_per_step() {
    let calls = std::sync::Mutex::new(Vec::new());
    let progress = |done, total| calls.lock().unwrap().push((done, total));
    let options = ReductionOptions {
        progress: Some(&progress),
        ..ReductionOptions::default()
    };
    let cube = scrambled(7, 0, "");
    solve(&cube, &TwoPhase::new(tables()), centre_tables(7), &options).unwrap();
    // 7×7×7: 2 depths by the 5×5's tables, then 2 x-centre, 1 oblique pair and 2 t-centre
    // orbits, 2 wing orbits.
    let expected: Vec<(usize, usize)> = (1..=9).map(|done| (done, 9)).collect();
    assert_eq!(*calls.lock().unwrap(), expected);
}

#[test]
fn sizes_out_of_range_are_refused() {
    for size in [1, 2, 3, MAX_SIZE + 1] {
        assert_eq!(
            reduce(&FaceletCube::solved(size)).unwrap_err(),
            ReductionError::Size(size)
        );
    }
}

#[test]
fn cancellation_merges_across_stages() {
    let r = |quarters| Turn {
        axis: Axis::X,
        first: 0,
        last: 0,
        quarters,
    };
    let l = Turn {
        first: 3,
        last: 3,
        ..r(1)
    };
    let u = Turn {
        axis: Axis::Y,
        ..r(1)
    };
    // R past L merges with R; R' then R2 past L cancel R and leave R2 in the later stage.
    let stages = moves::cancel(vec![("a", vec![u, r(1), l]), ("b", vec![r(1), u])]);
    assert_eq!(stages[0].turns, [u, r(2), l]);
    assert_eq!(stages[1].turns, [u]);
    let stages = moves::cancel(vec![("a", vec![u, r(1), l]), ("b", vec![r(3), r(2)])]);
    assert_eq!(stages[0].turns, [u, l]);
    assert_eq!(stages[1].turns, [r(2)]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Stickers shuffled at random (mostly unreachable states) never panic: either an error or
    /// a solution that solves.
    #[test]
    fn shuffled_stickers_never_panic(size in 4usize..=6, seed in any::<u64>(), swaps in 1usize..4) {
        let mut stickers = scrambled(size, seed, "").stickers().to_vec();
        let len = stickers.len();
        for k in 0..swaps {
            let a = (seed as usize).wrapping_mul(31 + k) % len;
            let b = (seed as usize / 7).wrapping_mul(17 + k) % len;
            stickers.swap(a, b);
        }
        let cube = FaceletCube::from_stickers(size, stickers).unwrap();
        if let Ok(solution) = reduce(&cube) {
            let mut replay = cube.clone();
            replay.apply(solution.turns());
            prop_assert!(replay.is_solved());
        }
    }
}
/// The operations, derived on proxy cubes, are pure on real cubes: with their face turns, they
/// move the stickers of their own orbit and nothing else, but for a wing operation that turns a
/// block, the wing orbits outside its own (one in 11 of them checked, to stay fast).
#[test]
fn every_op_is_pure_on_real_cubes() {
    for size in [7, 8] {
        let centres = orbit::centre_orbits(size);
        let wings = orbit::wing_orbits(size);
        for (index, orbit) in centres.iter().chain(&wings).enumerate() {
            // The wing orbits outside this one (the orbits are listed outermost first).
            let outside = wings
                .iter()
                .take(index.saturating_sub(centres.len()))
                .flat_map(|o| o.stickers().map(|s| o.sticker(s)));
            let own: std::collections::HashSet<usize> = orbit
                .stickers()
                .map(|s| orbit.sticker(s))
                .chain(outside)
                .collect();
            for op in orbit.kind.library().ops.iter().step_by(11) {
                let turns: Vec<Turn> = op
                    .turns
                    .iter()
                    .chain(&op.rest)
                    .map(|&t| orbit.turn(t))
                    .collect();
                let perm = crate::facelet::permutation(size, &turns);
                let moved = perm.iter().enumerate().filter(|&(i, &f)| f as usize != i);
                for (i, _) in moved {
                    assert!(own.contains(&i), "size {size}: {:?} moves {i}", op.turns);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Every wing operation, its closing face turns left out, as the pairing makes it on a real
    /// cube whose centres are solved: the centres stay solved, its own orbit's wings move as
    /// `from` says, and the edges it moves whole (the midges, and the wing orbits inside its
    /// own, which are paired before it) as `turned` says.
    #[test]
    fn wing_ops_keep_the_centres_and_move_what_they_say(
        size in 5usize..=10,
        which in any::<prop::sample::Index>(),
        op in any::<prop::sample::Index>(),
    ) {
        let wings = orbit::wing_orbits(size);
        let index = which.index(wings.len());
        let orbit = &wings[index];
        let ops = &orbit.kind.library().ops;
        let op = &ops[op.index(ops.len())];
        let solved = FaceletCube::solved(size);
        let mut cube = solved.clone();
        cube.apply(op.turns.iter().map(|&t| orbit.turn(t)));
        for (i, &colour) in cube.stickers().iter().enumerate() {
            let (face, row, col) = (i / (size * size), i / size % size, i % size);
            let centre = (1..size - 1).contains(&row) && (1..size - 1).contains(&col);
            prop_assert!(!centre || colour == Face::ALL[face], "{:?} moves centre {i}", op.turns);
        }
        let moved = |colours: Vec<Face>, by: &[u8]| -> Vec<Face> {
            by.iter().flat_map(|&f| colours[2 * f as usize..2 * f as usize + 2].to_vec()).collect()
        };
        prop_assert_eq!(orbit.read(&cube), moved(orbit.read(&solved), &op.from));
        for inner in &wings[index + 1..] {
            prop_assert_eq!(inner.read(&cube), moved(inner.read(&solved), &op.turned));
        }
        if size % 2 == 1 {
            let midges = |cube: &FaceletCube| -> Vec<Face> {
                edges::home_colours(orbit, cube).into_iter().flatten().collect()
            };
            prop_assert_eq!(midges(&cube), moved(midges(&solved), &op.turned));
        }
    }
}
