//! [`Turn`]: one block of layers turned about an axis, the size-resolved form of every move.
//!
//! Notation spells a move relative to a face (`L'`, `3Rw`, `M`); a `Turn` is the same motion in one
//! frame: an axis, a contiguous block of layers counted from the axis's positive face, and a number
//! of clockwise quarter turns seen from that face. Every cube model turns `Turn`s.

use crate::face::{Axis, Face};

/// A block of layers `first..=last` (0 = the layer at the positive face R, U or F) turned by
/// `quarters` clockwise quarter turns as seen from the positive face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The axis turned about.
    pub axis: Axis,
    /// The first layer of the block, counted from the positive face, 0-based.
    pub first: usize,
    /// The last layer of the block (inclusive), `first <= last`.
    pub last: usize,
    /// Clockwise quarter turns seen from the positive face, `0..4`.
    pub quarters: u8,
}

impl Turn {
    /// The turn of layers `first..=last` counted from `face` (1 = the outer layer, as in
    /// notation), by `amount` quarter turns clockwise as seen looking at `face`, on a cube of
    /// size `size`. The caller guarantees `1 <= first <= last <= size`.
    ///
    /// ```
    /// use rubik::{Axis, Face, Turn};
    /// // L' on a 3×3 is the layer farthest from R, turned clockwise as seen from R.
    /// let turn = Turn::from_face(Face::L, 1, 1, -1, 3);
    /// assert_eq!(turn, Turn { axis: Axis::X, first: 2, last: 2, quarters: 1 });
    /// ```
    pub fn from_face(face: Face, first: usize, last: usize, amount: i64, size: usize) -> Turn {
        debug_assert!(1 <= first && first <= last && last <= size);
        let (first, last, amount) = if face.is_positive() {
            (first - 1, last - 1, amount)
        } else {
            (size - last, size - first, -amount)
        };
        Turn {
            axis: face.axis(),
            first,
            last,
            quarters: amount.rem_euclid(4) as u8,
        }
    }

    /// The turn that undoes this one.
    pub fn inverse(self) -> Turn {
        Turn {
            quarters: (4 - self.quarters) % 4,
            ..self
        }
    }

    /// Whether the block spans every layer of a cube of size `size` (a whole-cube rotation).
    pub fn is_rotation(self, size: usize) -> bool {
        self.first == 0 && self.last + 1 == size
    }

    /// Its length in the outer-block turn metric on a cube of size `size`: 1 for a block that
    /// holds an outer layer, 2 for inner layers only, 0 for a whole-cube rotation or no turn.
    pub fn obtm(self, size: usize) -> usize {
        match (
            self.quarters % 4 == 0 || self.is_rotation(size),
            self.first == 0 || self.last + 1 == size,
        ) {
            (true, _) => 0,
            (false, true) => 1,
            (false, false) => 2,
        }
    }

    /// Its length in the slice-turn metric on a cube of size `size`: 1 for any block of layers,
    /// 0 for a whole-cube rotation or no turn.
    pub fn stm(self, size: usize) -> usize {
        usize::from(self.quarters % 4 != 0 && !self.is_rotation(size))
    }

    /// Whether the block holds a single layer.
    pub fn is_single_layer(self) -> bool {
        self.first == self.last
    }

    /// Every single-layer turn of a cube of size `size`: each axis, each layer, each amount
    /// 1, 2, 3. These `9N` turns generate every state, and are what random-action tests draw from.
    ///
    /// ```
    /// assert_eq!(rubik::Turn::single_layer_turns(3).count(), 27);
    /// ```
    pub fn single_layer_turns(size: usize) -> impl Iterator<Item = Turn> {
        Axis::ALL.into_iter().flat_map(move |axis| {
            (0..size).flat_map(move |layer| {
                (1..4).map(move |quarters| Turn {
                    axis,
                    first: layer,
                    last: layer,
                    quarters,
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn face_relative_turns_resolve_to_the_axis_frame() {
        let r = Turn::from_face(Face::R, 1, 1, 1, 3);
        assert_eq!((r.axis, r.first, r.last, r.quarters), (Axis::X, 0, 0, 1));
        let lw = Turn::from_face(Face::L, 1, 2, 2, 5);
        assert_eq!(
            (lw.axis, lw.first, lw.last, lw.quarters),
            (Axis::X, 3, 4, 2)
        );
        let d = Turn::from_face(Face::D, 1, 1, 1, 4);
        assert_eq!((d.axis, d.first, d.last, d.quarters), (Axis::Y, 3, 3, 3));
        assert!(Turn::from_face(Face::F, 1, 3, 5, 3).is_rotation(3));
        assert!(!Turn::from_face(Face::F, 1, 2, 5, 3).is_rotation(3));
    }

    #[test]
    fn inverse_cancels_quarters() {
        for q in 0..4u8 {
            let t = Turn {
                axis: Axis::Z,
                first: 1,
                last: 2,
                quarters: q,
            };
            assert_eq!((t.quarters + t.inverse().quarters) % 4, 0);
            assert_eq!(t.inverse().inverse(), t);
        }
    }
}
