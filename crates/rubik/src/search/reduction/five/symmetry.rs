//! The 16 symmetries of the 5×5 that keep an axis: the quarter turns of the whole cube about
//! it, a half turn that exchanges its faces, and the mirror exchanging L and R, with their
//! products. Each as what it does to the wing slots, the midge positions, the centres and the
//! turns, derived from the stickers.

use std::sync::OnceLock;

use super::model::{ByteMaps, Centre, Mask, Model, PieceMap, byte_maps, moved, sticker_map};
use crate::face::{Axis, Face};
use crate::facelet::{index, permutation};
use crate::search::reduction::phase_search::TURNS;
use crate::turn::Turn;

/// A symmetry: where it takes each wing slot, midge position and centre position (per
/// orbit), and the turn `s m s⁻¹` it takes each turn `m` to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Symmetry {
    pub wing: [u8; 24],
    wing_bytes: ByteMaps,
    pub midge: [u8; 12],
    pub centre: [[u8; 24]; 2],
    centre_bytes: [ByteMaps; 2],
    pub turn: [u8; TURNS],
}

/// Where each sticker goes.
type Stickers = [usize; 150];

/// The 16 symmetries keeping `axis`, the identity first.
pub(super) fn keeping(axis: Axis) -> &'static [Symmetry] {
    static SYMMETRIES: [OnceLock<Vec<Symmetry>>; 3] = [const { OnceLock::new() }; 3];
    SYMMETRIES[axis.index()].get_or_init(|| {
        let whole = |axis, quarters| {
            sticker_map(&[Turn {
                axis,
                first: 0,
                last: 4,
                quarters,
            }])
        };
        let across = if axis == Axis::Y { Axis::X } else { Axis::Y };
        let identity: Stickers = std::array::from_fn(|i| i);
        let mut symmetries = Vec::with_capacity(16);
        for quarters in 0..4 {
            for half in [false, true] {
                for mirrored in [false, true] {
                    let mut goes = identity;
                    for _ in 0..quarters {
                        goes = then(&goes, &whole(axis, 1));
                    }
                    if half {
                        goes = then(&goes, &whole(across, 2));
                    }
                    if mirrored {
                        goes = then(&goes, &mirror());
                    }
                    symmetries.push(Symmetry::of(&goes));
                }
            }
        }
        symmetries
    })
}

/// `first`, then `second`.
fn then(first: &Stickers, second: &Stickers) -> Stickers {
    first.map(|i| second[i])
}

/// The mirror exchanging L and R: each face read right to left.
fn mirror() -> Stickers {
    let swap = |f: Face| match f {
        Face::R => Face::L,
        Face::L => Face::R,
        other => other,
    };
    let mut goes = [0; 150];
    for face in Face::ALL {
        for row in 0..5 {
            for col in 0..5 {
                goes[index(5, face, row, col)] = index(5, swap(face), row, 4 - col);
            }
        }
    }
    goes
}

impl Symmetry {
    fn of(goes: &Stickers) -> Symmetry {
        let model = Model::get();
        let turn_stickers: Vec<Vec<u32>> =
            model.turns.iter().map(|&t| permutation(5, &[t])).collect();
        let turn = std::array::from_fn(|m| {
            // Position `goes[i]` receives what position `goes[from]` held.
            let mut conjugate = vec![0u32; 150];
            for (i, &from) in turn_stickers[m].iter().enumerate() {
                conjugate[goes[i]] = goes[from as usize] as u32;
            }
            (turn_stickers.iter())
                .position(|p| *p == conjugate)
                .expect("a symmetry takes an outer block turn to one") as u8
        });
        let pieces = PieceMap::of(goes);
        Symmetry {
            wing: pieces.wing,
            wing_bytes: byte_maps(&pieces.wing),
            midge: pieces.midge,
            centre: pieces.centre,
            centre_bytes: pieces.centre.each_ref().map(byte_maps),
            turn,
        }
    }

    /// The set of wing slots `mask` moved by the symmetry.
    pub fn wings(&self, mask: u32) -> u32 {
        moved(&self.wing_bytes, mask)
    }

    /// The set of `orbit`'s centre positions `mask` moved by the symmetry.
    pub fn centres(&self, orbit: Centre, mask: Mask) -> Mask {
        moved(&self.centre_bytes[orbit as usize], mask)
    }

    /// The set of midge positions `mask` moved by the symmetry.
    pub fn midges(&self, mask: u16) -> u16 {
        (0..12)
            .filter(|s| mask >> s & 1 == 1)
            .fold(0, |out, s| out | 1 << self.midge[s])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_distinct_symmetries_that_commute_with_the_turns() {
        for axis in Axis::ALL {
            check(axis, keeping(axis));
        }
    }

    #[test]
    fn a_set_of_slots_goes_where_its_slots_go() {
        let mut rng = crate::seeded_rng(5);
        let one_by_one = |map: &[u8; 24], mask: u32| {
            (0..24)
                .filter(|w| mask >> w & 1 == 1)
                .fold(0, |out, w| out | 1 << map[w])
        };
        for s in keeping(Axis::X) {
            for _ in 0..200 {
                let mask = crate::random::below(&mut rng, 1 << 24);
                assert_eq!(s.wings(mask), one_by_one(&s.wing, mask));
                for (o, orbit) in Centre::BOTH.into_iter().enumerate() {
                    assert_eq!(s.centres(orbit, mask), one_by_one(&s.centre[o], mask));
                }
            }
        }
    }

    fn check(axis: Axis, symmetries: &[Symmetry]) {
        assert_eq!(symmetries.len(), 16);
        for (i, s) in symmetries.iter().enumerate() {
            assert!(symmetries[..i].iter().all(|t| t != s));
        }
        assert_eq!(symmetries[0].turn, std::array::from_fn(|m| m as u8));
        let model = Model::get();
        for s in symmetries {
            for m in 0..TURNS {
                let image = usize::from(s.turn[m]);
                // The symmetry, then the image turn, is the turn, then the symmetry.
                for w in 0..24 {
                    assert_eq!(
                        model.wing_to[image][usize::from(s.wing[w])],
                        s.wing[usize::from(model.wing_to[m][w])]
                    );
                }
                for p in 0..12 {
                    assert_eq!(
                        model.midge_to[image][usize::from(s.midge[p])],
                        s.midge[usize::from(model.midge_to[m][p])]
                    );
                }
                for (o, orbit) in Centre::BOTH.into_iter().enumerate() {
                    for p in 0..24 {
                        let moved = model.turn_mask(orbit, m, 1 << p);
                        let image_first = model.turn_mask(orbit, image, 1 << s.centre[o][p]);
                        assert_eq!(
                            image_first,
                            1 << s.centre[o][moved.trailing_zeros() as usize]
                        );
                    }
                }
                // The axis is kept.
                assert_eq!(model.turns[image].axis == axis, model.turns[m].axis == axis);
            }
        }
    }
}
