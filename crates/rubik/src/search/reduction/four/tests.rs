//! The 4×4 solver's phases and whole solves, checked on the sticker model.

use std::sync::OnceLock;

use proptest::prelude::*;

use super::*;
use crate::notation::Alg;
use crate::search::reduction::phase_search::turns_in;
use crate::search::two_phase::{TableSize, TwoPhaseTables};

/// The 4×4 tables and the tiny two-phase ones, built once for every test that solves 4×4s.
pub(crate) fn tables() -> &'static (FourTables, TwoPhaseTables) {
    static TABLES: OnceLock<(FourTables, TwoPhaseTables)> = OnceLock::new();
    TABLES.get_or_init(|| {
        (
            FourTables::build(&mut |_| {}),
            TwoPhaseTables::build(TableSize::Tiny, &mut |_| {}),
        )
    })
}

/// Solves `cube` and checks the solution on a copy of the stickers.
fn solves(cube: &FaceletCube) -> crate::search::Solution {
    let (four, three) = tables();
    let solution = solve(
        cube,
        &TwoPhase::new(three),
        four,
        &ReductionOptions::default(),
    )
    .expect("a reachable 4×4 is solved");
    let mut replay = cube.clone();
    replay.apply(solution.turns());
    assert!(replay.is_solved());
    solution
}

fn after(alg: &str) -> FaceletCube {
    let mut cube = FaceletCube::solved(4);
    cube.apply_alg(&alg.parse::<Alg>().unwrap()).unwrap();
    cube
}

#[test]
fn random_states_are_solved_in_named_stages() {
    let mut rng = crate::seeded_rng(21);
    for _ in 0..4 {
        let solution = solves(&crate::bigcube::random_state(4, &mut rng));
        let names: Vec<_> = solution.stages.iter().map(|s| s.name).collect();
        assert_eq!(names, STAGES);
        assert!(solution.obtm() < 130, "{}", solution.obtm());
    }
}

#[test]
fn every_parity_case_is_solved() {
    let oll = "Rw U2 x Rw U2 Rw U2 Rw' U2 Lw U2 Rw' U2 Rw U2 Rw' U2 Rw'";
    let pll = "2R2 U2 2R2 Uw2 2R2 Uw2";
    for alg in [oll, pll, &format!("{oll} {pll}"), "", "Rw", "x y2 Fw' 2L"] {
        solves(&after(alg));
    }
}

#[test]
fn a_cube_held_any_way_up_or_recoloured_is_solved() {
    let mut rng = crate::seeded_rng(22);
    let cube = crate::bigcube::random_state(4, &mut rng);
    let mut turned = cube.clone();
    turned.apply_alg(&"x y'".parse::<Alg>().unwrap()).unwrap();
    solves(&turned);
    solves(&cube.recoloured(frame(Some((Axis::Z, 1)))));
}

#[test]
fn other_sizes_and_unreachable_states_are_refused() {
    let (four, three) = tables();
    let options = ReductionOptions::default();
    let three = TwoPhase::new(three);
    let five = FaceletCube::solved(5);
    assert_eq!(
        solve(&five, &three, four, &options),
        Err(ReductionError::Size(5))
    );
    let mut stickers = FaceletCube::solved(4).stickers().to_vec();
    stickers.swap(14, 34); // a wing turned round in place
    let flipped = FaceletCube::from_stickers(4, stickers).unwrap();
    assert!(matches!(
        solve(&flipped, &three, four, &options),
        Err(ReductionError::Unsolvable(_))
    ));
}

#[test]
fn a_cancelled_solve_says_so() {
    let (four, three) = tables();
    let cancel = std::sync::atomic::AtomicBool::new(true);
    let options = ReductionOptions {
        budget: crate::search::Budget {
            cancel: Some(&cancel),
            ..Default::default()
        },
        ..ReductionOptions::default()
    };
    let cube = crate::bigcube::random_state(4, &mut crate::seeded_rng(23));
    let result = solve(&cube, &TwoPhase::new(three), four, &options);
    assert_eq!(result, Err(ReductionError::Stopped(Stop::Cancelled)));
}

#[test]
fn a_budget_that_runs_out_still_gives_a_solution() {
    let (four, three) = tables();
    let options = ReductionOptions {
        budget: crate::search::Budget {
            nodes: Some(1),
            ..crate::search::Budget::time(std::time::Duration::ZERO)
        },
        ..ReductionOptions::default()
    };
    let cube = crate::bigcube::random_state(4, &mut crate::seeded_rng(25));
    let solution = solve(&cube, &TwoPhase::new(three), four, &options).unwrap();
    let mut replay = cube.clone();
    replay.apply(solution.turns());
    assert!(replay.is_solved());
}

#[test]
fn each_phase_reaches_its_goal_and_the_shortest_candidate_comes_first() {
    let (four, _) = tables();
    let mut rng = crate::seeded_rng(24);
    let budget = crate::search::Budget::default().start();
    let mut searcher = Searcher {
        budget: &budget,
        nodes: 0,
    };
    let start = Candidate {
        cube: crate::bigcube::normalise(&crate::bigcube::random_state(4, &mut rng)).unwrap(),
        phases: Vec::new(),
        estimate: 0,
    };
    let first = phase1(&start, four, &mut searcher).unwrap();
    let second = phase2(&first, four, &mut searcher, &EFFORTS[0]).unwrap();
    let third = phase3(&second, four, &mut searcher, &EFFORTS[0]).unwrap();
    for candidate in &first {
        let pieces = Pieces::read(&candidate.cube).unwrap();
        assert_eq!(four.phase1(pieces.mask(Face::R) | pieces.mask(Face::L)), 0);
    }
    for candidate in &second {
        let pieces = Pieces::read(&candidate.cube).unwrap();
        assert_eq!(four.phase2(state2_of(&four.moves2, &pieces)), 0);
        assert!(!pieces.wings_odd());
    }
    for candidate in &third {
        // Every centre shows its face's colour, every edge is paired, and the reduced cube is
        // a reachable 3×3 (no "PLL parity").
        let pieces = Pieces::read(&candidate.cube).unwrap();
        assert!((0..24).all(|p| pieces.centres[p] as usize == p / 4));
        assert_eq!(four.pairing.read(&pieces.wings), Some(pairing::PAIRED));
        three::reduced(&candidate.cube).expect("a reachable 3×3");
    }
    let shortest = third.iter().map(Candidate::length).min().unwrap();
    assert_eq!(third[0].length(), shortest);
}

/// A reduced cube without "PLL parity" is at phase 3's goal held as it is and after each
/// whole-cube half turn; one with it, or with a centre off, is not, held any way.
#[test]
fn phase3_is_done_on_a_reduced_cube_held_four_ways() {
    let (four, _) = tables();
    let pll = "2R2 U2 2R2 Uw2 2R2 Uw2";
    for (alg, done) in [("R U F' D2 L B'", true), (pll, false), ("R Uw2", false)] {
        for hold in ["", "x2", "y2", "z2"] {
            let cube = after(&format!("{alg} {hold}"));
            let bound = Phase3(four).bound(&state3(four, &cube));
            assert_eq!(bound == 0, done, "{alg} {hold}");
        }
    }
}

/// Children of a node: each one's turn, state and bound.
type Children<S> = Vec<(usize, S, u8)>;

/// A phase's children of `state` by `moves` with `left` turns to go: expanded and settled
/// together, and each turn's state and bound one by one where that bound is below `left`.
fn children_both_ways<P: Phase>(
    phase: &P,
    state: &P::State,
    moves: &[usize],
    left: u8,
) -> (Children<P::State>, Children<P::State>) {
    let one_by_one = moves
        .iter()
        .map(|&m| (m, phase.turn(state, m), phase.bound(&phase.turn(state, m))))
        .filter(|&(_, _, bound)| bound < left)
        .collect();
    let mut together = Vec::new();
    phase.expand(state, moves.iter().copied(), left, &mut together);
    phase.settle(&mut together, left);
    let together = together
        .iter()
        .map(|child| (child.turn, child.state, child.bound))
        .collect();
    (together, one_by_one)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The phases' move tables agree with the stickers, along turns of each phase.
    #[test]
    fn phase_coordinates_turn_as_the_stickers_do(picks in prop::collection::vec(0usize..1000, 0..12)) {
        let (four, _) = tables();
        let picks_len = picks.len();
        let model = Model::get();
        let (mut cube2, mut cube3) = (FaceletCube::solved(4), FaceletCube::solved(4));
        let read2 = |cube: &FaceletCube| search2_of(four, &Pieces::read(cube).unwrap());
        let (mut two, mut three) = (read2(&cube2), state3(four, &cube3));
        let moves2: Vec<usize> = turns_in(four.moves2.all).collect();
        let moves3: Vec<usize> = turns_in(four.moves3.all).collect();
        for pick in picks {
            let m = moves2[pick % moves2.len()];
            cube2.turn(model.turns[m]);
            two = Phase2(four).turn(&two, m);
            prop_assert_eq!(two, read2(&cube2));
            let m = moves3[pick % moves3.len()];
            cube3.turn(model.turns[m]);
            three = Phase3(four).turn(&three, m);
            prop_assert_eq!(three, state3(four, &cube3));
        }
        // Phase 3's bound, the edges' with the centres' included, is a lower bound.
        prop_assert!(Phase3(four).bound(&three) as usize <= picks_len);
        prop_assert!(four.phase2(two.state) != tables::UNREACHED);
        prop_assert!(Phase3(four).bound(&three) != tables::UNREACHED);
    }

    /// Phase 2's bound is never more than the phase-2 turns that made a cube from one at its
    /// goal (solved, then turned whole), and its children are each turn's state and bound
    /// where that bound is below the turns left, in turn order.
    #[test]
    fn phase2_bounds_are_lower_bounds_and_its_children_the_turns_one_by_one(
        picks in prop::collection::vec(0usize..1000, 0..9),
        hold in 0usize..4,
        left in 1u8..10,
    ) {
        let (four, _) = tables();
        let phase = Phase2(four);
        let moves2: Vec<usize> = turns_in(four.moves2.all).collect();
        let mut cube = after(["", "x2", "y2", "z2"][hold]);
        for pick in &picks {
            cube.turn(Model::get().turns[moves2[pick % moves2.len()]]);
        }
        let state = search2_of(four, &Pieces::read(&cube).unwrap());
        prop_assert!(phase.bound(&state) as usize <= picks.len());
        let (together, one_by_one) = children_both_ways(&phase, &state, &moves2, left);
        prop_assert_eq!(together, one_by_one);
    }

    /// With U/D staged, the separation bound is 0 exactly when every edge has a wing in each
    /// class: on any placement of the wings (few of them separated) and on separated ones.
    #[test]
    fn the_separation_bound_is_0_exactly_when_separated(
        shuffled in Just((0..24u8).collect::<Vec<_>>()).prop_shuffle(),
        high in Just((0..12usize).collect::<Vec<_>>()).prop_shuffle(),
        low in Just((0..12usize).collect::<Vec<_>>()).prop_shuffle(),
        flips in any::<[bool; 12]>(),
    ) {
        let (four, _) = tables();
        let pairing = &four.pairing;
        let any: [u8; 24] = shuffled.try_into().unwrap();
        // Each edge's wings, one placed in a high slot and the other in a low one.
        let edges: Vec<[u8; 2]> = (0..24u8)
            .filter(|&w| w < pairing.twin(w))
            .map(|w| [w, pairing.twin(w)])
            .collect();
        let slots = |high: bool| (0..24u8).filter(move |&s| pairing.place(s).0 == high);
        let mut separated = [0u8; 24];
        for (k, slot) in slots(true).enumerate() {
            separated[slot as usize] = edges[high[k]][usize::from(flips[high[k]])];
        }
        for (k, slot) in slots(false).enumerate() {
            separated[slot as usize] = edges[low[k]][usize::from(!flips[low[k]])];
        }
        let ud = four.moves2.ud_goal();
        for wings in [any, separated] {
            let pairs = four.separation.of(&model::slots_of(&wings));
            let bound = four.separation(ud, &pairs, u8::MAX);
            prop_assert_eq!(bound == 0, pairing.read(&wings).is_some());
        }
        let pairs = four.separation.of(&model::slots_of(&separated));
        prop_assert_eq!(four.separation(ud, &pairs, u8::MAX), 0);
    }

    /// Phase 3's children, expanded and then settled, are each turn's state and bound where
    /// that bound is below the turns left, in turn order.
    #[test]
    fn phase3_children_are_the_turns_one_by_one(picks in prop::collection::vec(0usize..1000, 0..14), left in 1u8..12) {
        let (four, _) = tables();
        let phase = Phase3(four);
        let moves3: Vec<usize> = turns_in(four.moves3.all).collect();
        let mut cube = FaceletCube::solved(4);
        for pick in picks {
            cube.turn(Model::get().turns[moves3[pick % moves3.len()]]);
        }
        let state = state3(four, &cube);
        let (together, one_by_one) = children_both_ways(&phase, &state, &moves3, left);
        prop_assert_eq!(together, one_by_one);
    }
}
