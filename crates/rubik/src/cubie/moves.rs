//! The face turns as states, derived rather than typed in: each clockwise quarter turn is read
//! off a solved [`FaceletCube`] turned by it (the sticker model turns layers by the spec's
//! geometry), and the half and counter-clockwise turns are its powers.

use std::sync::LazyLock;

use super::cube::CubieCube;
use super::error::NotAFaceTurn;
use crate::face::Face;
use crate::facelet::FaceletCube;
use crate::turn::Turn;

/// The 18 face turns in Kociemba's order: `U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'`
/// (index `3 * face + quarters - 1`, faces in [`Face::ALL`] order). Built on first use.
pub static MOVES: LazyLock<[CubieCube; 18]> = LazyLock::new(|| {
    let quarters = Face::ALL.map(|face| {
        let mut cube = FaceletCube::solved(3);
        cube.turn(Turn::from_face(face, 1, 1, 1, 3));
        CubieCube::try_from(&cube).expect("a turned cube is a valid cube")
    });
    std::array::from_fn(|i| quarters[i / 3].pow(i as i64 % 3 + 1))
});

impl CubieCube {
    /// The turn of `face` by `quarters` clockwise quarter turns (mod 4) as seen looking at it.
    ///
    /// ```
    /// use rubik::{CubieCube, Face};
    /// let r = CubieCube::face_turn(Face::R, 1);
    /// assert_eq!(r.pow(3), CubieCube::face_turn(Face::R, 3));
    /// assert_eq!(r.order(), 4);
    /// ```
    pub fn face_turn(face: Face, quarters: u8) -> CubieCube {
        match quarters % 4 {
            0 => CubieCube::SOLVED,
            q => MOVES[3 * face.index() + usize::from(q) - 1],
        }
    }
}

/// A single outer layer of a 3×3 (`R`, `L2`, `1U'`, `3R`...) as a state; anything else is refused.
impl TryFrom<Turn> for CubieCube {
    type Error = NotAFaceTurn;

    fn try_from(turn: Turn) -> Result<CubieCube, NotAFaceTurn> {
        let face = turn.axis.positive_face();
        match (turn.first, turn.last) {
            (0, 0) => Ok(CubieCube::face_turn(face, turn.quarters)),
            (2, 2) => Ok(CubieCube::face_turn(face.opposite(), 4 - turn.quarters % 4)),
            _ => Err(NotAFaceTurn { turn, size: 3 }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::face::Axis;

    #[test]
    fn quarter_turns_have_order_four() {
        for face in Face::ALL {
            let turn = CubieCube::face_turn(face, 1);
            assert_eq!(turn.order(), 4, "{face}");
            assert!(!turn.is_solved());
            assert!(turn.pow(4).is_solved());
            assert_eq!(CubieCube::face_turn(face, 3), turn.inverse());
            assert_eq!(CubieCube::face_turn(face, 2), turn * turn);
        }
    }

    /// Parses a sequence of face turns such as `R U2 D'`.
    fn alg(text: &str) -> CubieCube {
        text.split_whitespace()
            .map(|word| {
                let face = Face::from_letter(word.chars().next().unwrap()).unwrap();
                let quarters = match &word[1..] {
                    "" => 1,
                    "2" => 2,
                    "'" => 3,
                    other => panic!("amount {other}"),
                };
                CubieCube::face_turn(face, quarters)
            })
            .fold(CubieCube::SOLVED, |state, turn| state * turn)
    }

    #[test]
    fn known_orders() {
        let cases = [
            ("R U", 105),
            ("R U R' U'", 6),
            ("R U2 D' B D'", 1260),
            ("R L", 4),
            ("R2 U2", 6),
            // Superflip.
            ("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2", 2),
        ];
        for (text, order) in cases {
            assert_eq!(alg(text).order(), order, "{text}");
        }
        let superflip = alg("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
        for edge in crate::cubie::Edge::ALL {
            assert_eq!(superflip.edge_at(edge), (edge, 1));
        }
        assert!(superflip.corner_permutation() == crate::cubie::Corner::ALL);
    }

    #[test]
    fn known_move_effects() {
        use crate::cubie::{Corner::*, Edge::*};
        // Kociemba's R: corners DFR URF UBR DRB ... with twists 2 1 .. 1 2.
        let r = CubieCube::face_turn(Face::R, 1);
        assert_eq!(
            r.corner_permutation(),
            [DFR, UFL, ULB, URF, DRB, DLF, DBL, UBR]
        );
        assert_eq!(r.corner_twists(), [2, 0, 0, 1, 1, 0, 0, 2]);
        assert_eq!(
            r.edge_permutation(),
            [FR, UF, UL, UB, BR, DF, DL, DB, DR, FL, BL, UR]
        );
        assert_eq!(r.edge_flips(), [0; 12]);
        let f = CubieCube::face_turn(Face::F, 1);
        assert_eq!(f.edge_flips(), [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0]);
        let u = CubieCube::face_turn(Face::U, 1);
        assert_eq!(
            u.corner_permutation(),
            [UBR, URF, UFL, ULB, DFR, DLF, DBL, DRB]
        );
        assert_eq!(u.corner_twists(), [0; 8]);
    }

    #[test]
    fn outer_layer_turns_convert_and_others_do_not() {
        let turn = |axis, first, last, quarters| Turn {
            axis,
            first,
            last,
            quarters,
        };
        let cases = [
            (turn(Axis::X, 0, 0, 1), Some((Face::R, 1))),
            (turn(Axis::X, 2, 2, 1), Some((Face::L, 3))),
            (turn(Axis::Y, 2, 2, 2), Some((Face::D, 2))),
            (turn(Axis::Z, 0, 0, 3), Some((Face::F, 3))),
            (turn(Axis::Z, 2, 2, 0), Some((Face::B, 0))),
            (turn(Axis::X, 1, 1, 1), None),
            (turn(Axis::X, 0, 1, 1), None),
            (turn(Axis::Y, 0, 2, 1), None),
            (turn(Axis::Y, 3, 3, 1), None),
        ];
        for (input, expected) in cases {
            let got = CubieCube::try_from(input);
            match expected {
                Some((face, quarters)) => {
                    assert_eq!(
                        got.unwrap(),
                        CubieCube::face_turn(face, quarters),
                        "{input:?}"
                    )
                }
                None => assert_eq!(
                    got.unwrap_err(),
                    NotAFaceTurn {
                        turn: input,
                        size: 3
                    }
                ),
            }
        }
    }
}
