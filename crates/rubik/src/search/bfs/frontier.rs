//! The frontier store: the states one side of the search has reached, packed, each with the
//! link to its parent, in an open-addressing index, grown layer by layer within the memory bound.

use std::ops::Range;

use super::moves::{Moves, Run};
use super::packing::hash;
use super::{BfsError, Bounds};
use crate::search::Stop;
use crate::turn::Turn;

/// The link that marks a root (the start, or a goal).
pub(super) const ROOT: u16 = u16::MAX;

/// How a stored state was first reached: its parent and the move from there.
#[derive(Clone, Copy, Debug)]
pub(super) struct Link {
    pub(super) parent: u32,
    pub(super) mv: u16,
    pub(super) run: Run,
}

/// The most states one side stores: ids and hashes fit in 32 bits, at most 2³² index slots.
const MAX_STATES: usize = 3 << 30;

/// One direction of the search: the states it has stored, in the order it reached them, so
/// each layer is a contiguous range of ids.
pub(super) struct Side {
    /// Words per packed state.
    width: usize,
    /// The packed states, `width` words each, indexed by id.
    keys: Vec<u64>,
    /// How each state was first reached, indexed by id.
    pub(super) links: Vec<Link>,
    index: Index,
    /// The first id of the deepest complete layer.
    layer: usize,
    /// The depth of that layer.
    pub(super) depth: usize,
    /// New states per parent in the last layer expanded, for the next estimate.
    growth: f64,
}

/// What one layer's expansion ended with.
pub(super) enum Step {
    /// The layer is complete, and met nothing.
    Done,
    /// Move `mv` from state `parent` reaches state `there` of the other side.
    Met {
        parent: usize,
        mv: usize,
        there: usize,
    },
    /// The budget ran out.
    Stopped(Stop),
}

impl Side {
    pub(super) fn new(width: usize) -> Side {
        Side {
            width,
            keys: Vec::new(),
            links: Vec::new(),
            index: Index::default(),
            layer: 0,
            depth: 0,
            growth: f64::INFINITY,
        }
    }

    /// The ids of the frontier, the deepest complete layer.
    pub(super) fn frontier(&self) -> Range<usize> {
        self.layer..self.links.len()
    }

    /// The bytes this side holds.
    pub(super) fn bytes(&self) -> u64 {
        let words = self.keys.capacity() + self.index.slots.capacity();
        (words * size_of::<u64>() + self.links.capacity() * size_of::<Link>()) as u64
    }

    /// Makes room for `more` states, unless that takes this side and `others` bytes past
    /// `limit`; the error is the bytes it would take.
    pub(super) fn reserve(&mut self, more: usize, others: u64, limit: u64) -> Result<(), u64> {
        let states = self.links.len().saturating_add(more);
        let per_state = self.width * size_of::<u64>() + size_of::<Link>();
        let slots = Index::slots_for(states).max(self.index.slots.len());
        // The old index lives on while the new one is filled.
        let index_bytes = if slots > self.index.slots.len() {
            (slots + self.index.slots.len()) * size_of::<u64>()
        } else {
            self.index.slots.len() * size_of::<u64>()
        };
        let needed = (states.max(self.links.capacity()) as u64)
            .saturating_mul(per_state as u64)
            .saturating_add(index_bytes as u64)
            .saturating_add(others);
        if needed > limit || states > MAX_STATES {
            return Err(needed);
        }
        self.keys.reserve_exact(more * self.width);
        self.links.reserve_exact(more);
        self.index.resize(slots);
        Ok(())
    }

    /// The packed state with id `id`.
    fn key(&self, id: usize) -> &[u64] {
        &self.keys[id * self.width..(id + 1) * self.width]
    }

    /// The id of `key` (whose hash is `hash`), if this side holds it.
    fn find(&self, key: &[u64], hash: u64) -> Option<usize> {
        self.index.find(hash, |id| self.key(id) == key)
    }

    /// Stores a new state; room must have been reserved.
    fn push(&mut self, key: &[u64], hash: u64, link: Link) {
        self.index.insert(hash, self.links.len());
        self.keys.extend_from_slice(key);
        self.links.push(link);
    }

    /// Stores a root, unless it is stored already (two rotations of an even cube may have
    /// the same stickers, one colour to a face); room must have been reserved.
    pub(super) fn seed(&mut self, key: &[u64]) {
        let hash = hash(key);
        if self.find(key, hash).is_none() {
            let root = Link {
                parent: 0,
                mv: ROOT,
                run: Run(0),
            };
            self.push(key, hash, root);
        }
    }

    /// The turns of the path that first reached state `id`, from it back to its root.
    pub(super) fn walk<'m>(
        &'m self,
        mut id: usize,
        moves: &'m Moves,
    ) -> impl Iterator<Item = Turn> + 'm {
        std::iter::from_fn(move || {
            let link = self.links[id];
            (link.mv != ROOT).then(|| {
                id = link.parent as usize;
                moves.turns[usize::from(link.mv)]
            })
        })
    }

    /// Expands the frontier by one layer, towards a total of `depth` moves, until a new state
    /// is one `other` holds or the budget runs out.
    pub(super) fn expand(
        &mut self,
        moves: &Moves,
        other: &Side,
        budget: &Bounds,
        depth: usize,
    ) -> Result<Step, BfsError> {
        let layer = self.frontier();
        let estimate = (layer.len() as f64 * self.growth.min(moves.turns.len() as f64)).ceil();
        self.reserve(estimate as usize, other.bytes(), budget.memory)
            .map_err(|needed| budget.out_of_memory(depth, needed))?;
        let mut parent = vec![0u64; self.width];
        let mut child = vec![0u64; self.width];
        // Look at the clock every few thousand words of children: often enough on a big cube,
        // rarely enough not to show on a small one.
        let every = (1 << 12) / self.width + 1;
        for id in layer.clone() {
            if (id - layer.start) % every == 0
                && let Some(stop) = budget.stop(self.links.len() + other.links.len())
            {
                return Ok(Step::Stopped(stop));
            }
            parent.copy_from_slice(self.key(id));
            for (mv, run) in moves.successors(self.links[id]) {
                moves.apply(mv, &parent, &mut child);
                let hash = hash(&child);
                if self.find(&child, hash).is_some() {
                    continue;
                }
                if let Some(there) = other.find(&child, hash) {
                    return Ok(Step::Met {
                        parent: id,
                        mv,
                        there,
                    });
                }
                if self.links.len() == self.links.capacity() {
                    // The layer outgrew its estimate: a quarter more, within the bound.
                    let more = (self.links.len() / 4).max(1024);
                    self.reserve(more, other.bytes(), budget.memory)
                        .map_err(|needed| budget.out_of_memory(depth, needed))?;
                }
                let link = Link {
                    parent: id as u32,
                    mv: mv as u16,
                    run,
                };
                self.push(&child, hash, link);
            }
        }
        self.growth = (self.links.len() - layer.end) as f64 / layer.len() as f64;
        self.layer = layer.end;
        self.depth += 1;
        Ok(Step::Done)
    }
}

/// A hash set of state ids, open addressing with linear probing. A slot holds the low 32 bits
/// of the state's hash (its place, and a quick check before the stored state is compared) and
/// the id plus one; 0 is an empty slot.
#[derive(Default)]
struct Index {
    slots: Vec<u64>,
}

impl Index {
    /// The slots that hold `states` at a load of at most 3/4 (a power of two).
    fn slots_for(states: usize) -> usize {
        (states.saturating_mul(4) / 3 + 1).next_power_of_two()
    }

    /// The id whose slot matches `hash` and for which `is` holds.
    fn find(&self, hash: u64, is: impl Fn(usize) -> bool) -> Option<usize> {
        let mask = self.slots.len().checked_sub(1)?;
        let tag = hash as u32;
        let mut place = tag as usize & mask;
        loop {
            let slot = self.slots[place];
            if slot == 0 {
                return None;
            }
            let id = (slot as u32 - 1) as usize;
            if (slot >> 32) as u32 == tag && is(id) {
                return Some(id);
            }
            place = (place + 1) & mask;
        }
    }

    /// Adds `id`, known to be absent, with `hash`; there must be an empty slot.
    fn insert(&mut self, hash: u64, id: usize) {
        self.put((hash as u32 as u64) << 32 | (id as u64 + 1));
    }

    /// Puts a filled slot in the first empty place from the one its hash bits name.
    fn put(&mut self, slot: u64) {
        let mask = self.slots.len() - 1;
        let mut place = (slot >> 32) as usize & mask;
        while self.slots[place] != 0 {
            place = (place + 1) & mask;
        }
        self.slots[place] = slot;
    }

    /// Grows to `slots` slots (a power of two), re-placing every entry by its hash bits.
    fn resize(&mut self, slots: usize) {
        if slots > self.slots.len() {
            let old = std::mem::replace(&mut self.slots, vec![0; slots]);
            for slot in old.into_iter().filter(|&slot| slot != 0) {
                self.put(slot);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FaceletCube;
    use crate::search::bfs::MoveSet;
    use crate::search::bfs::packing::{PER_WORD, pack};
    use crate::search::bfs::tests::{free, turns_of};

    /// The number of states at each distance 0..=depth from the solved cube, by one side.
    fn layer_sizes(size: usize, set: MoveSet, depth: usize) -> Vec<usize> {
        let turns = set.turns(size).unwrap();
        let moves = Moves::new(&turns, size, &free()).unwrap();
        let solved = FaceletCube::solved(size);
        let width = solved.stickers().len().div_ceil(PER_WORD);
        let (mut side, nothing) = (Side::new(width), Side::new(width));
        side.reserve(1, 0, u64::MAX).unwrap();
        side.seed(&pack(solved.stickers(), width));
        let mut sizes = vec![1];
        for d in 1..=depth {
            assert!(matches!(
                side.expand(&moves, &nothing, &free(), d),
                Ok(Step::Done)
            ));
            sizes.push(side.frontier().len());
        }
        sizes
    }

    /// Pruning and duplicate detection together must still reach every state at every
    /// distance: the published counts of states by distance.
    #[test]
    fn layers_have_the_known_sizes() {
        assert_eq!(layer_sizes(3, MoveSet::FaceTurns, 3), [1, 18, 243, 3240]);
        assert_eq!(
            layer_sizes(3, MoveSet::QuarterTurns, 4),
            [1, 12, 114, 1068, 10011]
        );
        let urf = MoveSet::blocks_of(turns_of("U R F", 2));
        assert_eq!(layer_sizes(2, urf, 5), [1, 9, 54, 321, 1847, 9992]);
        let quarter_urf = MoveSet::Turns(turns_of("U U' R R' F F'", 2));
        assert_eq!(layer_sizes(2, quarter_urf, 5), [1, 6, 27, 120, 534, 2256]);
        // Only R: the four states of the R layer, then nothing new.
        let r = MoveSet::Turns(turns_of("R", 3));
        assert_eq!(layer_sizes(3, r, 4), [1, 1, 1, 1, 0]);
    }

    #[test]
    fn the_index_finds_what_it_holds_across_growth() {
        let mut index = Index::default();
        let keys: Vec<u64> = (0..5000u64).map(|i| i * 7919).collect();
        for (id, key) in keys.iter().enumerate() {
            index.resize(Index::slots_for(id + 1));
            assert_eq!(index.find(hash(&[*key]), |i| keys[i] == *key), None);
            index.insert(hash(&[*key]), id);
        }
        assert!(index.slots.len() >= keys.len() * 4 / 3);
        for (id, key) in keys.iter().enumerate() {
            assert_eq!(index.find(hash(&[*key]), |i| keys[i] == *key), Some(id));
        }
        assert_eq!(index.find(hash(&[1]), |i| keys[i] == 1), None);
    }
}
