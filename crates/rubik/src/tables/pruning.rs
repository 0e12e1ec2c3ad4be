//! [`Pruning`]: the exact distance to solved of every pair of two coordinates, built by
//! breadth-first search, optionally reduced by the U-D symmetries, and stored in four bits an
//! entry (the distance, 15 meaning 15 or more) or two ([`Mod3Pruning`]: the distance mod 3, which
//! a search that knows the distance of a neighbour turns back into the exact distance).
//!
//! The table is indexed by `class · B::COUNT + b`, where `class` is the symmetry class of the
//! first coordinate (or the value itself, [`Unreduced`]) and `b` the second coordinate after
//! conjugating it by the symmetry that carries the first onto its class representative. Depths
//! above 15 are stored as 15, which keeps every entry a lower bound.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

use bytes::Bytes;
use rayon::prelude::*;

use super::codec::{Decoder, Encoder};
use super::moves::MoveFunction;
use super::storage::Progress;
use super::symmetry::SymmetryClasses;
use crate::coord::Coordinate;
use crate::cubie::{CubieCube, PieceCube, UdSymmetry};

/// How the first coordinate of a pruning table is reduced to classes.
pub(crate) trait Reduction<A>: Sync {
    /// The number of classes.
    fn classes(&self) -> usize;
    /// The class of a value, and a symmetry carrying it onto the class representative.
    fn class_of(&self, value: A) -> (usize, UdSymmetry);
    /// The representative of a class.
    fn representative(&self, class: usize) -> A;
    /// The symmetries (bit mask) that fix a class representative.
    fn stabilizer(&self, class: usize) -> u16;
}

impl<A: Coordinate<Cube = CubieCube>> Reduction<A> for SymmetryClasses<A> {
    fn classes(&self) -> usize {
        self.count()
    }
    fn class_of(&self, value: A) -> (usize, UdSymmetry) {
        SymmetryClasses::class_of(self, value)
    }
    fn representative(&self, class: usize) -> A {
        SymmetryClasses::representative(self, class)
    }
    fn stabilizer(&self, class: usize) -> u16 {
        SymmetryClasses::stabilizer(self, class)
    }
}

/// No reduction: every value is its own class.
pub struct Unreduced;

impl<A: Coordinate> Reduction<A> for Unreduced {
    fn classes(&self) -> usize {
        A::COUNT
    }
    fn class_of(&self, value: A) -> (usize, UdSymmetry) {
        (value.index(), UdSymmetry::IDENTITY)
    }
    fn representative(&self, class: usize) -> A {
        A::from_index(class)
    }
    fn stabilizer(&self, _class: usize) -> u16 {
        1
    }
}

/// The depths found so far while a table of `BITS` bits an entry is built, packed as in the
/// finished [`Pruning`] and filled in place from any thread: the depth (4 bits) or the depth
/// mod 3 (2 bits), all ones while unknown. A 4-bit entry still unknown once depth 14 is done
/// is left so: 15 reads as "15 or more".
struct Depths<const BITS: usize>(Vec<AtomicU8>);

impl<const BITS: usize> Depths<BITS> {
    /// The value of an unknown entry.
    const UNKNOWN: u8 = (1 << BITS) - 1;
    /// The deepest depth stored as itself (4 bits), or no limit (2 bits).
    const DEEPEST: u8 = if BITS == 2 {
        u8::MAX - 1
    } else {
        Self::UNKNOWN - 1
    };

    /// Every entry unknown; the bits past the last entry are 0.
    fn new(entries: usize) -> Self {
        let per_byte = 8 / BITS;
        let bytes = entries.div_ceil(per_byte);
        let last = match entries % per_byte {
            0 => u8::MAX,
            used => (1 << (used * BITS)) - 1,
        };
        let byte = |i| AtomicU8::new(if i + 1 == bytes { last } else { u8::MAX });
        Depths((0..bytes).into_par_iter().map(byte).collect())
    }

    /// The stored value of `depth`.
    fn value(depth: u8) -> u8 {
        if BITS == 2 { depth % 3 } else { depth }
    }

    fn get(&self, index: usize) -> u8 {
        let per_byte = 8 / BITS;
        self.0[index / per_byte].load(Relaxed) >> (index % per_byte * BITS) & Self::UNKNOWN
    }

    /// Whether entry `index` is still unknown.
    fn unknown(&self, index: usize) -> bool {
        self.get(index) == Self::UNKNOWN
    }

    /// Whether entry `index` may be at `depth`. Residues also answer yes for the depths
    /// `depth - 3`, `depth - 6`, ...: a search that takes those for `depth` loses time but
    /// never sets a wrong entry, since their neighbours are all known already.
    fn at(&self, index: usize, depth: u8) -> bool {
        self.get(index) == Self::value(depth)
    }

    /// Sets entry `index` to `depth` (at most [`DEEPEST`](Self::DEEPEST)) if it is unknown;
    /// whether it was.
    fn set(&self, index: usize, depth: u8) -> bool {
        if !self.unknown(index) {
            return false;
        }
        // The entry's bits are all ones: clearing the bits the value lacks leaves the value,
        // and leaves the other entries of the byte alone whatever other threads do to them.
        let shift = index % (8 / BITS) * BITS;
        let clear = (Self::UNKNOWN ^ Self::value(depth)) << shift;
        let before = self.0[index / (8 / BITS)].fetch_and(!clear, Relaxed);
        before >> shift & Self::UNKNOWN == Self::UNKNOWN
    }

    /// The finished table's bytes.
    fn into_bytes(self) -> Vec<u8> {
        self.0.into_iter().map(AtomicU8::into_inner).collect()
    }
}

/// Fills `depths` by breadth-first search from the solved cube over the pairs (class of `A`,
/// `B`); see [`Pruning::build`].
fn breadth_first<A, B, R, const BITS: usize>(
    depths: &Depths<BITS>,
    reduction: &R,
    move_a: impl Fn(A, usize) -> A + Sync,
    move_b: &impl MoveFunction<B>,
    conjugate_b: impl Fn(B, UdSymmetry) -> B + Sync,
    stage: &'static str,
    progress: &mut dyn FnMut(Progress),
) where
    A: Coordinate,
    B: Coordinate<Cube = A::Cube>,
    R: Reduction<A>,
{
    let width = B::COUNT;
    let total = reduction.classes() * width;
    // Sets (class, b) and its symmetric twins to `depth`; counts the entries it set.
    let mark = |class: usize, b: B, depth: u8| -> u64 {
        let base = class * width;
        if !depths.set(base + b.index(), depth) {
            return 0;
        }
        let stabilizer = reduction.stabilizer(class);
        let twins = UdSymmetry::all().filter(|s| s.index() > 0 && stabilizer >> s.index() & 1 == 1);
        1 + twins
            .map(|s| u64::from(depths.set(base + conjugate_b(b, s).index(), depth)))
            .sum::<u64>()
    };
    let (start, s) = reduction.class_of(A::of(&A::Cube::SOLVED));
    let mut filled = mark(start, conjugate_b(B::of(&A::Cube::SOLVED), s), 0);
    let mut frontier_size = filled;
    for depth in 0..Depths::<BITS>::DEEPEST {
        // Forward, each entry at `depth` marks its unknown neighbours; backward, each unknown
        // entry looks for a neighbour at `depth`. Backward costs less once fewer entries are
        // unknown than about twice the frontier: most of them find a neighbour at once.
        let backward = (total as u64).saturating_sub(filled) < 2 * frontier_size;
        let added = AtomicU64::new(0);
        (0..reduction.classes()).into_par_iter().for_each(|class| {
            let base = class * width;
            let mut entries: Vec<B> = (0..width)
                .filter(|&b| match backward {
                    true => depths.unknown(base + b),
                    false => depths.at(base + b, depth),
                })
                .map(B::from_index)
                .collect();
            let a = reduction.representative(class);
            let mut count = 0;
            for m in 0..move_b.moves() {
                if entries.is_empty() {
                    break;
                }
                let (next_class, s) = reduction.class_of(move_a(a, m));
                if backward {
                    let next = next_class * width;
                    entries.retain(|&b| {
                        let neighbour = conjugate_b(move_b.apply(b, m), s).index();
                        let found = depths.at(next + neighbour, depth);
                        if found && depths.set(base + b.index(), depth + 1) {
                            count += 1;
                        }
                        !found
                    });
                } else {
                    for &b in &entries {
                        count += mark(next_class, conjugate_b(move_b.apply(b, m), s), depth + 1);
                    }
                }
            }
            added.fetch_add(count, Relaxed);
        });
        let added = added.into_inner();
        filled += added;
        frontier_size = added;
        progress(Progress {
            stage,
            done: filled.min(total as u64),
            total: total as u64,
        });
        if added == 0 {
            break;
        }
    }
}

/// Distances to solved, `BITS` bits an entry (4: the distance up to 15; 2: the distance mod 3),
/// over any byte storage (a `Vec` when built; when loaded, a section of a shared file as `Bytes`,
/// or a whole mapped [`Table`](super::storage::Table)).
pub struct Pruning<S = Bytes, const BITS: usize = 4> {
    bytes: S,
}

/// Distances mod 3, two bits an entry: half the size of a [`Pruning`] with the same entries.
pub type Mod3Pruning<S = Bytes> = Pruning<S, 2>;

impl<const BITS: usize> Pruning<Vec<u8>, BITS> {
    /// Builds the table of distances over the pairs (class of `A`, `B`) by breadth-first search
    /// from the solved cube. `move_a` moves the first coordinate, `move_b` the second (both
    /// with the same moves); `conjugate_b` conjugates the second by a symmetry. `progress`
    /// hears, as `stage`, the entries filled so far out of all, after each depth. The table is
    /// built in place.
    pub(crate) fn build<A, B, R>(
        reduction: &R,
        move_a: impl Fn(A, usize) -> A + Sync,
        move_b: &impl MoveFunction<B>,
        conjugate_b: impl Fn(B, UdSymmetry) -> B + Sync,
        stage: &'static str,
        progress: &mut dyn FnMut(Progress),
    ) -> Pruning<Vec<u8>, BITS>
    where
        A: Coordinate,
        B: Coordinate<Cube = A::Cube>,
        R: Reduction<A>,
    {
        let depths = Depths::<BITS>::new(reduction.classes() * B::COUNT);
        breadth_first(
            &depths,
            reduction,
            move_a,
            move_b,
            conjugate_b,
            stage,
            progress,
        );
        let bytes = depths.into_bytes();
        Pruning { bytes }
    }

    /// The table's bytes, given up to be stored.
    pub(crate) fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

impl<const BITS: usize> Pruning<Bytes, BITS> {
    /// Reads a table of `entries` entries written by [`encode`](Pruning::encode), in place.
    pub(crate) fn decode(decoder: &mut Decoder, entries: usize) -> Option<Self> {
        let bytes = decoder.bytes()?;
        (bytes.len() == Self::byte_len(entries)).then_some(Pruning { bytes })
    }
}

impl<S: AsRef<[u8]>, const BITS: usize> Pruning<S, BITS> {
    /// The length in bytes of a table of `entries` entries.
    pub const fn byte_len(entries: usize) -> usize {
        entries.div_ceil(8 / BITS)
    }

    /// Writes the table as one section.
    pub(crate) fn encode(&self, encoder: &mut Encoder) {
        encoder.bytes(self.bytes.as_ref());
    }

    /// The table over stored bytes (entries packed from the low bits of each byte up).
    pub(crate) fn from_bytes(bytes: S) -> Self {
        Pruning { bytes }
    }

    /// The stored bytes (which the storage tests compare).
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> &[u8] {
        self.bytes.as_ref()
    }

    /// The entry at `index`: with four bits the distance (a lower bound, exact below 15), with
    /// two the distance mod 3.
    pub(crate) fn get(&self, index: usize) -> u8 {
        let per_byte = 8 / BITS;
        let byte = self.bytes.as_ref()[index / per_byte];
        (byte >> ((index % per_byte) * BITS)) & ((1 << BITS) - 1) as u8
    }

    /// Starts loading the entry at `index` into the cache, so that a later read need not wait.
    pub(crate) fn prefetch(&self, index: usize) {
        super::prefetch(self.bytes.as_ref(), index / (8 / BITS));
    }

    /// How many entries have each value (0..=15).
    pub(crate) fn distribution(&self, entries: usize) -> [u64; 16] {
        let mut counts = [0u64; 16];
        for index in 0..entries {
            counts[self.get(index) as usize] += 1;
        }
        counts
    }
}

impl<S: AsRef<[u8]>> Mod3Pruning<S> {
    /// The distance at `index`, one move away from a state at distance `neighbour`: of the
    /// neighbour's -1, 0 and +1, the one with the stored residue.
    pub(crate) fn distance_next_to(&self, index: usize, neighbour: u8) -> u8 {
        match (self.get(index) + 3 - neighbour % 3) % 3 {
            0 => neighbour,
            1 => neighbour + 1,
            _ => neighbour - 1,
        }
    }

    /// The distance of `start`, by walking down to the goal (`in_goal`): from a state off it,
    /// one of its `neighbours` is a step nearer, the one whose residue is one less. `index`
    /// gives a state's entry.
    pub(crate) fn walk_down<T: Copy, N: Iterator<Item = T>>(
        &self,
        start: T,
        in_goal: impl Fn(T) -> bool,
        index: impl Fn(T) -> usize,
        neighbours: impl Fn(T) -> N,
    ) -> u8 {
        let (mut state, mut steps) = (start, 0u8);
        while !in_goal(state) {
            let wanted = (self.get(index(state)) + 2) % 3;
            state = neighbours(state)
                .find(|&next| self.get(index(next)) == wanted)
                .expect("a state off the goal has a neighbour one step nearer");
            steps += 1;
        }
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::{CornerPerm, SlicePerm};
    use crate::cubie::FaceTurn;
    use crate::tables::MoveTable;

    #[test]
    fn an_unreduced_table_matches_breadth_first_search_on_pieces() {
        let moves: Vec<CubieCube> = FaceTurn::PHASE2.map(FaceTurn::cube).to_vec();
        let corners = MoveTable::<CornerPerm>::build(&moves);
        let slices = MoveTable::<SlicePerm>::build(&moves);
        let table = <Pruning<Vec<u8>>>::build(
            &Unreduced,
            |a, m| corners.apply(a, m),
            &slices,
            |b, _| b,
            "test",
            &mut |_| {},
        );
        // Independent check: a plain BFS over (corner permutation, slice permutation) pairs.
        let mut distance = vec![u8::MAX; CornerPerm::COUNT * SlicePerm::COUNT];
        distance[0] = 0;
        let mut frontier = vec![(CornerPerm(0), SlicePerm(0))];
        let mut depth = 0;
        while !frontier.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for &(c, s) in &frontier {
                for m in 0..moves.len() {
                    let (c2, s2) = (corners.apply(c, m), slices.apply(s, m));
                    let index = c2.index() * SlicePerm::COUNT + s2.index();
                    if distance[index] == u8::MAX {
                        distance[index] = depth;
                        next.push((c2, s2));
                    }
                }
            }
            frontier = next;
        }
        for (index, &d) in distance.iter().enumerate() {
            assert_eq!(table.get(index), d.min(15), "entry {index}");
        }
    }

    #[test]
    fn distances_mod_3_are_read_back_exactly() {
        let moves: Vec<CubieCube> = FaceTurn::PHASE2.map(FaceTurn::cube).to_vec();
        let corners = MoveTable::<CornerPerm>::build(&moves);
        let slices = MoveTable::<SlicePerm>::build(&moves);
        let move_a = |a, m| corners.apply(a, m);
        let exact =
            <Pruning<Vec<u8>>>::build(&Unreduced, move_a, &slices, |b, _| b, "test", &mut |_| {});
        let mod3 = Mod3Pruning::build(&Unreduced, move_a, &slices, |b, _| b, "test", &mut |_| {});
        let index = |(c, s): (CornerPerm, SlicePerm)| c.index() * SlicePerm::COUNT + s.index();
        let (corners, slices, count) = (&corners, &slices, moves.len());
        let neighbours =
            |(c, s)| (0..count).map(move |m| (corners.apply(c, m), slices.apply(s, m)));
        for i in (0..CornerPerm::COUNT).step_by(97) {
            let state = (CornerPerm(i as u16), SlicePerm((i % 24) as u8));
            let distance = mod3.walk_down(state, |x| index(x) == 0, index, neighbours);
            assert_eq!(distance, exact.get(index(state)), "{state:?}");
            for next in neighbours(state) {
                let read = mod3.distance_next_to(index(next), distance);
                assert_eq!(read, exact.get(index(next)), "{next:?} next to {state:?}");
            }
        }
    }
}
