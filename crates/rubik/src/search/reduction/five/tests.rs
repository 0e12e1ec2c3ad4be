//! The 5×5 solver's phases and whole solves, checked on the sticker model.

use std::sync::OnceLock;

use proptest::prelude::*;

use super::*;
use crate::face::Face;
use crate::notation::Alg;
use crate::search::Budget;
use crate::search::reduction::phase_search::TURNS;
use crate::search::two_phase::{TableSize, TwoPhaseTables};
use model::Centre;

pub(in crate::search::reduction) fn tables() -> &'static (FiveTables, TwoPhaseTables) {
    static TABLES: OnceLock<(FiveTables, TwoPhaseTables)> = OnceLock::new();
    TABLES.get_or_init(|| {
        (
            FiveTables::build(FiveSize::Large, &mut |_| {}),
            TwoPhaseTables::build(TableSize::Tiny, &mut |_| {}),
        )
    })
}

/// The small tables, built once.
pub(super) fn small_tables() -> &'static FiveTables {
    static SMALL: OnceLock<FiveTables> = OnceLock::new();
    SMALL.get_or_init(|| FiveTables::build(FiveSize::Small, &mut |_| {}))
}

/// A 5×5 after `count` random turns of `moves`.
pub(super) fn scrambled_in(
    moves: phase_search::MoveSet,
    count: usize,
    rng: &mut crate::random::SeededRng,
) -> FaceletCube {
    let model = Model::get();
    let list: Vec<usize> = phase_search::turns_in(moves).collect();
    let mut cube = FaceletCube::solved(5);
    for _ in 0..count {
        cube.turn(model.turns[list[crate::random::below(rng, list.len() as u32) as usize]]);
    }
    cube
}

/// Solves `cube` and checks the solution on a copy of the stickers.
fn solve_checked(cube: &FaceletCube) -> Solution {
    let (five, three) = tables();
    let options = ReductionOptions::default();
    let solution =
        solve(cube, &TwoPhase::new(three), five, &options).expect("a reachable 5×5 is solved");
    let mut replay = cube.clone();
    replay.apply(solution.turns());
    assert!(replay.is_solved());
    solution
}

fn after(alg: &str) -> FaceletCube {
    let mut cube = FaceletCube::solved(5);
    cube.apply_alg(&alg.parse::<Alg>().unwrap()).unwrap();
    cube
}

/// Whether the wings of `cube` are odd against its midges, as the general reduction reads it.
fn wings_odd(cube: &FaceletCube) -> bool {
    !edges::wing_parity(cube).unwrap().is_empty()
}

#[test]
fn random_states_are_solved_in_named_stages() {
    let mut rng = crate::seeded_rng(31);
    for _ in 0..3 {
        let solution = solve_checked(&crate::bigcube::random_state(5, &mut rng));
        let names: Vec<_> = solution.stages.iter().map(|s| s.name).collect();
        assert_eq!(names, STAGES);
        // The centres alone took about 120 moves by the general reduction.
        let centres: usize = solution.stages[..3].iter().map(|s| s.turns.len()).sum();
        assert!(centres < 60, "{centres}");
    }
}

/// The small tables' bounds are looser but still lower bounds, 0 exactly at each goal, so the
/// searches find the same solutions as with the large ones.
#[test]
fn small_tables_find_the_same_solutions() {
    let (large, three) = tables();
    let mut rng = crate::seeded_rng(33);
    for _ in 0..2 {
        let cube = crate::bigcube::random_state(5, &mut rng);
        let options = ReductionOptions::default();
        let [small, large] = [small_tables(), large]
            .map(|five| solve(&cube, &TwoPhase::new(three), five, &options).unwrap());
        assert_eq!(small.stages, large.stages);
    }
}

#[test]
fn last_two_edges_parity_and_other_cases_are_solved() {
    let flip = "Rw U2 x Rw U2 Rw U2 Rw' U2 Lw U2 Rw' U2 Rw U2 Rw' U2 Rw'";
    for alg in [flip, "r", "x y2 Fw' 2L 3R"] {
        solve_checked(&after(alg));
    }
    assert!(wings_odd(&after("r")));
}

#[test]
fn only_quarter_turns_of_two_layer_blocks_change_the_wing_parity() {
    let mut cube = crate::bigcube::random_state(5, &mut crate::seeded_rng(36));
    for m in 0..TURNS {
        let before = wings_odd(&cube);
        cube.turn(Model::get().turns[m]);
        assert_eq!(
            wings_odd(&cube),
            before ^ Model::flips_wing_parity(m),
            "{m}"
        );
    }
}

#[test]
fn a_cube_held_any_way_up_or_recoloured_is_solved() {
    let cube = crate::bigcube::random_state(5, &mut crate::seeded_rng(32));
    let mut turned = cube.clone();
    turned.apply_alg(&"x y'".parse::<Alg>().unwrap()).unwrap();
    solve_checked(&turned);
    let [u, r, f, d, l, b] = Face::ALL;
    solve_checked(&cube.recoloured([f, r, d, b, l, u]));
}

/// Another size, a state no turns reach and a cancelled budget each get their own error.
#[test]
fn refusals_say_why() {
    let (five, three) = tables();
    let three = TwoPhase::new(three);
    let mut stickers = FaceletCube::solved(5).stickers().to_vec();
    stickers.swap(1, 51); // a U and an F sticker of two wings swapped: no such wings
    let unreachable = FaceletCube::from_stickers(5, stickers).unwrap();
    let cancel = std::sync::atomic::AtomicBool::new(true);
    let cancelled = ReductionOptions {
        budget: crate::search::Budget {
            cancel: Some(&cancel),
            ..Default::default()
        },
        ..ReductionOptions::default()
    };
    let random = crate::bigcube::random_state(5, &mut crate::seeded_rng(33));
    let plain = ReductionOptions::default();
    let error = |cube: &FaceletCube, options| solve(cube, &three, five, options).unwrap_err();
    assert_eq!(
        error(&FaceletCube::solved(4), &plain),
        ReductionError::Size(4)
    );
    assert!(matches!(
        error(&unreachable, &plain),
        ReductionError::Unsolvable(_)
    ));
    assert_eq!(
        error(&random, &cancelled),
        ReductionError::Stopped(Stop::Cancelled)
    );
}

#[test]
fn a_time_budget_only_shortens() {
    let (five, three) = tables();
    let three = TwoPhase::new(three);
    let cube = crate::bigcube::random_state(5, &mut crate::seeded_rng(35));
    let length = |budget| {
        let options = ReductionOptions {
            budget,
            ..ReductionOptions::default()
        };
        let solution = solve(&cube, &three, five, &options).expect("a 5×5 is always solved");
        let mut replay = cube.clone();
        replay.apply(solution.turns());
        assert!(replay.is_solved());
        solution.obtm()
    };
    let plain = length(Budget::default());
    // Out of time from the start: the first pass alone, as without a budget.
    assert_eq!(length(Budget::time(std::time::Duration::ZERO)), plain);
    // Time for later passes: the shortest solution kept.
    assert!(length(Budget::time(std::time::Duration::from_secs(3))) <= plain);
}

#[test]
fn each_phase_reaches_its_goal_on_the_stickers() {
    let (five, _) = tables();
    let budget = crate::search::Budget::default().start();
    let cube = crate::bigcube::random_state(5, &mut crate::seeded_rng(34));
    let normal = crate::bigcube::normalise(&cube).unwrap();
    let mut candidates = vec![Candidate::start(0, &normal, wings_odd(&normal))];
    for phase in Phase::ALL {
        candidates = next_phase(&candidates, phase, five, &CENTRE_EFFORT, &budget).unwrap();
        assert!(!candidates.is_empty());
        for candidate in &candidates {
            let mut work = normal.clone();
            for &m in candidate.phases.iter().flatten() {
                work.turn(Model::get().turns[m as usize]);
            }
            let on = |orbit: Centre, faces: &[Face]| {
                (0..24).all(|p| {
                    let colour = work.stickers()[orbit.sticker(p)];
                    faces.contains(&colour) == faces.contains(&Face::ALL[p / 4])
                })
            };
            for orbit in Centre::BOTH {
                let [u, r, _, d, l, _] = Face::ALL;
                assert!(on(orbit, &[u, d]));
                if phase != Phase::StageUd {
                    assert!(on(orbit, &[r, l]) && !wings_odd(&work));
                }
            }
        }
    }
}

/// A cube whose L/R centres are already on L and R (turned only by x-axis blocks and face
/// turns) needs no first phase: it is held so that L/R goes first.
#[test]
fn the_first_phase_takes_the_axis_nearest_done() {
    let cube = after("Rw U 2L' F2 r B' Lw2 D l' R2 3R");
    let solution = solve_checked(&cube);
    assert_eq!(solution.stages[0].name, "centres U/D");
    assert!(
        solution.stages[0].turns.is_empty(),
        "{:?}",
        solution.stages[0]
    );
    assert!(!solution.stages[1].turns.is_empty());
}

/// The six frames give the three axes the edge phases' three roles in all six ways.
#[test]
fn the_frames_give_every_axis_every_role() {
    let face_turn = |axis| Turn {
        axis,
        first: 0,
        last: 0,
        quarters: 1,
    };
    let roles: std::collections::HashSet<[Axis; 3]> = (FRAMES.iter())
        .map(|axes| {
            let unturn = unholding(&rotation(axes));
            Axis::ALL.map(|axis| unturn(face_turn(axis)).axis)
        })
        .collect();
    assert_eq!(roles.len(), 6);
    for pair in FRAMES.chunks(2) {
        assert_eq!([pair[0], &[Axis::X]].concat(), pair[1]);
    }
    assert_eq!(SEPARATION_FRAMES, [0, 2, 4]);
}

/// A separated cube (scrambled from solved by the last phase's turns, which keep the goal)
/// turned by x, as the edge phases turn each separation's twin, still has its edges separated
/// (the centres' goal, which depends on the last phase's turns, is not kept); turned by y,
/// which takes the L/R axis elsewhere, it has not.
#[test]
fn turned_by_x_a_separated_cube_keeps_its_edges_separated() {
    let phase = &tables().0.edge_phases().separation;
    let distances = |cube: &FaceletCube| -> Vec<(u8, u8)> {
        let states = phase.read(cube).expect("a 5×5 has wings and midges");
        let [edges, _] = phase_search::SplitBound::far_tables(phase);
        (states.iter())
            .map(|(_, state)| {
                let [e, _] = phase_search::SplitBound::far(phase, state);
                (phase.bound(state), edges.get(e))
            })
            .collect()
    };
    let mut rng = crate::seeded_rng(38);
    let last = phase_search::Phase::moves(&tables().0.edge_phases().last);
    for _ in 0..10 {
        let cube = scrambled_in(last, 40, &mut rng);
        assert!(distances(&cube).iter().any(|&(bound, _)| bound == 0));
        let turned = |axis| {
            Rotation::new(&[axis])
                .turned(&Partial::start(0, &cube), 0)
                .cube
        };
        assert!(
            distances(&turned(Axis::X))
                .iter()
                .any(|&(_, edges)| edges == 0)
        );
        assert!(
            distances(&turned(Axis::Y))
                .iter()
                .all(|&(_, edges)| edges > 0)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A turn seen in a frame does to the cube held so what the turn did before it was.
    #[test]
    fn reframed_turns_commute_with_the_frame(
        picks in prop::collection::vec(0usize..TURNS, 0..12),
        frame in 0usize..FRAMES.len(),
    ) {
        let model = Model::get();
        let rotation = rotation(FRAMES[frame]);
        let seen = reframed(&rotation);
        let start = crate::bigcube::random_state(5, &mut crate::seeded_rng(37));
        let (mut turned_after, mut turned_before) = (start.clone(), start);
        turned_after.apply(picks.iter().map(|&m| model.turns[m]));
        turned_after.apply(rotation.iter().copied());
        turned_before.apply(rotation.iter().copied());
        turned_before.apply(picks.iter().map(|&m| model.turns[usize::from(seen[m])]));
        prop_assert_eq!(turned_after.stickers(), turned_before.stickers());
    }

    /// Turns found for the cube held another way (any hold, then any frame), seen through the
    /// rotation, do to the cube what the rotation, the turns and the rotation undone do.
    #[test]
    fn turns_seen_through_a_rotation_move_the_stickers_alike(
        picks in prop::collection::vec((0usize..3, 0usize..5, 0usize..5, 1u8..4), 1..10),
        origin in 0usize..HOLDS.len() * FRAMES.len(),
    ) {
        let turns: Vec<Turn> = picks
            .into_iter()
            .map(|(axis, a, b, quarters)| Turn {
                axis: Axis::ALL[axis],
                first: a.min(b),
                last: a.max(b),
                quarters,
            })
            .collect();
        let rotation = origin_rotation(origin);
        let solution = Solution {
            size: 5,
            stages: vec![crate::search::Stage { name: "test", turns: turns.clone() }],
            budget_ran_out: false,
            nodes: 0,
        };
        let seen = unheld(solution, &rotation);
        let start = crate::bigcube::random_state(5, &mut crate::seeded_rng(36));
        let (mut held, mut unheld) = (start.clone(), start);
        held.apply(rotation.iter().copied());
        held.apply(turns);
        held.apply(rotation.iter().rev().map(|turn| turn.inverse()));
        unheld.apply(seen.turns());
        prop_assert_eq!(held.stickers(), unheld.stickers());
    }

    /// The phases' states turn as the stickers do, wing parity included.
    #[test]
    fn phase_states_turn_as_the_stickers_do(picks in prop::collection::vec(0usize..TURNS, 0..12)) {
        let mut cube = crate::bigcube::random_state(5, &mut crate::seeded_rng(35));
        let read = |cube: &FaceletCube, phase: Phase| {
            let centres = Centres::read(cube);
            phase.state(|orbit, colours| centres.mask(orbit, colours), wings_odd(cube))
        };
        let mut states = Phase::ALL.map(|phase| read(&cube, phase));
        for m in picks {
            cube.turn(Model::get().turns[m]);
            states = states.map(|s| s.turn(m));
            for (phase, state) in Phase::ALL.into_iter().zip(states) {
                prop_assert_eq!(state, read(&cube, phase));
            }
        }
    }
}
