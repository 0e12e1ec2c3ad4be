//! Phase 3's wing coordinate: which wings are paired, as a matching of wing slots.
//!
//! Phase 3's turns (U, D, F, B, R2, L2, every block by two) split the 24 wing slots into two
//! classes of 12 that they never mix, *low* and *high*, the two slots of each edge in different
//! classes. A cube whose every edge has one wing in each class ("separated") is described, as
//! far as pairing goes, by the matching of each high slot with the low slot that holds its
//! wing's twin: [`Matching`], `m[h] = l`, numbered so that high slot `i` and low slot `i` are
//! one edge; paired is `m[i] = i`. A turn moving slot `h` to `h'` and `l` to `l'` makes the
//! matching `m'[h'] = l'`. Phase 3's turns keep its parity, so only even matchings arise.
//!
//! The distance table is reduced by the whole-cube rotations that keep the L/R axis and the
//! classes: a matching is indexed by the class of its *prefix* (the low slots matched to the
//! high slots of the four edges off L and R, which these rotations keep among themselves) and
//! the order of the other eight, `classes · 8!/2` entries. The edges off L and R are numbered
//! first, so the prefix is lanes 0 to 3 of a matching and the rest lanes 4 to 11.

use super::model::{Model, slot_to, sticker_to};
use crate::face::Axis;
use crate::facelet::pieces::{OrbitKind, Orbits};
use crate::search::reduction::phase_search::{MoveSet, TURNS, turns_in};
use crate::turn::Turn;

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

/// A matching of the 12 high wing slots with the 12 low ones, in 16 bytes (lanes 12 to 15 hold
/// 12 to 15), so that a turn moves it with two byte shuffles.
pub(super) type Matching = [u8; 16];

/// Paired: every high slot with its own edge's low slot.
pub(super) const PAIRED: Matching = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/// A map of wing slots that keeps the classes, by class index, in gather form (lanes 12 to 15
/// fixed): `(from, low)`, the high slot `from[h]` going to `h` and low slot `l` to `low[l]`.
type SlotMap = ([u8; 16], [u8; 16]);

/// The suffix orders: `8!/2`.
pub(super) const ORDERS: usize = 20_160;

/// Base-12 codes of a prefix.
const PREFIXES: usize = 12 * 12 * 12 * 12;

/// The edges (by class index) off L and R, whose matches make the prefix; the others follow.
const PREFIX: [usize; 4] = [0, 1, 2, 3];
const SUFFIX: [usize; 8] = [4, 5, 6, 7, 8, 9, 10, 11];

/// The classes, the turns' and rotations' slot maps, and the index tables.
pub(super) struct Pairing {
    /// Each wing slot's class (true: high) and index within it.
    place: [(bool, u8); 24],
    /// The slot of each low index.
    low: [u8; 12],
    /// The twin of each wing (by home slot): the other wing of its edge.
    twins: [u8; 24],
    /// Each turn's slot map (phase 3's turns only).
    turns: [SlotMap; TURNS],
    /// The rotations that keep the classes.
    rotations: Vec<SlotMap>,
    /// For each prefix code: its class and the rotation that takes it to the class's
    /// representative (`u32::MAX` for codes that repeat a slot).
    prefix_class: Vec<u32>,
    /// Each class's representative prefix code.
    representatives: Vec<u16>,
    /// For each class, the rotations other than the identity that keep its representative
    /// prefix (a bit each): the index takes the least order over them, so that every matching
    /// of a class has the same index.
    stabilisers: Vec<u8>,
}

impl Pairing {
    /// Derives everything from the sticker model for phase 3's turns `moves`.
    pub fn new(model: &Model, moves: MoveSet) -> Pairing {
        let orbits = Orbits::of(4);
        let wings = orbits
            .get(OrbitKind::Wings { depth: 1 })
            .expect("4×4 wings");
        let faces = |s: usize| {
            let mut home = [wings.home(s)[0], wings.home(s)[1]];
            home.sort_by_key(|f| f.index());
            home
        };
        let twin = |s: usize| {
            (0..24)
                .find(|&t| t != s && faces(t) == faces(s))
                .expect("twin")
        };
        // The low class: the slots phase 3's turns reach from slot 0.
        let mut high = [true; 24];
        let mut stack = vec![0usize];
        high[0] = false;
        while let Some(s) = stack.pop() {
            for m in turns_in(moves) {
                let t = model.wing_to[m][s] as usize;
                if high[t] {
                    high[t] = false;
                    stack.push(t);
                }
            }
        }
        // The low slots in order, those of the edges off L and R (the prefix) first.
        let off_x = |s: u8| !faces(s as usize).iter().any(|f| f.axis() == Axis::X);
        let mut low: Vec<u8> = (0..24).filter(|&s| !high[s]).map(|s| s as u8).collect();
        low.sort_by_key(|&s| !off_x(s));
        assert!(low[..PREFIX.len()].iter().all(|&s| off_x(s)) && !off_x(low[PREFIX.len()]));
        let low: [u8; 12] = low.try_into().expect("12 low slots");
        let mut place = [(false, 0u8); 24];
        for (i, &s) in low.iter().enumerate() {
            assert!(
                high[twin(s as usize)],
                "an edge's wings in different classes"
            );
            place[s as usize] = (false, i as u8);
            place[twin(s as usize)] = (true, i as u8);
        }
        let map = |to: &[u8; 24]| -> Option<SlotMap> {
            let mut out = (PAIRED, PAIRED);
            for s in 0..24 {
                let (class, i) = place[s];
                let (to_class, j) = place[to[s] as usize];
                if class != to_class {
                    return None;
                }
                if class {
                    out.0[j as usize] = i;
                } else {
                    out.1[i as usize] = j;
                }
            }
            Some(out)
        };
        let turns = std::array::from_fn(|m| {
            if moves >> m & 1 == 1 {
                map(&model.wing_to[m]).expect("phase 3's turns keep the classes")
            } else {
                (PAIRED, PAIRED)
            }
        });
        let rotations: Vec<SlotMap> = (0..4)
            .flat_map(|x| [0, 2].map(move |y| (x, y)))
            .filter_map(|(x, y)| {
                let whole = |axis, quarters| Turn {
                    axis,
                    first: 0,
                    last: 3,
                    quarters,
                };
                let to = sticker_to(&[whole(Axis::X, x), whole(Axis::Y, y)]);
                map(&slot_to(&to, OrbitKind::Wings { depth: 1 }))
            })
            .collect();
        let mut pairing = Pairing {
            place,
            low,
            twins: std::array::from_fn(|s| twin(s) as u8),
            turns,
            rotations,
            prefix_class: vec![u32::MAX; PREFIXES],
            representatives: Vec::new(),
            stabilisers: Vec::new(),
        };
        pairing.classify_prefixes();
        pairing
    }

    /// Numbers the prefix classes in order of their smallest code.
    fn classify_prefixes(&mut self) {
        for code in 0..PREFIXES {
            let values = decode(code);
            let distinct = (0..4).all(|a| (0..a).all(|b| values[a] != values[b]));
            if !distinct || self.prefix_class[code] != u32::MAX {
                continue;
            }
            let class = self.representatives.len() as u32;
            self.representatives.push(code as u16);
            // The first rotation is the identity.
            let keeping = (1..self.rotations.len())
                .filter(|&r| self.rotate_prefix(&values, &self.rotations[r]) == code);
            self.stabilisers
                .push(keeping.fold(0, |bits, r| bits | 1 << r));
            for (r, rotation) in self.rotations.iter().enumerate() {
                // The rotation taking the image back to the representative is its inverse;
                // stored is the one taking the image to the representative.
                let image = self.rotate_prefix(&values, rotation);
                if self.prefix_class[image] == u32::MAX {
                    let back = self.inverse(r);
                    self.prefix_class[image] = class << 4 | back as u32;
                }
            }
        }
    }

    /// The index of the rotation undoing rotation `r`.
    fn inverse(&self, r: usize) -> usize {
        let (from, low) = self.rotations[r];
        (0..self.rotations.len())
            .find(|&q| {
                let (f, l) = self.rotations[q];
                (0..12)
                    .all(|i| f[from[i] as usize] as usize == i && l[low[i] as usize] as usize == i)
            })
            .expect("the rotations form a group")
    }

    /// The prefix code of a matching with prefix `values` after `rotation`.
    fn rotate_prefix(&self, values: &[u8; 4], (from, low): &SlotMap) -> usize {
        let mut out = [0u8; 4];
        for (at, &to) in PREFIX.iter().enumerate() {
            let k = PREFIX.iter().position(|&p| p == from[to] as usize);
            out[at] = low[values[k.expect("kept")] as usize];
        }
        encode(&out)
    }

    /// The number of prefix classes.
    pub fn classes(&self) -> usize {
        self.representatives.len()
    }

    /// The table's entry count.
    pub fn count(&self) -> usize {
        self.classes() * ORDERS
    }

    /// The matching of a cube's wings (`wings[slot]`: the wing, by its home slot, there), or
    /// `None` if some edge has both wings in one class.
    pub fn read(&self, wings: &[u8; 24]) -> Option<Matching> {
        let at = super::model::slots_of(wings);
        let mut matching = PAIRED;
        for (slot, &wing) in wings.iter().enumerate() {
            let (class, i) = self.place[slot];
            if class {
                let partner = at[self.twins[wing as usize] as usize] as usize;
                let (partner_class, j) = self.place[partner];
                if partner_class {
                    return None;
                }
                matching[i as usize] = j;
            }
        }
        Some(matching)
    }

    /// The other wing of wing `wing`'s edge (wings by home slot).
    pub fn twin(&self, wing: u8) -> u8 {
        self.twins[wing as usize]
    }

    /// Wing slot `slot`'s class (true: high) and index within it.
    pub fn place(&self, slot: u8) -> (bool, u8) {
        self.place[slot as usize]
    }

    /// Whether the reduced cube of a separated cube (`wings[slot]`: the wing there) would be
    /// an odd permutation of edges against the corners ("PLL parity") once paired.
    pub fn pll_odd(&self, wings: &[u8; 24], corners_odd: bool) -> bool {
        let mut edges = [0u8; 12];
        for (i, &slot) in self.low.iter().enumerate() {
            edges[i] = self.place[wings[slot as usize] as usize].1;
        }
        super::model::is_odd(&edges) != corners_odd
    }

    /// Whether each turn (of phase 3's) changes [`pll_odd`](Self::pll_odd).
    pub fn pll_flips(&self, model: &Model) -> [bool; TURNS] {
        std::array::from_fn(|m| super::model::is_odd(&self.turns[m].1) != model.corner_odd[m])
    }

    /// The matching after turn `m` (one of phase 3's).
    pub fn turn(&self, matching: &Matching, m: usize) -> Matching {
        apply(matching, &self.turns[m])
    }

    /// The table index of a matching (even), the same for every rotation of it.
    pub fn index(&self, matching: &Matching) -> usize {
        let values = PREFIX.map(|i| matching[i]);
        let entry = self.prefix_class[encode(&values)];
        let (class, rotation) = ((entry >> 4) as usize, (entry & 0xF) as usize);
        let turned = apply(matching, &self.rotations[rotation]);
        let order = |m: &Matching| rank_order(&SUFFIX.map(|i| m[i]));
        let mut least = order(&turned);
        let mut others = self.stabilisers[class];
        while others != 0 {
            let r = others.trailing_zeros() as usize;
            others &= others - 1;
            least = least.min(order(&apply(&turned, &self.rotations[r])));
        }
        class * ORDERS + least / 2
    }

    /// The even matching of table index `index`, of its class's representative prefix. (An
    /// index whose order is not the least of its class's is no matching's: it gives a matching
    /// of a smaller index, and the table's entry there is never read.)
    pub fn matching(&self, index: usize) -> Matching {
        let (class, order) = (index / ORDERS, index % ORDERS);
        let values = decode(self.representatives[class] as usize);
        let mut rest = [0u8; 8];
        let mut k = 0;
        for v in 0..12 {
            if !values.contains(&v) {
                rest[k] = v;
                k += 1;
            }
        }
        let mut matching = PAIRED;
        for (k, &i) in PREFIX.iter().enumerate() {
            matching[i] = values[k];
        }
        for rank in [2 * order, 2 * order + 1] {
            let order = unrank_order(rank);
            for (k, &i) in SUFFIX.iter().enumerate() {
                matching[i] = rest[order[k] as usize];
            }
            if !super::model::is_odd(&matching) {
                break;
            }
        }
        matching
    }
}

/// The entry of [`distances`] that turn `m` leads to from `matching` with parity `odd`.
fn entry_after(
    pairing: &Pairing,
    flips: &[bool; TURNS],
    matching: &Matching,
    odd: bool,
    m: usize,
) -> usize {
    2 * pairing.index(&pairing.turn(matching, m)) + usize::from(odd != flips[m])
}

/// The distance in phase 3's turns `moves` to paired with even "PLL parity" of each index
/// (each stands for its representative) with each parity, at `2 · index + odd` (turn `m`
/// changes the parity where `flips[m]`), `deepest + 1` for those further than `deepest`, by
/// breadth-first search. A whole-cube rotation keeps the parity, so a class has one. A pass
/// writes only the depth it finds, so plain loads and stores suffice (two threads storing one
/// entry store the same depth), and a node's neighbours are all indexed before any is read, so
/// that their reads overlap: 40% faster than one atomic compare-and-swap a neighbour.
pub(super) fn distances(
    pairing: &Pairing,
    moves: MoveSet,
    flips: &[bool; TURNS],
    deepest: u8,
) -> Vec<u8> {
    const UNKNOWN: u8 = u8::MAX;
    let count = 2 * pairing.count();
    let depths: Vec<AtomicU8> = (0..count)
        .into_par_iter()
        .map(|_| AtomicU8::new(UNKNOWN))
        .collect();
    depths[2 * pairing.index(&PAIRED)].store(0, Relaxed);
    let moves: Vec<usize> = turns_in(moves).collect();
    let chunk = 1 << 16;
    for depth in 0..deepest {
        (0..count.div_ceil(chunk)).into_par_iter().for_each(|c| {
            let mut next = [0usize; TURNS];
            for entry in c * chunk..count.min((c + 1) * chunk) {
                if depths[entry].load(Relaxed) != depth {
                    continue;
                }
                let (matching, odd) = (pairing.matching(entry / 2), entry % 2 == 1);
                for (k, &m) in moves.iter().enumerate() {
                    next[k] = entry_after(pairing, flips, &matching, odd, m);
                }
                for &n in &next[..moves.len()] {
                    if depths[n].load(Relaxed) == UNKNOWN {
                        depths[n].store(depth + 1, Relaxed);
                    }
                }
            }
        });
    }
    depths
        .into_iter()
        .map(|d| d.into_inner().min(deepest + 1))
        .collect()
}

/// The matching after the slot map: high slot `from[h]`'s match, moved by `low`, is `h`'s.
fn apply(matching: &Matching, (from, low): &SlotMap) -> Matching {
    gather(low, &gather(matching, from))
}

/// `table[index[i]]` for each lane `i` (every index below 16).
fn gather(table: &[u8; 16], index: &[u8; 16]) -> [u8; 16] {
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
    {
        simd::gather(table, index)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
    {
        gather_scalar(table, index)
    }
}

/// [`gather`] one lane at a time: the fallback without SSSE3, and the reference the SIMD path
/// is tested against.
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "ssse3"))))]
fn gather_scalar(table: &[u8; 16], index: &[u8; 16]) -> [u8; 16] {
    index.map(|i| table[i as usize])
}

/// The trade, measured with `rubik bench solve --size 4 --count 100 --seed 3 --single-only`
/// on this project's 2-core x86-64-v3 machine, two runs each interleaved with the scalar
/// twelve-byte loop: mean 259 and 224 ms a state before, 224 and 202 ms after (same
/// solutions), about 12% of the 4×4's time (a turn moves the matching, and its index rotates
/// it again, at every node of phase 3) for one intrinsic in an `unsafe` block, kept equal to
/// the scalar reference by a test.
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
mod simd {
    use core::arch::x86_64::{__m128i, _mm_shuffle_epi8};
    use std::mem::transmute;

    pub(super) fn gather(table: &[u8; 16], index: &[u8; 16]) -> [u8; 16] {
        // SAFETY: this module is compiled only when SSSE3 is enabled for the whole build, so
        // the intrinsic is available; `[u8; 16]` and `__m128i` have the same size and every bit
        // pattern is valid for both. Bit 7 of every index is clear, so each lane is a gather.
        unsafe {
            let table = transmute::<[u8; 16], __m128i>(*table);
            let index = transmute::<[u8; 16], __m128i>(*index);
            transmute::<__m128i, [u8; 16]>(_mm_shuffle_epi8(table, index))
        }
    }
}

fn encode(values: &[u8; 4]) -> usize {
    values.iter().fold(0, |code, &v| code * 12 + v as usize)
}

fn decode(code: usize) -> [u8; 4] {
    std::array::from_fn(|k| (code / 12usize.pow(3 - k as u32) % 12) as u8)
}

/// The Lehmer rank of the relative order of 8 distinct values below 12: two orders that
/// differ only in their last two places have ranks `2k` and `2k + 1`.
pub(in crate::search::reduction) fn rank_order(values: &[u8; 8]) -> usize {
    // The rank is the sum over places of (the later values below the one there) · (7 − place)!:
    // the terms do not wait on one another, as the picks' running product does.
    const WEIGHTS: [usize; 8] = [5040, 720, 120, 24, 6, 2, 1, 1];
    let mut later = 0u16;
    let mut rank = 0;
    for k in (0..8).rev() {
        let below = (later & ((1 << values[k]) - 1)).count_ones() as usize;
        rank += below * WEIGHTS[k];
        later |= 1 << values[k];
    }
    rank
}

/// The order (as ranks 0..8) of Lehmer rank `rank`.
pub(in crate::search::reduction) fn unrank_order(rank: usize) -> [u8; 8] {
    unrank_picks(rank)
}

/// The Lehmer rank of `K` distinct values picked in turn from the 8 of `pool` (a set of values
/// below 12): each pick numbered among the values left, `8 · 7 · … · (9 − K)` ranks.
pub(in crate::search::reduction) fn rank_picks<const K: usize>(
    values: &[u8; K],
    pool: u16,
) -> usize {
    let mut left = pool;
    let mut rank = 0;
    for (k, &v) in values.iter().enumerate() {
        let below = (left & ((1 << v) - 1)).count_ones() as usize;
        left &= !(1 << v);
        rank = rank * (8 - k) + below;
    }
    rank
}

/// The `K` picks from 0..8 of Lehmer rank `rank` ([`rank_picks`] from all of 0..8).
pub(in crate::search::reduction) fn unrank_picks<const K: usize>(mut rank: usize) -> [u8; K] {
    let mut digits = [0usize; K];
    for k in (0..K).rev() {
        digits[k] = rank % (8 - k);
        rank /= 8 - k;
    }
    let mut left: u16 = 0xFF;
    digits.map(|d| {
        let mut bits = left;
        for _ in 0..d {
            bits &= bits - 1;
        }
        let v = bits.trailing_zeros() as u8;
        left &= !(1 << v);
        v
    })
}

#[cfg(test)]
mod tests {
    use super::super::coords::Moves3;
    use super::super::model::Pieces;
    use super::*;
    use proptest::strategy::{Just, Strategy};

    fn pairing() -> Pairing {
        let model = Model::get();
        Pairing::new(model, Moves3::new(model).all)
    }

    proptest::proptest! {
        /// The byte-shuffle gather agrees with the scalar one.
        #[test]
        fn gather_agrees_with_its_scalar_reference(
            table in proptest::prelude::any::<[u8; 16]>(),
            index in proptest::array::uniform16(0u8..16),
        ) {
            proptest::prop_assert_eq!(gather(&table, &index), gather_scalar(&table, &index));
        }
    }

    /// Near paired, where the search stops short of nothing, the entries are distances: every
    /// one but the goal has a neighbour one nearer and none a neighbour more than one nearer,
    /// with each parity.
    #[test]
    fn entries_near_paired_are_distances() {
        let model = Model::get();
        let moves = Moves3::new(model).all;
        let pairing = pairing();
        let flips = pairing.pll_flips(model);
        let deepest = 5;
        let depths = distances(&pairing, moves, &flips, deepest);
        let near: Vec<usize> = (0..depths.len()).filter(|&e| depths[e] < deepest).collect();
        assert!(near.len() > 100);
        for entry in near {
            let (matching, odd) = (pairing.matching(entry / 2), entry % 2 == 1);
            let neighbours =
                turns_in(moves).map(|m| depths[entry_after(&pairing, &flips, &matching, odd, m)]);
            let nearest = neighbours.min().unwrap();
            let here = depths[entry];
            assert!(here == 0 || nearest + 1 == here, "{here} {nearest}");
            assert_eq!(here == 0, entry == 2 * pairing.index(&PAIRED));
        }
    }

    #[test]
    fn orders_rank_and_unrank_back() {
        for rank in 0..40_320 {
            assert_eq!(rank_order(&unrank_order(rank)), rank);
        }
    }

    proptest::proptest! {
        /// An order of values below 12 ranks as the picks of its values in turn do.
        #[test]
        fn an_order_ranks_as_its_picks(
            values in Just((0u8..12).collect::<Vec<u8>>()).prop_shuffle(),
        ) {
            let order: [u8; 8] = values[..8].try_into().expect("8 values");
            let pool = order.iter().fold(0, |set, &v| set | 1 << v);
            proptest::prop_assert_eq!(rank_order(&order), rank_picks(&order, pool));
        }
    }

    #[test]
    fn a_solved_cube_is_paired_and_indices_round_trip() {
        let pairing = pairing();
        let solved = Pieces::read(&crate::facelet::FaceletCube::solved(4)).unwrap();
        assert_eq!(pairing.read(&solved.wings), Some(PAIRED));
        assert_eq!(pairing.rotations.len(), 4);
        assert_eq!(pairing.rotations[0], (PAIRED, PAIRED), "the identity first");
        for index in (0..pairing.count()).step_by(9973) {
            let matching = pairing.matching(index);
            let canonical = pairing.index(&matching);
            assert!(canonical <= index);
            assert_eq!(pairing.index(&pairing.matching(canonical)), canonical);
        }
    }

    /// A matching and its rotations share an index, also where a rotation keeps the prefix
    /// (the classes a rotation maps to themselves), so the table holds one distance a class.
    #[test]
    fn rotations_of_a_matching_share_its_index() {
        let pairing = pairing();
        let kept: Vec<usize> = (0..pairing.classes())
            .filter(|&c| pairing.stabilisers[c] != 0)
            .collect();
        assert!(!kept.is_empty());
        let mut rng = crate::seeded_rng(9);
        for k in 0..2_000 {
            let class = match k % 2 {
                0 => kept[crate::random::below(&mut rng, kept.len() as u32) as usize],
                _ => crate::random::below(&mut rng, pairing.classes() as u32) as usize,
            };
            let order = crate::random::below(&mut rng, ORDERS as u32) as usize;
            let matching = pairing.matching(class * ORDERS + order);
            let index = pairing.index(&matching);
            for rotation in &pairing.rotations {
                assert_eq!(pairing.index(&apply(&matching, rotation)), index);
            }
        }
    }

    /// Turns move the matching as they move the stickers.
    #[test]
    fn turns_move_the_matching_as_the_stickers() {
        let model = Model::get();
        let moves = Moves3::new(model).all;
        let pairing = pairing();
        let mut rng = crate::seeded_rng(8);
        let mut cube = crate::facelet::FaceletCube::solved(4);
        let phase3: Vec<usize> = turns_in(moves).collect();
        for _ in 0..200 {
            let m = phase3[crate::random::below(&mut rng, phase3.len() as u32) as usize];
            let before = pairing.read(&Pieces::read(&cube).unwrap().wings).unwrap();
            cube.turn(model.turns[m]);
            let after = pairing.read(&Pieces::read(&cube).unwrap().wings).unwrap();
            assert_eq!(pairing.turn(&before, m), after);
            assert!(!super::super::model::is_odd(&after));
        }
    }
}
