//! The huge table's format: for every state, lower bounds of its distance to two goals, read
//! from one table entry with no neighbour's distance needed, so that a search can read the
//! bound of any state, the inverse of its node included.
//!
//! The wide goal is phase 1's with the D-layer corners in the D layer: a group that holds every
//! U and D turn. The narrow goal also wants the corner permutation even. A state's distance to
//! the narrow goal is its distance to the wide one, or one more (a quarter turn of U fixes the
//! parity and keeps the rest), so one entry per wide coset holds both: the wide distance, and
//! for each corner parity whether the narrow distance is one more.
//!
//! Entries, in the order of their index (flip-slice class, then twist, then corner split), come
//! in chunks of [`CHUNK_ENTRIES`], sixteen bytes each, so that no chunk crosses a cache line:
//! the smallest wide distance of the chunk in four bits, then four bits an entry: its wide
//! distance above the chunk's smallest (0, 1, 2, or 3 for "3 or more", which keeps it a lower
//! bound; more is rare), and one bit per parity.

/// The entries in a chunk: 31 of four bits after the chunk's smallest distance.
const CHUNK_ENTRIES: usize = 31;

/// The bytes of a chunk.
const CHUNK_BYTES: usize = 16;

/// Lower bounds of a state's distances to a wide goal and to a narrow goal inside it, which is
/// at most one move further; tables that know a single goal say the same of both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Entry {
    /// The distance to the wide goal (a lower bound).
    pub(super) wide: u8,
    /// Bit `p` set: a state with corner parity `p` is one move further from the narrow goal.
    pub(super) further: u8,
}

impl Entry {
    /// An entry for a table of one goal.
    pub(super) fn single(distance: u8) -> Entry {
        Entry {
            wide: distance,
            further: 0,
        }
    }

    /// The bound to the narrow goal of a state with corner parity `parity` (0 or 1).
    pub(super) fn narrow(self, parity: u8) -> u8 {
        self.wide + (self.further >> parity & 1)
    }
}

/// The byte where entry `index`'s chunk starts, to prefetch: the chunk is all that a read of the
/// entry touches.
pub(super) fn chunk_start(index: usize) -> usize {
    index / CHUNK_ENTRIES * CHUNK_BYTES
}

/// Reads entry `index` of a table's bytes.
pub(super) fn entry(bytes: &[u8], index: usize) -> Entry {
    let chunk = &bytes[chunk_start(index)..][..CHUNK_BYTES];
    let nibble = 1 + index % CHUNK_ENTRIES;
    let code = chunk[nibble / 2] >> (nibble % 2 * 4) & 0xF;
    Entry {
        wide: (chunk[0] & 0xF) + (code & 3),
        further: code >> 2,
    }
}

/// The bytes of a table of `entries` entries.
pub(super) fn table_bytes(entries: usize) -> usize {
    entries.div_ceil(CHUNK_ENTRIES) * CHUNK_BYTES
}

/// Turns exact distances into chunks, in place: `bytes` holds, four bits a distance as
/// [`Pruning`](crate::tables::Pruning) packs them, runs of `run` distances for corner parity 0
/// followed by the `run` distances of the same entries for parity 1, one pair of runs after
/// another (`run` even). Every chunk is written over bytes already read. Returns the chunks.
pub(super) fn chunks_from_distances(mut bytes: Vec<u8>, run: usize) -> Vec<u8> {
    assert!(run % 2 == 0 && bytes.len() % run == 0);
    // Two distances a byte, two of them (one per parity) an entry.
    let entries = bytes.len();
    let mut source = vec![0u8; run];
    // The entries read and not yet written: (wide distance, parity bits).
    let mut pending: Vec<(u8, u8)> = Vec::with_capacity(run + CHUNK_ENTRIES);
    let mut written = 0;
    for pair in 0..bytes.len() / run {
        source.copy_from_slice(&bytes[pair * run..][..run]);
        let distance = |i: usize| source[i / 2] >> (i % 2 * 4) & 0xF;
        pending.extend((0..run).map(|s| {
            let (even, odd) = (distance(s), distance(run + s));
            let wide = even.min(odd);
            (wide, u8::from(even > wide) | u8::from(odd > wide) << 1)
        }));
        let last = pair + 1 == bytes.len() / run;
        let mut start = 0;
        while pending.len() - start >= CHUNK_ENTRIES || (last && start < pending.len()) {
            let end = (start + CHUNK_ENTRIES).min(pending.len());
            let chunk = &mut bytes[written * CHUNK_BYTES..][..CHUNK_BYTES];
            write_chunk(chunk, &pending[start..end]);
            start = end;
            written += 1;
        }
        pending.drain(..start);
    }
    debug_assert_eq!(written * CHUNK_BYTES, table_bytes(entries));
    bytes.truncate(written * CHUNK_BYTES);
    bytes.shrink_to_fit();
    bytes
}

/// Writes up to [`CHUNK_ENTRIES`] entries (wide distance, parity bits) as a chunk.
fn write_chunk(chunk: &mut [u8], entries: &[(u8, u8)]) {
    let smallest = entries.iter().map(|e| e.0).min().unwrap_or(0);
    chunk.fill(0);
    chunk[0] = smallest;
    for (slot, &(wide, further)) in entries.iter().enumerate() {
        let code = (wide - smallest).min(3) | further << 2;
        let nibble = 1 + slot;
        chunk[nibble / 2] |= code << (nibble % 2 * 4);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Packs distances four bits an entry, as the pruning builder does.
    fn packed(distances: &[u8]) -> Vec<u8> {
        distances
            .chunks(2)
            .map(|pair| pair[0] | pair[1] << 4)
            .collect()
    }

    #[test]
    fn chunks_keep_both_bounds_of_every_entry() {
        // Made-up distances in which the two parities differ by at most one.
        let (run, pairs) = (70, 9);
        let mut rng = crate::seeded_rng(3);
        let mut distances = vec![0u8; 2 * run * pairs];
        let mut wide = Vec::new();
        for pair in 0..pairs {
            let floor = crate::random::below(&mut rng, 9) as u8;
            for s in 0..run {
                let w = floor + crate::random::below(&mut rng, 6) as u8;
                let raised = crate::random::below(&mut rng, 3) as u8;
                distances[2 * run * pair + s] = w + u8::from(raised == 1);
                distances[2 * run * pair + run + s] = w + u8::from(raised == 2);
                wide.push((w, [raised == 1, raised == 2]));
            }
        }
        let chunks = chunks_from_distances(packed(&distances), run);
        assert_eq!(chunks.len(), table_bytes(wide.len()));
        for (index, &(w, raised)) in wide.iter().enumerate() {
            let chunk = index / CHUNK_ENTRIES * CHUNK_ENTRIES;
            let smallest = wide[chunk..(chunk + CHUNK_ENTRIES).min(wide.len())]
                .iter()
                .map(|e| e.0)
                .min()
                .unwrap();
            let read = entry(&chunks, index);
            assert_eq!(read.wide, w.min(smallest + 3), "entry {index}");
            for (parity, raised) in raised.into_iter().enumerate() {
                assert_eq!(read.narrow(parity as u8), read.wide + u8::from(raised));
            }
        }
    }
}
