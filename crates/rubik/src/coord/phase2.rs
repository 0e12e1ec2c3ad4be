//! Phase-2 coordinates: permutations of the corners, of the U/D edges and of the slice edges.
//! The last two are meaningful only inside phase 2's group, where the slice edges stay in the
//! slice.

use super::{Coordinate, coordinate_type, indexing, rank_permutation, unrank_permutation};
use crate::cubie::{Corner, CubieCube, Edge};

coordinate_type!(
    /// The permutation of the eight corners, 0..40320.
    CornerPerm(u16),
    40320
);
coordinate_type!(
    /// The permutation of the eight U/D edges (UR..DB) among their positions, 0..40320.
    UdEdgePerm(u16),
    40320
);
coordinate_type!(
    /// The permutation of the four E-slice edges among the slice positions, 0..24.
    SlicePerm(u8),
    24
);

/// A cube with this corner permutation and these edges (all unturned).
fn arranged(corners: [u8; 8], edges: [u8; 12]) -> CubieCube {
    CubieCube::from_pieces_unchecked(
        std::array::from_fn(|i| (Corner::ALL[corners[i] as usize], 0)),
        std::array::from_fn(|i| (Edge::ALL[edges[i] as usize], 0)),
    )
}

const HOME: [u8; 12] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

impl Coordinate for CornerPerm {
    type Cube = CubieCube;
    const COUNT: usize = 40320;
    indexing!(u16);

    fn of(cube: &CubieCube) -> Self {
        CornerPerm(rank_permutation(cube.corner_permutation().map(|c| c as u8)) as u16)
    }

    fn representative(self) -> CubieCube {
        arranged(unrank_permutation(self.index()), HOME)
    }
}

impl Coordinate for UdEdgePerm {
    type Cube = CubieCube;
    const COUNT: usize = 40320;
    indexing!(u16);

    fn of(cube: &CubieCube) -> Self {
        let edges = cube.edge_permutation();
        let ud: [u8; 8] = std::array::from_fn(|i| edges[i] as u8);
        UdEdgePerm(rank_permutation(ud) as u16)
    }

    fn representative(self) -> CubieCube {
        let ud: [u8; 8] = unrank_permutation(self.index());
        let mut edges = HOME;
        edges[..8].copy_from_slice(&ud);
        arranged(HOME[..8].try_into().expect("eight corners"), edges)
    }
}

impl Coordinate for SlicePerm {
    type Cube = CubieCube;
    const COUNT: usize = 24;
    indexing!(u8);

    fn of(cube: &CubieCube) -> Self {
        let edges = cube.edge_permutation();
        let slice: [u8; 4] = std::array::from_fn(|i| (edges[8 + i] as u8).wrapping_sub(8));
        SlicePerm(rank_permutation(slice) as u8)
    }

    fn representative(self) -> CubieCube {
        let slice: [u8; 4] = unrank_permutation(self.index());
        let mut edges = HOME;
        for (i, s) in slice.iter().enumerate() {
            edges[8 + i] = s + 8;
        }
        arranged(HOME[..8].try_into().expect("eight corners"), edges)
    }
}
