//! 2×2 coordinates: the permutation and the twists of the seven corners other than DBL.
//!
//! Turning only U, R and F leaves the DBL corner home, and every 2×2 state read from stickers
//! is held with DBL home, so these two coordinates index all 7! · 3⁶ = 3,674,160 states. They
//! describe a [`CornerCube`] with DBL home; of any other state they describe the arrangement
//! with DBL's position taken as DRB's.

use super::{Coordinate, coordinate_type, digits_with_zero_sum, indexing, number};
use super::{rank_permutation, unrank_permutation};
use crate::cubie::{Corner, CornerCube};

coordinate_type!(
    /// The permutation of the seven corners other than DBL among their positions, 0..5040.
    PocketPerm(u16),
    5040
);
coordinate_type!(
    /// The twists of the seven corners other than DBL: base 3 over the positions URF..DLF
    /// (DRB's twist follows, DBL's is 0), 0..729.
    PocketTwist(u16),
    729
);

/// The seven positions (and corners) other than DBL, in order: slot `i` is `SLOTS[i]`.
const SLOTS: [Corner; 7] = [
    Corner::URF,
    Corner::UFL,
    Corner::ULB,
    Corner::UBR,
    Corner::DFR,
    Corner::DLF,
    Corner::DRB,
];

/// The slot of a corner other than DBL (DBL counts as DRB's slot, the last).
fn slot(corner: Corner) -> u8 {
    SLOTS.iter().position(|&c| c == corner).unwrap_or(6) as u8
}

/// The state with `corners[i]` (a slot) and `twists[i]` at slot `i`'s position, DBL home.
fn arranged(corners: [u8; 7], twists: [u8; 7]) -> CornerCube {
    let mut pieces = [(Corner::DBL, 0); 8];
    for i in 0..7 {
        pieces[SLOTS[i].index()] = (SLOTS[corners[i] as usize], twists[i]);
    }
    CornerCube::from_pieces_unchecked(pieces)
}

impl Coordinate for PocketPerm {
    type Cube = CornerCube;
    const COUNT: usize = 5040;
    indexing!(u16);

    fn of(cube: &CornerCube) -> Self {
        let permutation = cube.corner_permutation();
        PocketPerm(rank_permutation(SLOTS.map(|p| slot(permutation[p.index()]))) as u16)
    }

    fn representative(self) -> CornerCube {
        arranged(unrank_permutation(self.index()), [0; 7])
    }
}

impl Coordinate for PocketTwist {
    type Cube = CornerCube;
    const COUNT: usize = 729;
    indexing!(u16);

    fn of(cube: &CornerCube) -> Self {
        let twists = cube.corner_twists();
        PocketTwist(number(&SLOTS.map(|p| twists[p.index()]), 3) as u16)
    }

    fn representative(self) -> CornerCube {
        arranged([0, 1, 2, 3, 4, 5, 6], digits_with_zero_sum(self.index(), 3))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::cubie::FaceTurn;
    use crate::seeded_rng;

    proptest! {
        /// The pair is a bijection on states with DBL home, and moves with its representatives
        /// under the turns of U, R and F.
        #[test]
        fn pocket_coordinates_name_states_and_move_with_representatives(
            seed: u64,
            m in 0..9usize,
        ) {
            let cube = CornerCube::random(&mut seeded_rng(seed));
            let (perm, twist) = (PocketPerm::of(&cube), PocketTwist::of(&cube));
            let turn = CornerCube::from(&FaceTurn::URF[m].cube());
            let moved = cube * turn;
            prop_assert_eq!(PocketPerm::of(&(perm.representative() * turn)), PocketPerm::of(&moved));
            prop_assert_eq!(PocketTwist::of(&(twist.representative() * turn)), PocketTwist::of(&moved));
            // Both coordinates together determine the state.
            let mut pieces = [(Corner::DBL, 0); 8];
            let (p, t) = (perm.representative(), twist.representative());
            for position in Corner::ALL {
                pieces[position.index()] = (p.corner_at(position).0, t.corner_at(position).1);
            }
            prop_assert_eq!(CornerCube::from_pieces_unchecked(pieces), cube);
        }
    }
}
