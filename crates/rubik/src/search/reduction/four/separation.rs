//! Phase 2's bound on separating the wings.
//!
//! Phase 2 must end with every edge's two wings in different [classes](super::pairing) (and
//! U/D staged); only about one of its solutions in 2,000 does so by chance. Here each edge is
//! followed on its own: where its two wings are (an unordered pair of slots, 276 of them),
//! together with where the U/D centres are (12,870), is a state whose distance by phase 2's
//! turns to U/D staged with the two wings in different classes is a table of 3.55 million
//! entries. The largest of the twelve edges' distances bounds phase 2's turns to a separated
//! goal, and is 0 only there: with it, phase 2 walks about a twentieth of the nodes it walked
//! when it searched the centres alone and refused the unseparated solutions at the end.

use super::coords::Moves2;
use super::model::Model;
use super::pairing::Pairing;
use crate::search::reduction::distances::distances;
use crate::search::reduction::phase_search::{TURNS, largest_below};

/// The unordered pairs of wing slots.
pub(super) const PAIRS: usize = 24 * 23 / 2;
/// The table's entries: the U/D centres' placements times the pairs.
pub(super) const COUNT: usize = 12_870 * PAIRS;

/// Where each edge's two wings are: a pair index for each edge.
pub(super) type EdgePairs = [u16; 12];

/// Every unordered pair of distinct slots, in index order.
fn pairs() -> impl Iterator<Item = (u8, u8)> {
    (1..24u8).flat_map(|b| (0..b).map(move |a| (a, b)))
}

/// The index of the unordered pair of distinct slots `a` and `b`.
fn pair_index(a: u8, b: u8) -> u16 {
    let (low, high) = (u16::from(a.min(b)), u16::from(a.max(b)));
    high * (high - 1) / 2 + low
}

/// The edges' wings and where phase 2's turns take each pair of slots.
pub(super) struct Separation {
    /// Each edge's two wings, by home slot.
    edges: [(u8, u8); 12],
    /// Where each turn takes each pair (`u16::MAX` for turns phase 2 does not take).
    to: Vec<[u16; TURNS]>,
    /// The U/D centres' index when staged.
    ud_goal: u16,
}

impl Separation {
    pub fn new(model: &Model, moves2: &Moves2, pairing: &Pairing) -> Separation {
        let mut edges = [(0, 0); 12];
        let twins = (0..24u8)
            .map(|w| (w, pairing.twin(w)))
            .filter(|(w, t)| w < t);
        for (edge, wings) in edges.iter_mut().zip(twins) {
            *edge = wings;
        }
        let to = pairs()
            .map(|(a, b)| {
                std::array::from_fn(|m| match moves2.all >> m & 1 {
                    1 => pair_index(model.wing_to[m][a as usize], model.wing_to[m][b as usize]),
                    _ => u16::MAX,
                })
            })
            .collect();
        Separation {
            edges,
            to,
            ud_goal: moves2.ud_goal(),
        }
    }

    /// Where each edge's wings are in a cube whose wing `w` is in slot `slots[w]`.
    pub fn of(&self, slots: &[u8; 24]) -> EdgePairs {
        self.edges
            .map(|(a, b)| pair_index(slots[a as usize], slots[b as usize]))
    }

    /// `pairs` after turn `m` (one of phase 2's).
    pub fn turn(&self, pairs: &EdgePairs, m: usize) -> EdgePairs {
        pairs.map(|p| self.to[p as usize][m])
    }

    /// The table index of an edge whose wings are at pair `pair`, the U/D centres at `ud`.
    pub fn index(ud: u16, pair: u16) -> usize {
        usize::from(ud) * PAIRS + usize::from(pair)
    }

    /// Every entry's distance by phase 2's turns to U/D staged with the pair's two slots in
    /// different classes.
    pub fn distances(&self, moves2: &Moves2, pairing: &Pairing) -> Vec<u8> {
        let goals: Vec<usize> = pairs()
            .filter(|&(a, b)| pairing.place(a).0 != pairing.place(b).0)
            .map(|(a, b)| Self::index(self.ud_goal, pair_index(a, b)))
            .collect();
        distances(COUNT, &goals, moves2.all, |i, m| {
            let (ud, pair) = (i / PAIRS, i % PAIRS);
            Self::index(moves2.ud.turn(ud as u16, m), self.to[pair][m])
        })
    }

    /// The largest of the edges' table entries (`entry(index)`) with the U/D centres at `ud`,
    /// or the first one found that is at least `left`.
    pub fn bound(&self, ud: u16, pairs: &EdgePairs, left: u8, entry: impl Fn(usize) -> u8) -> u8 {
        largest_below(pairs.iter().map(|&pair| entry(Self::index(ud, pair))), left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_indices_number_the_pairs_once_each() {
        let mut seen = vec![false; PAIRS];
        for b in 1..24u8 {
            for a in 0..b {
                let i = pair_index(a, b) as usize;
                assert_eq!(pair_index(b, a) as usize, i);
                assert!(!seen[i]);
                seen[i] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
