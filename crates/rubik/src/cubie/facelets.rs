//! Stickers ⇄ pieces: reading a [`FaceletCube`] into pieces with every check of `notation.md` §6,
//! and painting pieces back onto stickers.
//!
//! Colours are read through a scheme: on odd cubes the centres say which face each colour
//! belongs to (so any whole-cube rotation reads fine); on even cubes, which have no fixed centres,
//! the DBL corner names D, B and L, and their opposites name U, F and R.

use std::fmt;
use std::str::FromStr;

use super::corner_cube::CornerCube;
use super::cube::CubieCube;
use super::error::{InvalidCube, PieceFault};
use super::orbit::Orbit;
use super::piece::{Corner, Edge, Piece};
use super::stand_in::FaceletCube;
use crate::face::Face;

/// Which face each colour stands for.
struct Scheme([Face; 6]);

impl Scheme {
    /// The scheme of an odd cube: each colour names the face whose centre shows it.
    fn from_centres(cube: &FaceletCube) -> Result<Scheme, InvalidCube> {
        let middle = cube.size() / 2;
        let mut owner: [Option<Face>; 6] = [None; 6];
        for face in Face::ALL {
            let colour = cube.sticker(face, middle, middle);
            if let Some(first) = owner[colour.index()] {
                return Err(InvalidCube::DuplicateCentre {
                    colour,
                    faces: [first, face],
                });
            }
            owner[colour.index()] = Some(face);
        }
        Ok(Scheme(
            owner.map(|face| face.expect("six distinct centres")),
        ))
    }

    /// The scheme of an even cube, which puts the DBL corner home: its colours name D, B and L,
    /// their opposites U, F and R.
    fn from_dbl_corner(cube: &FaceletCube) -> Result<Scheme, InvalidCube> {
        let spots = Corner::DBL.spots();
        let colours: Vec<Face> = spots
            .iter()
            .map(|spot| cube.stickers()[spot.index(cube.size())])
            .collect();
        if let Some(fault) = fault(&colours, &colours) {
            let indices: Vec<usize> = spots.iter().map(|spot| spot.index(cube.size())).collect();
            return Err(Corner::invalid(
                Corner::DBL,
                cube.size(),
                &indices,
                &colours,
                fault,
            ));
        }
        let mut faces = [Face::U; 6];
        for (colour, spot) in colours.iter().zip(spots) {
            faces[colour.index()] = spot.face;
            faces[colour.opposite().index()] = spot.face.opposite();
        }
        Ok(Scheme(faces))
    }

    fn face(&self, colour: Face) -> Face {
        self.0[colour.index()]
    }
}

/// Why colours standing for `faces` (one per sticker) cannot be one piece, if they cannot
/// because of a repeat or an opposite pair; reported with the `colours` as written.
fn fault(colours: &[Face], faces: &[Face]) -> Option<PieceFault> {
    for i in 0..faces.len() {
        for j in i + 1..faces.len() {
            if faces[i] == faces[j] {
                return Some(PieceFault::Repeated(colours[i]));
            }
            if faces[i] == faces[j].opposite() {
                return Some(PieceFault::Opposite(colours[i], colours[j]));
            }
        }
    }
    None
}

/// The piece and orientation at each position of `P`, read through `scheme`; fails at the first
/// position whose stickers make no real piece.
fn read_pieces<P: Piece>(cube: &FaceletCube, scheme: &Scheme) -> Result<Vec<(P, u8)>, InvalidCube> {
    let size = cube.size();
    P::ALL
        .iter()
        .map(|&position| {
            let indices: Vec<usize> = position.spots().iter().map(|s| s.index(size)).collect();
            let colours: Vec<Face> = indices.iter().map(|&i| cube.stickers()[i]).collect();
            let faces: Vec<Face> = colours.iter().map(|&c| scheme.face(c)).collect();
            let fault = fault(&colours, &faces).unwrap_or(PieceFault::Mirrored);
            identify(&faces).ok_or_else(|| P::invalid(position, size, &indices, &colours, fault))
        })
        .collect()
}

/// The piece whose home faces, read from its reference sticker on, are `faces` read from index
/// `orientation` on (wrapping round).
fn identify<P: Piece>(faces: &[Face]) -> Option<(P, u8)> {
    let count = faces.len();
    P::ALL.iter().find_map(|&piece| {
        (0..count)
            .find(|&orientation| {
                piece
                    .spots()
                    .iter()
                    .enumerate()
                    .all(|(k, home)| faces[(orientation + k) % count] == home.face)
            })
            .map(|orientation| (piece, orientation as u8))
    })
}

/// The corners, edges and centres of an odd cube as a 3×3, fully checked in the spec's order.
fn read_frame(cube: &FaceletCube) -> Result<CubieCube, InvalidCube> {
    let scheme = Scheme::from_centres(cube)?;
    let corners = read_pieces::<Corner>(cube, &scheme)?;
    let edges = read_pieces::<Edge>(cube, &scheme)?;
    CubieCube::from_valid_orbits(Orbit::from_pieces(&corners)?, Orbit::from_pieces(&edges)?)
}

/// The corners of a cube, put in the orientation with DBL home, checked.
fn read_corners(cube: &FaceletCube) -> Result<CornerCube, InvalidCube> {
    let scheme = Scheme::from_dbl_corner(cube)?;
    let corners = read_pieces::<Corner>(cube, &scheme)?;
    CornerCube::from_valid_orbit(Orbit::from_pieces(&corners)?)
}

/// Checks that a cube of any size could be reached by turning, as far as its pieces tell:
///
/// * N = 1: nothing beyond what a `FaceletCube` already guarantees (colour counts);
/// * odd N ≥ 3: the corners, centre-of-edge pieces and centres, as a 3×3 (the full 3×3 check,
///   read through the centres): inner layers never move these pieces, so they must make a
///   valid 3×3 on their own;
/// * even N: the corners (each a real corner, no two alike, twists summing to 0), read in the
///   orientation with DBL home.
///
/// ```
/// use rubik::cubie::validate;
/// use rubik::facelet::FaceletCube;
/// assert!(validate(&FaceletCube::solved(4)).is_ok());
/// let twisted: FaceletCube = "URUUFRRRUFFFDDDDLLLLBBBB".parse().unwrap(); // URF twisted
/// assert_eq!(validate(&twisted).unwrap_err().code(), "twisted_corner");
/// ```
pub fn validate(cube: &FaceletCube) -> Result<(), InvalidCube> {
    match cube.size() {
        0 | 1 => Ok(()),
        size if size % 2 == 1 => read_frame(cube).map(drop),
        _ => read_corners(cube).map(drop),
    }
}

/// Reads a 3×3, through its centres, with every check of `notation.md` §6 in order.
impl TryFrom<&FaceletCube> for CubieCube {
    type Error = InvalidCube;

    fn try_from(cube: &FaceletCube) -> Result<CubieCube, InvalidCube> {
        match cube.size() {
            3 => read_frame(cube),
            found => Err(InvalidCube::WrongSize { expected: 3, found }),
        }
    }
}

/// Reads a 2×2, turned as a whole so that the DBL corner is home.
impl TryFrom<&FaceletCube> for CornerCube {
    type Error = InvalidCube;

    fn try_from(cube: &FaceletCube) -> Result<CornerCube, InvalidCube> {
        match cube.size() {
            2 => read_corners(cube),
            found => Err(InvalidCube::WrongSize { expected: 2, found }),
        }
    }
}

/// Paints the pieces of `orbit` onto the stickers of a cube of size `size`.
fn paint<P: Piece>(orbit: &Orbit<P>, size: usize, stickers: &mut [Face]) {
    for &position in P::ALL {
        let (piece, orientation) = orbit.at(position);
        let spots = position.spots();
        for (k, home) in piece.spots().iter().enumerate() {
            let spot = spots[(usize::from(orientation) + k) % spots.len()];
            stickers[spot.index(size)] = home.face;
        }
    }
}

/// The 3×3 with these pieces and the standard centres.
impl From<&CubieCube> for FaceletCube {
    fn from(cube: &CubieCube) -> FaceletCube {
        let mut stickers = FaceletCube::solved(3).stickers().to_vec();
        paint(cube.corners(), 3, &mut stickers);
        paint(cube.edges(), 3, &mut stickers);
        FaceletCube::from_stickers(3, stickers).expect("pieces paint whole faces' worth of colours")
    }
}

/// The 2×2 with these corners.
impl From<&CornerCube> for FaceletCube {
    fn from(cube: &CornerCube) -> FaceletCube {
        let mut stickers = FaceletCube::solved(2).stickers().to_vec();
        paint(cube.corners(), 2, &mut stickers);
        FaceletCube::from_stickers(2, stickers)
            .expect("corners paint whole faces' worth of colours")
    }
}

/// Parses a 3×3 facelet string (54 letters of `URFDLB`), with every check.
impl FromStr for CubieCube {
    type Err = InvalidCube;

    fn from_str(text: &str) -> Result<CubieCube, InvalidCube> {
        CubieCube::try_from(&text.parse::<FaceletCube>()?)
    }
}

/// Parses a 2×2 facelet string (24 letters of `URFDLB`), with every check.
impl FromStr for CornerCube {
    type Err = InvalidCube;

    fn from_str(text: &str) -> Result<CornerCube, InvalidCube> {
        CornerCube::try_from(&text.parse::<FaceletCube>()?)
    }
}

/// The 3×3 facelet string.
impl fmt::Display for CubieCube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        FaceletCube::from(self).fmt(f)
    }
}

/// The 2×2 facelet string.
impl fmt::Display for CornerCube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        FaceletCube::from(self).fmt(f)
    }
}
