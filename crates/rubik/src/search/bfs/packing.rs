//! State packing: a cube's stickers packed 3 bits each into words, the sticker copy a move
//! is made of, and the hash that places a packed state in the frontier store's index.

use crate::face::Face;

/// Stickers per packed word: 3 bits each.
pub(super) const PER_WORD: usize = 21;

/// The stickers packed 3 bits each, 21 to a word.
pub(super) fn pack(stickers: &[Face], width: usize) -> Vec<u64> {
    let mut key = vec![0u64; width];
    for (position, &face) in stickers.iter().enumerate() {
        key[position / PER_WORD] |= (face.index() as u64) << (3 * (position % PER_WORD));
    }
    key
}

/// Replaces sticker `to` of `key` with sticker `from` of `source`.
pub(super) fn copy_sticker(source: &[u64], from: usize, key: &mut [u64], to: usize) {
    let colour = (source[from / PER_WORD] >> (3 * (from % PER_WORD))) & 7;
    let shift = 3 * (to % PER_WORD);
    let word = &mut key[to / PER_WORD];
    *word = (*word & !(7 << shift)) | (colour << shift);
}

/// A hash of a packed state whose low 32 bits place it in the index.
pub(super) fn hash(key: &[u64]) -> u64 {
    let mut h = 0x243f_6a88_85a3_08d3u64;
    for &word in key {
        h = (h ^ word)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
    // The finaliser of MurmurHash3, so that every output bit depends on every input bit.
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}
