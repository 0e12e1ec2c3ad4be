//! Why a set of stickers or pieces is not a cube: [`InvalidCube`], one variant per rule, each
//! carrying what broke it.

use std::fmt;

use super::piece::{Corner, Edge};
use crate::face::Face;
use crate::facelet::pieces::OrbitKind;
use crate::facelet::{FaceletError, sticker_name};
use crate::turn::Turn;

/// Why stickers or pieces do not make a reachable cube. The variants follow the order in which
/// facelets are checked (`notation.md` §6); [`code`](InvalidCube::code) gives the spec's reason code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidCube {
    /// The cube has the wrong number of layers for this model.
    #[error("expected a {expected}×{expected} cube, got a {found}×{found}")]
    WrongSize {
        /// The size the model needs.
        expected: usize,
        /// The size given.
        found: usize,
    },
    /// The facelets themselves are wrong (length, letters or colour counts).
    #[error(transparent)]
    Facelets(#[from] FaceletError),
    /// Two centres show the same colour.
    #[error("the {} and {} centres are both {colour}", faces[0], faces[1])]
    DuplicateCentre {
        /// The colour shown twice.
        colour: Face,
        /// The two faces whose centres show it.
        faces: [Face; 2],
    },
    /// The six middle centres of an odd cube, all different, are no real cube's: a mirror image,
    /// or two opposite colours side by side.
    #[error(
        "the centres (stickers {}) show {}: no cube has its centres so",
        StickerNames(*size, stickers),
        Colours(colours)
    )]
    InvalidCentres {
        /// The size of the cube read.
        size: usize,
        /// The middle sticker of each face, in face order.
        stickers: [usize; 6],
        /// Their colours.
        colours: [Face; 6],
    },
    /// The stickers of a corner match no real corner.
    #[error(
        "the corner at {position} (stickers {}) shows {}: {}",
        StickerNames(*size, stickers),
        Colours(colours),
        fault.explain("corner")
    )]
    InvalidCorner {
        /// The position read.
        position: Corner,
        /// The size of the cube read, which names the stickers.
        size: usize,
        /// The facelet indices of its stickers, in reading order.
        stickers: [usize; 3],
        /// The colours on those stickers, as written.
        colours: [Face; 3],
        /// What is wrong with them.
        fault: PieceFault,
    },
    /// The stickers of an edge match no real edge.
    #[error(
        "the edge at {position} (stickers {}) shows {}: {}",
        StickerNames(*size, stickers),
        Colours(colours),
        fault.explain("edge")
    )]
    InvalidEdge {
        /// The position read.
        position: Edge,
        /// The size of the cube read, which names the stickers.
        size: usize,
        /// The facelet indices of its stickers, in reading order.
        stickers: [usize; 2],
        /// The colours on those stickers, as written.
        colours: [Face; 2],
        /// What is wrong with them.
        fault: PieceFault,
    },
    /// The stickers of a wing match no real wing.
    #[error(
        "the wing at depth {depth} (stickers {}) shows {}: {}",
        StickerNames(*size, stickers),
        Colours(colours),
        fault.explain("wing")
    )]
    InvalidWing {
        /// The wing orbit's depth.
        depth: usize,
        /// The size of the cube read.
        size: usize,
        /// The facelet indices of its stickers, in the orbit's order.
        stickers: [usize; 2],
        /// The colours on those stickers, as written.
        colours: [Face; 2],
        /// What is wrong with them.
        fault: PieceFault,
    },
    /// The same wing in two places. When its twin (the wing with the same colours the other
    /// way round) is missing, a wing was flipped in place, which no turn can do.
    #[error(
        "the wings at {} and at {} (depth {depth}) both show {}{}",
        StickerNames(*size, &stickers[0]),
        StickerNames(*size, &stickers[1]),
        Colours(colours),
        if *twin_missing { "; no wing shows them the other way round: a wing is flipped in place, which no turn does" } else { "" }
    )]
    DuplicateWing {
        /// The wing orbit's depth.
        depth: usize,
        /// The size of the cube read.
        size: usize,
        /// The stickers of the two places, each in the orbit's order.
        stickers: [[usize; 2]; 2],
        /// The colours both show, as written.
        colours: [Face; 2],
        /// Whether the wing's twin is missing (one of the two is the twin, flipped in place).
        twin_missing: bool,
    },
    /// A centre orbit holds too many or too few stickers of a colour.
    #[error(
        "the {orbit} show {colour} {count} times (stickers {}); they must show each colour {expected} times",
        StickerNames(*size, stickers)
    )]
    CentreCount {
        /// The centre orbit.
        orbit: OrbitKind,
        /// The size of the cube read.
        size: usize,
        /// The colour, as written.
        colour: Face,
        /// How often the orbit shows it.
        count: usize,
        /// How often it should.
        expected: usize,
        /// The orbit's stickers showing it.
        stickers: Vec<usize>,
    },
    /// A corner orientation outside `0..3` was given.
    #[error("the corner at {position} has twist {twist}, not 0, 1 or 2")]
    TwistOutOfRange {
        /// The position.
        position: Corner,
        /// The twist given.
        twist: u8,
    },
    /// An edge orientation outside `0..2` was given.
    #[error("the edge at {position} has flip {flip}, not 0 or 1")]
    FlipOutOfRange {
        /// The position.
        position: Edge,
        /// The flip given.
        flip: u8,
    },
    /// The same corner is in two places.
    #[error("the corners at {} and {} are both the {corner} corner", positions[0], positions[1])]
    DuplicateCorner {
        /// The corner seen twice.
        corner: Corner,
        /// Where it was seen.
        positions: [Corner; 2],
    },
    /// The same edge is in two places.
    #[error("the edges at {} and {} are both the {edge} edge", positions[0], positions[1])]
    DuplicateEdge {
        /// The edge seen twice.
        edge: Edge,
        /// Where it was seen.
        positions: [Edge; 2],
    },
    /// The corner twists do not sum to 0 mod 3.
    #[error("a corner is twisted (twists sum to {sum} mod 3)")]
    TwistedCorner {
        /// The twist sum mod 3 (1 or 2).
        sum: u8,
    },
    /// The edge flips do not sum to 0 mod 2.
    #[error("an edge is flipped (flips sum to 1 mod 2)")]
    FlippedEdge,
    /// The corner and edge permutations have different parities.
    #[error("two pieces are swapped (corner and edge permutation parities differ)")]
    Parity,
}

impl InvalidCube {
    /// The reason code of `notation.md` §6 (`twist_out_of_range` and `flip_out_of_range`, which
    /// facelets cannot produce, are this crate's own).
    pub fn code(&self) -> &'static str {
        match self {
            InvalidCube::WrongSize { .. } => "wrong_size",
            InvalidCube::Facelets(error) => error.code(),
            InvalidCube::DuplicateCentre { .. } => "duplicate_centre",
            InvalidCube::InvalidCentres { .. } => "invalid_centres",
            InvalidCube::InvalidCorner { .. } => "invalid_corner",
            InvalidCube::InvalidEdge { .. } => "invalid_edge",
            InvalidCube::InvalidWing { .. } => "invalid_wing",
            InvalidCube::DuplicateWing {
                twin_missing: true, ..
            } => "flipped_wing",
            InvalidCube::DuplicateWing { .. } => "duplicate_wing",
            InvalidCube::CentreCount { .. } => "centre_count",
            InvalidCube::TwistOutOfRange { .. } => "twist_out_of_range",
            InvalidCube::FlipOutOfRange { .. } => "flip_out_of_range",
            InvalidCube::DuplicateCorner { .. } => "duplicate_corner",
            InvalidCube::DuplicateEdge { .. } => "duplicate_edge",
            InvalidCube::TwistedCorner { .. } => "twisted_corner",
            InvalidCube::FlippedEdge => "flipped_edge",
            InvalidCube::Parity => "parity",
        }
    }
}

/// What is wrong with the colours of a piece that matches no real piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceFault {
    /// A colour appears twice.
    Repeated(Face),
    /// Two colours belong to opposite faces.
    Opposite(Face, Face),
    /// Three colours of one real corner, in the mirror-image order.
    Mirrored,
}

impl PieceFault {
    /// The explanation, for a piece of kind `piece` ("corner" or "edge").
    fn explain(self, piece: &'static str) -> Explanation {
        Explanation { fault: self, piece }
    }
}

/// A [`PieceFault`] in words.
struct Explanation {
    fault: PieceFault,
    piece: &'static str,
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let piece = self.piece;
        match self.fault {
            PieceFault::Repeated(colour) => write!(f, "no {piece} has two {colour} stickers"),
            PieceFault::Opposite(a, b) => write!(f, "no {piece} has both {a} and {b}"),
            PieceFault::Mirrored => write!(f, "that is the mirror image of a real {piece}"),
        }
    }
}

/// Sticker names such as `U9 R1 F3`: the face letter and the 1-based index on that face.
struct StickerNames<'a>(usize, &'a [usize]);

impl fmt::Display for StickerNames<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let StickerNames(size, stickers) = *self;
        let names: Vec<String> = stickers.iter().map(|&i| sticker_name(size, i)).collect();
        f.write_str(&names.join(" "))
    }
}

/// Colours separated by spaces: `F R F`.
struct Colours<'a>(&'a [Face]);

impl fmt::Display for Colours<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, colour) in self.0.iter().enumerate() {
            let separator = if i > 0 { " " } else { "" };
            write!(f, "{separator}{colour}")?;
        }
        Ok(())
    }
}

/// A [`Turn`] that is not a single outer layer of the cube it was asked of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "layers {}..={} (counted from the {} face) are not a single outer layer of a {size}×{size} cube",
    turn.first + 1,
    turn.last + 1,
    turn.axis.positive_face()
)]
pub struct NotAFaceTurn {
    /// The turn refused.
    pub turn: Turn,
    /// The size of the cube it was asked of.
    pub size: usize,
}
