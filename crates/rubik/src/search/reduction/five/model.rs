//! The 5×5 as its phases see it, derived from the sticker model: the 36 turns of outer
//! blocks (each face's outer layer and its two-layer block, by 1, 2 or 3 quarters) and where
//! each takes the 24 x-centres, the 24 t-centres, the 12 midges and the 24 wings.
//!
//! A centre position is `4 · face + k`, faces in facelet-string order; `k` runs over the
//! face's x-centres (or t-centres) in reading order. The fixed centres never move, so the
//! colour a position wants is its face's.

use std::sync::OnceLock;

use crate::face::Face;
use crate::facelet::pieces::{OrbitKind, Orbits};
use crate::facelet::{FaceletCube, permutation};
use crate::search::reduction::phase_search::{TURNS, outer_block_turn};
use crate::turn::Turn;

/// The two centre orbits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Centre {
    /// The four diagonal neighbours of each fixed centre.
    X,
    /// The four edge-adjacent neighbours of each fixed centre ("+" or t-centres).
    T,
}

impl Centre {
    pub const BOTH: [Centre; 2] = [Centre::X, Centre::T];

    /// The (row, column) of the orbit's four stickers on a face, in reading order.
    fn cells(self) -> [(usize, usize); 4] {
        match self {
            Centre::X => [(1, 1), (1, 3), (3, 1), (3, 3)],
            Centre::T => [(1, 2), (2, 1), (2, 3), (3, 2)],
        }
    }

    /// The sticker index of position `p` of this orbit.
    pub fn sticker(self, p: usize) -> usize {
        let (row, col) = self.cells()[p % 4];
        (p / 4 * 5 + row) * 5 + col
    }
}

/// A set of centre positions, one bit each.
pub(super) type Mask = u32;

/// Where a map of 24 positions takes each set of them within each byte of a mask (bits 8k to
/// 8k + 7), so that a mask is moved by three lookups.
pub(super) type ByteMaps = [[u32; 256]; 3];

/// The byte maps of `map`, where each position goes.
pub(super) fn byte_maps(map: &[u8; 24]) -> ByteMaps {
    std::array::from_fn(|k| {
        std::array::from_fn(|byte| {
            (0..8)
                .filter(|b| byte >> b & 1 == 1)
                .fold(0, |out, b| out | 1 << map[8 * k + b])
        })
    })
}

/// The set of positions `mask` moved as `maps` say.
pub(super) fn moved(maps: &ByteMaps, mask: u32) -> u32 {
    let [a, b, c] = maps;
    a[(mask & 0xFF) as usize] | b[(mask >> 8 & 0xFF) as usize] | c[(mask >> 16 & 0xFF) as usize]
}

/// The turns and where they take the centres.
pub(super) struct Model {
    /// Turn `m`: face `m / 6`, the two-layer block when `m / 3 % 2 == 1`, by `m % 3 + 1`
    /// quarters.
    pub turns: [Turn; TURNS],
    /// `bytes[orbit][m]`: where turn `m` takes the positions of a mask.
    bytes: Vec<[ByteMaps; TURNS]>,
    /// Where turn `m` takes the midge in slot `s` (slots of [`Orbits`], the 3×3's edge order).
    pub midge_to: [[u8; 12]; TURNS],
    /// Whether turn `m` takes the midge in slot `s` to its new slot with its stickers swapped.
    pub midge_flip: [[u8; 12]; TURNS],
    /// Where turn `m` takes the wing in slot `s` (slots `2e` and `2e + 1` on edge `e`).
    pub wing_to: [[u8; 24]; TURNS],
}

/// Where the sticker at each index goes under `turns`, in order.
pub(super) fn sticker_map(turns: &[Turn]) -> [usize; 150] {
    let mut goes = [0; 150];
    for (i, &from) in permutation(5, turns).iter().enumerate() {
        goes[from as usize] = i;
    }
    goes
}

/// Where a map of the stickers (`goes[i]`: where the sticker at `i` goes) takes the pieces:
/// each midge slot (and whether the midge's stickers are swapped there), wing slot, and centre
/// position of each orbit.
pub(super) struct PieceMap {
    pub midge: [u8; 12],
    pub midge_flip: [u8; 12],
    pub wing: [u8; 24],
    pub centre: [[u8; 24]; 2],
}

impl PieceMap {
    pub fn of(goes: &[usize; 150]) -> PieceMap {
        let orbits = Orbits::of(5);
        let place = |kind, s: usize| {
            let orbit = orbits.get(kind).expect("a 5×5 orbit");
            orbits.locate(goes[orbit.slot(s)[0]])
        };
        let wings = OrbitKind::Wings { depth: 1 };
        PieceMap {
            midge: std::array::from_fn(|s| place(OrbitKind::Midges, s).slot as u8),
            midge_flip: std::array::from_fn(|s| place(OrbitKind::Midges, s).place as u8),
            wing: std::array::from_fn(|s| place(wings, s).slot as u8),
            centre: Centre::BOTH.map(|orbit| {
                std::array::from_fn(|p| {
                    let to = goes[orbit.sticker(p)];
                    let q = (0..24).find(|&q| orbit.sticker(q) == to);
                    q.expect("the stickers' map keeps each centre orbit") as u8
                })
            }),
        }
    }
}

impl Model {
    /// The model, derived once.
    pub fn get() -> &'static Model {
        static MODEL: OnceLock<Model> = OnceLock::new();
        MODEL.get_or_init(Model::derive)
    }

    fn derive() -> Model {
        let turns: [Turn; TURNS] = std::array::from_fn(|m| outer_block_turn(m, 5));
        let maps: Vec<PieceMap> = (turns.iter())
            .map(|&turn| PieceMap::of(&sticker_map(&[turn])))
            .collect();
        let midge_to = std::array::from_fn(|m| maps[m].midge);
        let midge_flip = std::array::from_fn(|m| maps[m].midge_flip);
        let wing_to = std::array::from_fn(|m| maps[m].wing);
        let to: [[[u8; 24]; TURNS]; 2] = [0, 1].map(|o| std::array::from_fn(|m| maps[m].centre[o]));
        let bytes = (0..2)
            .map(|o| std::array::from_fn(|m| byte_maps(&to[o][m])))
            .collect();
        Model {
            turns,
            bytes,
            midge_to,
            midge_flip,
            wing_to,
        }
    }

    /// The positions turn `m` takes the positions of `mask` (of `orbit`) to.
    pub fn turn_mask(&self, orbit: Centre, m: usize, mask: Mask) -> Mask {
        moved(&self.bytes[orbit as usize][m], mask)
    }

    /// Whether turn `m` changes the parity of the wings against the midges: a quarter turn of
    /// a two-layer block turns the inner slice by a quarter.
    pub fn flips_wing_parity(m: usize) -> bool {
        m / 3 % 2 == 1 && m % 3 != 1
    }
}

/// The positions of `faces` (4 bits a face).
pub(super) fn face_mask(faces: &[Face]) -> Mask {
    faces
        .iter()
        .fold(0, |mask, f| mask | 0xF << (4 * f.index()))
}

/// A 5×5's centres by colour: for each orbit and colour, the positions showing it.
#[derive(Clone)]
pub(super) struct Centres {
    masks: [[Mask; 6]; 2],
}

impl Centres {
    /// Reads a 5×5 whose fixed centres show their faces' colours.
    pub fn read(cube: &FaceletCube) -> Centres {
        let mut masks = [[0; 6]; 2];
        for (o, orbit) in Centre::BOTH.into_iter().enumerate() {
            for p in 0..24 {
                masks[o][cube.stickers()[orbit.sticker(p)].index()] |= 1 << p;
            }
        }
        Centres { masks }
    }

    /// The centres after turn `m`.
    pub fn turn(&self, m: usize) -> Centres {
        let model = Model::get();
        Centres {
            masks: std::array::from_fn(|o| {
                self.masks[o].map(|mask| model.turn_mask(Centre::BOTH[o], m, mask))
            }),
        }
    }

    /// The positions of `orbit` showing any of `colours`.
    pub fn mask(&self, orbit: Centre, colours: &[Face]) -> Mask {
        colours
            .iter()
            .fold(0, |mask, c| mask | self.masks[orbit as usize][c.index()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_move_centres_as_the_stickers_do() {
        let model = Model::get();
        let mut cube = crate::bigcube::random_state(5, &mut crate::seeded_rng(3));
        for m in 0..TURNS {
            let before = Centres::read(&cube);
            cube.turn(model.turns[m]);
            let after = Centres::read(&cube);
            for orbit in Centre::BOTH {
                for colour in Face::ALL {
                    let mask = before.mask(orbit, &[colour]);
                    assert_eq!(
                        model.turn_mask(orbit, m, mask),
                        after.mask(orbit, &[colour])
                    );
                }
            }
        }
    }
}
