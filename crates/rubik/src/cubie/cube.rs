//! [`CubieCube`]: the 3×3 as eight corners and twelve edges.

use std::fmt;
use std::ops::Mul;

use rand_core::Rng;

use super::error::InvalidCube;
use super::orbit::{Orbit, lcm};
use super::piece::{Corner, Edge};

/// A 3×3 state as pieces: which corner and edge sits at each position, and how it is turned.
///
/// Kociemba's convention: entry `i` names the piece at position `i` and its orientation there
/// (corner twist 0..3, counted from the U/D sticker; edge flip 0..2). A state is also a
/// transformation, so moves are `CubieCube`s too and [`compose`](CubieCube::compose) applies one
/// after another. Laid out for speed: corners and edges are sixteen byte lanes each, composed
/// with SIMD where available.
///
/// ```
/// use rubik::{CubieCube, Face};
/// let (r, u) = (CubieCube::face_turn(Face::R, 1), CubieCube::face_turn(Face::U, 1));
/// let sexy = r * u * r.inverse() * u.inverse();
/// assert_eq!(sexy.order(), 6);
/// assert!(sexy.pow(6).is_solved());
/// assert_eq!(sexy.pow(-1), sexy.inverse());
/// // The facelet string of R U R' U', and back.
/// let text = sexy.to_string();
/// assert_eq!(text.parse::<CubieCube>().unwrap(), sexy);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, align(16))]
pub struct CubieCube {
    corners: Orbit<Corner>,
    edges: Orbit<Edge>,
}

impl CubieCube {
    /// The solved cube, which is also the identity of composition.
    pub const SOLVED: CubieCube = CubieCube {
        corners: Orbit::SOLVED,
        edges: Orbit::SOLVED,
    };

    /// The cube made of these orbits, after the checks that span both: twist sum, flip sum,
    /// parity (in that order).
    pub(crate) fn from_valid_orbits(
        corners: Orbit<Corner>,
        edges: Orbit<Edge>,
    ) -> Result<CubieCube, InvalidCube> {
        corners.check_orientation_sum()?;
        edges.check_orientation_sum()?;
        if corners.parity() != edges.parity() {
            return Err(InvalidCube::Parity);
        }
        Ok(CubieCube { corners, edges })
    }

    /// The cube made of these orbits, unchecked: for whole-cube rotations, mirror images and
    /// coordinate representatives, which need not be reachable states.
    pub(crate) const fn from_orbits(corners: Orbit<Corner>, edges: Orbit<Edge>) -> CubieCube {
        CubieCube { corners, edges }
    }

    /// The cube with these pieces at the positions, unchecked beyond each orientation being in
    /// range and no piece repeated: for coordinate representatives.
    pub(crate) fn from_pieces_unchecked(
        corners: [(Corner, u8); 8],
        edges: [(Edge, u8); 12],
    ) -> CubieCube {
        CubieCube {
            corners: Orbit::from_pieces(&corners).expect("distinct corners, twists in range"),
            edges: Orbit::from_pieces(&edges).expect("distinct edges, flips in range"),
        }
    }

    /// The corners.
    pub(crate) fn corners(&self) -> &Orbit<Corner> {
        &self.corners
    }

    /// The edges.
    pub(crate) fn edges(&self) -> &Orbit<Edge> {
        &self.edges
    }

    /// The cube from Kociemba's arrays: the corner at each position and its twist, the edge at
    /// each position and its flip. Fails if a piece is missing or doubled, an orientation is out
    /// of range, or the state cannot be reached (twist sum, flip sum, parity).
    ///
    /// ```
    /// use rubik::cubie::{Corner, CubieCube, Edge};
    /// let solved = CubieCube::from_parts(Corner::ALL, [0; 8], Edge::ALL, [0; 12]).unwrap();
    /// assert!(solved.is_solved());
    /// let twisted = CubieCube::from_parts(Corner::ALL, [1, 0, 0, 0, 0, 0, 0, 0], Edge::ALL, [0; 12]);
    /// assert_eq!(twisted.unwrap_err().code(), "twisted_corner");
    /// ```
    pub fn from_parts(
        corner_permutation: [Corner; 8],
        corner_twists: [u8; 8],
        edge_permutation: [Edge; 12],
        edge_flips: [u8; 12],
    ) -> Result<CubieCube, InvalidCube> {
        let corners = Orbit::from_pieces(&std::array::from_fn::<_, 8, _>(|i| {
            (corner_permutation[i], corner_twists[i])
        }))?;
        let edges = Orbit::from_pieces(&std::array::from_fn::<_, 12, _>(|i| {
            (edge_permutation[i], edge_flips[i])
        }))?;
        CubieCube::from_valid_orbits(corners, edges)
    }

    /// `self` then `other` (Kociemba's A*B): the state reached by applying `other` to `self`.
    pub fn compose(&self, other: &CubieCube) -> CubieCube {
        CubieCube {
            corners: self.corners.compose(&other.corners),
            edges: self.edges.compose(&other.edges),
        }
    }

    /// The state that undoes this one: `a.compose(&a.inverse())` is solved.
    pub fn inverse(&self) -> CubieCube {
        CubieCube {
            corners: self.corners.inverse(),
            edges: self.edges.inverse(),
        }
    }

    /// `self` applied `exponent` times; a negative exponent applies the inverse.
    pub fn pow(&self, exponent: i64) -> CubieCube {
        CubieCube {
            corners: self.corners.pow(exponent),
            edges: self.edges.pow(exponent),
        }
    }

    /// The smallest positive number of repetitions that solves the cube (1 for solved), from the
    /// cycles of the pieces and their orientations.
    pub fn order(&self) -> u64 {
        lcm(self.corners.order(), self.edges.order())
    }

    /// Whether every piece is at home, unturned.
    pub fn is_solved(&self) -> bool {
        *self == CubieCube::SOLVED
    }

    /// The corner at `position` and its twist there.
    pub fn corner_at(&self, position: Corner) -> (Corner, u8) {
        self.corners.at(position)
    }

    /// The edge at `position` and its flip there.
    pub fn edge_at(&self, position: Edge) -> (Edge, u8) {
        self.edges.at(position)
    }

    /// Where `corner` is, and its twist there.
    pub fn find_corner(&self, corner: Corner) -> (Corner, u8) {
        self.corners.find(corner)
    }

    /// Where `edge` is, and its flip there.
    pub fn find_edge(&self, edge: Edge) -> (Edge, u8) {
        self.edges.find(edge)
    }

    /// The corner at each position (Kociemba's `cp`).
    pub fn corner_permutation(&self) -> [Corner; 8] {
        self.corners.permutation()
    }

    /// The twist at each position, 0..3 (Kociemba's `co`).
    pub fn corner_twists(&self) -> [u8; 8] {
        self.corners.orientations()
    }

    /// The edge at each position (Kociemba's `ep`).
    pub fn edge_permutation(&self) -> [Edge; 12] {
        self.edges.permutation()
    }

    /// The flip at each position, 0..2 (Kociemba's `eo`).
    pub fn edge_flips(&self) -> [u8; 12] {
        self.edges.orientations()
    }

    /// The parity of the corner permutation: 0 even, 1 odd.
    pub fn corner_parity(&self) -> u8 {
        self.corners.parity()
    }

    /// The parity of the edge permutation: 0 even, 1 odd (equal to the corner parity on every
    /// reachable state).
    pub fn edge_parity(&self) -> u8 {
        self.edges.parity()
    }

    /// A uniformly random reachable state. Draws the corners (permutation, then twists), then
    /// the edges (permutation, then flips), then swaps the BL and BR edges if the two parities
    /// differ.
    ///
    /// ```
    /// let mut rng = rubik::seeded_rng(1);
    /// let state = rubik::CubieCube::random(&mut rng);
    /// assert_eq!(state.corner_parity(), state.edge_parity());
    /// ```
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> CubieCube {
        let corners = Orbit::random(rng, None);
        let mut edges = Orbit::random(rng, None);
        if corners.parity() != edges.parity() {
            edges.swap(Edge::BL, Edge::BR);
        }
        CubieCube { corners, edges }
    }
}

/// `a * b` is [`a.compose(&b)`](CubieCube::compose): `a` then `b`.
impl Mul for CubieCube {
    type Output = CubieCube;

    fn mul(self, other: CubieCube) -> CubieCube {
        self.compose(&other)
    }
}

impl fmt::Debug for CubieCube {
    /// The pieces at each position, with nonzero orientations as `+1`, `+2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CubieCube")
            .field("corners", &self.corners)
            .field("edges", &self.edges)
            .finish()
    }
}
