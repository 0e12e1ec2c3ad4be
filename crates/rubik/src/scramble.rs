//! Scrambles: random-move sequences for any size, reproducible from a seed.
//!
//! Moves are drawn the way WCA random-move scramblers draw them: a face and a block width
//! (`R`, `Rw`, `3Rw`, ... up to half the cube), and an amount. A move never undoes or merges with
//! an earlier move of the same run of moves on one axis (so no `R R'`, no `R L R`). Every draw comes
//! from [`crate::random::below`], so a seed gives the same scramble on every machine.
//! Random-state scrambles ([`random_state_3x3`], [`random_state_2x2`], [`random_state_4x4`])
//! draw a uniformly random state ([`CubieCube::random`], [`CornerCube::random`],
//! [`crate::bigcube::random_state`]) and write it as the inverse of a solution.

use rand_core::Rng;

use crate::cubie::{CornerCube, CubieCube, MOVES};
use crate::face::{Axis, Face};
use crate::notation::{Alg, Move};
use crate::random::below;
use crate::search::Metric;
use crate::search::pocket::Pocket;
use crate::search::reduction::{self, ReductionOptions, four::FourTables};
use crate::search::two_phase::{Limits, TwoPhase};
use crate::turn::Turn;

/// The WCA's default scramble length for a size: 25 for 2×2 and 3×3, 40, 60, 80, 100 for
/// 4×4 to 7×7, and `20·(N−2)` beyond; 0 for the 1×1, which has nothing to scramble.
pub fn default_length(size: usize) -> usize {
    match size {
        0 | 1 => 0,
        2 | 3 => 25,
        4..=7 => 40 + 20 * (size - 4),
        _ => 20 * (size - 2),
    }
}

/// The faces a scramble of this size turns, each with widths 1 to N/2: the 2×2 turns only U, R
/// and F (one corner stays put, as in WCA's 2×2 scrambles); larger cubes turn every face. The
/// 1×1 has none.
fn scramble_faces(size: usize) -> &'static [Face] {
    match size {
        0 | 1 => &[],
        2 => &[Face::U, Face::R, Face::F],
        _ => &Face::ALL,
    }
}

/// A random-move scramble of `length` moves for a cube of size `size`.
///
/// ```
/// let a = rubik::scramble::random_moves(3, 25, &mut rubik::seeded_rng(42));
/// let b = rubik::scramble::random_moves(3, 25, &mut rubik::seeded_rng(42));
/// assert_eq!(a, b);
/// assert_eq!(a.expand().unwrap().len(), 25);
/// ```
pub fn random_moves<R: Rng + ?Sized>(size: usize, length: usize, rng: &mut R) -> Alg {
    // Block `i` turns face `faces[i / widths]`, `i % widths + 1` layers deep.
    let (faces, widths) = (scramble_faces(size), size / 2);
    let blocks = faces.len() * widths;
    if blocks == 0 {
        return Alg::from_moves(Vec::new());
    }
    let mut moves = Vec::with_capacity(length);
    // The blocks turned since the axis last changed, in increasing order; none of them may be
    // turned again. A move is drawn among the others, so its cost is the run's, not the size's.
    let mut run: (Option<Axis>, Vec<usize>) = (None, Vec::new());
    for _ in 0..length {
        let mut block = below(rng, (blocks - run.1.len()) as u32) as usize;
        for &turned in &run.1 {
            if turned <= block {
                block += 1;
            }
        }
        let (face, width) = (faces[block / widths], block % widths + 1);
        let amount = 1 + below(rng, 3) as i64;
        if run.0 != Some(face.axis()) {
            run = (Some(face.axis()), Vec::new());
        }
        let at = run.1.partition_point(|&turned| turned < block);
        run.1.insert(at, block);
        moves.push(Move::from_turn(
            Turn::from_face(face, 1, width, amount, size),
            size,
        ));
    }
    Alg::from_moves(moves)
}

/// A WCA-style random-state scramble of the 3×3: a uniformly random state that is not solved
/// in fewer than two moves, written as the inverse of a two-phase solution of at most 21 moves.
/// The same seed and the same solver tables give the same scramble.
pub fn random_state_3x3<R: Rng + ?Sized>(rng: &mut R, solver: &TwoPhase<'_>) -> Alg {
    let limits = Limits {
        max_length: Some(21),
        ..Limits::default()
    };
    loop {
        let cube = CubieCube::random(rng);
        if cube.is_solved() || MOVES.contains(&cube) {
            continue;
        }
        let solution = solver
            .solve(&cube, &limits)
            .expect("every state has a solution of at most 21 moves, and there is no budget");
        return solution.alg().inverse();
    }
}

/// A WCA-style random-state scramble of the 4×4: a uniformly random state, written as the
/// inverse of its 4×4 reduction solution (default options: a node budget, no clock). The same
/// seed and the same solver tables give the same scramble.
pub fn random_state_4x4<R: Rng + ?Sized>(
    rng: &mut R,
    three: &TwoPhase<'_>,
    four: &FourTables,
) -> Alg {
    let cube = crate::bigcube::random_state(4, rng);
    let solution = reduction::four::solve(&cube, three, four, &ReductionOptions::default())
        .expect("a random state is reachable, and there is no clock");
    solution.alg().inverse()
}

/// The fewest face turns a WCA 2×2 random-state scramble may take: states nearer to solved are
/// drawn again.
pub const MIN_2X2_DISTANCE: usize = 4;

/// A WCA random-state scramble of the 2×2: a uniformly random state (DBL home) at least
/// [`MIN_2X2_DISTANCE`] face turns from solved, written as the inverse of its optimal solution
/// in U, R and F turns. The same seed gives the same scramble.
///
/// ```
/// use rubik::search::pocket::{Pocket, PocketTables};
/// let tables = PocketTables::build(&mut |_| {});
/// let pocket = Pocket::new(&tables);
/// let scramble = rubik::scramble::random_state_2x2(&mut rubik::seeded_rng(7), &pocket);
/// assert_eq!(scramble, rubik::scramble::random_state_2x2(&mut rubik::seeded_rng(7), &pocket));
/// assert!((4..=11).contains(&scramble.expand().unwrap().len()));
/// ```
pub fn random_state_2x2<R: Rng + ?Sized>(rng: &mut R, solver: &Pocket<'_>) -> Alg {
    loop {
        let moves = solver.solve(&CornerCube::random(rng), Metric::Htm);
        if moves.len() >= MIN_2X2_DISTANCE {
            return crate::search::face_turn_alg(&moves, 2).inverse();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facelet::FaceletCube;
    use crate::seeded_rng;

    /// [`random_moves`] as defined: each move drawn from the list of all blocks with those of
    /// the current run filtered out (O(size) a move).
    fn by_filtering(size: usize, length: usize, rng: &mut impl Rng) -> Vec<Move> {
        let faces = scramble_faces(size);
        let all: Vec<(Face, usize)> = faces
            .iter()
            .flat_map(|&face| (1..=size / 2).map(move |width| (face, width)))
            .collect();
        let mut run: (Option<Axis>, Vec<(Face, usize)>) = (None, Vec::new());
        let mut moves = Vec::new();
        if all.is_empty() {
            return moves;
        }
        for _ in 0..length {
            let allowed: Vec<_> = all
                .iter()
                .copied()
                .filter(|&(face, width)| {
                    run.0 != Some(face.axis()) || !run.1.contains(&(face, width))
                })
                .collect();
            let (face, width) = allowed[below(rng, allowed.len() as u32) as usize];
            let amount = 1 + below(rng, 3) as i64;
            if run.0 != Some(face.axis()) {
                run = (Some(face.axis()), Vec::new());
            }
            run.1.push((face, width));
            moves.push(Move::from_turn(
                Turn::from_face(face, 1, width, amount, size),
                size,
            ));
        }
        moves
    }

    #[test]
    fn draws_are_those_of_the_filtered_list() {
        for size in 1..=12 {
            for seed in 0..5 {
                let fast = random_moves(size, 300, &mut seeded_rng(seed));
                let slow = by_filtering(size, 300, &mut seeded_rng(seed));
                assert_eq!(fast.expand().unwrap(), slow, "size {size}, seed {seed}");
            }
        }
    }

    #[test]
    fn default_lengths_follow_the_wca() {
        let lengths: Vec<usize> = (1..=9).map(default_length).collect();
        assert_eq!(lengths, [0, 25, 25, 40, 60, 80, 100, 120, 140]);
    }

    #[test]
    fn no_move_merges_with_or_undoes_its_run() {
        for size in 2..=7 {
            let mut rng = seeded_rng(size as u64);
            let alg = random_moves(size, 200, &mut rng);
            let turns = alg.turns(size).unwrap();
            assert_eq!(turns.len(), 200);
            let mut run: Vec<Turn> = Vec::new();
            for turn in turns {
                if run.last().is_some_and(|t| t.axis != turn.axis) {
                    run.clear();
                }
                assert!(
                    run.iter()
                        .all(|t| (t.first, t.last) != (turn.first, turn.last)),
                    "{size}: {alg}"
                );
                run.push(turn);
            }
        }
    }

    #[test]
    fn scrambles_scramble_and_depend_on_the_seed() {
        for size in 2..=6 {
            let alg = random_moves(size, default_length(size), &mut seeded_rng(1));
            let mut cube = FaceletCube::solved(size);
            cube.apply_alg(&alg).unwrap();
            assert!(!cube.is_solved());
            assert_ne!(
                alg,
                random_moves(size, default_length(size), &mut seeded_rng(2))
            );
        }
        assert!(random_moves(1, 10, &mut seeded_rng(1)).is_empty());
    }

    #[test]
    fn two_by_two_scrambles_turn_only_u_r_f() {
        let alg = random_moves(2, 100, &mut seeded_rng(9));
        assert!(alg.turns(2).unwrap().iter().all(|t| t.first == 0));
    }

    #[test]
    fn the_same_seed_gives_the_same_scramble_in_every_version() {
        // Pinned output: if this changes, seeded scrambles stopped being reproducible.
        let alg = random_moves(3, 12, &mut seeded_rng(2026));
        assert_eq!(alg.to_string(), PINNED_3X3_SEED_2026);
    }

    #[test]
    fn four_by_four_scrambles_make_the_state_drawn_in_some_colour_frame() {
        let (four, tables) = crate::search::reduction::four::tests::tables();
        let three = TwoPhase::new(tables);
        for seed in 0..3 {
            let scramble = random_state_4x4(&mut seeded_rng(seed), &three, four);
            assert_eq!(
                scramble,
                random_state_4x4(&mut seeded_rng(seed), &three, four)
            );
            let drawn = crate::bigcube::random_state(4, &mut seeded_rng(seed));
            let mut cube = FaceletCube::solved(4);
            cube.apply_alg(&scramble).unwrap();
            // The solution leaves the drawn state solved in some colour frame: the scramble
            // makes the drawn state with its colours renamed.
            let normal = crate::bigcube::normalise;
            assert_eq!(
                normal(&cube).unwrap(),
                normal(&drawn).unwrap(),
                "seed {seed}"
            );
        }
    }

    /// The states the 4×4 scrambles are drawn from are uniform: where wing 0 lies, over 2,400
    /// draws, passes a chi-square test (23 degrees of freedom; 49.7 is the 0.1% point).
    #[test]
    fn four_by_four_states_put_a_wing_anywhere_alike() {
        use crate::facelet::pieces::{OrbitKind, Orbits};
        let orbits = Orbits::of(4);
        let wings = orbits.get(OrbitKind::Wings { depth: 1 }).unwrap();
        let mut rng = seeded_rng(2026);
        let mut counts = [0u32; 24];
        for _ in 0..2400 {
            let cube = crate::bigcube::random_state(4, &mut rng);
            let slot = wings.read(&cube).iter().position(|p| p.unwrap().piece == 0);
            counts[slot.unwrap()] += 1;
        }
        let chi: f64 = counts
            .iter()
            .map(|&c| (c as f64 - 100.0).powi(2) / 100.0)
            .sum();
        assert!(chi < 49.7, "chi-square {chi}: {counts:?}");
    }

    const PINNED_3X3_SEED_2026: &str = "L U F D' F R F' U F R' B D";
}
