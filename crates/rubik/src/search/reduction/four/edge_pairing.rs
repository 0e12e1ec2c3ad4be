//! Phase 3's bound an edge at a time: the centres solved with one edge paired.
//!
//! Phase 3's bound was the larger of two distances, the centres' and the wings' matching's,
//! each alone; most of its nodes sit where both are a turn or two below the turns left but no
//! sequence brings both home together. Here each edge is followed with the centres: where its
//! high wing and its low wing are (a high slot and a low slot, 144) together with the centres
//! (the 58,800 placements phase 3 reaches) is a state whose distance by phase 3's turns to the
//! centres solved (held any of phase 3's four ways) without "PLL parity" and that edge's two
//! wings in one edge's slots, from either parity, makes a table of 8.5 million entries, each
//! the two parities' distances in a five-bit code as the matching's are (5.3 MB). A matching
//! names each edge's slots (high slot `h` holds the twin of the wing in low slot `m[h]`), so
//! the twelve entries of a state need no more than its matching and centres.

use super::coords::{self, Centres3, Moves3};
use super::model::Model;
use super::pairing::{Matching, Pairing};
use crate::search::reduction::distances::{self, distances_of_states};
use crate::search::reduction::phase_search::{TURNS, largest_below, turns_in};

/// The placements of one edge's two wings: a high slot and a low slot.
const PLACES: usize = 12 * 12;

/// The centre placements phase 3 reaches.
const CENTRES: usize = 58_800;

/// The table's entries.
pub(super) const COUNT: usize = CENTRES * PLACES;

/// The centre placements phase 3 reaches, numbered, and where its turns take an edge's wings.
pub(super) struct EdgePairing {
    /// The number of each centre placement (by [`coords::index_centres3`]) phase 3 reaches,
    /// `u16::MAX` for the others.
    numbers: Vec<u16>,
    /// The placement of each number.
    placements: Vec<Centres3>,
    /// Where each of phase 3's turns takes each high slot and each low slot (by index within
    /// its class).
    high_to: [[u8; 12]; TURNS],
    low_to: [[u8; 12]; TURNS],
}

impl EdgePairing {
    pub fn new(model: &Model, moves3: &Moves3, pairing: &Pairing) -> EdgePairing {
        let mut placements = Vec::with_capacity(CENTRES);
        let mut numbers = vec![u16::MAX; coords::CENTRES3];
        let reached = distances_of_states(
            coords::CENTRES3,
            &moves3.held(model, moves3.goal(), |&c, m| moves3.turn(c, m)),
            |&c| coords::index_centres3(c),
            moves3.reducing,
            |&c, m| moves3.turn(c, m),
        );
        for (index, &distance) in reached.iter().enumerate() {
            if distance != distances::UNREACHED {
                numbers[index] = placements.len() as u16;
                let (u, f, r) = (index / 4900, index / 70 % 70, index % 70);
                placements.push(Centres3 {
                    u: u as u16,
                    f: f as u16,
                    r: r as u16,
                });
            }
        }
        assert_eq!(placements.len(), CENTRES, "phase 3's centre placements");
        let (mut high_to, mut low_to) = ([[0; 12]; TURNS], [[0; 12]; TURNS]);
        for m in turns_in(moves3.all) {
            for slot in 0..24u8 {
                let (high, from) = pairing.place(slot);
                let (_, to) = pairing.place(model.wing_to[m][slot as usize]);
                let map = if high { &mut high_to } else { &mut low_to };
                map[m][from as usize] = to;
            }
        }
        EdgePairing {
            numbers,
            placements,
            high_to,
            low_to,
        }
    }

    /// The table entry of an edge whose wings are in high slot `high` and low slot `low`,
    /// with the centres numbered `centres`.
    pub fn index(centres: u16, high: u8, low: u8) -> usize {
        (usize::from(centres) * 12 + usize::from(high)) * 12 + usize::from(low)
    }

    /// Every entry's distance with each "PLL parity" (at `2 · index + odd`; turn `m` changes
    /// it where `flips[m]`) by phase 3's search turns to the centres solved, held any of the
    /// four ways, with even parity and the edge's wings in one edge's slots.
    pub fn distances(&self, model: &Model, moves3: &Moves3, flips: &[bool; TURNS]) -> Vec<u8> {
        let turn = |&(c, odd): &(Centres3, bool), m: usize| (moves3.turn(c, m), odd != flips[m]);
        let solved = moves3.held(model, (moves3.goal(), false), turn);
        let goals: Vec<usize> = (solved.iter())
            .flat_map(|&(c, odd)| {
                let centres = self.number(c);
                (0..12).map(move |slot| 2 * Self::index(centres, slot, slot) + usize::from(odd))
            })
            .collect();
        distances::distances(2 * COUNT, &goals, moves3.reducing, |i, m| {
            let (index, odd) = (i / 2, i % 2 == 1);
            let (centres, high, low) = (index / PLACES, index / 12 % 12, index % 12);
            let turned = moves3.turn(self.placements[centres], m);
            let index = Self::index(
                self.number(turned),
                self.high_to[m][high],
                self.low_to[m][low],
            );
            2 * index + usize::from(odd != flips[m])
        })
    }

    /// The number of centre placement `centres`, `u16::MAX` if phase 3 does not reach it.
    pub fn number(&self, centres: Centres3) -> u16 {
        self.numbers[coords::index_centres3(centres)]
    }

    /// The largest of the twelve edges' entries (`entry(index)`) with the centres at
    /// `centres` and the wings matched as `matching` says, or the first found that is at
    /// least `left`; 0 for centres phase 3 does not reach (its centres' bound refuses them).
    pub fn bound(
        &self,
        centres: Centres3,
        matching: &Matching,
        left: u8,
        entry: impl Fn(usize) -> u8,
    ) -> u8 {
        let number = self.number(centres);
        if number == u16::MAX {
            return 0;
        }
        let entries = (matching[..12].iter().enumerate())
            .map(|(high, &low)| entry(Self::index(number, high as u8, low)));
        largest_below(entries, left)
    }

    /// The centre placement numbered `number`.
    #[cfg(test)]
    pub fn placement(&self, number: usize) -> Centres3 {
        self.placements[number]
    }

    /// Where turn `m` takes an edge's wings in high slot `high` and low slot `low`.
    #[cfg(test)]
    pub fn wings_after(&self, high: usize, low: usize, m: usize) -> (usize, usize) {
        (self.high_to[m][high].into(), self.low_to[m][low].into())
    }
}
