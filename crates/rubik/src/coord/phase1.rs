//! Phase-1 coordinates: corner twist, edge flip, and where the four E-slice edges are (with or
//! without their order).

use super::{
    Coordinate, SlicePerm, coordinate_type, digits_with_zero_sum, four_of, indexing, last_four_in,
    rank_four_of_mask, rank_permutation, unrank_permutation,
};
use crate::cubie::{Corner, CubieCube, Edge};

coordinate_type!(
    /// The twists of the corners: base 3 over URF..DBL (DRB's twist follows), 0..2187.
    Twist(u16),
    2187
);
coordinate_type!(
    /// The flips of the edges: base 2 over UR..BL (BR's flip follows), 0..2048.
    Flip(u16),
    2048
);
coordinate_type!(
    /// Which four positions hold the E-slice edges FR, FL, BL, BR (in any order), 0..495.
    SlicePosition(u16),
    495
);
coordinate_type!(
    /// Flip and slice position together (`flip · 495 + slice`), 0..1,013,760: the pair that the
    /// U-D symmetries act on, since conjugating can change an edge's flip by where it is.
    FlipSlice(u32),
    2048 * 495
);

/// The positions that hold the E-slice edges, as a bit mask.
fn slice_positions(cube: &CubieCube) -> u16 {
    cube.edges()
        .positions_of_pieces_from(Edge::FR.index() as u8)
}

/// The cube with these orientations (all pieces home).
fn oriented(twists: [u8; 8], flips: [u8; 12]) -> CubieCube {
    CubieCube::from_pieces_unchecked(
        std::array::from_fn(|i| (Corner::ALL[i], twists[i])),
        std::array::from_fn(|i| (Edge::ALL[i], flips[i])),
    )
}

/// The cube with these edges in position order, with these flips (corners home).
fn with_edges(edges: [Edge; 12], flips: [u8; 12]) -> CubieCube {
    CubieCube::from_pieces_unchecked(
        std::array::from_fn(|i| (Corner::ALL[i], 0)),
        std::array::from_fn(|i| (edges[i], flips[i])),
    )
}

/// Implements a pair of [`Flip`] and a slice coordinate (`flip · slice count + slice`): its
/// parts and its [`Coordinate`].
macro_rules! flip_and_slice {
    ($pair:ident, $slice:ident, $part:literal) => {
        impl $pair {
            /// The pair from its parts.
            pub fn new(flip: Flip, slice: $slice) -> $pair {
                $pair(flip.0 as u32 * $slice::COUNT as u32 + slice.0 as u32)
            }

            /// The flip part.
            pub fn flip(self) -> Flip {
                Flip((self.0 / $slice::COUNT as u32) as u16)
            }

            #[doc = concat!("The ", $part, " part.")]
            pub fn slice(self) -> $slice {
                $slice((self.0 % $slice::COUNT as u32) as _)
            }
        }

        impl Coordinate for $pair {
            type Cube = CubieCube;
            const COUNT: usize = Flip::COUNT * $slice::COUNT;
            indexing!(u32);

            fn of(cube: &CubieCube) -> Self {
                $pair::new(Flip::of(cube), $slice::of(cube))
            }

            fn representative(self) -> CubieCube {
                let flips: [u8; 12] = digits_with_zero_sum(self.flip().index(), 2);
                with_edges(self.slice().arrangement(), flips)
            }
        }
    };
}

impl Coordinate for Twist {
    type Cube = CubieCube;
    const COUNT: usize = 2187;
    indexing!(u16);

    fn of(cube: &CubieCube) -> Self {
        Twist(cube.corners().orientation_number() as u16)
    }

    fn representative(self) -> CubieCube {
        oriented(digits_with_zero_sum(self.index(), 3), [0; 12])
    }
}

impl Coordinate for Flip {
    type Cube = CubieCube;
    const COUNT: usize = 2048;
    indexing!(u16);

    fn of(cube: &CubieCube) -> Self {
        Flip(cube.edges().orientation_number() as u16)
    }

    fn representative(self) -> CubieCube {
        oriented([0; 8], digits_with_zero_sum(self.index(), 2))
    }
}

impl SlicePosition {
    /// Whether each position holds a slice edge, for this coordinate.
    fn occupied(self) -> [bool; 12] {
        four_of(self.index())
    }

    /// The edges in positions order for this coordinate: slice edges FR, FL, BL, BR in the
    /// occupied positions, the others in order elsewhere.
    fn arrangement(self) -> [Edge; 12] {
        last_four_in(self.occupied(), Edge::ALL)
    }
}

impl Coordinate for SlicePosition {
    type Cube = CubieCube;
    const COUNT: usize = 495;
    indexing!(u16);

    fn of(cube: &CubieCube) -> Self {
        SlicePosition(rank_four_of_mask::<12>(slice_positions(cube)) as u16)
    }

    fn representative(self) -> CubieCube {
        with_edges(self.arrangement(), [0; 12])
    }
}

flip_and_slice!(FlipSlice, SlicePosition, "slice-position");

coordinate_type!(
    /// Where the four E-slice edges are and in which order: `slice position · 24 + the rank of
    /// the order they stand in`, 0..11,880. Finer than [`SlicePosition`] (its value is this
    /// one divided by 24); the optimal solver's large table uses it.
    SliceSorted(u16),
    495 * 24
);
coordinate_type!(
    /// Flip and sorted slice together (`flip · 11,880 + sorted slice`), 0..24,330,240: the pair
    /// the U-D symmetries act on in the optimal solver's large table.
    FlipSliceSorted(u32),
    2048 * 11880
);

impl SliceSorted {
    /// The slice edges' positions, ignoring their order.
    pub fn position(self) -> SlicePosition {
        SlicePosition(self.0 / 24)
    }

    /// The order of the slice edges when they are all in the slice (phase 2's coordinate),
    /// else `None`.
    pub fn in_slice(self) -> Option<SlicePerm> {
        (self.0 < 24).then_some(SlicePerm(self.0 as u8))
    }

    /// The edges in position order for this coordinate.
    fn arrangement(self) -> [Edge; 12] {
        let order: [u8; 4] = unrank_permutation(self.index() % 24);
        let mut edges = self.position().arrangement();
        let mut next = order.iter();
        for edge in edges.iter_mut().filter(|e| e.index() >= Edge::FR.index()) {
            *edge = Edge::ALL[Edge::FR.index() + *next.next().expect("four slice edges") as usize];
        }
        edges
    }
}

impl Coordinate for SliceSorted {
    type Cube = CubieCube;
    const COUNT: usize = 495 * 24;
    indexing!(u16);

    fn of(cube: &CubieCube) -> Self {
        let occupied = slice_positions(cube);
        let mut order = [0u8; 4];
        let mut rest = occupied;
        for digit in &mut order {
            let position = rest.trailing_zeros() as usize;
            *digit = cube.edges().piece_number(position) - Edge::FR.index() as u8;
            rest &= rest - 1;
        }
        let position = rank_four_of_mask::<12>(occupied);
        SliceSorted((position * 24 + rank_permutation(order)) as u16)
    }

    fn representative(self) -> CubieCube {
        with_edges(self.arrangement(), [0; 12])
    }
}

flip_and_slice!(FlipSliceSorted, SliceSorted, "sorted-slice");

coordinate_type!(
    /// The corner twists and the parity of the corner permutation: `twist · 2 + parity`,
    /// 0..4374. The parity adds what a quarter turn of U or D does to a state in phase 1's goal,
    /// which the optimal solver's largest table tells apart.
    TwistParity(u16),
    2187 * 2
);

impl TwistParity {
    /// The twist part.
    pub fn twist(self) -> Twist {
        Twist(self.0 >> 1)
    }
}

impl Coordinate for TwistParity {
    type Cube = CubieCube;
    const COUNT: usize = 2187 * 2;
    indexing!(u16);

    fn of(cube: &CubieCube) -> Self {
        TwistParity(Twist::of(cube).0 << 1 | u16::from(cube.corner_parity()))
    }

    fn representative(self) -> CubieCube {
        with_corners(Corner::ALL, self)
    }
}

/// The cube with the corners `corners` (in position order, edges home), twisted and permuted
/// to match `twist`: if the parity of `corners` is not the one wanted, the first two U-layer
/// corners change places.
fn with_corners(mut corners: [Corner; 8], twist: TwistParity) -> CubieCube {
    let twists: [u8; 8] = digits_with_zero_sum(twist.twist().index(), 3);
    let cube = |corners: [Corner; 8]| {
        CubieCube::from_pieces_unchecked(
            std::array::from_fn(|i| (corners[i], twists[i])),
            std::array::from_fn(|i| (Edge::ALL[i], 0)),
        )
    };
    if u16::from(cube(corners).corner_parity()) != twist.0 & 1 {
        let mut upper = (0..8).filter(|&p| corners[p].index() < 4);
        let (a, b) = (upper.next(), upper.next());
        corners.swap(a.expect("four U corners"), b.expect("four U corners"));
    }
    cube(corners)
}

coordinate_type!(
    /// Which four positions hold the D-layer corners DFR, DLF, DBL, DRB (in any order), 0..70.
    CornerSplit(u8),
    70
);

impl Coordinate for CornerSplit {
    type Cube = CubieCube;
    const COUNT: usize = 70;
    indexing!(u8);

    fn of(cube: &CubieCube) -> Self {
        let lower = cube
            .corners()
            .positions_of_pieces_from(Corner::DFR.index() as u8);
        CornerSplit(rank_four_of_mask::<8>(lower) as u8)
    }

    fn representative(self) -> CubieCube {
        TwistParitySplit::new(TwistParity(0), self).representative()
    }
}

coordinate_type!(
    /// [`TwistParity`] and [`CornerSplit`] together (`twist parity · 70 + split`), 0..306,180:
    /// the corners' part of the optimal solver's huge table.
    TwistParitySplit(u32),
    4374 * 70
);

impl TwistParitySplit {
    /// The pair from its parts.
    pub fn new(twist: TwistParity, split: CornerSplit) -> TwistParitySplit {
        TwistParitySplit(u32::from(twist.0) * 70 + u32::from(split.0))
    }

    /// The twist and parity part.
    pub fn twist_parity(self) -> TwistParity {
        TwistParity((self.0 / 70) as u16)
    }

    /// The split part.
    pub fn split(self) -> CornerSplit {
        CornerSplit((self.0 % 70) as u8)
    }
}

impl Coordinate for TwistParitySplit {
    type Cube = CubieCube;
    const COUNT: usize = 4374 * 70;
    indexing!(u32);

    fn of(cube: &CubieCube) -> Self {
        TwistParitySplit::new(TwistParity::of(cube), CornerSplit::of(cube))
    }

    fn representative(self) -> CubieCube {
        let corners = last_four_in(four_of(self.split().index()), Corner::ALL);
        with_corners(corners, self.twist_parity())
    }
}
