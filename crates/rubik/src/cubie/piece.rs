//! The pieces of the 3×3 and where their stickers sit.
//!
//! A position and the piece that belongs there share a name: `Corner::URF` is both the
//! up-right-front slot and the corner whose home it is. The sticker table below is the spec's
//! (`notation.md` §6): each corner read clockwise from outside starting with its U/D sticker, each
//! edge starting with its U/D sticker, or its F/B sticker for the four middle-layer edges. That
//! first sticker is the piece's reference: its orientation is the index, in its position's sticker
//! list, of the sticker that shows its reference colour.

use std::fmt;

use super::error::{InvalidCube, PieceFault};
use crate::face::Face;
use crate::facelet;

/// The eight corner positions (and pieces), in Kociemba's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(clippy::upper_case_acronyms)]
pub enum Corner {
    /// Up-right-front.
    URF,
    /// Up-front-left.
    UFL,
    /// Up-left-back.
    ULB,
    /// Up-back-right.
    UBR,
    /// Down-front-right.
    DFR,
    /// Down-left-front.
    DLF,
    /// Down-back-left.
    DBL,
    /// Down-right-back.
    DRB,
}

/// The twelve edge positions (and pieces), in Kociemba's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Edge {
    /// Up-right.
    UR,
    /// Up-front.
    UF,
    /// Up-left.
    UL,
    /// Up-back.
    UB,
    /// Down-right.
    DR,
    /// Down-front.
    DF,
    /// Down-left.
    DL,
    /// Down-back.
    DB,
    /// Front-right.
    FR,
    /// Front-left.
    FL,
    /// Back-left.
    BL,
    /// Back-right.
    BR,
}

/// A row or a column of a face, independent of the cube's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// Row or column 0.
    First,
    /// The middle row or column (odd sizes only).
    Middle,
    /// Row or column N-1.
    Last,
}

impl Line {
    /// The row or column index on a cube of size `size`.
    pub(crate) const fn at(self, size: usize) -> usize {
        match self {
            Line::First => 0,
            Line::Middle => size / 2,
            Line::Last => size - 1,
        }
    }
}

/// One sticker of a piece: a face and the row and column on it, for any cube size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Spot {
    pub(crate) face: Face,
    pub(crate) row: Line,
    pub(crate) col: Line,
}

impl Spot {
    /// The sticker's index in the facelet string of a cube of size `size`.
    pub(crate) const fn index(self, size: usize) -> usize {
        facelet::index(size, self.face, self.row.at(size), self.col.at(size))
    }
}

const fn spot(face: Face, row: Line, col: Line) -> Spot {
    Spot { face, row, col }
}

use Face::{B, D, F, L as Lf, R, U};
use Line::{First as A, Last as Z, Middle as M};

/// The stickers of each corner position, in reading order (`URF` = U9 R1 F3 on a 3×3).
pub(crate) const CORNER_SPOTS: [[Spot; 3]; 8] = [
    [spot(U, Z, Z), spot(R, A, A), spot(F, A, Z)],
    [spot(U, Z, A), spot(F, A, A), spot(Lf, A, Z)],
    [spot(U, A, A), spot(Lf, A, A), spot(B, A, Z)],
    [spot(U, A, Z), spot(B, A, A), spot(R, A, Z)],
    [spot(D, A, Z), spot(F, Z, Z), spot(R, Z, A)],
    [spot(D, A, A), spot(Lf, Z, Z), spot(F, Z, A)],
    [spot(D, Z, A), spot(B, Z, Z), spot(Lf, Z, A)],
    [spot(D, Z, Z), spot(R, Z, Z), spot(B, Z, A)],
];

/// The stickers of each edge position, in reading order (`UR` = U6 R2 on a 3×3); on odd cubes
/// these are the centre-of-edge stickers.
pub(crate) const EDGE_SPOTS: [[Spot; 2]; 12] = [
    [spot(U, M, Z), spot(R, A, M)],
    [spot(U, Z, M), spot(F, A, M)],
    [spot(U, M, A), spot(Lf, A, M)],
    [spot(U, A, M), spot(B, A, M)],
    [spot(D, M, Z), spot(R, Z, M)],
    [spot(D, A, M), spot(F, Z, M)],
    [spot(D, M, A), spot(Lf, Z, M)],
    [spot(D, Z, M), spot(B, Z, M)],
    [spot(F, M, Z), spot(R, M, A)],
    [spot(F, M, A), spot(Lf, M, Z)],
    [spot(B, M, Z), spot(Lf, M, A)],
    [spot(B, M, A), spot(R, M, Z)],
];

/// What corners and edges have in common, so that one orbit type serves both.
pub(crate) trait Piece: Copy + Eq + fmt::Display + 'static {
    /// Every piece, in index order.
    const ALL: &'static [Self];
    /// How many orientations a piece has (3 for corners, 2 for edges).
    const ORIENTATIONS: u8;
    /// The piece's index in `ALL`.
    fn index(self) -> usize;
    /// The stickers of this position, in reading order.
    fn spots(self) -> &'static [Spot];
    /// The error for an orientation `>= ORIENTATIONS` at `position`.
    fn orientation_out_of_range(position: Self, orientation: u8) -> InvalidCube;
    /// The error for `piece` found at both `positions`.
    fn duplicate(piece: Self, positions: [Self; 2]) -> InvalidCube;
    /// The error for orientations summing to `sum` (not 0) mod `ORIENTATIONS`.
    fn unoriented(sum: u8) -> InvalidCube;
    /// The error for stickers (facelet `indices` of a cube of size `size`, showing `colours`)
    /// that make no real piece at `position`.
    fn invalid(
        position: Self,
        size: usize,
        indices: &[usize],
        colours: &[Face],
        fault: PieceFault,
    ) -> InvalidCube;
}

impl Corner {
    /// All corners in Kociemba's order.
    pub const ALL: [Corner; 8] = [
        Corner::URF,
        Corner::UFL,
        Corner::ULB,
        Corner::UBR,
        Corner::DFR,
        Corner::DLF,
        Corner::DBL,
        Corner::DRB,
    ];

    /// The corner's index in [`Corner::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The faces of the corner, in reading order (clockwise from the U/D face).
    pub fn faces(self) -> [Face; 3] {
        CORNER_SPOTS[self.index()].map(|spot| spot.face)
    }
}

impl Edge {
    /// All edges in Kociemba's order.
    pub const ALL: [Edge; 12] = [
        Edge::UR,
        Edge::UF,
        Edge::UL,
        Edge::UB,
        Edge::DR,
        Edge::DF,
        Edge::DL,
        Edge::DB,
        Edge::FR,
        Edge::FL,
        Edge::BL,
        Edge::BR,
    ];

    /// The edge's index in [`Edge::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The faces of the edge, in reading order (U/D face first, else F/B face first).
    pub fn faces(self) -> [Face; 2] {
        EDGE_SPOTS[self.index()].map(|spot| spot.face)
    }
}

impl Piece for Corner {
    const ALL: &'static [Self] = &Corner::ALL;
    const ORIENTATIONS: u8 = 3;
    fn index(self) -> usize {
        self as usize
    }
    fn spots(self) -> &'static [Spot] {
        &CORNER_SPOTS[self as usize]
    }
    fn orientation_out_of_range(position: Self, twist: u8) -> InvalidCube {
        InvalidCube::TwistOutOfRange { position, twist }
    }
    fn duplicate(corner: Self, positions: [Self; 2]) -> InvalidCube {
        InvalidCube::DuplicateCorner { corner, positions }
    }
    fn unoriented(sum: u8) -> InvalidCube {
        InvalidCube::TwistedCorner { sum }
    }
    fn invalid(
        position: Self,
        size: usize,
        indices: &[usize],
        colours: &[Face],
        fault: PieceFault,
    ) -> InvalidCube {
        InvalidCube::InvalidCorner {
            position,
            size,
            stickers: indices.try_into().expect("a corner has three stickers"),
            colours: colours.try_into().expect("a corner has three stickers"),
            fault,
        }
    }
}

impl Piece for Edge {
    const ALL: &'static [Self] = &Edge::ALL;
    const ORIENTATIONS: u8 = 2;
    fn index(self) -> usize {
        self as usize
    }
    fn spots(self) -> &'static [Spot] {
        &EDGE_SPOTS[self as usize]
    }
    fn orientation_out_of_range(position: Self, flip: u8) -> InvalidCube {
        InvalidCube::FlipOutOfRange { position, flip }
    }
    fn duplicate(edge: Self, positions: [Self; 2]) -> InvalidCube {
        InvalidCube::DuplicateEdge { edge, positions }
    }
    fn unoriented(_sum: u8) -> InvalidCube {
        InvalidCube::FlippedEdge
    }
    fn invalid(
        position: Self,
        size: usize,
        indices: &[usize],
        colours: &[Face],
        fault: PieceFault,
    ) -> InvalidCube {
        InvalidCube::InvalidEdge {
            position,
            size,
            stickers: indices.try_into().expect("an edge has two stickers"),
            colours: colours.try_into().expect("an edge has two stickers"),
            fault,
        }
    }
}

/// Writes the faces' letters one after another (`URF`).
fn write_faces(f: &mut fmt::Formatter<'_>, faces: &[Face]) -> fmt::Result {
    faces.iter().try_for_each(|face| write!(f, "{face}"))
}

impl fmt::Display for Corner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_faces(f, &self.faces())
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_faces(f, &self.faces())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_sticker_table() {
        let corners: Vec<String> = Corner::ALL.iter().map(ToString::to_string).collect();
        assert_eq!(
            corners,
            ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"]
        );
        let edges: Vec<String> = Edge::ALL.iter().map(ToString::to_string).collect();
        assert_eq!(
            edges,
            [
                "UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"
            ]
        );
        for (i, corner) in Corner::ALL.into_iter().enumerate() {
            assert_eq!(corner.index(), i);
        }
        for (i, edge) in Edge::ALL.into_iter().enumerate() {
            assert_eq!(edge.index(), i);
        }
    }

    #[test]
    fn spec_sticker_names_on_the_three_by_three() {
        let name = |s: Spot| facelet::sticker_name(3, s.index(3));
        let corners: Vec<String> = CORNER_SPOTS.iter().map(|c| c.map(name).join(" ")).collect();
        assert_eq!(
            corners,
            [
                "U9 R1 F3", "U7 F1 L3", "U1 L1 B3", "U3 B1 R3", "D3 F9 R7", "D1 L9 F7", "D7 B9 L7",
                "D9 R9 B7"
            ]
        );
        let edges: Vec<String> = EDGE_SPOTS.iter().map(|e| e.map(name).join(" ")).collect();
        assert_eq!(
            edges,
            [
                "U6 R2", "U8 F2", "U4 L2", "U2 B2", "D6 R8", "D2 F8", "D4 L8", "D8 B8", "F6 R4",
                "F4 L6", "B6 L4", "B4 R6"
            ]
        );
    }
}
