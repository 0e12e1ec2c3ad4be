//! The six faces and three axes of a cube: the shared vocabulary of every layer of rubik.
//!
//! Axes follow `notation.md`: +x points to R, +y to U, +z to F (right-handed).

use std::fmt;

/// One of the six faces, in the facelet-string order U, R, F, D, L, B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[repr(u8)]
pub enum Face {
    /// Up (+y).
    U = 0,
    /// Right (+x).
    R = 1,
    /// Front (+z).
    F = 2,
    /// Down (-y).
    D = 3,
    /// Left (-x).
    L = 4,
    /// Back (-z).
    B = 5,
}

/// One of the three axes of rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Axis {
    /// Through L and R; positive end R.
    X,
    /// Through D and U; positive end U.
    Y,
    /// Through B and F; positive end F.
    Z,
}

impl Face {
    /// All faces in facelet-string order.
    pub const ALL: [Face; 6] = [Face::U, Face::R, Face::F, Face::D, Face::L, Face::B];

    /// The face's index in facelet-string order (U = 0 ... B = 5).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The face with the given index (0..6), if any.
    pub const fn from_index(index: usize) -> Option<Face> {
        match index {
            0 => Some(Face::U),
            1 => Some(Face::R),
            2 => Some(Face::F),
            3 => Some(Face::D),
            4 => Some(Face::L),
            5 => Some(Face::B),
            _ => None,
        }
    }

    /// The face's letter, as in notation and facelet strings.
    pub const fn letter(self) -> char {
        ['U', 'R', 'F', 'D', 'L', 'B'][self as usize]
    }

    /// The face named by an upper-case letter of `URFDLB`.
    ///
    /// ```
    /// use rubik::Face;
    /// assert_eq!(Face::from_letter('R'), Some(Face::R));
    /// assert_eq!(Face::from_letter('r'), None);
    /// ```
    pub const fn from_letter(letter: char) -> Option<Face> {
        match letter {
            'U' => Some(Face::U),
            'R' => Some(Face::R),
            'F' => Some(Face::F),
            'D' => Some(Face::D),
            'L' => Some(Face::L),
            'B' => Some(Face::B),
            _ => None,
        }
    }

    /// The face across the cube.
    pub const fn opposite(self) -> Face {
        [Face::D, Face::L, Face::B, Face::U, Face::R, Face::F][self as usize]
    }

    /// The axis through this face.
    pub const fn axis(self) -> Axis {
        [Axis::Y, Axis::X, Axis::Z][self as usize % 3]
    }

    /// Whether the face's outward normal points along the positive end of its axis (U, R, F).
    pub const fn is_positive(self) -> bool {
        (self as usize) < 3
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl Axis {
    /// All axes.
    pub const ALL: [Axis; 3] = [Axis::X, Axis::Y, Axis::Z];

    /// The face at the positive end of the axis (R, U or F).
    pub const fn positive_face(self) -> Face {
        [Face::R, Face::U, Face::F][self as usize]
    }

    /// The axis's index (X = 0, Y = 1, Z = 2).
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for face in Face::ALL {
            assert_eq!(Face::from_letter(face.letter()), Some(face));
            assert_eq!(Face::from_index(face.index()), Some(face));
        }
        assert_eq!(Face::from_letter('X'), None);
        assert_eq!(Face::from_index(6), None);
    }

    #[test]
    fn opposites_share_an_axis_and_differ_in_sign() {
        for face in Face::ALL {
            let other = face.opposite();
            assert_ne!(face, other);
            assert_eq!(other.opposite(), face);
            assert_eq!(face.axis(), other.axis());
            assert_ne!(face.is_positive(), other.is_positive());
        }
        for axis in Axis::ALL {
            assert_eq!(axis.positive_face().axis(), axis);
            assert!(axis.positive_face().is_positive());
        }
    }
}
