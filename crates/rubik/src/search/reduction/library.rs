//! Orbit types and their libraries of pure 3-cycles, shared by every cube size.
//!
//! An orbit of an N×N×N cube is moved only by the outer faces and by the inner layers it lies
//! on, so it behaves exactly like the same orbit of a small *proxy* cube that keeps only those
//! layers: an x-centre orbit like the 4×4's centres, a t-centre orbit like the 5×5's, an
//! oblique orbit like one of the 6×6's two, a wing orbit like the 4×4's wings. Each [`Kind`]
//! is derived once on its proxy cube (built on first use, a few milliseconds): its pieces (from
//! the piece model, [`crate::facelet::pieces`]), and for every ordered triple of pieces the
//! cheapest known move sequence that cycles exactly those three and nothing else on the cube.
//!
//! The sequences are commutators `[X, A B A']` of a single inner layer `X` and a conjugated
//! single layer whose moved stickers meet `X`'s in the stickers of one piece (so the
//! commutator moves three pieces of this orbit and nothing else, on the proxy and on every
//! larger cube alike, since layer lines meet the same way there), then conjugated by single
//! layer turns, cheapest first (Dijkstra on outer-block turn metric cost).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::OnceLock;

use crate::facelet::permutation;
use crate::facelet::pieces::Orbits;
use crate::turn::Turn;

/// The orbit types; each names its proxy cube and the sticker its orbit is seeded from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum KindName {
    /// x-centres: the 4×4's centres.
    XCentre,
    /// t-centres (odd N): the 5×5's edge-adjacent centres.
    TCentre,
    /// Oblique centres whose U-face row is nearer the edge than their column.
    ObliqueLow,
    /// The mirror obliques.
    ObliqueHigh,
    /// Wings: the 4×4's edge pieces.
    Wing,
}

impl KindName {
    /// The proxy cube's size and the (row, column) of the seed sticker on its U face.
    fn proxy(self) -> (usize, usize, usize) {
        match self {
            KindName::XCentre => (4, 1, 1),
            KindName::TCentre => (5, 1, 2),
            KindName::ObliqueLow => (6, 1, 2),
            KindName::ObliqueHigh => (6, 2, 1),
            KindName::Wing => (4, 0, 1),
        }
    }
}

/// A sequence of proxy turns that cycles three pieces of an orbit and nothing else.
#[derive(Clone, Debug)]
pub(super) struct Cycle {
    /// The proxy turns (single layers).
    pub turns: Vec<Turn>,
    /// Over the orbit's stickers: after the cycle, sticker `i` shows what `perm[i]` showed.
    pub perm: Vec<u8>,
    /// Outer-block turn metric length (an inner layer counts 2).
    pub cost: u32,
}

/// An orbit type on its proxy cube, with its 3-cycles.
pub(super) struct Kind {
    /// The proxy cube's size.
    pub size: usize,
    /// Each piece's proxy sticker indices, in an order every turn keeps.
    pub pieces: Vec<Vec<usize>>,
    /// The cycles, cheapest per triple of pieces.
    pub cycles: Vec<Cycle>,
    /// `best[(p * n + s) * n + q]`: the cycle taking piece `p` to `s`, `s` to `q`, `q` to `p`.
    best: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl Kind {
    /// The shared kind, derived on first use.
    pub fn get(name: KindName) -> &'static Kind {
        static KINDS: [OnceLock<Kind>; 5] = [const { OnceLock::new() }; 5];
        KINDS[name as usize].get_or_init(|| Kind::derive(name))
    }

    /// The number of pieces (slots) of the orbit.
    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    /// Stickers per piece.
    pub fn piece_len(&self) -> usize {
        self.pieces[0].len()
    }

    /// The cycle taking piece `p` to `s`, `s` to `q` and `q` to `p`, if one is known.
    pub fn cycle(&self, p: usize, s: usize, q: usize) -> Option<&Cycle> {
        let n = self.len();
        let index = self.best[(p * n + s) * n + q];
        (index != NONE).then(|| &self.cycles[index as usize])
    }

    fn derive(name: KindName) -> Kind {
        let (size, row, col) = name.proxy();
        let turns: Vec<Turn> = Turn::single_layer_turns(size).collect();
        let pieces = orbit_pieces(size, (row, col));
        let mut sticker_slot = vec![usize::MAX; 6 * size * size];
        for (k, &s) in pieces.iter().flatten().enumerate() {
            sticker_slot[s] = k;
        }
        let local = |perm: &[u32]| -> Vec<u8> {
            pieces
                .iter()
                .flatten()
                .map(|&s| sticker_slot[perm[s] as usize] as u8)
                .collect()
        };
        let base = base_commutators(size, &pieces, &turns);
        let moves: Vec<(Turn, Vec<u8>)> = turns
            .iter()
            .map(|&t| (t, local(&permutation(size, &[t]))))
            .collect();
        let base: Vec<Cycle> = base
            .into_iter()
            .map(|turns| {
                let perm = local(&permutation(size, &turns));
                Cycle {
                    cost: cost(&turns, size),
                    turns,
                    perm,
                }
            })
            .collect();
        let mut kind = Kind {
            size,
            best: vec![NONE; pieces.len().pow(3)],
            pieces,
            cycles: Vec::new(),
        };
        kind.close_under_conjugation(base, &moves);
        kind
    }

    /// The piece triple a cycle moves: (p, s, q) with p → s → q → p.
    fn triple(&self, perm: &[u8]) -> Option<(usize, usize, usize)> {
        let k = self.piece_len();
        let moved: Vec<usize> = (0..self.len())
            .filter(|&slot| perm[slot * k] as usize != slot * k)
            .collect();
        let from = |slot: usize| perm[slot * k] as usize / k;
        match moved[..] {
            [a, b, c] if from(b) == a && from(c) == b && from(a) == c => Some((a, b, c)),
            [a, b, c] if from(c) == a && from(b) == c && from(a) == b => Some((a, c, b)),
            _ => None,
        }
    }

    /// Dijkstra from the base cycles, an edge being a conjugation by one turn.
    fn close_under_conjugation(&mut self, base: Vec<Cycle>, moves: &[(Turn, Vec<u8>)]) {
        let size = self.size;
        let mut seen: HashMap<Vec<u8>, u32> = HashMap::new();
        let mut heap = BinaryHeap::new();
        let mut pending: Vec<Cycle> = Vec::new();
        for cycle in base {
            heap.push(Reverse((cycle.cost, pending.len())));
            pending.push(cycle);
        }
        while let Some(Reverse((_, index))) = heap.pop() {
            let cycle = std::mem::replace(
                &mut pending[index],
                Cycle {
                    turns: Vec::new(),
                    perm: Vec::new(),
                    cost: 0,
                },
            );
            if seen.contains_key(&cycle.perm) {
                continue;
            }
            let Some((p, s, q)) = self.triple(&cycle.perm) else {
                continue;
            };
            let id = self.cycles.len() as u32;
            seen.insert(cycle.perm.clone(), id);
            let n = self.len();
            for (a, b, c) in [(p, s, q), (s, q, p), (q, p, s)] {
                let entry = &mut self.best[(a * n + b) * n + c];
                if *entry == NONE {
                    *entry = id;
                }
            }
            for (turn, g) in moves {
                // g, cycle, g': sticker i ends showing g[cycle[g'[i]]].
                let mut inverse = vec![0u8; g.len()];
                for (i, &f) in g.iter().enumerate() {
                    inverse[f as usize] = i as u8;
                }
                let perm: Vec<u8> = (0..g.len())
                    .map(|i| g[cycle.perm[inverse[i] as usize] as usize])
                    .collect();
                if seen.contains_key(&perm) {
                    continue;
                }
                let mut turns = Vec::with_capacity(cycle.turns.len() + 2);
                turns.push(*turn);
                turns.extend_from_slice(&cycle.turns);
                turns.push(turn.inverse());
                let cost = cycle.cost + 2 * cost(&[*turn], size);
                heap.push(Reverse((cost, pending.len())));
                pending.push(Cycle { turns, perm, cost });
            }
            self.cycles.push(cycle);
        }
    }
}

/// Outer-block turn metric length of single-layer proxy turns: outer 1, inner 2.
fn cost(turns: &[Turn], size: usize) -> u32 {
    turns
        .iter()
        .map(|t| {
            if t.first == 0 || t.last + 1 == size {
                1
            } else {
                2
            }
        })
        .sum()
}

/// The pieces of the orbit of the sticker at (row, col) of U on a cube of size `size`, each as
/// its stickers in the piece model's order (which every turn keeps).
fn orbit_pieces(size: usize, (row, col): (usize, usize)) -> Vec<Vec<usize>> {
    let orbits = Orbits::of(size);
    let orbit = &orbits.orbits()[orbits.locate(row * size + col).orbit];
    orbit.pieces().map(<[usize]>::to_vec).collect()
}

/// The commutators `[X, Y]` (X one inner layer, Y one layer turn or one conjugated by an
/// outer turn) whose moved stickers meet in the stickers of a single piece of the orbit.
fn base_commutators(size: usize, pieces: &[Vec<usize>], turns: &[Turn]) -> Vec<Vec<Turn>> {
    let stickers = 6 * size * size;
    let mut piece_of = vec![usize::MAX; stickers];
    for (k, piece) in pieces.iter().enumerate() {
        for &s in piece {
            piece_of[s] = k;
        }
    }
    let moved = |seq: &[Turn]| -> Vec<bool> {
        let perm = permutation(size, seq);
        perm.iter()
            .enumerate()
            .map(|(i, &f)| f as usize != i)
            .collect()
    };
    let outer = |t: &Turn| t.first == 0 || t.last + 1 == size;
    let mut ys: Vec<Vec<Turn>> = turns
        .iter()
        .filter(|t| outer(t))
        .map(|&t| vec![t])
        .collect();
    for a in turns.iter().filter(|t| outer(t)) {
        for b in turns.iter().filter(|b| b.axis != a.axis) {
            ys.push(vec![*a, *b, a.inverse()]);
        }
    }
    let ys: Vec<(Vec<bool>, Vec<Turn>)> = ys.into_iter().map(|y| (moved(&y), y)).collect();
    let mut found = Vec::new();
    for x in turns.iter().filter(|t| !outer(t)) {
        let x_moved = moved(&[*x]);
        for (y_moved, y) in &ys {
            let meet: Vec<usize> = (0..stickers)
                .filter(|&s| x_moved[s] && y_moved[s])
                .collect();
            let Some(&first) = meet.first() else { continue };
            let piece = piece_of[first];
            if piece == usize::MAX || meet.iter().any(|&s| piece_of[s] != piece) {
                continue;
            }
            let mut seq = vec![*x];
            seq.extend_from_slice(y);
            seq.push(x.inverse());
            seq.extend(y.iter().rev().map(|t| t.inverse()));
            found.push(seq);
        }
    }
    found
}
