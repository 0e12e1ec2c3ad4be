//! The 4×4 as its phases see it, derived from the sticker model: the 36 outer-block turns (each
//! face's outer layer and its two-layer block, by 1, 2 or 3 quarters), where each turn takes the
//! 24 centre stickers and the 24 wing slots, and whether it permutes the wings oddly.
//!
//! Centre positions are the centre stickers in facelet-string order (face `p / 4`); wing slots
//! are the wing orbit of [`Orbits`].

use std::sync::OnceLock;

use crate::face::Face;
use crate::facelet::pieces::{OrbitKind, Orbits};
use crate::facelet::{FaceletCube, permutation};
use crate::search::reduction::phase_search::{TURNS, outer_block_turn};
use crate::turn::Turn;

/// The turns and what they do to each kind of piece.
pub(super) struct Model {
    /// Turn `m` ([`outer_block_turn`]).
    pub turns: [Turn; TURNS],
    /// Where turn `m` takes the centre sticker at position `p`.
    pub centre_to: [[u8; 24]; TURNS],
    /// Where turn `m` takes the wing in slot `s`.
    pub wing_to: [[u8; 24]; TURNS],
    /// Whether turn `m` permutes the wings oddly.
    pub wing_odd: [bool; TURNS],
    /// Whether turn `m` permutes the corners oddly.
    pub corner_odd: [bool; TURNS],
}

impl Model {
    /// The model, derived once.
    pub fn get() -> &'static Model {
        static MODEL: OnceLock<Model> = OnceLock::new();
        MODEL.get_or_init(Model::derive)
    }

    fn derive() -> Model {
        let turns: [Turn; TURNS] = std::array::from_fn(|m| outer_block_turn(m, 4));
        let centres = centre_stickers();
        let mut model = Model {
            turns,
            centre_to: [[0; 24]; TURNS],
            wing_to: [[0; 24]; TURNS],
            wing_odd: [false; TURNS],
            corner_odd: [false; TURNS],
        };
        for (m, turn) in turns.iter().enumerate() {
            let to = sticker_to(&[*turn]);
            for (p, &sticker) in centres.iter().enumerate() {
                let dest = centres.iter().position(|&c| c == to[sticker]);
                model.centre_to[m][p] = dest.expect("centres stay centres") as u8;
            }
            model.wing_to[m] = slot_to(&to, OrbitKind::Wings { depth: 1 });
            model.wing_odd[m] = is_odd(&model.wing_to[m]);
            model.corner_odd[m] = is_odd(&slot_to::<8>(&to, OrbitKind::Corners));
        }
        model
    }
}

/// Where the turns `turns` take each sticker of the 4×4.
pub(super) fn sticker_to(turns: &[Turn]) -> Vec<usize> {
    let mut to = vec![0usize; 96];
    for (i, &from) in permutation(4, turns).iter().enumerate() {
        to[from as usize] = i;
    }
    to
}

/// Where the sticker map `to` takes each slot of the orbit `kind`.
pub(super) fn slot_to<const N: usize>(to: &[usize], kind: OrbitKind) -> [u8; N] {
    let orbits = Orbits::of(4);
    let orbit = orbits.get(kind).expect("a 4×4 orbit");
    std::array::from_fn(|s| orbits.locate(to[orbit.slot(s)[0]]).slot as u8)
}

/// The centre stickers of the 4×4, in facelet-string order.
pub(super) fn centre_stickers() -> [usize; 24] {
    std::array::from_fn(|p| {
        let (face, k) = (p / 4, p % 4);
        face * 16 + (1 + k / 2) * 4 + 1 + k % 2
    })
}

/// Whether a permutation (as where each element goes) is odd.
pub(super) fn is_odd(to: &[u8]) -> bool {
    crate::bigcube::is_odd(to.len(), |i| usize::from(to[i]))
}

/// A cube's centres and wings as the phases read them.
pub(super) struct Pieces {
    /// The colour (face index) on each centre position.
    pub centres: [u8; 24],
    /// The wing (by its home slot) in each slot.
    pub wings: [u8; 24],
}

impl Pieces {
    /// Reads a reachable 4×4 held with its colours named by faces (any frame). `None` if a
    /// wing is not a piece.
    pub fn read(cube: &FaceletCube) -> Option<Pieces> {
        let orbits = Orbits::of(4);
        let read = |kind| -> Option<Vec<u8>> {
            let orbit = orbits.get(kind).expect("a 4×4 orbit");
            orbit
                .read(cube)
                .into_iter()
                .map(|p| p.map(|p| p.piece as u8))
                .collect()
        };
        let wings = read(OrbitKind::Wings { depth: 1 })?;
        let centres = centre_stickers().map(|i| cube.stickers()[i].index() as u8);
        Some(Pieces {
            centres,
            wings: wings.try_into().ok()?,
        })
    }

    /// Whether the corners are an odd permutation.
    pub fn corners_odd(cube: &FaceletCube) -> bool {
        let orbits = Orbits::of(4);
        let corners = orbits.get(OrbitKind::Corners).expect("4×4 corners");
        let mut to = [0u8; 8];
        for (slot, placement) in corners.read(cube).into_iter().enumerate() {
            to[placement.map_or(slot, |p| p.piece)] = slot as u8;
        }
        is_odd(&to)
    }

    /// Whether the wings are an odd permutation.
    pub fn wings_odd(&self) -> bool {
        is_odd(&slots_of(&self.wings))
    }

    /// The positions of the centres showing `colour`, as a bit mask.
    pub fn mask(&self, colour: Face) -> u32 {
        (0..24)
            .filter(|&p| self.centres[p] == colour.index() as u8)
            .fold(0, |mask, p| mask | 1 << p)
    }
}

/// The slot that holds each wing (by home slot), of `wings` (`wings[slot]`: the wing there).
pub(super) fn slots_of(wings: &[u8; 24]) -> [u8; 24] {
    let mut slots = [0u8; 24];
    for (slot, &wing) in wings.iter().enumerate() {
        slots[wing as usize] = slot as u8;
    }
    slots
}

/// Moves the set bits of `mask` (centre positions) by turn `m`.
pub(super) fn turn_mask(model: &Model, mask: u32, m: usize) -> u32 {
    let mut bits = mask;
    let mut moved = 0;
    while bits != 0 {
        let p = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        moved |= 1 << model.centre_to[m][p];
    }
    moved
}

/// The mask of the centre positions on `faces`.
pub(super) fn face_mask(faces: &[Face]) -> u32 {
    faces
        .iter()
        .fold(0, |mask, f| mask | 0xF << (4 * f.index()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_move_centres_as_the_stickers_do() {
        let model = Model::get();
        let mut rng = crate::seeded_rng(3);
        let mut cube = crate::bigcube::random_state(4, &mut rng);
        for m in [0, 7, 13, 20, 29, 35, 4, 16] {
            let before = Pieces::read(&cube).unwrap();
            cube.turn(model.turns[m]);
            let after = Pieces::read(&cube).unwrap();
            for p in 0..24 {
                let q = model.centre_to[m][p] as usize;
                assert_eq!(after.centres[q], before.centres[p]);
                let s = model.wing_to[m][p] as usize;
                assert_eq!(after.wings[s], before.wings[p]);
            }
            assert_eq!(after.wings_odd(), before.wings_odd() ^ model.wing_odd[m]);
        }
    }
}
