//! [`CornerCube`]: the 2×2 as its eight corners (equally, the corner half of a 3×3).

use std::fmt;
use std::ops::Mul;

use rand_core::Rng;

use super::cube::CubieCube;
use super::error::InvalidCube;
use super::orbit::Orbit;
use super::piece::Corner;

/// A 2×2 state: which corner sits at each position and its twist, in the same convention and
/// with the same code as the corners of a [`CubieCube`].
///
/// A 2×2 has no fixed centres, so states read from stickers are normalised by a whole-cube
/// rotation that puts the DBL corner home; composition works on any corner state.
///
/// ```
/// use rubik::{CornerCube, CubieCube, Face};
/// let r = CornerCube::from(&CubieCube::face_turn(Face::R, 1));
/// let u = CornerCube::from(&CubieCube::face_turn(Face::U, 1));
/// assert_eq!((r * u).order(), 15);
/// let state: CornerCube = "UFUFRRRRFDFDDBDBLLLLUBUB".parse().unwrap(); // a 2×2 after R
/// assert_eq!(state, r);
/// assert_eq!(state.to_string(), "UFUFRRRRFDFDDBDBLLLLUBUB");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CornerCube {
    corners: Orbit<Corner>,
}

impl CornerCube {
    /// The solved 2×2, which is also the identity of composition.
    pub const SOLVED: CornerCube = CornerCube {
        corners: Orbit::SOLVED,
    };

    /// The state with these corners, after checking their twist sum.
    pub(crate) fn from_valid_orbit(corners: Orbit<Corner>) -> Result<CornerCube, InvalidCube> {
        corners.check_orientation_sum()?;
        Ok(CornerCube { corners })
    }

    /// The state with these corners (distinct corners, twists below 3; the twist sum is not
    /// checked).
    pub(crate) fn from_pieces_unchecked(corners: [(Corner, u8); 8]) -> CornerCube {
        CornerCube {
            corners: Orbit::from_pieces(&corners).expect("distinct corners, twists in range"),
        }
    }

    /// The corners, as an orbit.
    pub(crate) fn corners(&self) -> &Orbit<Corner> {
        &self.corners
    }

    /// `self` then `other` (Kociemba's A*B).
    pub fn compose(&self, other: &CornerCube) -> CornerCube {
        CornerCube {
            corners: self.corners.compose(&other.corners),
        }
    }

    /// The state that undoes this one.
    pub fn inverse(&self) -> CornerCube {
        CornerCube {
            corners: self.corners.inverse(),
        }
    }

    /// `self` applied `exponent` times; a negative exponent applies the inverse.
    pub fn pow(&self, exponent: i64) -> CornerCube {
        CornerCube {
            corners: self.corners.pow(exponent),
        }
    }

    /// The smallest positive number of repetitions that solves the corners (1 for solved).
    pub fn order(&self) -> u64 {
        self.corners.order()
    }

    /// Whether every corner is at home, unturned.
    pub fn is_solved(&self) -> bool {
        *self == CornerCube::SOLVED
    }

    /// The corner at `position` and its twist there.
    pub fn corner_at(&self, position: Corner) -> (Corner, u8) {
        self.corners.at(position)
    }

    /// Where `corner` is, and its twist there.
    pub fn find_corner(&self, corner: Corner) -> (Corner, u8) {
        self.corners.find(corner)
    }

    /// The corner at each position.
    pub fn corner_permutation(&self) -> [Corner; 8] {
        self.corners.permutation()
    }

    /// The twist at each position, 0..3.
    pub fn corner_twists(&self) -> [u8; 8] {
        self.corners.orientations()
    }

    /// A uniformly random 2×2 state with the DBL corner solved (one of 7! · 3⁶ = 3,674,160):
    /// the other seven corners' permutation, then their twists.
    ///
    /// ```
    /// use rubik::cubie::{Corner, CornerCube};
    /// let state = CornerCube::random(&mut rubik::seeded_rng(2));
    /// assert_eq!(state.corner_at(Corner::DBL), (Corner::DBL, 0));
    /// ```
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> CornerCube {
        CornerCube {
            corners: Orbit::random(rng, Some(Corner::DBL)),
        }
    }
}

/// The corners of a 3×3 state.
impl From<&CubieCube> for CornerCube {
    fn from(cube: &CubieCube) -> CornerCube {
        CornerCube {
            corners: *cube.corners(),
        }
    }
}

/// `a * b` is [`a.compose(&b)`](CornerCube::compose): `a` then `b`.
impl Mul for CornerCube {
    type Output = CornerCube;

    fn mul(self, other: CornerCube) -> CornerCube {
        self.compose(&other)
    }
}

impl fmt::Debug for CornerCube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("CornerCube").field(&self.corners).finish()
    }
}
