//! [`Move`]: one move as written (`3Rw2'`), its parts, printing, inverting and the rules that hold
//! whatever the cube size.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::face::{Axis, Face};
use crate::notation::error::{AlgError, AlgErrorKind};

/// A byte range `start..end` of the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset just past the last byte.
    pub end: usize,
}

/// The layer prefix written before a move's letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Prefix {
    /// No prefix: `R`, `Rw`.
    None,
    /// One layer number: `3R` (that layer alone), `3Rw` (layers 1 to 3).
    Layer(usize),
    /// A range `a-b`: `2-3R`, layers a to b.
    Range(usize, usize),
}

/// What a move's letters name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// An upper-case face letter: `R`.
    Face(Face),
    /// A face letter with `w`: `Rw`.
    Wide(Face),
    /// A lower-case face letter: `r` (SiGN), the same layers as `Rw`.
    LowerWide(Face),
    /// A whole-cube rotation: `x` (turned like R), `y` (like U), `z` (like F).
    Rotation(Axis),
    /// The middle layer of an odd cube: `M` (x axis, turned like L), `E` (like D), `S` (like F).
    Slice(Axis),
    /// Every inner layer: `m`, `e`, `s`, turned like L, D, F.
    InnerSlices(Axis),
}

const ROTATION_LETTERS: [u8; 3] = *b"xyz";
const SLICE_LETTERS: [u8; 3] = *b"MES";
const INNER_SLICE_LETTERS: [u8; 3] = *b"mes";

impl Family {
    /// The family named by one letter (`w` is not part of it: `R` gives [`Family::Face`]).
    pub(super) fn from_letter(letter: u8) -> Option<Family> {
        let axis_of =
            |letters: [u8; 3]| Axis::ALL.into_iter().find(|a| letters[a.index()] == letter);
        if let Some(face) = Face::from_letter(letter as char) {
            Some(Family::Face(face))
        } else if let Some(face) = Face::from_letter(letter.to_ascii_uppercase() as char) {
            Some(Family::LowerWide(face))
        } else if let Some(axis) = axis_of(ROTATION_LETTERS) {
            Some(Family::Rotation(axis))
        } else if let Some(axis) = axis_of(SLICE_LETTERS) {
            Some(Family::Slice(axis))
        } else {
            axis_of(INNER_SLICE_LETTERS).map(Family::InnerSlices)
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let axis_letter = |letters: [u8; 3], axis: Axis| char::from(letters[axis.index()]);
        match *self {
            Family::Face(face) => write!(f, "{face}"),
            Family::Wide(face) => write!(f, "{face}w"),
            Family::LowerWide(face) => write!(f, "{}", face.letter().to_ascii_lowercase()),
            Family::Rotation(axis) => write!(f, "{}", axis_letter(ROTATION_LETTERS, axis)),
            Family::Slice(axis) => write!(f, "{}", axis_letter(SLICE_LETTERS, axis)),
            Family::InnerSlices(axis) => write!(f, "{}", axis_letter(INNER_SLICE_LETTERS, axis)),
        }
    }
}

/// One move as written: prefix, family and amount, plus where it came from.
///
/// The amount is kept as written: `R3` has amount 3, `R2'` has -2, `R0` has 0. Equality and
/// hashing ignore the span.
///
/// ```
/// use rubik::notation::{Family, Move, Prefix};
/// use rubik::{Face, Turn, Axis};
///
/// let mv = Move::new(Prefix::Layer(3), Family::Wide(Face::R), -1);
/// assert_eq!(mv.to_string(), "3Rw'");
/// assert_eq!(mv.inverse().to_string(), "3Rw");
/// // On a 4×4×4, 3Rw' turns layers 1 to 3 from R counter-clockwise.
/// let turn = mv.turn(4).unwrap();
/// assert_eq!(turn, Turn { axis: Axis::X, first: 0, last: 2, quarters: 3 });
/// assert_eq!(Move::from_turn(turn, 4), mv);
/// // On a 3×3×3 it would turn the whole cube: that is spelled x'.
/// assert_eq!(mv.turn(3).unwrap_err().kind.code(), "whole_cube_wide");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Move {
    /// The layer prefix (`3` in `3Rw`).
    pub prefix: Prefix,
    /// The letters (`Rw` in `3Rw`).
    pub family: Family,
    /// Quarter turns as written, clockwise seen from the move's face: `'` is -1, `2'` is -2.
    pub amount: i64,
    /// Where the move stands in the source text, if it was parsed.
    pub span: Option<Span>,
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        (self.prefix, self.family, self.amount) == (other.prefix, other.family, other.amount)
    }
}

impl Eq for Move {}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.prefix, self.family, self.amount).hash(state);
    }
}

impl Move {
    /// A move with no source span.
    pub const fn new(prefix: Prefix, family: Family, amount: i64) -> Move {
        Move {
            prefix,
            family,
            amount,
            span: None,
        }
    }

    /// The move that undoes this one: the amount negated, except that a half turn stays `2`
    /// (`R2'` inverts to `R2`, as WCA prints it; the stickers are the same).
    pub fn inverse(&self) -> Move {
        let amount = match self.amount {
            2 | -2 => 2,
            // i64::MIN is a multiple of 4, so the wrapped negation still means the same turn.
            amount => amount.wrapping_neg(),
        };
        Move { amount, ..*self }
    }

    /// Checks the rules that hold on every cube size: layers count from 1, a range has
    /// `a < b`, rotations and slices take no prefix.
    pub(super) fn check(&self) -> Result<(), AlgError> {
        let problem: fn(String) -> AlgErrorKind = match (self.family, self.prefix) {
            (_, Prefix::None) => return Ok(()),
            (Family::Rotation(_), _) => |text| AlgErrorKind::PrefixOnRotation { text },
            (Family::Slice(_) | Family::InnerSlices(_), _) => {
                |text| AlgErrorKind::PrefixOnSlice { text }
            }
            (_, Prefix::Layer(0) | Prefix::Range(0, _) | Prefix::Range(_, 0)) => {
                |text| AlgErrorKind::BadLayer { text }
            }
            (_, Prefix::Range(a, b)) if a >= b => |text| AlgErrorKind::BadRange { text },
            _ => return Ok(()),
        };
        Err(AlgError::new(problem(self.to_string()), self.span))
    }
}

/// Writes an amount the way notation spells it: 1 → nothing, -1 → `'`, k → `k`, -k → `k'`.
pub(super) fn write_amount(f: &mut fmt::Formatter<'_>, amount: i64) -> fmt::Result {
    match amount {
        1 => Ok(()),
        -1 => f.write_str("'"),
        k if k < 0 => write!(f, "{}'", k.unsigned_abs()),
        k => write!(f, "{k}"),
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.prefix {
            Prefix::None => {}
            Prefix::Layer(n) => write!(f, "{n}")?,
            Prefix::Range(a, b) => write!(f, "{a}-{b}")?,
        }
        write!(f, "{}", self.family)?;
        write_amount(f, self.amount)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn moves_print_as_written_and_invert() {
        let (r, l, u) = (Face::R, Face::L, Face::U);
        let cases = [
            (Prefix::None, Family::Face(r), 1, "R", "R'"),
            (Prefix::None, Family::Face(l), -1, "L'", "L"),
            (Prefix::None, Family::Face(u), 2, "U2", "U2"),
            (Prefix::None, Family::Face(u), -2, "U2'", "U2"),
            (Prefix::None, Family::Face(u), 3, "U3", "U3'"),
            (Prefix::None, Family::Face(u), 0, "U0", "U0"),
            (Prefix::None, Family::Wide(Face::F), -10, "Fw10'", "Fw10"),
            (Prefix::Layer(3), Family::Wide(r), 1, "3Rw", "3Rw'"),
            (Prefix::Layer(2), Family::Face(Face::D), 1, "2D", "2D'"),
            (
                Prefix::Range(2, 3),
                Family::LowerWide(Face::B),
                2,
                "2-3b2",
                "2-3b2",
            ),
            (Prefix::None, Family::Rotation(Axis::Y), -1, "y'", "y"),
            (Prefix::None, Family::Slice(Axis::X), 1, "M", "M'"),
            (Prefix::None, Family::Slice(Axis::Y), 1, "E", "E'"),
            (Prefix::None, Family::InnerSlices(Axis::Z), 1, "s", "s'"),
            (
                Prefix::None,
                Family::Face(r),
                i64::MIN,
                "R9223372036854775808'",
                "R9223372036854775808'",
            ),
        ];
        for (prefix, family, amount, printed, inverse) in cases {
            let mv = Move::new(prefix, family, amount);
            assert_eq!(mv.to_string(), printed);
            assert_eq!(mv.inverse().to_string(), inverse, "inverse of {printed}");
        }
    }

    #[test]
    fn every_letter_names_its_family() {
        for letter in 0..=255u8 {
            if let Some(family) = Family::from_letter(letter) {
                assert_eq!(family.to_string(), char::from(letter).to_string());
            }
        }
        assert_eq!(Family::from_letter(b'X'), None);
        assert_eq!(Family::from_letter(b'w'), None);
    }

    #[test]
    fn equality_ignores_spans() {
        let plain = Move::new(Prefix::None, Family::Face(Face::R), 1);
        let spanned = Move {
            span: Some(Span { start: 4, end: 5 }),
            ..plain
        };
        assert_eq!(plain, spanned);
        let state = std::collections::hash_map::RandomState::new();
        assert_eq!(state.hash_one(plain), state.hash_one(spanned));
        assert_ne!(plain, Move { amount: 5, ..plain });
    }

    #[test]
    fn size_independent_rules() {
        let code = |prefix, family| {
            let error = Move::new(prefix, family, 1).check().err();
            error.map(|e| e.kind.code())
        };
        let r = Family::Face(Face::R);
        let cases = [
            (
                Prefix::Layer(2),
                Family::Rotation(Axis::X),
                Some("prefix_on_rotation"),
            ),
            (
                Prefix::Range(1, 2),
                Family::Slice(Axis::X),
                Some("prefix_on_slice"),
            ),
            (
                Prefix::Layer(1),
                Family::InnerSlices(Axis::X),
                Some("prefix_on_slice"),
            ),
            (Prefix::Layer(0), r, Some("bad_layer")),
            (Prefix::Range(0, 2), r, Some("bad_layer")),
            (Prefix::Range(3, 3), r, Some("bad_range")),
            (Prefix::Range(3, 2), r, Some("bad_range")),
            (Prefix::Range(2, 3), r, None),
            (Prefix::Layer(7), Family::Wide(Face::L), None),
            (Prefix::None, Family::Rotation(Axis::Z), None),
        ];
        for (prefix, family, expected) in cases {
            assert_eq!(code(prefix, family), expected, "{prefix:?} {family:?}");
        }
    }
}
