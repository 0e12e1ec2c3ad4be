//! Distance tables over an index space: each index's distance from a set of goals under a
//! phase's turns, by breadth-first search; and kept four bits an entry in a table file, exactly
//! or coarsely (one entry for each run of `2^k` indices, the least of their distances).

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::phase_search::{MoveSet, turns_in};
use crate::tables::storage::Table;

/// An index no turns reach from the goals.
pub(super) const UNREACHED: u8 = u8::MAX;

/// Each of `count` indices' distance from `goals` under the turns of `moves` (`turn(i, m)`:
/// index `i` after turn `m`; the turns must include each one's inverse), [`UNREACHED`] where
/// none leads. One parallel pass a depth: while fewer than half the indices are reached, it
/// scans for those at that depth and marks their unmarked neighbours; after that, it scans the
/// unmarked ones for a neighbour at that depth, which is cheaper when most are marked. A pass
/// writes only the depth it finds, so plain loads and stores suffice (two threads storing one
/// entry store the same depth).
pub(super) fn distances(
    count: usize,
    goals: &[usize],
    moves: MoveSet,
    turn: impl Fn(usize, usize) -> usize + Sync,
) -> Vec<u8> {
    let depths: Vec<AtomicU8> = (0..count)
        .into_par_iter()
        .map(|_| AtomicU8::new(UNREACHED))
        .collect();
    for &goal in goals {
        depths[goal].store(0, Relaxed);
    }
    let moves: Vec<usize> = turns_in(moves).collect();
    let chunk = 1 << 14;
    let mut reached = goals.len();
    for depth in 0..UNREACHED - 1 {
        let backward = reached > count / 2;
        let found: usize = (0..count.div_ceil(chunk))
            .into_par_iter()
            .map(|c| {
                let mut found = 0;
                for index in c * chunk..count.min((c + 1) * chunk) {
                    if backward {
                        if depths[index].load(Relaxed) != UNREACHED {
                            continue;
                        }
                        if moves
                            .iter()
                            .any(|&m| depths[turn(index, m)].load(Relaxed) == depth)
                        {
                            depths[index].store(depth + 1, Relaxed);
                            found += 1;
                        }
                        continue;
                    }
                    if depths[index].load(Relaxed) != depth {
                        continue;
                    }
                    for &m in &moves {
                        let next = &depths[turn(index, m)];
                        if next.load(Relaxed) == UNREACHED {
                            next.store(depth + 1, Relaxed);
                            found += 1;
                        }
                    }
                }
                found
            })
            .sum();
        if found == 0 {
            break;
        }
        reached += found;
    }
    depths.into_iter().map(AtomicU8::into_inner).collect()
}

/// Each of `count` indices' distance from `goals` under the turns of `moves`, by breadth-first
/// search over states (`turn(s, m)`: state `s` after turn `m`; `index(s)`: its index below
/// `count`), [`UNREACHED`] where none leads: for a state space whose indices cannot be turned
/// without their state. One thread, one depth's frontier at a time.
pub(super) fn distances_of_states<S: Copy>(
    count: usize,
    goals: &[S],
    index: impl Fn(&S) -> usize,
    moves: MoveSet,
    turn: impl Fn(&S, usize) -> S,
) -> Vec<u8> {
    let mut distance = vec![UNREACHED; count];
    let mut frontier = Vec::new();
    for goal in goals {
        let i = index(goal);
        if distance[i] == UNREACHED {
            distance[i] = 0;
            frontier.push(*goal);
        }
    }
    let mut depth = 0;
    while !frontier.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for state in &frontier {
            for m in turns_in(moves) {
                let moved = turn(state, m);
                let i = index(&moved);
                if distance[i] == UNREACHED {
                    distance[i] = depth;
                    next.push(moved);
                }
            }
        }
        frontier = next;
    }
    distance
}

/// `distances` four bits each, two to a byte, the even index's in the low half; a distance
/// past 15 is kept as 15, which is still a lower bound.
pub(super) fn packed(distances: &[u8]) -> Vec<u8> {
    distances
        .chunks(2)
        .map(|pair| pair.iter().rev().fold(0, |byte, &d| byte << 4 | d.min(15)))
        .collect()
}

/// How many bytes `entries` packed distances take.
pub(super) const fn packed_len(entries: usize) -> usize {
    entries.div_ceil(2)
}

/// `distances` coarsened by `2^shift`: one entry for each run of that many indices, the
/// least of their distances (so a lower bound of each).
pub(super) fn coarsened(distances: &[u8], shift: u32) -> Vec<u8> {
    (distances.chunks(1 << shift))
        .map(|run| run.iter().copied().min().unwrap_or(UNREACHED))
        .collect()
}

/// Packed distances: a section of a table file, exact or [coarsened](coarsened).
#[derive(Clone)]
pub(super) struct Nibbles {
    table: Arc<Table>,
    start: usize,
    /// `log2` of the indices an entry stands for: 0 when exact.
    shift: u32,
    /// The goals (distance 0), sorted, when coarse: an entry of 0 is exact for them alone.
    goals: Arc<[usize]>,
}

impl Nibbles {
    /// The section of `table`'s payload from byte `start`: distances coarsened by `2^shift`
    /// (0: exact) from a table whose goals (distance 0) are `goals` (needed when coarse).
    pub fn new(table: &Arc<Table>, start: usize, shift: u32, mut goals: Vec<usize>) -> Nibbles {
        goals.sort_unstable();
        Nibbles {
            table: Arc::clone(table),
            start,
            shift,
            goals: goals.into(),
        }
    }

    /// A lower bound of index `i`'s distance (the distance itself when exact), 0 exactly at a
    /// goal.
    pub fn get(&self, i: usize) -> u8 {
        let entry = i >> self.shift;
        let d = self.table.payload()[self.start + entry / 2] >> (4 * (entry & 1)) & 0xF;
        match d == 0 && self.shift > 0 && self.goals.binary_search(&i).is_err() {
            true => 1,
            false => d,
        }
    }

    /// Starts loading index `i`'s entry into the cache ([`crate::tables::prefetch`]), for a
    /// [`get`](Self::get) soon after.
    pub fn prefetch(&self, i: usize) {
        crate::tables::prefetch(self.table.payload(), self.start + (i >> self.shift) / 2);
    }

    /// `distances` packed in a table of their own, in memory.
    #[cfg(test)]
    pub fn in_memory(distances: &[u8]) -> Nibbles {
        let spec = crate::tables::storage::TableSpec::new("test", 1);
        let table = Table::from_built(&spec, packed(distances), &mut |_| {});
        Nibbles::new(&Arc::new(table), 0, 0, Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_on_a_cycle_are_the_shorter_way_round() {
        // Two "turns" on a cycle of 10: one step forward, one back.
        let table = distances(10, &[0], 0b11, |i, m| {
            if m == 0 { (i + 1) % 10 } else { (i + 9) % 10 }
        });
        assert_eq!(table, vec![0, 1, 2, 3, 4, 5, 4, 3, 2, 1]);
        let unreachable = distances(4, &[0], 0b1, |i, _| (i + 2) % 4);
        assert_eq!(unreachable, vec![0, UNREACHED, 1, UNREACHED]);
        // Past half reached, the passes look back from the unreached: the same distances.
        let long = distances(300, &[0], 0b11, |i, m| {
            if m == 0 {
                (i + 1) % 300
            } else {
                (i + 299) % 300
            }
        });
        assert!((0..300).all(|i| usize::from(long[i]) == i.min(300 - i)));
    }

    #[test]
    fn distances_of_states_agree_with_the_index_search() {
        // States are (position on a cycle of 300, a colour bit) indexed apart; turns step ±1
        // or ±7, the ±7 ones flipping the bit; two goals, one of them given twice.
        let turn = |&(i, bit): &(usize, bool), m: usize| {
            let step = [1, 299, 7, 293][m];
            ((i + step) % 300, bit != (m >= 2))
        };
        let index = |&(i, bit): &(usize, bool)| 2 * i + usize::from(bit);
        let goals = [(0, false), (150, true), (0, false)];
        let by_states = distances_of_states(600, &goals, index, 0b1111, turn);
        let state = |i: usize| (i / 2, i % 2 == 1);
        let by_index = distances(600, &[0, 301], 0b1111, |i, m| index(&turn(&state(i), m)));
        assert_eq!(by_states, by_index);
        // A state no turn reaches stays unreached.
        let one_way = distances_of_states(4, &[0usize], |&i| i, 0b1, |&i, _| (i + 2) % 4);
        assert_eq!(one_way, vec![0, UNREACHED, 1, UNREACHED]);
    }

    #[test]
    fn coarse_distances_are_lower_bounds_and_0_only_at_a_goal() {
        // Distances on a cycle of 100 from goals 0 and 37: each index's, exactly.
        let goals = vec![37, 0];
        let exact = distances(100, &goals, 0b11, |i, m| {
            if m == 0 {
                (i + 1) % 100
            } else {
                (i + 99) % 100
            }
        });
        let coarse = |shift| {
            let spec = crate::tables::storage::TableSpec::new("test", 1);
            let bytes = packed(&coarsened(&exact, shift));
            let table = Arc::new(Table::from_built(&spec, bytes, &mut |_| {}));
            Nibbles::new(&table, 0, shift, goals.clone())
        };
        for shift in [1, 3] {
            let nibbles = coarse(shift);
            for (i, &d) in exact.iter().enumerate() {
                let bound = nibbles.get(i);
                assert!(bound <= d, "shift {shift} index {i}: {bound} > {d}");
                assert_eq!(bound == 0, d == 0, "shift {shift} index {i}");
            }
        }
        // A bound may be well below the distance: 33, four from 37, shares a run of eight with
        // it, so reads 1.
        assert_eq!((exact[33], coarse(3).get(33)), (4, 1));
    }

    #[test]
    fn packed_distances_read_back_capped_at_15() {
        let distances: Vec<u8> = (0..41).map(|i| (i * 7 % 23) as u8).collect();
        assert_eq!(packed(&distances).len(), packed_len(distances.len()));
        let nibbles = Nibbles::in_memory(&distances);
        for (i, &d) in distances.iter().enumerate() {
            assert_eq!(nibbles.get(i), d.min(15));
        }
    }
}
