//! Orbit types and their libraries of pure operations, shared by every cube size.
//!
//! An orbit of an N×N×N cube is moved only by the outer faces and by the inner layers it lies
//! on, so it behaves exactly like the same orbit of a small *proxy* cube that keeps only those
//! layers: an x-centre orbit like the 4×4's centres, a t-centre orbit like the 5×5's, an
//! oblique orbit like one of the 6×6's two, a wing orbit like the 4×4's wings. Each [`Kind`]
//! is derived once on its proxy cube: its pieces (from the piece model,
//! [`crate::facelet::pieces`]) on first use, and, when first asked for (well under a second),
//! its [`Library`] of outer face turns and *pure* operations, move sequences that move pieces
//! of this orbit and nothing else on the cube: for every ordered triple of pieces the cheapest known 3-cycle, and the cheap
//! sequences that move more pieces at once (two 3-cycles, for example).
//!
//! The sequences are commutators `[X, Y]` of a single inner layer `X` and either a single
//! inner layer on another axis or a conjugated single layer `A B A'`, kept when they move
//! nothing but this orbit's stickers on the proxy. Such a commutator moves only stickers where
//! the layer lines of `X` and `Y` meet, and layer lines meet the same way on every larger cube,
//! so it is pure there too. They are then conjugated by single layer turns, cheapest first
//! (Dijkstra on outer-block turn metric cost): every 3-cycle, and the others up to
//! [`EXTRA_COST`].
//!
//! Pairing a depth's bars (`bars/`) takes the centre kinds' operations with their closing turns
//! of the slices at that depth left out as well ([`Kind::bar_library`]): those slices carry
//! the bars whole, as face turns do, and touch nothing inside the depth, so a 3-cycle of bar
//! stickers costs 8 moves where a pure one costs 11.
//!
//! Wings also get the *slice operations* ([`slice_ops`]): an inner layer (or the block out to
//! it) turned to line wings up, outer face turns that move edges whole, the layer turned back.
//! They keep the centres solved but not in place, move the outer layers, and (for a block) the
//! wing orbits outside this one, so the pairing pairs the orbits innermost first and follows the
//! edges' colours as the outer layers move ([`Op::turned`]); they pair two or three wings for
//! five to seven moves, where a 3-cycle takes eight.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::sync::OnceLock;

use foldhash::{HashMap, HashSet};

use crate::facelet::permutation;
use crate::facelet::pieces::Orbits;
use crate::turn::Turn;

/// The most an operation that is not a 3-cycle may cost (outer-block turn metric) to be kept:
/// the cheapest such commutators with one setup turn either side.
const EXTRA_COST: u32 = 12;

/// The orbit types; each names its proxy cube and the sticker its orbit is seeded from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum KindName {
    /// x-centres: the 4×4's centres.
    XCentre,
    /// t-centres (odd N): the 5×5's edge-adjacent centres.
    TCentre,
    /// A pair of mirror oblique orbits (the 6×6's two), taken together: the cheapest pure
    /// operations move pieces of both.
    Obliques,
    /// Wings: the 4×4's edge pieces.
    Wing,
}

impl KindName {
    /// The proxy cube's size and the (row, column) of the seed stickers of its orbits on its U
    /// face.
    fn proxy(self) -> (usize, &'static [(usize, usize)]) {
        match self {
            KindName::XCentre => (4, &[(1, 1)]),
            KindName::TCentre => (5, &[(1, 2)]),
            KindName::Obliques => (6, &[(1, 2), (2, 1)]),
            KindName::Wing => (4, &[(0, 1)]),
        }
    }
}

/// A pure operation `turns` then `rest`, where `rest` are outer face turns, which are left
/// out: they turn whole faces, which keeps every piece right or wrong, so `turns` alone does
/// the same work for less.
#[derive(Clone, Debug)]
pub(super) struct Op {
    /// The proxy turns (single layers) to make.
    pub turns: Vec<Turn>,
    /// The outer face turns that would make `turns` pure (kept for the tests that check it).
    #[cfg(test)]
    pub rest: Vec<Turn>,
    /// What `turns` then `rest` does: `(slot, from)` for each slot it changes, slot `slot`
    /// then holding the piece that was in `from`, the piece's stickers in the same order (no
    /// turn flips a piece in its slot).
    pub moves: Vec<(u8, u8)>,
    /// What `turns` does: slot `s` then holds the piece of slot `from[s]`.
    pub from: Vec<u8>,
    /// What the face turns that undo `rest` do, in the same form: what they do to the slots'
    /// wanted colours where those come from the cube (the midges).
    pub turned: Vec<u8>,
    /// The outer-block turn metric length of `turns` (an inner layer counts 2).
    pub cost: u32,
}

/// An orbit type on its proxy cube: its pieces, and its operations when first asked for (reading
/// an orbit's pieces, as the wing parity does, needs only the pieces).
pub(super) struct Kind {
    name: KindName,
    /// The proxy cube's size.
    pub size: usize,
    /// Each piece's proxy sticker indices, in an order every turn keeps.
    pub pieces: Vec<Vec<usize>>,
    library: OnceLock<Library>,
    bar_library: OnceLock<Library>,
}

/// A kind's pure operations and face turns.
pub(super) struct Library {
    /// The operations (every 3-cycle, and more), cheapest first.
    pub ops: Vec<Op>,
    /// For each move `(to, from)` at index `to * len + from`, the indices of the operations
    /// that make it.
    pub by_move: Vec<Vec<u32>>,
    /// The index of the operation that makes exactly these moves, for each.
    pub finishing: HashMap<Vec<(u8, u8)>, u32>,
    /// The proxy turns the operations begin with, each once.
    pub first_turns: Vec<Turn>,
    /// Each operation's [`Head`], in the operations' order.
    pub heads: Vec<Head>,
    /// Every operation's moves, one after another, in the operations' order.
    pub moves: Vec<(u8, u8)>,
    /// The most slots an operation changes.
    pub most_moved: usize,
}

/// The most slots a kind has (the obliques': 48).
pub(super) const MOST_SLOTS: usize = 48;

/// What a scan over many operations reads of each: its cost, its first turn (an index into
/// [`Kind::first_turns`]) and where its moves lie in [`Kind::moves`]. Packed in two arrays,
/// these stay in the cache where the operations, each with its own allocations, would not.
#[derive(Clone, Copy, Debug)]
pub(super) struct Head {
    pub at: u32,
    pub cost: u16,
    pub first: u8,
    pub moved: u8,
}

impl Kind {
    /// The shared kind, derived on first use.
    pub fn get(name: KindName) -> &'static Kind {
        static KINDS: [OnceLock<Kind>; 4] = [const { OnceLock::new() }; 4];
        KINDS[name as usize].get_or_init(|| Kind::new(name))
    }

    /// The kind's operations, derived on first use.
    pub fn library(&self) -> &Library {
        (self.library).get_or_init(|| Library::derive(self.name, self.size, &self.pieces, false))
    }

    /// The kind's operations for pairing bars ([`super::bars`]), derived on first use: the
    /// same, each with its closing slices at its depth (the proxy's second layer and its
    /// mirror) left out as well as its closing face turns, for both carry bars whole.
    pub fn bar_library(&self) -> &Library {
        (self.bar_library).get_or_init(|| Library::derive(self.name, self.size, &self.pieces, true))
    }

    /// The number of pieces (slots) of the orbit.
    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    /// Stickers per piece.
    pub fn piece_len(&self) -> usize {
        self.pieces[0].len()
    }

    fn new(name: KindName) -> Kind {
        let (size, seeds) = name.proxy();
        let pieces: Vec<Vec<usize>> = seeds
            .iter()
            .flat_map(|&seed| orbit_pieces(size, seed))
            .collect();
        assert!(
            pieces.len() <= MOST_SLOTS,
            "{name:?}: at most {MOST_SLOTS} slots"
        );
        Kind {
            name,
            size,
            pieces,
            library: OnceLock::new(),
            bar_library: OnceLock::new(),
        }
    }
}

impl Library {
    /// The moves of operation `index`, as [`Op::moves`] lists them.
    pub fn moves_of(&self, index: usize) -> &[(u8, u8)] {
        let head = self.heads[index];
        let at = head.at as usize;
        &self.moves[at..at + usize::from(head.moved)]
    }

    /// The operations of kind `name`, whose proxy cube has `size` layers and these pieces,
    /// their closing outer face turns left out, and on `bars` their closing turns of the
    /// proxy's second layer and its mirror too.
    fn derive(name: KindName, size: usize, pieces: &[Vec<usize>], bars: bool) -> Library {
        let turns: Vec<Turn> = Turn::single_layer_turns(size).collect();
        let mut sticker_slot = vec![usize::MAX; 6 * size * size];
        for (k, &s) in pieces.iter().flatten().enumerate() {
            sticker_slot[s] = k;
        }
        // A sequence's permutation of the orbit's stickers, if it moves nothing else.
        let local = |perm: &[u32]| -> Option<Vec<u8>> {
            let pure = perm
                .iter()
                .enumerate()
                .all(|(i, &f)| f as usize == i || sticker_slot[i] != usize::MAX);
            pure.then(|| {
                pieces
                    .iter()
                    .flatten()
                    .map(|&s| sticker_slot[perm[s] as usize] as u8)
                    .collect()
            })
        };
        // What each single-layer turn does to the orbit's stickers (no turn takes them out of
        // the orbit), in the order of `turns`.
        let turn_perms: Vec<(Turn, Vec<u8>)> = (turns.iter())
            .map(|&t| {
                let perm = permutation(size, &[t]);
                let stickers = pieces.iter().flatten();
                (
                    t,
                    stickers
                        .map(|&s| sticker_slot[perm[s] as usize] as u8)
                        .collect(),
                )
            })
            .collect();
        // What a sequence does to them: its layers' turns, composed.
        let orbit_perm = |seq: &[Turn]| -> Vec<u8> {
            let mut perm: Vec<u8> = (0..turn_perms[0].1.len() as u8).collect();
            for t in seq.iter().filter(|t| t.quarters != 0) {
                for layer in t.first..=t.last {
                    let turn = (t.axis as usize * size + layer) * 3 + usize::from(t.quarters) - 1;
                    let then = &turn_perms[turn].1;
                    perm = then.iter().map(|&i| perm[i as usize]).collect();
                }
            }
            perm
        };
        let base = base_commutators(size, &turns, |s| sticker_slot[s] != usize::MAX)
            .into_iter()
            .filter_map(|turns| {
                let perm = local(&permutation(size, &turns))?;
                let moved = perm.iter().enumerate().any(|(i, &f)| f as usize != i);
                moved.then_some((cost(&turns, size), turns, perm))
            })
            .collect();
        let k = pieces[0].len();
        let slots =
            |perm: &[u8]| -> Vec<u8> { (0..pieces.len()).map(|s| perm[s * k] / k as u8).collect() };
        let op = |turns: Vec<Turn>, rest: Vec<Turn>, perm: &[u8]| {
            let from = slots(perm);
            let moves = (0..from.len() as u8)
                .filter(|&s| from[s as usize] != s)
                .map(|s| (s, from[s as usize]))
                .collect();
            let undone: Vec<Turn> = rest.iter().rev().map(|t| t.inverse()).collect();
            Op {
                cost: cost(&turns, size),
                from: slots(&orbit_perm(&turns)),
                turned: slots(&orbit_perm(&undone)),
                turns,
                #[cfg(test)]
                rest,
                moves,
            }
        };
        // The layers whose closing turns are left out.
        let left_out = |layer: usize| match bars {
            false => layer == 0 || layer + 1 == size,
            true => layer <= 1 || layer + 2 >= size,
        };
        let mut ops: Vec<Op> = close_under_conjugation(base, &turn_perms, size, pieces.len())
            .into_iter()
            .map(|(_, mut turns, perm)| {
                let outer = (turns.iter().rev())
                    .take_while(|t| left_out(t.first))
                    .count();
                let rest = turns.split_off(turns.len() - outer);
                op(turns, rest, &perm)
            })
            .collect();
        if name == KindName::Wing {
            for (turns, rest) in slice_ops(size, &orbit_perm) {
                let whole: Vec<Turn> = turns.iter().chain(&rest).copied().collect();
                ops.push(op(turns, rest, &orbit_perm(&whole)));
            }
        }
        // The cheapest of the operations that do the same.
        ops.sort_by_key(|op| op.cost);
        let mut seen = HashSet::default();
        ops.retain(|op| !op.moves.is_empty() && seen.insert(op.moves.clone()));
        let len = pieces.len();
        let mut by_move = vec![Vec::new(); len * len];
        for (index, op) in ops.iter().enumerate() {
            for &(to, from) in &op.moves {
                by_move[to as usize * len + from as usize].push(index as u32);
            }
        }
        let finishing = ops
            .iter()
            .enumerate()
            .map(|(index, op)| (op.moves.clone(), index as u32))
            .collect();
        let (mut first_turns, mut moves) = (Vec::new(), Vec::new());
        let heads: Vec<Head> = ops
            .iter()
            .map(|op| {
                let first = first_turns.iter().position(|&t| t == op.turns[0]);
                let first = first.unwrap_or_else(|| {
                    first_turns.push(op.turns[0]);
                    first_turns.len() - 1
                });
                let at = moves.len() as u32;
                moves.extend_from_slice(&op.moves);
                Head {
                    at,
                    cost: u16::try_from(op.cost).expect("an operation costs few moves"),
                    first: first as u8,
                    moved: op.moves.len() as u8,
                }
            })
            .collect();
        Library {
            ops,
            by_move,
            finishing,
            most_moved: heads
                .iter()
                .map(|h| usize::from(h.moved))
                .max()
                .unwrap_or(0),
            first_turns,
            heads,
            moves,
        }
    }
}

/// Whether a permutation of the orbit's stickers (`k` per piece) is a 3-cycle of pieces.
fn is_three_cycle(perm: &[u8], k: usize) -> bool {
    (0..perm.len() / k)
        .filter(|&slot| perm[slot * k] as usize != slot * k)
        .count()
        == 3
}

/// Dijkstra from the base commutators, an edge being a conjugation by one turn: each distinct
/// permutation once, at its cheapest; every 3-cycle, the others up to [`EXTRA_COST`].
fn close_under_conjugation(
    base: Vec<(u32, Vec<Turn>, Vec<u8>)>,
    moves: &[(Turn, Vec<u8>)],
    size: usize,
    pieces: usize,
) -> Vec<(u32, Vec<Turn>, Vec<u8>)> {
    let k = moves[0].1.len() / pieces;
    let mut seen: HashSet<Vec<u8>> = HashSet::default();
    let mut heap = BinaryHeap::new();
    let mut pending: Vec<Option<(Vec<Turn>, Vec<u8>)>> = Vec::new();
    let mut found = Vec::new();
    let inverses: Vec<Vec<u8>> = moves
        .iter()
        .map(|(_, g)| {
            let mut inverse = vec![0u8; g.len()];
            for (i, &f) in g.iter().enumerate() {
                inverse[f as usize] = i as u8;
            }
            inverse
        })
        .collect();
    for (cost, turns, perm) in base {
        heap.push(Reverse((cost, pending.len())));
        pending.push(Some((turns, perm)));
    }
    let mut next = vec![0; moves[0].1.len()];
    while let Some(Reverse((cost, index))) = heap.pop() {
        let (turns, perm) = pending[index].take().expect("each pushed once");
        if !seen.insert(perm.clone()) {
            continue;
        }
        let three = is_three_cycle(&perm, k);
        for ((turn, g), inverse) in moves.iter().zip(&inverses) {
            let next_cost = cost + 2 * self::cost(&[*turn], size);
            if !three && next_cost > EXTRA_COST {
                continue;
            }
            // g, op, g': sticker i ends showing g[op[g'[i]]].
            for (i, to) in next.iter_mut().enumerate() {
                *to = g[perm[inverse[i] as usize] as usize];
            }
            if seen.contains(&next) {
                continue;
            }
            let mut conjugated = Vec::with_capacity(turns.len() + 2);
            conjugated.push(*turn);
            conjugated.extend_from_slice(&turns);
            conjugated.push(turn.inverse());
            heap.push(Reverse((next_cost, pending.len())));
            pending.push(Some((conjugated, next.clone())));
        }
        found.push((cost, turns, perm));
    }
    found
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

/// The commutators `[X, Y]`: X one inner layer, Y one outer layer, one inner layer on another
/// axis, or one layer conjugated by an outer turn on another axis, where the stickers X moves
/// meet those Y moves only in stickers `in_orbit` (so that the commutator moves only where the
/// layer lines of X and Y cross, on every cube size alike). The caller keeps the pure ones.
fn base_commutators(
    size: usize,
    turns: &[Turn],
    in_orbit: impl Fn(usize) -> bool,
) -> Vec<Vec<Turn>> {
    let outer = |t: &Turn| t.first == 0 || t.last + 1 == size;
    let moved = |seq: &[Turn]| -> Vec<bool> {
        let perm = permutation(size, seq);
        perm.iter()
            .enumerate()
            .map(|(i, &f)| f as usize != i)
            .collect()
    };
    let mut ys: Vec<Vec<Turn>> = turns.iter().map(|&t| vec![t]).collect();
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
            let mut meet = (0..x_moved.len())
                .filter(|&s| x_moved[s] && y_moved[s])
                .peekable();
            if meet.peek().is_none() || !meet.all(&in_orbit) {
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

/// The stickers of a wing orbit on its proxy (24 wings, 2 each), and a permutation of them.
const WING_STICKERS: usize = 48;
type WingPerm = [u8; WING_STICKERS];

/// The longest outer sequence `M` of a slice operation ([`slice_ops`]).
const SLICE_OUTER_LEN: usize = 5;

/// Wings only: the operations `S M S'`, `S` a turn of one inner layer of the proxy or of the
/// block of it and its outer layer (on a real cube the block of every layer out to the
/// orbit's), `M` a sequence of outer face turns (at most [`SLICE_OUTER_LEN`]) that turns each
/// face off `S`'s axis a whole number of times. `S` lines wings up in its ring, `M` moves edges
/// whole, `S'` puts the ring back: every centre it moved comes home (the faces `M` turns
/// unevenly are the two on `S`'s axis, which `S` does not take centres from), and it pairs
/// wings with the edges `M` brought in. Each is given as `(turns, rest)`, with `rest` the outer
/// turns `F M' F'` (`F` the face layer of `S`, if it holds one) that undo what `turns` does to
/// the outer layers, so that the two together are pure. The cheapest of each effect on the
/// orbit only, in a fixed order (so that every run breaks ties alike).
fn slice_ops(size: usize, orbit_perm: &dyn Fn(&[Turn]) -> Vec<u8>) -> Vec<(Vec<Turn>, Vec<Turn>)> {
    // Permutations of the wing orbit's stickers, as arrays: no allocation in the searches.
    let orbit_perm = |seq: &[Turn]| -> WingPerm {
        (orbit_perm(seq).try_into()).expect("a wing orbit has 48 stickers")
    };
    let compose = |first: &WingPerm, then: &WingPerm| -> WingPerm {
        std::array::from_fn(|i| first[then[i] as usize])
    };
    let outer: Vec<Turn> = Turn::single_layer_turns(size)
        .filter(|t| t.first == 0 || t.last + 1 == size)
        .collect();
    let face = |t: &Turn| t.axis as usize * 2 + usize::from(t.first != 0);
    let perms: Vec<WingPerm> = outer.iter().map(|t| orbit_perm(&[*t])).collect();
    // Each axis' outer sequences that turn every face off the axis home, by effect on the
    // orbit, the shortest of each (iterative deepening finds the shorter first).
    let identity = orbit_perm(&[]);
    let mut sequences: [BTreeMap<WingPerm, Vec<Turn>>; 3] = Default::default();
    for depth in 1..=SLICE_OUTER_LEN {
        // (the turns so far, as indices into `outer`, and how many; their permutation; how far
        // each face is turned)
        let mut stack = vec![([0; SLICE_OUTER_LEN], 0, identity, [0u8; 6])];
        while let Some((seq, len, perm, turned)) = stack.pop() {
            let seq = &seq[..len];
            let unbalanced =
                |axis: usize| (0..6).filter(|&f| f / 2 != axis && turned[f] != 0).count();
            if seq.len() == depth {
                for (axis, found) in sequences.iter_mut().enumerate() {
                    if unbalanced(axis) == 0 {
                        found
                            .entry(perm)
                            .or_insert_with(|| seq.iter().map(|&m| outer[m]).collect());
                    }
                }
                continue;
            }
            if (0..3).all(|axis| unbalanced(axis) > depth - seq.len()) {
                continue;
            }
            for (m, turn) in outer.iter().enumerate() {
                if let Some(&last) = seq.last() {
                    let last = outer[last];
                    // One turn a face in a row, and of two opposite faces the positive first.
                    if face(&last) == face(turn) || (last.axis == turn.axis && last.first != 0) {
                        continue;
                    }
                }
                let mut next_turned = turned;
                next_turned[face(turn)] = (turned[face(turn)] + turn.quarters) % 4;
                let mut next = [0; SLICE_OUTER_LEN];
                next[..len].copy_from_slice(seq);
                next[len] = m;
                stack.push((next, len + 1, compose(&perm, &perms[m]), next_turned));
            }
        }
    }
    let inverse = |perm: &WingPerm| {
        let mut inverse = [0; WING_STICKERS];
        for (i, &f) in perm.iter().enumerate() {
            inverse[f as usize] = i as u8;
        }
        inverse
    };
    let mut best: BTreeMap<WingPerm, (u32, Vec<Turn>, Vec<Turn>)> = BTreeMap::new();
    for (axis, found) in sequences.iter().enumerate() {
        let blocks = [(1, 1), (size - 2, size - 2), (0, 1), (size - 2, size - 1)];
        for ((first, last), quarters) in
            blocks.into_iter().flat_map(|b| (1..4).map(move |q| (b, q)))
        {
            let slice = Turn {
                axis: crate::face::Axis::ALL[axis],
                first,
                last,
                quarters,
            };
            let face_turn = [0, size - 1]
                .into_iter()
                .find(|&layer| (first..=last).contains(&layer))
                .map(|layer| Turn {
                    first: layer,
                    last: layer,
                    ..slice
                });
            let face_turn: Vec<Turn> = face_turn.into_iter().collect();
            let face_back: Vec<Turn> = face_turn.iter().map(|t| t.inverse()).collect();
            let (s, s_back) = (orbit_perm(&[slice]), orbit_perm(&[slice.inverse()]));
            let (f, f_back) = (orbit_perm(&face_turn), orbit_perm(&face_back));
            for (m_perm, m) in found {
                let whole = [&s, m_perm, &s_back, &f, &inverse(m_perm), &f_back]
                    .into_iter()
                    .fold(identity, |p, q| compose(&p, q));
                let mut turns = vec![slice];
                turns.extend_from_slice(m);
                turns.push(slice.inverse());
                let cost = cost(&turns, size);
                if best.get(&whole).is_some_and(|(c, ..)| *c <= cost) {
                    continue;
                }
                let mut rest = face_turn.clone();
                rest.extend(m.iter().rev().map(|t| t.inverse()));
                rest.extend_from_slice(&face_back);
                best.insert(whole, (cost, turns, rest));
            }
        }
    }
    best.into_values()
        .map(|(_, turns, rest)| (turns, rest))
        .collect()
}
