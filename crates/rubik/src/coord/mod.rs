//! Coordinates: a state summarised by one number, the index of a lookup table.
//!
//! Each coordinate is its own type ([`Twist`], [`Flip`], [`SlicePosition`], [`FlipSlice`],
//! [`CornerPerm`], [`UdEdgePerm`], [`SlicePerm`], ...), so a table built for one cannot be indexed by
//! another. The two-phase solver's phase 1 works on twist, flip and the positions of the four
//! E-slice edges; phase 2, inside ⟨U, D, R2, L2, F2, B2⟩, on the permutations of the corners, of
//! the eight U/D edges and of the slice edges. The optimal solver's larger tables refine phase 1:
//! with the order of the slice edges ([`SliceSorted`], [`FlipSliceSorted`]) and the corner
//! parity ([`TwistParity`]), or with the corner parity and which positions hold the D-layer
//! corners ([`CornerSplit`], [`TwistParitySplit`]). The 2×2 ([`CornerCube`](crate::CornerCube))
//! has its own pair, [`PocketPerm`] and [`PocketTwist`], over the seven corners other than DBL.
//! Every coordinate of the solved cube is 0.

mod phase1;
mod phase2;
mod pocket;

pub use phase1::{
    CornerSplit, Flip, FlipSlice, FlipSliceSorted, SlicePosition, SliceSorted, Twist, TwistParity,
    TwistParitySplit,
};
pub use phase2::{CornerPerm, SlicePerm, UdEdgePerm};
pub use pocket::{PocketPerm, PocketTwist};

use crate::cubie::PieceCube;

/// A coordinate: a number in `0..COUNT` computed from a state of its cube model (a 3×3
/// [`CubieCube`](crate::CubieCube) or a 2×2 [`CornerCube`](crate::CornerCube)).
pub trait Coordinate: Copy + Eq + std::fmt::Debug + Send + Sync + 'static {
    /// The cube model whose states the coordinate summarises.
    type Cube: PieceCube;
    /// How many values the coordinate takes.
    const COUNT: usize;
    /// The value as a table index.
    fn index(self) -> usize;
    /// The coordinate with this value (`index < COUNT`).
    fn from_index(index: usize) -> Self;
    /// The coordinate of a state.
    fn of(cube: &Self::Cube) -> Self;
    /// A cube with this coordinate (the other pieces solved where possible). It need not be a
    /// reachable state, but composing it with a move gives the coordinate of the moved state.
    fn representative(self) -> Self::Cube;
}

/// Declares a coordinate newtype with its count and the index conversions.
macro_rules! coordinate_type {
    ($(#[$doc:meta])* $name:ident($repr:ty), $count:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub $repr);

        impl $name {
            /// How many values the coordinate takes.
            pub const COUNT: usize = $count;
        }
    };
}
pub(crate) use coordinate_type;

/// Implements the index conversions of [`Coordinate`] for a newtype declared by
/// [`coordinate_type!`].
macro_rules! indexing {
    ($repr:ty) => {
        fn index(self) -> usize {
            self.0 as usize
        }
        fn from_index(index: usize) -> Self {
            debug_assert!(index < Self::COUNT);
            Self(index as $repr)
        }
    };
}
pub(crate) use indexing;

/// The lexicographic rank of a permutation of `0..N` (0 for the identity).
pub(crate) fn rank_permutation<const N: usize>(permutation: [u8; N]) -> usize {
    let mut rank = 0;
    for i in 0..N {
        let smaller_after = permutation[i + 1..]
            .iter()
            .filter(|&&p| p < permutation[i])
            .count();
        rank = rank * (N - i) + smaller_after;
    }
    rank
}

/// The permutation of `0..N` with lexicographic rank `rank`.
pub(crate) fn unrank_permutation<const N: usize>(mut rank: usize) -> [u8; N] {
    let mut digits = [0usize; N];
    for i in (0..N).rev() {
        digits[i] = rank % (N - i);
        rank /= N - i;
    }
    let mut unused: Vec<u8> = (0..N as u8).collect();
    std::array::from_fn(|i| unused.remove(digits[i]))
}

/// The digits of `value` in `base`, most significant first, over `N - 1` places, and a last
/// digit that makes the digits sum to 0 mod `base`.
pub(crate) fn digits_with_zero_sum<const N: usize>(mut value: usize, base: usize) -> [u8; N] {
    let mut digits = [0u8; N];
    for i in (0..N - 1).rev() {
        digits[i] = (value % base) as u8;
        value /= base;
    }
    let sum: usize = digits.iter().map(|&d| d as usize).sum();
    digits[N - 1] = ((base - sum % base) % base) as u8;
    digits
}

/// `digits` (all but the last) read as a number in `base`.
pub(crate) fn number(digits: &[u8], base: usize) -> usize {
    digits[..digits.len() - 1]
        .iter()
        .fold(0, |n, &d| n * base + d as usize)
}

/// The rank of a set of four of `N` positions, given as a bit mask (bit `p` for position `p`):
/// counting positions from the back (position `N - 1` is 0), the sorted positions
/// `p0 < p1 < p2 < p3` give `Σ C(p_i, i + 1)`, so the last four positions rank 0 and the ranks
/// fill `0..C(N, 4)`. Read from a table for the twelve edge and eight corner positions.
pub(crate) fn rank_four_of_mask<const N: usize>(mask: u16) -> usize {
    /// The ranks of every mask of twelve and of eight positions.
    static RANKS_12: [u16; 1 << 12] = ranks_of_masks::<{ 1 << 12 }>(12);
    static RANKS_8: [u16; 1 << 8] = ranks_of_masks::<{ 1 << 8 }>(8);
    match N {
        12 => usize::from(RANKS_12[usize::from(mask) & 0xFFF]),
        8 => usize::from(RANKS_8[usize::from(mask) & 0xFF]),
        _ => rank_of_mask(usize::from(mask), N),
    }
}

/// The rank of every mask of `n` positions (meaningful for those with four set).
const fn ranks_of_masks<const SIZE: usize>(n: usize) -> [u16; SIZE] {
    let mut ranks = [0; SIZE];
    let mut mask = 0;
    while mask < SIZE {
        ranks[mask] = rank_of_mask(mask, n) as u16;
        mask += 1;
    }
    ranks
}

/// The rank of the first four positions set in `mask`, of `n` (see [`rank_four_of_mask`]).
const fn rank_of_mask(mask: usize, n: usize) -> usize {
    let mut rank = 0;
    let mut found = 0;
    let mut from_back = 0;
    while from_back < n {
        if mask >> (n - 1 - from_back) & 1 == 1 {
            found += 1;
            rank += binomial(from_back, found);
        }
        from_back += 1;
    }
    rank
}

/// The set of four of `N` positions with this [`rank_four_of_mask`] rank.
pub(crate) fn four_of<const N: usize>(mut rank: usize) -> [bool; N] {
    let mut occupied = [false; N];
    for k in (1..=4).rev() {
        let from_back = (0..N)
            .rev()
            .find(|&p| binomial(p, k) <= rank)
            .expect("rank < C(N, 4)");
        rank -= binomial(from_back, k);
        occupied[N - 1 - from_back] = true;
    }
    occupied
}

/// The pieces `pieces` (in their home order) arranged so that the last four stand, in order,
/// in the `occupied` positions and the others, in order, everywhere else.
pub(crate) fn last_four_in<T: Copy, const N: usize>(occupied: [bool; N], pieces: [T; N]) -> [T; N] {
    let (mut last, mut first) = (N - 4, 0);
    std::array::from_fn(|position| {
        let next = if occupied[position] {
            &mut last
        } else {
            &mut first
        };
        *next += 1;
        pieces[*next - 1]
    })
}

/// The binomial coefficient C(n, k), 0 when k > n.
pub(crate) const fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut result = 1;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cubie::{CubieCube, FaceTurn, MOVES};
    use crate::seeded_rng;
    use proptest::prelude::*;

    #[test]
    fn permutation_ranks_are_a_bijection() {
        for rank in 0..24 {
            assert_eq!(rank_permutation(unrank_permutation::<4>(rank)), rank);
        }
        assert_eq!(rank_permutation([0u8, 1, 2, 3, 4, 5, 6, 7]), 0);
        assert_eq!(rank_permutation([7u8, 6, 5, 4, 3, 2, 1, 0]), 40319);
        assert_eq!(binomial(12, 4), 495);
        for rank in 0..70 {
            let occupied = four_of::<8>(rank);
            assert_eq!(occupied.iter().filter(|&&o| o).count(), 4);
            let mask = (0..8).fold(0, |mask, p| mask | u16::from(occupied[p]) << p);
            assert_eq!(rank_four_of_mask::<8>(mask), rank);
            assert_eq!(rank_of_mask(usize::from(mask), 8), rank);
        }
        assert_eq!(
            four_of::<8>(0),
            [false, false, false, false, true, true, true, true]
        );
        for rank in 0..495 {
            let occupied = four_of::<12>(rank);
            let mask = (0..12).fold(0, |mask, p| mask | u16::from(occupied[p]) << p);
            assert_eq!(rank_four_of_mask::<12>(mask), rank);
        }
    }

    #[test]
    fn coordinates_read_from_lanes_match_the_piece_arrays() {
        let mut rng = seeded_rng(12);
        for _ in 0..500 {
            let cube = CubieCube::random(&mut rng);
            assert_eq!(
                usize::from(Twist::of(&cube).0),
                number(&cube.corner_twists(), 3)
            );
            assert_eq!(
                usize::from(Flip::of(&cube).0),
                number(&cube.edge_flips(), 2)
            );
            let edges = cube.edge_permutation();
            let slice = (0..12).filter(|&p| edges[p].index() >= 8);
            let occupied = four_of::<12>(SlicePosition::of(&cube).index());
            assert!(slice.clone().all(|p| occupied[p]), "{cube}");
            let order: Vec<u8> = slice.map(|p| edges[p].index() as u8 - 8).collect();
            let sorted = SliceSorted::of(&cube).index();
            assert_eq!(
                sorted % 24,
                rank_permutation::<4>(order.try_into().unwrap())
            );
            let corners = cube.corner_permutation();
            let split = four_of::<8>(CornerSplit::of(&cube).index());
            assert!(
                (0..8).all(|p| split[p] == (corners[p].index() >= 4)),
                "{cube}"
            );
        }
    }

    /// Every coordinate: representatives round-trip, the solved cube is 0, and the coordinate
    /// of a moved state depends only on the coordinate before the move.
    pub(crate) fn check<C: Coordinate>() {
        assert_eq!(
            C::of(&C::Cube::SOLVED).index(),
            0,
            "{}",
            std::any::type_name::<C>()
        );
        let step = (C::COUNT / 997).max(1);
        for index in (0..C::COUNT).step_by(step) {
            let c = C::from_index(index);
            let representative = c.representative();
            assert_eq!(C::of(&representative), c, "{}", std::any::type_name::<C>());
        }
    }

    #[test]
    fn every_coordinate_round_trips() {
        check::<Twist>();
        check::<Flip>();
        check::<SlicePosition>();
        check::<FlipSlice>();
        check::<SliceSorted>();
        check::<FlipSliceSorted>();
        check::<TwistParity>();
        check::<CornerSplit>();
        check::<TwistParitySplit>();
        check::<CornerPerm>();
        check::<UdEdgePerm>();
        check::<SlicePerm>();
        check::<PocketPerm>();
        check::<PocketTwist>();
    }

    proptest! {
        #[test]
        fn phase1_coordinates_move_with_the_representative(seed in any::<u64>(), m in 0..18usize) {
            let cube = CubieCube::random(&mut seeded_rng(seed));
            let moved = cube * MOVES[m];
            prop_assert_eq!(Twist::of(&(Twist::of(&cube).representative() * MOVES[m])), Twist::of(&moved));
            prop_assert_eq!(Flip::of(&(Flip::of(&cube).representative() * MOVES[m])), Flip::of(&moved));
            let slice = SlicePosition::of(&cube).representative() * MOVES[m];
            prop_assert_eq!(SlicePosition::of(&slice), SlicePosition::of(&moved));
            let sorted = SliceSorted::of(&cube);
            prop_assert_eq!(SliceSorted::of(&(sorted.representative() * MOVES[m])), SliceSorted::of(&moved));
            prop_assert_eq!(sorted.position(), SlicePosition::of(&cube));
            prop_assert_eq!(sorted.in_slice().is_some(), sorted.position() == SlicePosition(0));
            prop_assert_eq!(CornerPerm::of(&(CornerPerm::of(&cube).representative() * MOVES[m])), CornerPerm::of(&moved));
            let corners = TwistParitySplit::of(&cube).representative() * MOVES[m];
            prop_assert_eq!(TwistParitySplit::of(&corners), TwistParitySplit::of(&moved));
            prop_assert_eq!(TwistParitySplit::of(&cube).split(), CornerSplit::of(&cube));
        }

        #[test]
        fn phase2_coordinates_move_with_the_representative(path in prop::collection::vec(0..10usize, 0..30), m in 0..10usize) {
            let cube = path.iter().fold(CubieCube::SOLVED, |c, &i| c * FaceTurn::PHASE2[i].cube());
            let moved = cube * FaceTurn::PHASE2[m].cube();
            let ud = UdEdgePerm::of(&cube).representative() * FaceTurn::PHASE2[m].cube();
            prop_assert_eq!(UdEdgePerm::of(&ud), UdEdgePerm::of(&moved));
            let slice = SlicePerm::of(&cube).representative() * FaceTurn::PHASE2[m].cube();
            prop_assert_eq!(SlicePerm::of(&slice), SlicePerm::of(&moved));
            prop_assert_eq!(SliceSorted::of(&cube).in_slice(), Some(SlicePerm::of(&cube)));
        }
    }
}
