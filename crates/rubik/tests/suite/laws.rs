//! Laws that hold for every size and every sequence, checked on random inputs, and known facts.

use proptest::prelude::*;
use rubik::{Alg, Axis, CubieCube, FaceletCube, Move, Turn, facelet};

/// A random block turn of a cube of size `size`.
fn turn(size: usize) -> impl Strategy<Value = Turn> {
    (0..3usize, 0..size, 0..size, 1..4u8).prop_map(move |(axis, a, b, quarters)| Turn {
        axis: Axis::ALL[axis],
        first: a.min(b),
        last: a.max(b),
        quarters,
    })
}

/// A size from 1 to 8 and a sequence of up to 40 of its turns.
fn sized_turns() -> impl Strategy<Value = (usize, Vec<Turn>)> {
    (1..=8usize).prop_flat_map(|size| (Just(size), prop::collection::vec(turn(size), 0..40)))
}

/// The alg that spells `turns` in notation.
fn spelled(turns: &[Turn], size: usize) -> Alg {
    Alg::from_moves(turns.iter().map(|&t| Move::from_turn(t, size)).collect())
}

proptest! {
    #[test]
    fn reversed_inverted_actions_restore_the_cube((size, turns) in sized_turns()) {
        let mut cube = FaceletCube::solved(size);
        cube.apply(turns.iter().copied());
        cube.apply(turns.iter().rev().map(|t| t.inverse()));
        prop_assert_eq!(cube, FaceletCube::solved(size));
    }

    #[test]
    fn an_alg_then_its_inverse_is_the_identity((size, turns) in sized_turns()) {
        let alg = spelled(&turns, size);
        let mut cube = FaceletCube::solved(size);
        cube.apply_alg(&alg.then(&alg.inverse())).unwrap();
        prop_assert_eq!(cube, FaceletCube::solved(size));
    }

    #[test]
    fn spelling_turns_in_notation_keeps_them((size, turns) in sized_turns()) {
        let alg = spelled(&turns, size);
        let reparsed: Alg = alg.to_string().parse().unwrap();
        prop_assert_eq!(reparsed.turns(size).unwrap(), turns);
    }

    #[test]
    fn simplifying_keeps_the_state((size, turns) in sized_turns()) {
        let alg = spelled(&turns, size);
        let (mut before, mut after) = (FaceletCube::solved(size), FaceletCube::solved(size));
        before.apply_alg(&alg).unwrap();
        after.apply_alg(&alg.simplify().unwrap()).unwrap();
        prop_assert_eq!(before, after);
    }

    #[test]
    fn stickers_and_pieces_agree(faces in prop::collection::vec((0..6usize, 1..4i64), 0..60)) {
        let mut stickers = FaceletCube::solved(3);
        let mut pieces = CubieCube::SOLVED;
        for (face, amount) in faces {
            let turn = Turn::from_face(rubik::Face::ALL[face], 1, 1, amount, 3);
            stickers.turn(turn);
            pieces = pieces * CubieCube::try_from(turn).unwrap();
        }
        prop_assert_eq!(FaceletCube::from(&pieces), stickers.clone());
        prop_assert_eq!(CubieCube::try_from(&stickers).unwrap(), pieces);
    }
}

#[test]
fn big_cubes_restore_after_alg_and_inverse() {
    for size in [20, 33] {
        let alg = rubik::scramble::random_moves(size, 200, &mut rubik::seeded_rng(size as u64));
        let mut cube = FaceletCube::solved(size);
        cube.apply_alg(&alg).unwrap();
        assert!(!cube.is_solved());
        cube.apply_alg(&alg.inverse()).unwrap();
        assert_eq!(cube, FaceletCube::solved(size));
    }
}

const SUPERFLIP: &str = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";

#[test]
fn known_orders() {
    let order = |size: usize, text: &str| {
        let alg: Alg = text.parse().unwrap();
        facelet::order(size, &alg.turns(size).unwrap())
    };
    assert_eq!(order(3, "R U"), 105);
    assert_eq!(order(3, "R U R' U'"), 6);
    assert_eq!(order(3, "R U2 D' B D'"), 1260);
    assert_eq!(order(3, "M2 E2 S2"), 2);
    assert_eq!(order(3, SUPERFLIP), 2);
    assert_eq!(order(3, "x"), 4);
    assert_eq!(order(3, ""), 1);
}

#[test]
fn the_superflip_flips_every_edge_in_place() {
    let alg: Alg = SUPERFLIP.parse().unwrap();
    let mut cube = FaceletCube::solved(3);
    cube.apply_alg(&alg).unwrap();
    let pieces = CubieCube::try_from(&cube).unwrap();
    assert_eq!(pieces.order(), 2);
    for edge in rubik::cubie::Edge::ALL {
        assert_eq!(pieces.find_edge(edge), (edge, 1), "{edge}");
    }
    for corner in rubik::cubie::Corner::ALL {
        assert_eq!(pieces.find_corner(corner), (corner, 0), "{corner}");
    }
}
