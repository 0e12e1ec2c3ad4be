//! The face turns of the 3×3: [`FaceTurn`], the sets of them the solvers turn, and each turn
//! as a state, derived rather than typed in: each clockwise quarter turn is read off a solved
//! [`FaceletCube`] turned by it (the sticker model turns layers by the spec's geometry), and
//! the half and counter-clockwise turns are its powers.

use std::fmt;
use std::sync::LazyLock;

use super::cube::CubieCube;
use super::error::NotAFaceTurn;
use crate::face::{Axis, Face};
use crate::facelet::FaceletCube;
use crate::turn::Turn;

/// A turn of one outer face of a 3×3 by one, two or three clockwise quarter turns (as seen
/// looking at the face): `U`, `R2`, `F'`... There are 18, in Kociemba's order
/// `U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'` ([`FaceTurn::ALL`]), which is also the
/// order of every table's move index and the order solvers try moves in.
///
/// ```
/// use rubik::{CubieCube, Face, FaceTurn};
/// let sexy = [FaceTurn::new(Face::R, 1), FaceTurn::new(Face::U, 1)];
/// let undo = sexy.map(FaceTurn::inverse);
/// let mut cube = CubieCube::SOLVED;
/// cube.apply(&sexy);
/// cube.apply(&[undo[0], undo[1]]);
/// assert_eq!(cube.order(), 6);
/// assert_eq!(FaceTurn::ALL[4].to_string(), "R2");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FaceTurn(u8);

impl FaceTurn {
    /// All 18 face turns, in index order.
    pub const ALL: [FaceTurn; 18] = FaceTurn::select(true, true);

    /// The 12 quarter turns (no half turns), in index order.
    pub const QUARTER_TURNS: [FaceTurn; 12] = FaceTurn::select(false, true);

    /// The 9 turns of U, R and F, which reach every state of the 2×2 with its DBL corner
    /// fixed, in index order.
    pub const URF: [FaceTurn; 9] = FaceTurn::select(true, false);

    /// The turns in index order, with or without the half turns and the turns of D, L and B;
    /// `N` must be their number.
    const fn select<const N: usize>(halves: bool, back_faces: bool) -> [FaceTurn; N] {
        let mut turns = [FaceTurn(0); N];
        let (mut i, mut n) = (0, 0);
        while i < 18 {
            let turn = FaceTurn(i);
            if (halves || !turn.is_half()) && (back_faces || turn.face().is_positive()) {
                turns[n] = turn;
                n += 1;
            }
            i += 1;
        }
        assert!(n == N, "N is the number of turns selected");
        turns
    }

    /// The 10 turns of phase 2 of the two-phase algorithm, which keep the group
    /// ⟨U, D, R2, L2, F2, B2⟩: every turn of U and D, then the half turns of R, L, F and B
    /// (axis by axis, the positive face first). Phase 2's move tables are indexed in this order.
    pub const PHASE2: [FaceTurn; 10] = {
        let mut turns = [FaceTurn(0); 10];
        let axes = [Axis::Y, Axis::X, Axis::Z];
        let mut n = 0;
        let mut a = 0;
        while a < 3 {
            let positive = axes[a].positive_face();
            let faces = [positive, positive.opposite()];
            let mut f = 0;
            while f < 2 {
                let mut quarters = 1;
                while quarters <= 3 {
                    if a == 0 || quarters == 2 {
                        turns[n] = FaceTurn::new(faces[f], quarters);
                        n += 1;
                    }
                    quarters += 1;
                }
                f += 1;
            }
            a += 1;
        }
        turns
    };

    /// The turn of `face` by `quarters` clockwise quarter turns, 1, 2 or 3.
    ///
    /// # Panics
    /// If `quarters` is not 1, 2 or 3.
    pub const fn new(face: Face, quarters: u8) -> FaceTurn {
        assert!(
            quarters >= 1 && quarters <= 3,
            "a face turn is 1, 2 or 3 quarters"
        );
        FaceTurn(3 * face as u8 + quarters - 1)
    }

    /// The turn's index in [`FaceTurn::ALL`], which every move table is indexed by.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The face turned.
    pub const fn face(self) -> Face {
        Face::ALL[self.0 as usize / 3]
    }

    /// Clockwise quarter turns: 1, 2 or 3.
    pub const fn quarters(self) -> u8 {
        self.0 % 3 + 1
    }

    /// Whether this is a half turn.
    pub const fn is_half(self) -> bool {
        self.quarters() == 2
    }

    /// The turn that undoes this one: the same face, the other way.
    pub const fn inverse(self) -> FaceTurn {
        FaceTurn::new(self.face(), 4 - self.quarters())
    }

    /// The turn as a state (what it does to the solved cube).
    pub fn cube(self) -> CubieCube {
        MOVES[self.index()]
    }

    /// This turn as a single-layer [`Turn`] of a cube of size `size` (its outer layer).
    pub fn turn(self, size: usize) -> Turn {
        Turn::from_face(self.face(), 1, 1, i64::from(self.quarters()), size)
    }
}

/// The turn in notation: `U`, `R2`, `F'`.
impl fmt::Display for FaceTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let amount = ["", "2", "'"][usize::from(self.quarters() - 1)];
        write!(f, "{}{amount}", self.face())
    }
}

/// Face turns as a bit mask over their indices (bit `turn.index()`), as searches keep sets of
/// turns.
pub(crate) const fn mask_of(turns: &[FaceTurn]) -> u32 {
    let mut mask = 0;
    let mut i = 0;
    while i < turns.len() {
        mask |= 1 << turns[i].0;
        i += 1;
    }
    mask
}

/// Every face turn, as a bit mask.
pub(crate) const ALL_TURNS: u32 = mask_of(&FaceTurn::ALL);

/// The turns of a bit mask, in index order.
pub(crate) fn turns_in(mask: u32) -> impl Iterator<Item = FaceTurn> {
    set_bits(mask.into()).map(|i| FaceTurn(i as u8))
}

/// The positions of the bits set in `mask`, lowest first, read off its bits (a loop per set
/// bit, not per bit): the searches' way through a set of turns.
pub(crate) fn set_bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

/// The 18 face turns as states, in [`FaceTurn::ALL`] order. Built on first use.
pub(crate) static MOVES: LazyLock<[CubieCube; 18]> = LazyLock::new(|| {
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
            q => FaceTurn::new(face, q).cube(),
        }
    }

    /// Turns the cube by `turns`, one after another.
    pub fn apply(&mut self, turns: &[FaceTurn]) {
        *self = turns.iter().fold(*self, |cube, turn| cube * turn.cube());
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
    fn face_turn_sets_are_what_they_say() {
        for (i, turn) in FaceTurn::ALL.into_iter().enumerate() {
            assert_eq!(turn.index(), i);
            assert_eq!(FaceTurn::new(turn.face(), turn.quarters()), turn);
            assert_eq!(
                turn.cube(),
                CubieCube::face_turn(turn.face(), turn.quarters())
            );
            assert_eq!(turn.inverse().cube(), turn.cube().inverse());
        }
        assert!(FaceTurn::QUARTER_TURNS.iter().all(|t| !t.is_half()));
        let faces = |turns: &[FaceTurn]| turns.iter().map(|t| t.face()).collect::<Vec<_>>();
        assert!(
            faces(&FaceTurn::URF)
                .iter()
                .all(|f| [Face::U, Face::R, Face::F].contains(f))
        );
        assert_eq!(
            FaceTurn::PHASE2.map(|t| t.to_string()).join(" "),
            "U U2 U' D D2 D' R2 L2 F2 B2"
        );
        // Phase 2's turns are exactly those that keep the U-D slice and every orientation.
        for turn in FaceTurn::ALL {
            let cube = turn.cube();
            let keeps = cube.corner_twists() == [0; 8]
                && cube.edge_flips() == [0; 12]
                && cube.edge_permutation()[8..]
                    .iter()
                    .all(|e| (*e as usize) >= 8);
            assert_eq!(keeps, FaceTurn::PHASE2.contains(&turn), "{turn}");
        }
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
