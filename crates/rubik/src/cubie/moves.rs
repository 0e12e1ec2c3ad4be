//! The face turns as states, derived at compile time from the spec's geometry and the sticker
//! table, not typed in.
//!
//! For a quarter turn of face `f`, follow each position's reference sticker through the rotation:
//! it lands on sticker `k` of some position `q`, so the turn brings that piece to `q` with
//! orientation `k`.

use super::cube::CubieCube;
use super::error::NotAFaceTurn;
use super::geometry::{in_outer_layer, quarter_turn, same, sticker_place};
use super::orbit::{IDENTITY_LANES, Orbit};
use super::piece::{CORNER_SPOTS, EDGE_SPOTS, Spot};
use crate::face::Face;
use crate::turn::Turn;

/// The lanes of one orbit after a clockwise quarter turn of `face` on the solved 3×3.
const fn turned_lanes<const K: usize>(spots: &[[Spot; K]], face: Face) -> [u8; 16] {
    const SIZE: usize = 3;
    let mut lanes = IDENTITY_LANES;
    // Clockwise seen from a negative face is three quarters seen from the positive end.
    let quarters = if face.is_positive() { 1 } else { 3 };
    let mut from = 0;
    while from < spots.len() {
        let reference = spots[from][0];
        let (mut place, mut normal) = sticker_place(
            reference.face,
            reference.row.at(SIZE),
            reference.col.at(SIZE),
            SIZE,
        );
        if in_outer_layer(place, face, SIZE) {
            let mut q = 0;
            while q < quarters {
                place = quarter_turn(place, face.axis());
                normal = quarter_turn(normal, face.axis());
                q += 1;
            }
            let mut to = 0;
            while to < spots.len() {
                let mut k = 0;
                while k < K {
                    let s = spots[to][k];
                    let (p, n) = sticker_place(s.face, s.row.at(SIZE), s.col.at(SIZE), SIZE);
                    if same(p, place) && same(n, normal) {
                        lanes[to] = from as u8 | (k as u8) << 4;
                    }
                    k += 1;
                }
                to += 1;
            }
        }
        from += 1;
    }
    lanes
}

/// The clockwise quarter turn of `face`.
const fn quarter(face: Face) -> CubieCube {
    CubieCube::from_orbits(
        Orbit::from_lanes(turned_lanes(&CORNER_SPOTS, face)),
        Orbit::from_lanes(turned_lanes(&EDGE_SPOTS, face)),
    )
}

/// The 18 face turns in Kociemba's order: `U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'`
/// (index `3 * face + quarters - 1`, faces in [`Face::ALL`] order).
pub static MOVES: [CubieCube; 18] = {
    let mut moves = [CubieCube::SOLVED; 18];
    let mut f = 0;
    while f < 6 {
        let turn = quarter(Face::ALL[f]);
        let mut power = turn;
        let mut q = 0;
        while q < 3 {
            moves[3 * f + q] = power;
            power = power.compose_scalar(&turn);
            q += 1;
        }
        f += 1;
    }
    moves
};

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
