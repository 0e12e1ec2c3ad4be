//! Moves ⇄ [`Turn`]s for a given cube size: which layers a move turns, which moves exist on an
//! N×N×N (`notation.md` §2 and §5), and the canonical spelling of a turn.

use crate::face::{Axis, Face};
use crate::notation::error::{AlgError, AlgErrorKind};
use crate::notation::moves::{Family, Move, Prefix};
use crate::turn::Turn;

/// What a move turns, as far as that is known without the cube size. Moves with equal shapes
/// turn the same layers the same way on every cube (`R` = `1R` = `1Rw`, `r` = `Rw` = `1-2R`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Shape {
    /// Layers `first..=last` counted from `face` (1 = the outer layer).
    Layers {
        /// The face the layers count from and the turn direction follows.
        face: Face,
        /// The first layer.
        first: usize,
        /// The last layer.
        last: usize,
    },
    /// `x`, `y`, `z`.
    Rotation(Axis),
    /// `M`, `E`, `S`.
    Slice(Axis),
    /// `m`, `e`, `s`.
    InnerSlices(Axis),
}

impl Shape {
    /// The axis turned about.
    pub(super) fn axis(self) -> Axis {
        match self {
            Shape::Layers { face, .. } => face.axis(),
            Shape::Rotation(axis) | Shape::Slice(axis) | Shape::InnerSlices(axis) => axis,
        }
    }
}

/// The face whose direction a slice move follows: `M` turns like L, `E` like D, `S` like F.
fn slice_face(axis: Axis) -> Face {
    [Face::L, Face::D, Face::F][axis.index()]
}

/// The notation amount for `quarters` clockwise quarter turns: 0, 1, 2 or -1 (printed `'`).
pub(super) fn amount_of(quarters: u8) -> i64 {
    [0, 1, 2, -1][usize::from(quarters % 4)]
}

impl Move {
    /// The layers this move turns, as far as that is known without the cube size.
    pub(super) fn shape(&self) -> Shape {
        let (face, wide) = match self.family {
            Family::Face(face) => (face, false),
            Family::Wide(face) | Family::LowerWide(face) => (face, true),
            Family::Rotation(axis) => return Shape::Rotation(axis),
            Family::Slice(axis) => return Shape::Slice(axis),
            Family::InnerSlices(axis) => return Shape::InnerSlices(axis),
        };
        let (first, last) = match (self.prefix, wide) {
            (Prefix::None, false) => (1, 1),
            (Prefix::None, true) => (1, 2),
            (Prefix::Layer(n), false) => (n, n),
            (Prefix::Layer(n), true) => (1, n),
            (Prefix::Range(a, b), _) => (a, b),
        };
        Shape::Layers { face, first, last }
    }

    /// The turn this move makes on a cube of `size` layers, or why the move does not exist
    /// there (`3Rw` on a 3×3×3 is the whole cube, `M` on a 4×4×4 has no middle layer, ...).
    /// The amount is reduced modulo 4; 0 is allowed.
    pub fn turn(&self, size: usize) -> Result<Turn, AlgError> {
        self.check()?;
        let fail = |kind| AlgError::new(kind, self.span);
        let (face, first, last) = self.layers(size).map_err(fail)?;
        let turn = Turn::from_face(face, first, last, self.amount.rem_euclid(4), size);
        // Only x y z and a single slice `nR` (`1R` on a 1×1×1) may turn every layer.
        let may_turn_all = matches!(
            (self.family, self.prefix),
            (Family::Rotation(_), _) | (Family::Face(_), Prefix::Layer(_))
        );
        if turn.is_rotation(size) && !may_turn_all {
            let rotation = Move::from_turn(turn, size).to_string();
            return Err(fail(AlgErrorKind::WholeCubeWide {
                text: self.to_string(),
                size,
                rotation,
            }));
        }
        Ok(turn)
    }

    /// The face-relative block `(face, first, last)` this move turns on a cube of `size` layers.
    fn layers(&self, size: usize) -> Result<(Face, usize, usize), AlgErrorKind> {
        let too_small = |min| AlgErrorKind::SliceTooSmall {
            text: self.to_string(),
            size,
            min,
        };
        let (face, first, last) = match self.shape() {
            Shape::Layers { face, first, last } => (face, first, last),
            Shape::Rotation(axis) => (axis.positive_face(), 1, size),
            Shape::Slice(_) if size % 2 == 0 => {
                return Err(AlgErrorKind::SliceOnEven {
                    text: self.to_string(),
                    size,
                });
            }
            Shape::Slice(_) if size < 3 => return Err(too_small(3)),
            Shape::Slice(axis) => (slice_face(axis), size.div_ceil(2), size.div_ceil(2)),
            Shape::InnerSlices(_) if size < 4 => return Err(too_small(4)),
            Shape::InnerSlices(axis) => (slice_face(axis), 2, size - 1),
        };
        if last > size || first > last {
            return Err(AlgErrorKind::LayerOutOfRange {
                text: self.to_string(),
                layer: last.max(first),
                size,
            });
        }
        Ok((face, first, last))
    }

    /// The canonical spelling of `turn` on a cube of `size` layers: `x y z` for the whole cube,
    /// `M E S` for the middle layer of an odd cube, else counted from the nearer face (R, U, F
    /// on a tie): `R`/`L'` for an outer layer, `nR` for an inner one, `Rw`/`nRw` for a block from
    /// an outer layer, `a-bRw` for any other block. Amounts are 0, 1, 2 or -1 (`R0 R R2 R'`).
    ///
    /// # Panics
    /// If the turn's block does not fit the cube (`first > last` or `last >= size`).
    pub fn from_turn(turn: Turn, size: usize) -> Move {
        assert!(
            turn.first <= turn.last && turn.last < size,
            "{turn:?} does not fit a cube of size {size}"
        );
        let axis = turn.axis;
        let beyond = size - 1 - turn.last; // layers between the block and the negative face
        let (prefix, family, face) = if turn.is_rotation(size) {
            (Prefix::None, Family::Rotation(axis), axis.positive_face())
        } else if turn.is_single_layer() && size % 2 == 1 && turn.first == size / 2 {
            (Prefix::None, Family::Slice(axis), slice_face(axis))
        } else {
            let (face, first, last) = if turn.first <= beyond {
                (axis.positive_face(), turn.first + 1, turn.last + 1)
            } else {
                (
                    axis.positive_face().opposite(),
                    beyond + 1,
                    size - turn.first,
                )
            };
            let (prefix, family) = match (first, last) {
                (1, 1) => (Prefix::None, Family::Face(face)),
                (n, m) if n == m => (Prefix::Layer(n), Family::Face(face)),
                (1, 2) => (Prefix::None, Family::Wide(face)),
                (1, n) => (Prefix::Layer(n), Family::Wide(face)),
                (a, b) => (Prefix::Range(a, b), Family::Wide(face)),
            };
            (prefix, family, face)
        };
        let quarters = if face.is_positive() {
            turn.quarters
        } else {
            4 - turn.quarters % 4
        };
        Move::new(prefix, family, amount_of(quarters))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Alg;

    /// Resolves the single move `input` on `size`: `Ok((axis, first, last, quarters))` with
    /// 0-based layers from the positive face, or `Err(code)`.
    fn check(input: &str, size: usize, expected: Result<(Axis, usize, usize, u8), &str>) {
        let alg = Alg::parse(input).unwrap();
        let got = alg
            .turns(size)
            .map(|turns| {
                assert_eq!(turns.len(), 1, "{input:?}");
                let t = turns[0];
                (t.axis, t.first, t.last, t.quarters)
            })
            .map_err(|e| e.kind.code());
        assert_eq!(got, expected, "{input:?} on {size}");
    }

    #[test]
    fn moves_turn_the_layers_of_the_table() {
        use Axis::*;
        let cases = [
            ("R", 3, Ok((X, 0, 0, 1))),
            ("L", 3, Ok((X, 2, 2, 3))),
            ("U'", 2, Ok((Y, 0, 0, 3))),
            ("D2'", 4, Ok((Y, 3, 3, 2))),
            ("F3", 3, Ok((Z, 0, 0, 3))),
            ("B", 5, Ok((Z, 4, 4, 3))),
            ("R4", 3, Ok((X, 0, 0, 0))),
            ("R0", 3, Ok((X, 0, 0, 0))),
            ("R9223372036854775808'", 3, Ok((X, 0, 0, 0))),
            ("R9223372036854775807", 3, Ok((X, 0, 0, 3))),
            ("L9223372036854775807", 3, Ok((X, 2, 2, 1))),
            // nX: one layer, n up to N
            ("1R", 1, Ok((X, 0, 0, 1))),
            ("1R", 3, Ok((X, 0, 0, 1))),
            ("2R", 3, Ok((X, 1, 1, 1))),
            ("3R", 3, Ok((X, 2, 2, 1))),
            ("2L", 4, Ok((X, 2, 2, 3))),
            ("4R", 3, Err("layer_out_of_range")),
            ("3U", 2, Err("layer_out_of_range")),
            // Xw and x: layers 1..2, N >= 3
            ("Rw", 3, Ok((X, 0, 1, 1))),
            ("r", 4, Ok((X, 0, 1, 1))),
            ("Lw'", 5, Ok((X, 3, 4, 1))),
            ("Rw", 2, Err("whole_cube_wide")),
            ("r'", 2, Err("whole_cube_wide")),
            ("Rw", 1, Err("layer_out_of_range")),
            // nXw and nx: layers 1..n, n <= N-1
            ("1Rw", 2, Ok((X, 0, 0, 1))),
            ("3Rw", 4, Ok((X, 0, 2, 1))),
            ("3l", 5, Ok((X, 2, 4, 3))),
            ("3Rw", 3, Err("whole_cube_wide")),
            ("2Rw", 2, Err("whole_cube_wide")),
            ("1Rw", 1, Err("whole_cube_wide")),
            ("4Rw", 3, Err("layer_out_of_range")),
            // ranges
            ("2-3R", 4, Ok((X, 1, 2, 1))),
            ("2-3Rw", 4, Ok((X, 1, 2, 1))),
            ("2-3r", 4, Ok((X, 1, 2, 1))),
            ("1-2U", 3, Ok((Y, 0, 1, 1))),
            ("2-3b2", 3, Ok((Z, 0, 1, 2))),
            ("1-2R", 2, Err("whole_cube_wide")),
            ("1-4r", 4, Err("whole_cube_wide")),
            ("5-6R'", 5, Err("layer_out_of_range")),
            // rotations: every layer, any N
            ("x", 1, Ok((X, 0, 0, 1))),
            ("y'", 2, Ok((Y, 0, 1, 3))),
            ("z2", 5, Ok((Z, 0, 4, 2))),
            ("x0", 3, Ok((X, 0, 2, 0))),
            // M E S: the middle layer of odd N >= 3, turned like L, D, F
            ("M", 3, Ok((X, 1, 1, 3))),
            ("E", 5, Ok((Y, 2, 2, 3))),
            ("S", 7, Ok((Z, 3, 3, 1))),
            ("M", 2, Err("slice_on_even")),
            ("M", 4, Err("slice_on_even")),
            ("E'", 6, Err("slice_on_even")),
            ("S", 1, Err("slice_too_small")),
            // m e s: layers 2..N-1, N >= 4
            ("m", 4, Ok((X, 1, 2, 3))),
            ("e", 5, Ok((Y, 1, 3, 3))),
            ("s'", 6, Ok((Z, 1, 4, 3))),
            ("m", 3, Err("slice_too_small")),
            ("m", 2, Err("slice_too_small")),
            ("s", 1, Err("slice_too_small")),
            // a face turn is one layer; on a 1×1×1 that is the whole cube
            ("R", 1, Err("whole_cube_wide")),
            ("R", 2, Ok((X, 0, 0, 1))),
        ];
        for (input, size, expected) in cases {
            check(input, size, expected);
        }
    }

    #[test]
    fn rules_hold_for_constructed_moves() {
        let code = |prefix, family, size| {
            Move::new(prefix, family, 1)
                .turn(size)
                .unwrap_err()
                .kind
                .code()
        };
        assert_eq!(
            code(Prefix::Layer(2), Family::Rotation(Axis::X), 3),
            "prefix_on_rotation"
        );
        assert_eq!(
            code(Prefix::Layer(0), Family::Face(Face::R), 3),
            "bad_layer"
        );
        assert_eq!(
            code(Prefix::Range(2, 2), Family::Face(Face::R), 3),
            "bad_range"
        );
        assert_eq!(
            code(Prefix::None, Family::Rotation(Axis::X), 0),
            "layer_out_of_range"
        );
        assert_eq!(
            code(Prefix::None, Family::Face(Face::R), 0),
            "layer_out_of_range"
        );
    }

    #[test]
    fn whole_cube_errors_name_the_rotation() {
        let cases = [
            (
                "3Rw",
                3,
                "column 1: `3Rw` turns every layer of a 3×3×3; write x",
            ),
            (
                "R 3Lw2'",
                3,
                "column 3: `3Lw2'` turns every layer of a 3×3×3; write x2",
            ),
            (
                "r'",
                2,
                "column 1: `r'` turns every layer of a 2×2×2; write x'",
            ),
            (
                "1-4d",
                4,
                "column 1: `1-4d` turns every layer of a 4×4×4; write y'",
            ),
            (
                "5-6R'",
                5,
                "column 1: `5-6R'` reaches layer 6, but a 5×5×5 has 5",
            ),
            ("M", 4, "column 1: `M`: a 4×4×4 has no middle layer"),
            (
                "m",
                3,
                "column 1: `m` needs a cube of 4 layers or more, not a 3×3×3",
            ),
        ];
        for (input, size, message) in cases {
            let error = Alg::parse(input).unwrap().turns(size).unwrap_err();
            assert_eq!(error.to_string(), message);
        }
    }

    #[test]
    fn from_turn_spells_every_turn_and_resolves_back() {
        for size in 1..=8 {
            for axis in Axis::ALL {
                for first in 0..size {
                    for last in first..size {
                        for quarters in 0..4 {
                            let turn = Turn {
                                axis,
                                first,
                                last,
                                quarters,
                            };
                            let mv = Move::from_turn(turn, size);
                            assert_eq!(mv.turn(size), Ok(turn), "{mv} on {size}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn from_turn_picks_the_canonical_spelling() {
        let spell = |input: &str, size| {
            let turn = Alg::parse(input).unwrap().turns(size).unwrap()[0];
            Move::from_turn(turn, size).to_string()
        };
        let cases = [
            ("R", 3, "R"),
            ("L'", 3, "L'"),
            ("3R", 3, "L'"),
            ("1R3", 4, "R'"),
            ("L2'", 4, "L2"),
            ("2R", 4, "2R"),
            ("3R", 4, "2L'"),
            ("3R", 5, "M'"),
            ("3L'", 5, "M'"),
            ("2-3U", 3, "Dw'"),
            ("M", 3, "M"),
            ("E", 3, "E"),
            ("S", 3, "S"),
            ("2R", 3, "M'"),
            ("1-2r", 4, "Rw"),
            ("3r", 5, "3Rw"),
            ("1-3L", 4, "3Lw"),
            ("m", 4, "2-3Rw'"),
            ("m", 5, "2-4Rw'"),
            ("2-3Lw", 6, "2-3Lw"),
            ("3-4F", 6, "3-4Fw"),
            ("3-4B", 6, "3-4Fw'"),
            ("3-4U", 5, "2-3Dw'"),
            ("x", 1, "x"),
            ("R", 2, "R"),
            ("2R", 2, "L'"),
            ("1R", 1, "x"),
            ("3-4r0", 7, "3-4Rw0"),
            ("1-2Bw", 3, "Bw"),
        ];
        for (input, size, expected) in cases {
            assert_eq!(spell(input, size), expected, "{input} on {size}");
        }
    }
}
