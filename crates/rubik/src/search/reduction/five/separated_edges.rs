//! The separation's edge table: the distance of every (wing classes, midge orientation) pair
//! from separated, over the 2,048 even orientations and the `C(24,12)` sets of slots holding
//! high wings, reduced by 32 symmetries (the 16 keeping the L/R axis, each also with every
//! edge flipped: the wings' classes exchanged and every midge turned over, which the turns
//! commute with and which takes separated to separated).
//!
//! A symmetry acts on the wing sets by its slot map (then the complement when it exchanges
//! the classes), on the orientation bits by its position map and a constant mask, found as
//! the one that commutes with every turn. The wing sets fall into 86,048 classes.

use super::model::Model;
use super::symmetric_table::{Coordinates, SymmetricIndex};
use super::symmetry::{Symmetry, keeping};
use crate::face::Axis;
use crate::search::reduction::phase_search::{MoveSet, TURNS, turns_in};

/// `C(24, 12)`.
pub(super) const WING_SETS: usize = 2_704_156;
/// The even orientations of 12 midges.
pub(super) const ORIENTATIONS: usize = 2_048;
/// All 24 wing slots, and all 12 midge positions.
const ALL_WINGS: u32 = 0xFF_FFFF;
const ALL_MIDGES: u16 = 0xFFF;

/// A symmetry as it acts on the phase's coordinates.
#[derive(Clone, Copy)]
struct Action {
    geometric: &'static Symmetry,
    exchanged: bool,
    flipped: u16,
}

impl Action {
    fn wings(&self, mask: u32) -> u32 {
        let moved = self.geometric.wings(mask);
        if self.exchanged {
            moved ^ ALL_WINGS
        } else {
            moved
        }
    }

    fn orientation(&self, eo: u16) -> u16 {
        self.geometric.midges(eo) ^ self.flipped
    }
}

/// The separation's wings and midge orientation as two coordinates: the rank of the set of
/// slots holding high wings, and the low 11 orientation bits (the 12th makes them even).
struct Pairs {
    actions: Vec<Action>,
    flips: Flips,
}

/// Whether turn `m` changes the orientation bit of the midge it takes from position `p`.
pub(super) type Flips = [[bool; 12]; TURNS];

impl Coordinates for Pairs {
    fn counts(&self) -> [usize; 2] {
        [WING_SETS, ORIENTATIONS]
    }

    fn symmetries(&self) -> usize {
        self.actions.len()
    }

    fn first_image(&self, s: usize, p: usize) -> usize {
        wing_rank(self.actions[s].wings(wing_unrank(p)))
    }

    fn first_images(&self, p: usize, images: &mut [usize]) {
        let wings = wing_unrank(p);
        for (image, action) in images.iter_mut().zip(&self.actions) {
            *image = wing_rank(action.wings(wings));
        }
    }

    fn second_image(&self, s: usize, q: usize) -> usize {
        low_bits(self.actions[s].orientation(full_orientation(q)))
    }

    fn turn_first(&self, p: usize, m: usize) -> usize {
        wing_rank(turn_wings(wing_unrank(p), m))
    }

    fn turn_second(&self, q: usize, m: usize) -> usize {
        low_bits(turn_eo(&self.flips, full_orientation(q), m))
    }
}

/// The separation's edges, indexed by class.
pub(super) struct SeparatedEdges {
    pairs: Pairs,
    index: SymmetricIndex,
    moves: MoveSet,
    high: u32,
}

impl SeparatedEdges {
    /// The index for the turns `moves`, whose orientation changes are `flips`; separated is
    /// `high` (the high slots) with no midge flipped.
    pub fn new(moves: MoveSet, high: u32, flips: Flips) -> SeparatedEdges {
        let pairs = Pairs {
            actions: actions(moves, high, &flips),
            flips,
        };
        SeparatedEdges {
            index: SymmetricIndex::new(&pairs),
            pairs,
            moves,
            high,
        }
    }

    /// How many entries its table has.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// Each entry's distance from separated.
    pub fn distances(&self) -> Vec<u8> {
        self.index.distances(&self.pairs, self.moves, &self.goals())
    }

    /// The entries of separated (distance 0).
    pub fn goal_entries(&self) -> Vec<usize> {
        self.goals().map(|[p, q]| self.index.index(p, q)).to_vec()
    }

    /// Separated, as (wing set rank, orientation) pairs: the high wings in the high slots
    /// with every midge oriented, or every edge flipped.
    fn goals(&self) -> [[usize; 2]; 2] {
        [
            [wing_rank(self.high), 0],
            [wing_rank(self.high ^ ALL_WINGS), low_bits(ALL_MIDGES)],
        ]
    }

    /// The entry of (`wings`, the slots holding high wings; `eo`, the midges' orientation
    /// bits, an even number set).
    pub fn index(&self, wings: u32, eo: u16) -> usize {
        self.index.index(wing_rank(wings), low_bits(eo))
    }
}

/// The midges' orientation bits `eo` after turn `m`.
pub(super) fn turn_eo(flips: &Flips, eo: u16, m: usize) -> u16 {
    let model = Model::get();
    (0..12).fold(0, |out, s| {
        let bit = (eo >> s & 1 == 1) ^ flips[m][s];
        out | u16::from(bit) << model.midge_to[m][s]
    })
}

/// The wing slots `wings` after turn `m`.
pub(super) fn turn_wings(wings: u32, m: usize) -> u32 {
    let model = Model::get();
    (0..24)
        .filter(|&s| wings >> s & 1 == 1)
        .fold(0, |out, s| out | 1 << model.wing_to[m][s])
}

/// The low 11 of 12 orientation bits.
pub(super) fn low_bits(eo: u16) -> usize {
    usize::from(eo & 0x7FF)
}

/// The 12 orientation bits whose low 11 are `low`, an even number set.
pub(super) fn full_orientation(low: usize) -> u16 {
    let low = low as u16;
    low | ((low.count_ones() & 1) as u16) << 11
}

/// The 32 symmetries' actions, the identity first: for each geometric one the orientation
/// mask that makes it commute with the turns, with and without every edge flipped.
fn actions(moves: MoveSet, high: u32, flips: &Flips) -> Vec<Action> {
    let turn_eo = |eo, m| turn_eo(flips, eo, m);
    let commutes = |a: &Action| {
        turns_in(moves).all(|m| {
            let image = usize::from(a.geometric.turn[m]);
            (0..12)
                .map(|k| 1u16 << k)
                .chain([0])
                .all(|eo| a.orientation(turn_eo(eo, m)) == turn_eo(a.orientation(eo), image))
        })
    };
    let keeps_separated = |a: &Action| {
        let image = (a.wings(high), a.orientation(0));
        image == (high, 0) || image == (high ^ ALL_WINGS, ALL_MIDGES)
    };
    let mut plain = Vec::new();
    for geometric in keeping(Axis::X) {
        let found = (0..4096u16).find_map(|flipped| {
            let action = Action {
                geometric,
                exchanged: geometric.wings(high) != high,
                flipped,
            };
            (commutes(&action) && keeps_separated(&action)).then_some(action)
        });
        plain.push(found.expect("each symmetry keeping the L/R axis keeps the phase"));
    }
    let flipped = plain.iter().map(|a| Action {
        exchanged: !a.exchanged,
        flipped: a.flipped ^ ALL_MIDGES,
        ..*a
    });
    plain.clone().into_iter().chain(flipped).collect()
}

/// `C(n, k)` for `n ≤ 24`, `k ≤ 12`.
const CHOOSE: [[u32; 13]; 25] = {
    let mut table = [[0u32; 13]; 25];
    let mut n = 0;
    while n < 25 {
        table[n][0] = 1;
        let mut k = 1;
        while k < 13 && k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// The colexicographic rank of a 24-bit set of 12.
pub(super) fn wing_rank(mask: u32) -> usize {
    let (mut rank, mut k, mut bits) = (0, 1, mask);
    while bits != 0 {
        let p = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        rank += CHOOSE[p][k] as usize;
        k += 1;
    }
    rank
}

/// The set of 12 of colexicographic rank `rank`.
pub(super) fn wing_unrank(mut rank: usize) -> u32 {
    let mut mask = 0;
    let mut p = 24;
    for k in (1..=12).rev() {
        p -= 1;
        while CHOOSE[p][k] as usize > rank {
            p -= 1;
        }
        rank -= CHOOSE[p][k] as usize;
        mask |= 1 << p;
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wing_sets_round_trip() {
        for rank in (0..WING_SETS).step_by(997).chain([WING_SETS - 1]) {
            let set = wing_unrank(rank);
            assert_eq!(set.count_ones(), 12);
            assert_eq!(wing_rank(set), rank);
        }
        assert_eq!(wing_rank(0xFFF), 0);
    }

    /// The table is 0 exactly at separated, changes by at most one a turn, and has a turn
    /// down from every other pair: so it is the distance. Checked on random pairs and their
    /// images under every symmetry.
    #[test]
    fn distances_are_exact_and_symmetric() {
        let phase = &super::super::tests::tables().0.edge_phases().separation;
        let edges = &phase.edges;
        assert_eq!(edges.index.class_count(), 86_048);
        let table = edges.distances();
        let distance = |wings, eo| table[edges.index(wings, eo)];
        let (high, flips) = (edges.high, &edges.pairs.flips);
        assert_eq!(distance(high, 0), 0);
        assert_eq!(distance(high ^ ALL_WINGS, ALL_MIDGES), 0);
        let mut rng = crate::seeded_rng(3);
        let mut below = |n: u32| crate::random::below(&mut rng, n);
        for _ in 0..3_000 {
            let wings = wing_unrank(below(WING_SETS as u32) as usize);
            let mut eo = below(4096) as u16;
            if eo.count_ones() % 2 == 1 {
                eo ^= 1;
            }
            let d = distance(wings, eo);
            let separated = [(high, 0), (high ^ ALL_WINGS, ALL_MIDGES)];
            assert_eq!(d == 0, separated.contains(&(wings, eo)));
            let mut down = false;
            for m in turns_in(edges.moves) {
                let next = distance(turn_wings(wings, m), turn_eo(flips, eo, m));
                assert!(next.abs_diff(d) <= 1, "{d} then {next}");
                down |= next + 1 == d;
            }
            assert!(d == 0 || down);
            for a in &edges.pairs.actions {
                assert_eq!(distance(a.wings(wings), a.orientation(eo)), d);
            }
        }
    }
}
