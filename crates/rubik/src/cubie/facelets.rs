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
use crate::face::Face;
use crate::facelet::FaceletCube;

/// Which face each colour stands for.
pub(crate) struct Scheme(pub(crate) [Face; 6]);

impl Scheme {
    /// The scheme of an odd cube: each colour names the face whose centre shows it.
    pub(crate) fn from_centres(cube: &FaceletCube) -> Result<Scheme, InvalidCube> {
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
    pub(crate) fn from_dbl_corner(cube: &FaceletCube) -> Result<Scheme, InvalidCube> {
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
pub(crate) fn fault(colours: &[Face], faces: &[Face]) -> Option<PieceFault> {
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
            identify(&faces).ok_or_else(|| {
                // No repeat and no opposite pair leaves only a corner read the wrong way round.
                let fault = fault(&colours, &faces).unwrap_or(PieceFault::Mirrored);
                P::invalid(position, size, &indices, &colours, fault)
            })
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

/// The pieces of a 3×3 as they sit, each named by its colours taken as face names, without
/// reading through the centres: on a solved cube turned as a whole this gives the whole-cube
/// rotation as a permutation of positions. The caller guarantees every position shows a real
/// piece.
pub(super) fn read_in_place(cube: &FaceletCube) -> CubieCube {
    let scheme = Scheme(Face::ALL);
    let corners = read_pieces::<Corner>(cube, &scheme).expect("every corner is a real corner");
    let edges = read_pieces::<Edge>(cube, &scheme).expect("every edge is a real edge");
    CubieCube::from_orbits(
        Orbit::from_pieces(&corners).expect("distinct corners"),
        Orbit::from_pieces(&edges).expect("distinct edges"),
    )
}

/// The corners of a cube, put in the orientation with DBL home, checked.
fn read_corners(cube: &FaceletCube) -> Result<CornerCube, InvalidCube> {
    let scheme = Scheme::from_dbl_corner(cube)?;
    let corners = read_pieces::<Corner>(cube, &scheme)?;
    CornerCube::from_valid_orbit(Orbit::from_pieces(&corners)?)
}

/// Checks that a cube of any size could be reached by turning, held any way up:
///
/// * N = 1: nothing beyond what a `FaceletCube` already guarantees (colour counts);
/// * N = 2: the corners (each a real corner, no two alike, twists summing to 0), read in the
///   orientation with DBL home;
/// * N = 3: the full 3×3 check, read through the centres;
/// * N ≥ 4: every orbit and law of [`crate::bigcube::normalise`].
///
/// ```
/// use rubik::cubie::validate;
/// use rubik::facelet::FaceletCube;
/// assert!(validate(&FaceletCube::solved(4)).is_ok());
/// let twisted: FaceletCube = "UUUFURRRFRFFDDDDLLLLBBBB".parse().unwrap(); // URF twisted
/// assert_eq!(validate(&twisted).unwrap_err().code(), "twisted_corner");
/// ```
pub fn validate(cube: &FaceletCube) -> Result<(), InvalidCube> {
    match cube.size() {
        0 | 1 => Ok(()),
        2 => read_corners(cube).map(drop),
        3 => read_frame(cube).map(drop),
        _ => crate::bigcube::normalise(cube).map(drop),
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::cubie::piece::{CORNER_SPOTS, EDGE_SPOTS};
    use crate::face::Axis;
    use crate::random::below;
    use crate::turn::Turn;
    use crate::{SeededRng, seeded_rng};

    /// A random turn of any block of layers, whole-cube rotations included.
    fn any_turn(rng: &mut SeededRng, size: usize) -> Turn {
        let axis = Axis::ALL[below(rng, 3) as usize];
        let a = below(rng, size as u32) as usize;
        let b = below(rng, size as u32) as usize;
        let quarters = 1 + below(rng, 3) as u8;
        Turn {
            axis,
            first: a.min(b),
            last: a.max(b),
            quarters,
        }
    }

    fn scrambled(size: usize, seed: u64) -> FaceletCube {
        let mut rng = seeded_rng(seed);
        let mut cube = FaceletCube::solved(size);
        for _ in 0..30 {
            cube.turn(any_turn(&mut rng, size));
        }
        cube
    }

    /// The stickers painted from these raw lanes, on a solved 3×3 (for states `from_parts`
    /// would refuse).
    fn painted(corners: [u8; 16], edges: [u8; 16]) -> FaceletCube {
        let mut stickers = FaceletCube::solved(3).stickers().to_vec();
        paint(&Orbit::<Corner>::from_lanes(corners), 3, &mut stickers);
        paint(&Orbit::<Edge>::from_lanes(edges), 3, &mut stickers);
        FaceletCube::from_stickers(3, stickers).unwrap()
    }

    fn corner_stickers(corner: Corner, size: usize) -> [usize; 3] {
        CORNER_SPOTS[corner.index()].map(|spot| spot.index(size))
    }

    fn edge_stickers(edge: Edge, size: usize) -> [usize; 2] {
        EDGE_SPOTS[edge.index()].map(|spot| spot.index(size))
    }

    const SOLVED_LANES: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

    /// `SOLVED_LANES` with the given lanes replaced.
    fn lanes(changes: &[(usize, u8)]) -> [u8; 16] {
        let mut lanes = SOLVED_LANES;
        for &(i, lane) in changes {
            lanes[i] = lane;
        }
        lanes
    }

    /// The cube with stickers `a` and `b` (facelet indices) exchanged.
    fn swapped(cube: &FaceletCube, a: usize, b: usize) -> FaceletCube {
        let mut stickers = cube.stickers().to_vec();
        stickers.swap(a, b);
        FaceletCube::from_stickers(cube.size(), stickers).unwrap()
    }

    /// The reason a facelet string is refused, whatever its size; `None` if it is accepted.
    fn refusal(text: &str) -> Option<&'static str> {
        let typed = match text.len() {
            54 => text.parse::<CubieCube>().err(),
            24 => text.parse::<CornerCube>().err(),
            _ => None,
        };
        let general = match text.parse::<FaceletCube>() {
            Err(error) => Some(error.code()),
            Ok(cube) => validate(&cube).err().map(|e| e.code()),
        };
        if matches!(text.len(), 54 | 24) {
            assert_eq!(typed.as_ref().map(InvalidCube::code), general, "{text}");
        }
        general
    }

    #[test]
    fn every_invalid_facelet_vector_is_refused_for_its_reason() {
        let mut checked = 0;
        for line in include_str!("../../tests/data/invalid.jsonl").lines() {
            let vector: serde_json::Value = serde_json::from_str(line).unwrap();
            if vector["kind"] != "facelets" {
                continue;
            }
            let text = vector["facelets"].as_str().unwrap();
            let reason = vector["reason"].as_str().unwrap();
            assert_eq!(refusal(text), Some(reason), "{vector}");
            checked += 1;
        }
        assert!(checked >= 16, "only {checked} facelet vectors");
    }

    #[test]
    fn reference_states_of_the_spec() {
        let cases = [
            (
                Face::R,
                "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB",
            ),
            (
                Face::U,
                "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB",
            ),
            (
                Face::F,
                "UUUUUULLLURRURRURRFFFFFFFFFRRRDDDDDDLLDLLDLLDBBBBBBBBB",
            ),
        ];
        for (face, text) in cases {
            let turn = CubieCube::face_turn(face, 1);
            assert_eq!(turn.to_string(), text, "{face}");
            assert_eq!(text.parse::<CubieCube>().unwrap(), turn, "{face}");
        }
        let r = CornerCube::from(&CubieCube::face_turn(Face::R, 1));
        assert_eq!(r.to_string(), "UFUFRRRRFDFDDBDBLLLLUBUB");
    }

    #[test]
    fn messages_name_the_stickers_and_the_rule() {
        let solved = FaceletCube::solved(3);
        let cases: Vec<(FaceletCube, &str)> = vec![
            (
                "UUUUUUUUFRRRRRRRRRFFFFFFFFUDDDDDDDDDLLLLLLLLLBBBBBBBBB"
                    .parse()
                    .unwrap(),
                "the corner at URF (stickers U9 R1 F3) shows F R F: no corner has two F stickers",
            ),
            (
                "UUUUUUUUURRRRRRRRRFDFFFFFFFDFDDDDDDDLLLLLLLLLBBBBBBBBB"
                    .parse()
                    .unwrap(),
                "the edge at UF (stickers U8 F2) shows U D: no edge has both U and D",
            ),
            (
                "UUUUDUUUURRRRRRRRRFFFFFFFFFUDDDDDDDDLLLLLLLLLBBBBBBBBB"
                    .parse()
                    .unwrap(),
                "the U and D centres are both D",
            ),
            (
                swapped(&solved, 8, 9),
                "the corner at URF (stickers U9 R1 F3) shows R U F: \
                 that is the mirror image of a real corner",
            ),
            (
                swapped(&solved, 6 * 9 - 1, 3 * 9 + 8),
                "the corner at DBL (stickers D7 B9 L7) shows D D L: no corner has two D stickers",
            ),
            (
                painted(lanes(&[(1, 0), (7, 6)]), SOLVED_LANES),
                "the corners at URF and UFL are both the URF corner",
            ),
            (
                painted(SOLVED_LANES, lanes(&[(1, 0), (4, 5)])),
                "the edges at UR and UF are both the UR edge",
            ),
            (
                painted(lanes(&[(0, 0x10)]), SOLVED_LANES),
                "a corner is twisted (twists sum to 1 mod 3)",
            ),
            (
                painted(SOLVED_LANES, lanes(&[(11, 0x1B)])),
                "an edge is flipped (flips sum to 1 mod 2)",
            ),
            (
                painted(lanes(&[(0, 1), (1, 0)]), SOLVED_LANES),
                "two pieces are swapped (corner and edge permutation parities differ)",
            ),
            (FaceletCube::solved(4), "expected a 3×3 cube, got a 4×4"),
        ];
        for (cube, message) in cases {
            let error = CubieCube::try_from(&cube).unwrap_err();
            assert_eq!(error.to_string(), message, "{cube}");
        }
    }

    #[test]
    fn the_first_broken_rule_is_reported() {
        let cases = [
            // Twisted corner and two edges swapped.
            (
                lanes(&[(0, 0x10)]),
                lanes(&[(0, 1), (1, 0)]),
                "twisted_corner",
            ),
            // Flipped edge and two edges swapped.
            (SOLVED_LANES, lanes(&[(0, 0x11), (1, 0)]), "flipped_edge"),
            // Twisted corner and flipped edge.
            (lanes(&[(3, 0x23)]), lanes(&[(5, 0x15)]), "twisted_corner"),
            // A duplicate corner with a twist.
            (
                lanes(&[(1, 0x10), (7, 6)]),
                SOLVED_LANES,
                "duplicate_corner",
            ),
            // A duplicate edge with a twisted corner.
            (
                lanes(&[(2, 0x12)]),
                lanes(&[(1, 0), (4, 5)]),
                "duplicate_edge",
            ),
        ];
        for (corners, edges, code) in cases {
            let error = CubieCube::try_from(&painted(corners, edges)).unwrap_err();
            assert_eq!(error.code(), code, "{corners:?} {edges:?}");
        }
        // An invalid edge comes before a duplicate corner.
        let cube = painted(lanes(&[(1, 0), (7, 6)]), SOLVED_LANES);
        let uf_sticker = Edge::UF.spots()[1].index(3);
        let dr_sticker = Edge::DR.spots()[0].index(3);
        let cube = swapped(&cube, uf_sticker, dr_sticker);
        assert_eq!(
            CubieCube::try_from(&cube).unwrap_err().code(),
            "invalid_edge"
        );
    }

    /// The three whole-cube rotations by one, two and three quarters.
    fn rotations(size: usize) -> impl Iterator<Item = Turn> {
        Axis::ALL.into_iter().flat_map(move |axis| {
            (1..4).map(move |quarters| Turn {
                axis,
                first: 0,
                last: size - 1,
                quarters,
            })
        })
    }

    #[test]
    fn rotated_cubes_read_through_their_centres() {
        for turn in rotations(3) {
            let mut cube = FaceletCube::solved(3);
            cube.turn(turn);
            assert!(CubieCube::try_from(&cube).unwrap().is_solved(), "{turn:?}");
            let mut cube = scrambled(3, 8);
            cube.turn(turn);
            assert!(CubieCube::try_from(&cube).is_ok(), "{turn:?}");
        }
        for turn in rotations(2) {
            let mut cube = FaceletCube::solved(2);
            cube.turn(turn);
            assert!(CornerCube::try_from(&cube).unwrap().is_solved(), "{turn:?}");
        }
    }

    #[test]
    fn two_by_two_errors() {
        let solved = FaceletCube::solved(2);
        let dbl = corner_stickers(Corner::DBL, 2);
        let urf = corner_stickers(Corner::URF, 2);
        // D7 B9 L7 of a 3×3 are D3 B4 L3 of a 2×2.
        let cases = [
            (
                swapped(&solved, dbl[1], urf[1]),
                "invalid_corner",
                "the corner at DBL (stickers D3 B4 L3) shows D R L: no corner has both R and L",
            ),
            (
                swapped(&solved, urf[0], urf[1]),
                "invalid_corner",
                "the corner at URF (stickers U4 R1 F2) shows R U F: \
                 that is the mirror image of a real corner",
            ),
            (
                FaceletCube::solved(3),
                "wrong_size",
                "expected a 2×2 cube, got a 3×3",
            ),
        ];
        for (cube, code, message) in cases {
            let error = CornerCube::try_from(&cube).unwrap_err();
            assert_eq!((error.code(), error.to_string().as_str()), (code, message));
        }
        let twisted = FaceletCube::from(&CornerCube::from(&CubieCube::face_turn(Face::R, 1)));
        let mut stickers = twisted.stickers().to_vec();
        let colours = urf.map(|i| stickers[i]);
        for k in 0..3 {
            stickers[urf[k]] = colours[(k + 1) % 3];
        }
        let twisted = FaceletCube::from_stickers(2, stickers).unwrap();
        assert_eq!(
            CornerCube::try_from(&twisted).unwrap_err().code(),
            "twisted_corner"
        );
        assert_eq!(validate(&twisted).unwrap_err().code(), "twisted_corner");
    }

    #[test]
    fn every_size_validates_its_pieces() {
        for size in 1..=7 {
            for seed in 0..5 {
                let cube = scrambled(size, seed);
                assert!(validate(&cube).is_ok(), "{size}: {cube}");
            }
        }
        let corner_twisted = |size: usize| {
            let mut stickers = scrambled(size, 1).stickers().to_vec();
            let spots = corner_stickers(Corner::UFL, size);
            let colours = spots.map(|i| stickers[i]);
            for k in 0..3 {
                stickers[spots[k]] = colours[(k + 2) % 3];
            }
            FaceletCube::from_stickers(size, stickers).unwrap()
        };
        let edge_flipped = |size: usize| {
            let cube = scrambled(size, 2);
            let [a, b] = edge_stickers(Edge::BL, size);
            swapped(&cube, a, b)
        };
        let edges_swapped = |size: usize| {
            let cube = scrambled(size, 3);
            let [a, b] = edge_stickers(Edge::UR, size);
            let [c, d] = edge_stickers(Edge::DB, size);
            swapped(&swapped(&cube, a, c), b, d)
        };
        let corners_swapped = |size: usize| {
            let cube = scrambled(size, 4);
            let [a, b, c] = corner_stickers(Corner::URF, size);
            let [d, e, f] = corner_stickers(Corner::UBR, size);
            swapped(&swapped(&swapped(&cube, a, d), b, e), c, f)
        };
        for size in 2..=7 {
            let odd = size % 2 == 1;
            assert_eq!(
                validate(&corner_twisted(size)).unwrap_err().code(),
                "twisted_corner"
            );
            // Even cubes have no centre-of-edge pieces and no parity rule between orbits.
            let corners_swapped = validate(&corners_swapped(size)).err().map(|e| e.code());
            assert_eq!(corners_swapped, odd.then_some("parity"), "{size}");
            if odd {
                assert_eq!(
                    validate(&edge_flipped(size)).unwrap_err().code(),
                    "flipped_edge"
                );
                assert_eq!(validate(&edges_swapped(size)).unwrap_err().code(), "parity");
            }
        }
        let mut cube = FaceletCube::solved(5).stickers().to_vec();
        cube.swap(12, 25);
        let cube = FaceletCube::from_stickers(5, cube).unwrap();
        assert_eq!(
            validate(&cube).unwrap_err().to_string(),
            "the U and R centres are both R"
        );
    }

    /// Whether `a` and `b` differ only by a renaming of colours.
    fn same_up_to_colours(a: &FaceletCube, b: &FaceletCube) -> bool {
        let mut rename: [Option<Face>; 6] = [None; 6];
        a.stickers()
            .iter()
            .zip(b.stickers())
            .all(|(&x, &y)| *rename[x.index()].get_or_insert(y) == y)
    }

    proptest! {
        #[test]
        fn facelets_pieces_facelets_round_trip(seed: u64) {
            let cube = CubieCube::random(&mut seeded_rng(seed));
            let facelets = FaceletCube::from(&cube);
            prop_assert_eq!(CubieCube::try_from(&facelets).unwrap(), cube);
            prop_assert_eq!(facelets.to_string().parse::<CubieCube>().unwrap(), cube);
            let corners = CornerCube::random(&mut seeded_rng(seed));
            prop_assert_eq!(corners.to_string().parse::<CornerCube>().unwrap(), corners);
        }

        #[test]
        fn stickers_and_pieces_agree(moves in proptest::collection::vec((0..6usize, 1..4i64), 0..40)) {
            let mut facelets = FaceletCube::solved(3);
            let mut pocket = FaceletCube::solved(2);
            let mut cube = CubieCube::SOLVED;
            let mut corners = CornerCube::SOLVED;
            for (face, amount) in moves {
                let face = Face::ALL[face];
                let turn = Turn::from_face(face, 1, 1, amount, 3);
                facelets.turn(turn);
                cube = cube * CubieCube::try_from(turn).unwrap();
                // The 2×2 keeps DBL home with U, R and F only.
                if matches!(face, Face::U | Face::R | Face::F) {
                    pocket.turn(Turn::from_face(face, 1, 1, amount, 2));
                    corners = corners * CornerCube::from(&CubieCube::face_turn(face, amount as u8));
                }
            }
            prop_assert_eq!(CubieCube::try_from(&facelets).unwrap(), cube);
            prop_assert_eq!(FaceletCube::from(&cube).to_string(), facelets.to_string());
            prop_assert_eq!(CornerCube::try_from(&pocket).unwrap(), corners);
            prop_assert_eq!(FaceletCube::from(&corners).to_string(), pocket.to_string());
        }

        #[test]
        fn any_turned_cube_reads_back_up_to_colours(seed: u64) {
            let three = scrambled(3, seed);
            let read = CubieCube::try_from(&three).unwrap();
            prop_assert!(same_up_to_colours(&three, &FaceletCube::from(&read)));
            let two = scrambled(2, seed);
            let read = CornerCube::try_from(&two).unwrap();
            prop_assert_eq!(read.corner_at(Corner::DBL), (Corner::DBL, 0));
            prop_assert!(same_up_to_colours(&two, &FaceletCube::from(&read)));
        }
    }
}
