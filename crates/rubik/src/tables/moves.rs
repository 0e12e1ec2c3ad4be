//! [`MoveTable`]: where each move takes each value of a coordinate.

use std::marker::PhantomData;

use rayon::prelude::*;

use super::codec::{Decoder, Encoder, Entries};
use crate::coord::Coordinate;

/// The coordinate after each move, for every value of coordinate `C`: `C::COUNT × moves`
/// entries, row-major by coordinate.
pub struct MoveTable<C> {
    entries: Entries<u16>,
    moves: usize,
    coordinate: PhantomData<C>,
}

/// Where each of a fixed set of moves takes coordinate `C`: a [`MoveTable`], or a pair of
/// them moving the two parts of a coordinate too large for one.
pub trait MoveFunction<C>: Sync {
    /// The number of moves.
    fn moves(&self) -> usize;
    /// The coordinate after move number `m`.
    fn apply(&self, coordinate: C, m: usize) -> C;
}

impl<C: Coordinate> MoveFunction<C> for MoveTable<C> {
    fn moves(&self) -> usize {
        self.moves
    }
    fn apply(&self, coordinate: C, m: usize) -> C {
        MoveTable::apply(self, coordinate, m)
    }
}

impl<C: Coordinate> MoveTable<C> {
    /// Builds the table for the moves `moves` (states), by moving each coordinate's
    /// representative.
    pub fn build(moves: &[C::Cube]) -> MoveTable<C> {
        assert!(C::COUNT <= 1 << 16, "move tables store u16 entries");
        let entries = (0..C::COUNT)
            .into_par_iter()
            .flat_map_iter(|index| {
                let representative = C::from_index(index).representative();
                moves
                    .iter()
                    .map(move |m| C::of(&(representative * *m)).index() as u16)
            })
            .collect();
        MoveTable {
            entries,
            moves: moves.len(),
            coordinate: PhantomData,
        }
    }

    /// The coordinate after move number `m` (an index into the moves the table was built for).
    pub fn apply(&self, coordinate: C, m: usize) -> C {
        C::from_index(self.entries.get(coordinate.index() * self.moves + m) as usize)
    }

    /// Starts loading the row of `coordinate` (see [`prefetch`](super::prefetch)).
    pub fn prefetch(&self, coordinate: C) {
        self.entries.prefetch(coordinate.index() * self.moves);
    }

    /// The number of moves the table knows.
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// Writes the table as one section.
    pub fn encode(&self, encoder: &mut Encoder) {
        encoder.entries(&self.entries);
    }

    /// Reads a table of `moves` moves written by [`encode`](Self::encode); `None` if the section
    /// is missing, of the wrong length, or holds a value out of range.
    pub fn decode(decoder: &mut Decoder, moves: usize) -> Option<MoveTable<C>> {
        let entries = decoder.entries::<u16>()?;
        let fits = entries.len() == C::COUNT * moves
            && entries.max().is_none_or(|e| (e as usize) < C::COUNT);
        fits.then_some(MoveTable {
            entries,
            moves,
            coordinate: PhantomData,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::{CornerPerm, Twist};
    use crate::cubie::{CubieCube, MOVES};
    use crate::seeded_rng;

    #[test]
    fn move_tables_agree_with_moving_pieces() {
        let twists = MoveTable::<Twist>::build(&MOVES[..]);
        let corners = MoveTable::<CornerPerm>::build(&MOVES[..]);
        let mut rng = seeded_rng(11);
        for _ in 0..200 {
            let cube = CubieCube::random(&mut rng);
            for (m, turn) in MOVES.iter().enumerate() {
                let moved = cube * *turn;
                assert_eq!(twists.apply(Twist::of(&cube), m), Twist::of(&moved));
                assert_eq!(
                    corners.apply(CornerPerm::of(&cube), m),
                    CornerPerm::of(&moved)
                );
            }
        }
    }

    #[test]
    fn a_table_decodes_only_with_every_entry_in_range() {
        let twists = MoveTable::<Twist>::build(&MOVES[..]);
        let mut encoder = Encoder::default();
        twists.encode(&mut encoder);
        let bytes = encoder.finish();
        let decode =
            |bytes: Vec<u8>| MoveTable::<Twist>::decode(&mut Decoder::new(bytes.into()), 18);
        assert!(decode(bytes.clone()).is_some());
        // After the section's 8-byte count, entry `i` is bytes 8 + 2i and 9 + 2i.
        let last = Twist::COUNT * 18 - 1;
        for entry in [0, last / 2, last] {
            let mut bad = bytes.clone();
            bad[8 + 2 * entry..10 + 2 * entry]
                .copy_from_slice(&(Twist::COUNT as u16).to_le_bytes());
            assert!(decode(bad).is_none(), "entry {entry} out of range");
        }
    }
}
