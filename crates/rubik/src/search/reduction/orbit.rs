//! One orbit of a real N×N×N cube, seen through its [`Kind`]'s proxy cube, and the greedy
//! placement of its pieces by pure 3-cycles.

use super::ReductionError;
use super::library::{Kind, KindName};
use crate::face::Face;
use crate::facelet::FaceletCube;
use crate::search::budget::Running;
use crate::turn::Turn;

/// An orbit of a cube of size `size`: its kind, and the real layer of each proxy layer.
pub(super) struct Orbit {
    /// The orbit type, with its pieces and cycles.
    pub kind: &'static Kind,
    layers: Vec<usize>,
    size: usize,
}

impl Orbit {
    /// The orbit whose U-face sticker is at (row, col): the layers {0, row, col} and their
    /// mirrors are its proxy's layers.
    fn new(size: usize, name: KindName, row: usize, col: usize) -> Orbit {
        let mut layers = vec![0, row, col, size - 1 - row, size - 1 - col, size - 1];
        layers.sort_unstable();
        layers.dedup();
        let kind = Kind::get(name);
        debug_assert_eq!(layers.len(), kind.size);
        Orbit { kind, layers, size }
    }

    /// The real sticker index of a proxy sticker.
    pub fn sticker(&self, proxy: usize) -> usize {
        let m = self.kind.size;
        let (face, row, col) = (proxy / (m * m), proxy / m % m, proxy % m);
        (face * self.size + self.layers[row]) * self.size + self.layers[col]
    }

    /// The real face a proxy sticker lies on.
    pub fn face(&self, proxy: usize) -> Face {
        Face::ALL[proxy / (self.kind.size * self.kind.size)]
    }

    /// The real turn a proxy single-layer turn stands for.
    pub fn turn(&self, turn: Turn) -> Turn {
        Turn {
            first: self.layers[turn.first],
            last: self.layers[turn.last],
            ..turn
        }
    }

    /// The proxy stickers of the orbit, piece by piece (the order of [`Orbit::read`]).
    pub fn stickers(&self) -> impl Iterator<Item = usize> + '_ {
        self.kind.pieces.iter().flatten().copied()
    }

    /// The colours of the orbit's stickers on `cube`, piece by piece.
    pub fn read(&self, cube: &FaceletCube) -> Vec<Face> {
        let stickers = cube.stickers();
        self.stickers().map(|s| stickers[self.sticker(s)]).collect()
    }

    /// Brings every slot to its colours `homes[slot]` (pieces of equal colours are
    /// interchangeable), each step the 3-cycle that puts the most pieces right per move, which
    /// may take a right piece out of a slot for an equal one. Appends the real turns. Stops
    /// when `budget`'s clock or cancel flag says so.
    pub fn place(
        &self,
        state: &mut Vec<Face>,
        homes: &[[Face; 2]],
        out: &mut Vec<Turn>,
        budget: &Running,
    ) -> Result<(), ReductionError> {
        let k = self.kind.piece_len();
        let n = self.kind.len();
        let fits = |state: &[Face], from: usize, to: usize| {
            (0..k).all(|j| state[from * k + j] == homes[to][j])
        };
        loop {
            if let Some(stop) = budget.interrupted() {
                return Err(ReductionError::Stopped(stop));
            }
            let right: Vec<bool> = (0..n).map(|slot| fits(state, slot, slot)).collect();
            let mut best: Option<(f64, usize, usize, usize)> = None;
            for s in (0..n).filter(|&s| !right[s]) {
                for p in (0..n).filter(|&p| p != s && fits(state, p, s)) {
                    for q in (0..n).filter(|&q| q != p && q != s) {
                        let Some(cycle) = self.kind.cycle(p, s, q) else {
                            continue;
                        };
                        let gain = 1 + i64::from(fits(state, s, q)) - i64::from(right[q])
                            + i64::from(fits(state, q, p))
                            - i64::from(right[p]);
                        let score = gain as f64 / f64::from(cycle.cost);
                        if gain > 0 && best.is_none_or(|(b, ..)| score > b) {
                            best = Some((score, p, s, q));
                        }
                    }
                }
            }
            let Some((_, p, s, q)) = best else {
                return match right.iter().position(|&r| !r) {
                    None => Ok(()),
                    Some(slot) => Err(ReductionError::Unsolvable(format!(
                        "no piece can be brought to sticker {}",
                        crate::facelet::sticker_name(
                            self.size,
                            self.sticker(self.kind.pieces[slot][0])
                        ),
                    ))),
                };
            };
            let cycle = self.kind.cycle(p, s, q).expect("chosen above");
            *state = cycle.perm.iter().map(|&i| state[i as usize]).collect();
            out.extend(cycle.turns.iter().map(|&t| self.turn(t)));
        }
    }
}

/// Every centre orbit of a cube of size `size` (the fixed centres of odd sizes excepted).
pub(super) fn centre_orbits(size: usize) -> Vec<Orbit> {
    let half = size / 2;
    let odd = size % 2 == 1;
    let mut orbits = Vec::new();
    for row in 1..half {
        for col in 1..half {
            let name = match row.cmp(&col) {
                std::cmp::Ordering::Equal => KindName::XCentre,
                std::cmp::Ordering::Less => KindName::ObliqueLow,
                std::cmp::Ordering::Greater => KindName::ObliqueHigh,
            };
            orbits.push(Orbit::new(size, name, row, col));
        }
        if odd {
            orbits.push(Orbit::new(size, KindName::TCentre, row, half));
        }
    }
    orbits
}

/// Every wing orbit of a cube of size `size`, outermost first (the U-face sticker at row 0,
/// column k for k = 1, 2, ... below the middle).
pub(super) fn wing_orbits(size: usize) -> Vec<Orbit> {
    (1..=(size - 2) / 2)
        .map(|k| Orbit::new(size, KindName::Wing, 0, k))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_cover_every_centre_and_edge_sticker_once() {
        for size in 4..=9 {
            let mut count = vec![0; 6 * size * size];
            for orbit in centre_orbits(size).iter().chain(&wing_orbits(size)) {
                for s in orbit.stickers() {
                    count[orbit.sticker(s)] += 1;
                }
            }
            for (i, &c) in count.iter().enumerate() {
                let (r, col) = (i / size % size, i % size);
                let outer = |x: usize| x == 0 || x == size - 1;
                let middle = |x: usize| size % 2 == 1 && x == size / 2;
                // Not a corner, fixed centre or midge: every other sticker is in one orbit.
                let frame = |x: usize| outer(x) || middle(x);
                let expected = usize::from(!(frame(r) && frame(col)));
                assert_eq!(c, expected, "size {size} sticker {i}");
            }
        }
    }

    #[test]
    fn every_kind_has_a_cycle_for_every_triple() {
        for name in [
            KindName::XCentre,
            KindName::TCentre,
            KindName::ObliqueLow,
            KindName::ObliqueHigh,
            KindName::Wing,
        ] {
            let kind = Kind::get(name);
            assert_eq!(kind.len(), 24, "{name:?}");
            for p in 0..24 {
                for s in (0..24).filter(|&s| s != p) {
                    for q in (0..24).filter(|&q| q != p && q != s) {
                        let cycle = kind.cycle(p, s, q).unwrap();
                        // Replayed on the proxy's stickers, it moves exactly these pieces.
                        let perm = crate::facelet::permutation(kind.size, &cycle.turns);
                        let moved = perm.iter().enumerate().filter(|&(i, &f)| i != f as usize);
                        assert_eq!(moved.count(), 3 * kind.piece_len(), "{name:?}");
                        let to = kind.pieces[s][0];
                        assert_eq!(perm[to] as usize, kind.pieces[p][0], "{name:?}");
                    }
                }
            }
        }
    }
}
