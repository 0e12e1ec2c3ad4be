//! Portable seeded randomness: the same seed gives the same numbers on every machine and in
//! every version of rubik.
//!
//! The stream is ChaCha20 (RFC 8439 block function, as implemented by `rand_chacha`), keyed by
//! the seed's eight little-endian bytes followed by 24 zero bytes. Bounded numbers are drawn by
//! rejection from that stream with [`below`], whose algorithm is fixed here rather than borrowed
//! from a crate whose sampling may change between releases.

use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};

/// The generator behind every seeded operation of rubik.
pub type SeededRng = ChaCha20Rng;

/// The ChaCha20 generator for `seed` (see the module documentation for the exact keying).
///
/// ```
/// use rand_core::Rng;
/// let mut a = rubik::seeded_rng(7);
/// let mut b = rubik::seeded_rng(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// ```
pub fn seeded_rng(seed: u64) -> SeededRng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    ChaCha20Rng::from_seed(key)
}

/// A seed nobody chose, for when the user gave none: drawn from the standard library's
/// per-process random hash keys (seeded by the operating system). Show it to the user, so that
/// the run can be repeated with the same seed.
pub fn fresh_seed() -> u64 {
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one(0u8)
}

/// A uniformly random number in `0..bound` (`bound > 0`), by rejection sampling on 32-bit words:
/// words at or above the largest multiple of `bound` are discarded, the rest are reduced mod `bound`.
pub fn below<R: Rng + ?Sized>(rng: &mut R, bound: u32) -> u32 {
    assert!(bound > 0, "below(0) has no value to return");
    let limit = u32::MAX - u32::MAX % bound;
    loop {
        let word = rng.next_u32();
        if word < limit {
            return word % bound;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_other_seed_other_stream() {
        let draw = |seed| {
            let mut rng = seeded_rng(seed);
            (0..16).map(|_| below(&mut rng, 1000)).collect::<Vec<_>>()
        };
        assert_eq!(draw(1), draw(1));
        assert_ne!(draw(1), draw(2));
    }

    #[test]
    fn stream_is_chacha20_keyed_by_the_seed() {
        // RFC 8439 §2.3.2 is keyed differently; this pins our keying instead: the first word of
        // ChaCha20 with an all-zero key and nonce, a widely published value (0xade0b876 as LE).
        let mut rng = seeded_rng(0);
        assert_eq!(rng.next_u32(), 0xade0_b876);
    }

    #[test]
    fn fresh_seeds_differ() {
        assert_ne!(fresh_seed(), fresh_seed());
    }

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = seeded_rng(3);
        let mut seen = [false; 7];
        for _ in 0..500 {
            let v = below(&mut rng, 7) as usize;
            seen[v] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
