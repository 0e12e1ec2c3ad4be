//! Symmetries of the cube as conjugations of states: the 16 that keep the U-D axis (which the
//! two-phase solver's tables are reduced by) and the 120° turn about the URF-DBL diagonal (which
//! lets one solver search along all three axes).
//!
//! Derived, not typed: the whole-cube rotations are read off a solved sticker cube turned as a
//! whole, and the mirror's position map comes from the pieces' faces with R and L exchanged.

use std::sync::LazyLock;

use super::cube::CubieCube;
use super::facelets::read_in_place;
use super::piece::{Corner, Edge};
use crate::face::{Axis, Face};
use crate::facelet::FaceletCube;
use crate::turn::Turn;

/// One of the 16 symmetries that keep the U-D axis: `y^k`, then `z2^f`, then the L-R mirror
/// `m` times, with index `k + 4f + 8m`. Conjugating by one maps the phase-1 and phase-2 move sets
/// of the two-phase algorithm onto themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UdSymmetry(u8);

impl UdSymmetry {
    /// The number of U-D symmetries.
    pub const COUNT: usize = 16;
    /// The identity.
    pub const IDENTITY: UdSymmetry = UdSymmetry(0);

    /// The symmetry with this index (`0..16`).
    pub const fn from_index(index: usize) -> UdSymmetry {
        assert!(index < Self::COUNT);
        UdSymmetry(index as u8)
    }

    /// The index, `0..16`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Every U-D symmetry, identity first.
    pub fn all() -> impl Iterator<Item = UdSymmetry> {
        (0..Self::COUNT).map(UdSymmetry::from_index)
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> UdSymmetry {
        SYMMETRIES.inverse[self.index()]
    }

    /// Whether this symmetry includes the mirror (it turns clockwise moves anticlockwise).
    pub const fn is_mirror(self) -> bool {
        self.0 >= 8
    }
}

/// The derived material: rotations as states, the mirror's position maps, inverses.
struct Symmetries {
    /// `y`, as the permutation a whole-cube turn makes of the positions.
    y: Rotation,
    /// `z2`.
    z2: Rotation,
    /// The 120° turn about the URF-DBL corner diagonal that takes U to R, R to F and F to U.
    urf: Rotation,
    /// The L-R mirror image of each corner position.
    mirror_corners: [Corner; 8],
    /// The L-R mirror image of each edge position.
    mirror_edges: [Edge; 12],
    /// The inverse of each U-D symmetry.
    inverse: [UdSymmetry; 16],
}

/// A whole-cube rotation as a state, and its inverse.
struct Rotation {
    turn: CubieCube,
    undo: CubieCube,
}

/// A whole-cube rotation as a state: a solved 3×3 turned by `turns` (each all three layers),
/// read piece by piece where they now sit.
fn rotation(turns: &[(Axis, u8)]) -> Rotation {
    let mut cube = FaceletCube::solved(3);
    for &(axis, quarters) in turns {
        cube.turn(Turn {
            axis,
            first: 0,
            last: 2,
            quarters,
        });
    }
    let turn = read_in_place(&cube);
    Rotation {
        turn,
        undo: turn.inverse(),
    }
}

/// The image of `faces` in the L-R mirror.
fn mirror_faces(faces: &[Face]) -> Vec<Face> {
    let swap = |f: Face| match f {
        Face::R => Face::L,
        Face::L => Face::R,
        other => other,
    };
    let mut image: Vec<Face> = faces.iter().map(|&f| swap(f)).collect();
    image.sort();
    image
}

static SYMMETRIES: LazyLock<Symmetries> = LazyLock::new(|| {
    let mirror_of = |faces: &[Face], candidates: &[Vec<Face>]| {
        let image = mirror_faces(faces);
        candidates
            .iter()
            .position(|c| {
                let mut c = c.clone();
                c.sort();
                c == image
            })
            .expect("the mirror of a piece is a piece")
    };
    let corner_faces: Vec<Vec<Face>> = Corner::ALL.iter().map(|c| c.faces().to_vec()).collect();
    let edge_faces: Vec<Vec<Face>> = Edge::ALL.iter().map(|e| e.faces().to_vec()).collect();
    let mut symmetries = Symmetries {
        y: rotation(&[(Axis::Y, 1)]),
        z2: rotation(&[(Axis::Z, 2)]),
        // x then y carries the stickers of U to R, of R to F and of F to U.
        urf: rotation(&[(Axis::X, 1), (Axis::Y, 1)]),
        mirror_corners: std::array::from_fn(|i| {
            Corner::ALL[mirror_of(&corner_faces[i], &corner_faces)]
        }),
        mirror_edges: std::array::from_fn(|i| Edge::ALL[mirror_of(&edge_faces[i], &edge_faces)]),
        inverse: [UdSymmetry::IDENTITY; 16],
    };
    // A probe with no symmetry of its own tells the symmetries apart.
    let probe = [Face::R, Face::U, Face::F, Face::F, Face::D, Face::L]
        .iter()
        .enumerate()
        .fold(CubieCube::SOLVED, |c, (i, &f)| {
            c * CubieCube::face_turn(f, 1 + i as u8 % 3)
        });
    for s in UdSymmetry::all() {
        let image = conjugate_with(&symmetries, &probe, s);
        symmetries.inverse[s.index()] = UdSymmetry::all()
            .find(|&t| conjugate_with(&symmetries, &image, t) == probe)
            .expect("every symmetry has an inverse");
    }
    symmetries
});

/// `cube` seen through the rotation `rotation`: `rotation⁻¹ · cube · rotation`.
fn through(cube: &CubieCube, rotation: &Rotation) -> CubieCube {
    rotation.undo * *cube * rotation.turn
}

fn conjugate_with(symmetries: &Symmetries, cube: &CubieCube, s: UdSymmetry) -> CubieCube {
    let index = s.index();
    let mut result = *cube;
    for _ in 0..index % 4 {
        result = through(&result, &symmetries.y);
    }
    if index & 4 != 0 {
        result = through(&result, &symmetries.z2);
    }
    if index & 8 != 0 {
        result = CubieCube::from_orbits(
            result.corners().mirrored(&symmetries.mirror_corners),
            result.edges().mirrored(&symmetries.mirror_edges),
        );
    }
    result
}

impl CubieCube {
    /// The state conjugated by a U-D symmetry: the same position seen after turning (and, for
    /// mirror symmetries, reflecting) the whole cube. Solving one solves the other, move for
    /// conjugated move.
    ///
    /// ```
    /// use rubik::cubie::UdSymmetry;
    /// use rubik::{CubieCube, Face};
    /// let r = CubieCube::face_turn(Face::R, 1);
    /// for s in UdSymmetry::all() {
    ///     let image = r.conjugate(s);
    ///     assert_eq!(image.conjugate(s.inverse()), r);
    ///     assert_eq!(image.order(), 4);
    /// }
    /// ```
    pub fn conjugate(&self, symmetry: UdSymmetry) -> CubieCube {
        conjugate_with(&SYMMETRIES, self, symmetry)
    }

    /// The state seen along the next axis: conjugated by the 120° turn about the URF-DBL
    /// diagonal. Three times gives the state back.
    pub fn rotate_diagonal(&self) -> CubieCube {
        through(self, &SYMMETRIES.urf)
    }
}

/// The L-R mirror image of an orbit, for tests of the mirror against the sticker model.
#[cfg(test)]
fn mirror_orbits(cube: &CubieCube) -> (super::orbit::Orbit<Corner>, super::orbit::Orbit<Edge>) {
    (
        cube.corners().mirrored(&SYMMETRIES.mirror_corners),
        cube.edges().mirrored(&SYMMETRIES.mirror_edges),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seeded_rng;

    /// The mirror image of a sticker cube: every face reversed left to right, R and L exchanged
    /// as places and as colours.
    fn mirror_stickers(cube: &FaceletCube) -> FaceletCube {
        let swap = |f: Face| match f {
            Face::R => Face::L,
            Face::L => Face::R,
            other => other,
        };
        let n = cube.size();
        let mut stickers = vec![Face::U; 6 * n * n];
        for face in Face::ALL {
            for row in 0..n {
                for col in 0..n {
                    let target = crate::facelet::index(n, swap(face), row, n - 1 - col);
                    stickers[target] = swap(cube.sticker(face, row, col));
                }
            }
        }
        FaceletCube::from_stickers(n, stickers).unwrap()
    }

    #[test]
    fn rotations_agree_with_turning_the_sticker_cube() {
        let mut rng = seeded_rng(5);
        for _ in 0..20 {
            let cube = CubieCube::random(&mut rng);
            let rotations: [(&[(Axis, u8)], &Rotation); 3] = [
                (&[(Axis::Y, 1)], &SYMMETRIES.y),
                (&[(Axis::Z, 2)], &SYMMETRIES.z2),
                (&[(Axis::X, 1), (Axis::Y, 1)], &SYMMETRIES.urf),
            ];
            for (turns, rotation) in rotations {
                let mut stickers = FaceletCube::from(&cube);
                for &(axis, quarters) in turns {
                    stickers.turn(Turn {
                        axis,
                        first: 0,
                        last: 2,
                        quarters,
                    });
                }
                assert_eq!(
                    CubieCube::try_from(&stickers).unwrap(),
                    through(&cube, rotation)
                );
            }
        }
    }

    #[test]
    fn the_mirror_agrees_with_reflecting_the_sticker_cube() {
        let mut rng = seeded_rng(6);
        for _ in 0..20 {
            let cube = CubieCube::random(&mut rng);
            let (corners, edges) = mirror_orbits(&cube);
            let expected =
                CubieCube::try_from(&mirror_stickers(&FaceletCube::from(&cube))).unwrap();
            assert_eq!(CubieCube::from_orbits(corners, edges), expected);
        }
    }

    #[test]
    fn the_sixteen_symmetries_are_distinct_and_keep_the_u_d_axis() {
        let u = CubieCube::face_turn(Face::U, 1);
        let d = CubieCube::face_turn(Face::D, 1);
        let r = CubieCube::face_turn(Face::R, 1);
        let mut images = Vec::new();
        for s in UdSymmetry::all() {
            let image = u.conjugate(s);
            let expected = if s.is_mirror() { u.inverse() } else { u };
            let flipped = if s.is_mirror() { d.inverse() } else { d };
            assert!(image == expected || image == flipped, "{s:?}");
            images.push(r.conjugate(s) * u.conjugate(s));
        }
        images.sort_by_key(|c| format!("{c:?}"));
        images.dedup();
        assert_eq!(images.len(), 16);
    }

    #[test]
    fn conjugation_is_a_homomorphism() {
        let mut rng = seeded_rng(7);
        for s in UdSymmetry::all() {
            let (a, b) = (CubieCube::random(&mut rng), CubieCube::random(&mut rng));
            assert_eq!((a * b).conjugate(s), a.conjugate(s) * b.conjugate(s));
        }
    }

    #[test]
    fn the_diagonal_turn_cycles_the_axes() {
        let mut rng = seeded_rng(8);
        let cube = CubieCube::random(&mut rng);
        assert_eq!(
            cube.rotate_diagonal().rotate_diagonal().rotate_diagonal(),
            cube
        );
        assert_ne!(cube.rotate_diagonal(), cube);
        // U-D moves become moves of another axis.
        let u = CubieCube::face_turn(Face::U, 1).rotate_diagonal();
        let faces = [Face::R, Face::F, Face::L, Face::B];
        assert!(
            faces
                .iter()
                .any(|&f| u == CubieCube::face_turn(f, 1) || u == CubieCube::face_turn(f, 3))
        );
    }
}
