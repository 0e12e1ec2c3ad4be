//! Exact distances near a phase's goal. A phase's tables bound each part of its state apart
//! (the x- and the t-centres, say), and the larger of those bounds is weakest where a search
//! spends most of its nodes: a few turns from the goal, where it cannot tell the states that
//! are that close from the many that only look it. A perimeter holds every state within
//! `radius` turns of the goal with its distance, found by breadth-first search, so there the
//! bound becomes exact, and anywhere else at least `radius + 1`.
//!
//! The states are stored by a 60-bit key in an open-addressing hash table of 64-bit slots
//! (little-endian bytes, so that it can live in a cached table file): a slot holds the key
//! plus one in its low 60 bits and the distance in its top four, 0 when empty; a key goes to
//! the slot its hash names or the next free one after it. The table is at most half full, so
//! a lookup reads one or two slots.

use super::phase_search::{MoveSet, turns_in};

/// The bytes of one slot.
const SLOT: usize = 8;
/// The key bits of a slot.
const KEY_BITS: u32 = 60;

/// A phase's states within a radius of its goal, read from a built table's bytes.
pub(super) struct Perimeter<'t> {
    slots: &'t [u8],
    /// `log2` of the number of slots.
    bits: u32,
    radius: u8,
}

impl<'t> Perimeter<'t> {
    /// The perimeter of `radius` whose table [`build`] made as `slots`.
    pub fn new(slots: &'t [u8], radius: u8) -> Perimeter<'t> {
        let count = slots.len() / SLOT;
        assert!(count.is_power_of_two(), "a perimeter has 2^k slots");
        Perimeter {
            slots,
            bits: count.trailing_zeros(),
            radius,
        }
    }

    /// `bound` (a lower bound of the distance of a state, whose key `key` gives) made exact
    /// within the radius, and at least `radius + 1` outside it. The key is asked for only
    /// when the bound is within the radius.
    pub fn refine(&self, bound: u8, key: impl FnOnce() -> u64) -> u8 {
        if !self.decides(bound) {
            return bound;
        }
        match probe(self.slots, self.bits, key()) {
            Some(Ok(at)) => (read(self.slots, at) >> KEY_BITS) as u8,
            _ => self.radius + 1,
        }
    }

    /// Whether a state whose lower bound is `bound` may lie within the radius, so that its
    /// key is looked up.
    pub fn decides(&self, bound: u8) -> bool {
        bound <= self.radius
    }

    /// Starts loading the slot where `key`'s lookup begins into the cache
    /// ([`crate::tables::prefetch`]), for a [`refine`](Self::refine) soon after.
    pub fn prefetch(&self, key: u64) {
        crate::tables::prefetch(self.slots, home(key, self.bits) * SLOT);
    }
}

/// The bytes of a perimeter of `2^bits` slots.
pub(super) fn len(bits: u32) -> usize {
    SLOT << bits
}

/// Where `key` is among `2^bits` slots: `Ok` with its slot, `Err` with the free slot it would
/// go to, `None` if neither turns up after every slot is read once (whatever the bytes hold:
/// a built table is half empty).
fn probe(slots: &[u8], bits: u32, key: u64) -> Option<Result<usize, usize>> {
    let (mask, start) = ((1 << bits) - 1, home(key, bits));
    (start..=start + mask).map(|at| at & mask).find_map(|at| {
        let slot = read(slots, at);
        match slot {
            0 => Some(Err(at)),
            _ if slot & KEY_MASK == key + 1 => Some(Ok(at)),
            _ => None,
        }
    })
}

const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

/// The slot a key's search starts at: the top `bits` of a multiplicative hash.
fn home(key: u64, bits: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
}

fn read(slots: &[u8], at: usize) -> u64 {
    let bytes = &slots[at * SLOT..at * SLOT + SLOT];
    u64::from_le_bytes(bytes.try_into().expect("eight bytes"))
}

/// The slots (`2^bits` of them) of every state within `radius` turns of `goal`, by
/// breadth-first search over the turns `moves`, `turn` making a state's children and `key`
/// naming a state (below 2^60, one key a state). The same bytes every time (the states are
/// found and stored in one order). Panics if they would fill more than half the slots, or if
/// a distance would not fit its four bits.
pub(super) fn build<S: Copy>(
    goal: S,
    moves: MoveSet,
    turn: impl Fn(&S, usize) -> S,
    key: impl Fn(&S) -> u64,
    radius: u8,
    bits: u32,
) -> Vec<u8> {
    assert!(
        radius < 1 << (64 - KEY_BITS),
        "a perimeter's distances fit four bits"
    );
    let mut slots = vec![0u8; len(bits)];
    let mut stored = 0usize;
    // Stores a state's distance unless it is there already; whether it was new.
    let mut store = |state: &S, distance: u8| {
        let key = key(state);
        assert!(key < KEY_MASK, "a perimeter key has at most 60 bits");
        match probe(&slots, bits, key) {
            Some(Ok(_)) => false,
            Some(Err(at)) => {
                let entry = (key + 1) | u64::from(distance) << KEY_BITS;
                slots[at * SLOT..at * SLOT + SLOT].copy_from_slice(&entry.to_le_bytes());
                stored += 1;
                assert!(2 * stored <= 1 << bits, "a perimeter at most half full");
                true
            }
            None => unreachable!("a perimeter at most half full has a free slot"),
        }
    };
    store(&goal, 0);
    let mut frontier = vec![goal];
    for distance in 1..=radius {
        let mut next = Vec::new();
        for state in &frontier {
            for m in turns_in(moves) {
                let child = turn(state, m);
                if store(&child, distance) {
                    next.push(child);
                }
            }
        }
        frontier = next;
    }
    slots
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy phase: a counter mod 1000, turned by ±1 and ±7 (turns 0 to 3); its distance to 0
    /// is known in closed form, so every refined bound can be checked.
    fn toy(state: &u64, m: usize) -> u64 {
        (state + [1, 999, 7, 993][m]) % 1000
    }

    fn distance(state: u64) -> u8 {
        // The fewest ±1 and ±7 steps to 0 on the circle of 1000.
        (0..1000i64)
            .flat_map(|sevens| [sevens, -sevens])
            .map(|sevens| {
                let rest = (state as i64 - 7 * sevens).rem_euclid(1000);
                sevens.unsigned_abs() + rest.min(1000 - rest) as u64
            })
            .min()
            .map_or(u8::MAX, |d| d.min(255) as u8)
    }

    #[test]
    fn refined_bounds_are_exact_inside_and_past_the_radius_outside() {
        let radius = 6;
        let slots = build(0u64, 0b1111, toy, |&s| s, radius, 10);
        assert_eq!(slots, build(0u64, 0b1111, toy, |&s| s, radius, 10));
        let perimeter = Perimeter::new(&slots, radius);
        for state in 0..1000 {
            let exact = distance(state);
            let refined = perimeter.refine(0, || state);
            if exact <= radius {
                assert_eq!(refined, exact, "state {state}");
            } else {
                assert_eq!(refined, radius + 1, "state {state}");
            }
            // A bound past the radius is kept as it is.
            let never = || panic!("a bound past the radius needs no key");
            assert_eq!(perimeter.refine(radius + 3, never), radius + 3);
        }
    }

    #[test]
    fn a_full_table_ends_its_lookups() {
        let full = vec![0xAB; len(4)];
        let perimeter = Perimeter::new(&full, 3);
        assert_eq!(perimeter.refine(0, || 7), 4);
    }

    #[test]
    #[should_panic(expected = "four bits")]
    fn a_radius_past_four_bits_is_refused() {
        build(0u64, 0b1111, toy, |&s| s, 16, 10);
    }

    #[test]
    #[should_panic(expected = "half full")]
    fn a_perimeter_too_big_for_its_slots_is_refused() {
        build(0u64, 0b1111, toy, |&s| s, 6, 5);
    }
}
