//! Symmetry reduction: the values of a coordinate grouped into classes of values that the U-D
//! symmetries carry into each other, and how a partner coordinate changes under each symmetry.

use std::marker::PhantomData;

use rayon::prelude::*;

use super::codec::{Decoder, Encoder, Entries};
use crate::coord::Coordinate;
use crate::cubie::{CubieCube, UdSymmetry};

/// The classes of coordinate `C` under the 16 U-D symmetries. A class is named by its smallest
/// value, its representative; every value `v` knows its class and a symmetry `s` with
/// `C(conjugate(v, s)) = representative`.
pub struct SymmetryClasses<C> {
    /// Per value: `class << 4 | symmetry`.
    class_of: Entries<u32>,
    /// Per class: its representative's value.
    representatives: Entries<u32>,
    /// Per class: the symmetries that fix its representative, as a bit mask.
    stabilizers: Entries<u16>,
    coordinate: PhantomData<C>,
}

/// The images of a value under the 16 symmetries.
fn images<C: Coordinate<Cube = CubieCube>>(index: usize) -> [u32; 16] {
    let cube = C::from_index(index).representative();
    std::array::from_fn(|s| C::of(&cube.conjugate(UdSymmetry::from_index(s))).index() as u32)
}

impl<C: Coordinate<Cube = CubieCube>> SymmetryClasses<C> {
    /// Groups the values of `C` into classes (in parallel).
    pub fn build() -> SymmetryClasses<C> {
        // For each value, the smallest image and the first symmetry that reaches it.
        let lowest: Vec<(u32, u8)> = (0..C::COUNT)
            .into_par_iter()
            .map(|index| {
                let images = images::<C>(index);
                let s = (0..16).min_by_key(|&s| images[s]).expect("sixteen images");
                (images[s], s as u8)
            })
            .collect();
        let mut class_numbers = vec![u32::MAX; C::COUNT];
        let mut representatives = Vec::new();
        for (index, &(smallest, _)) in lowest.iter().enumerate() {
            if smallest as usize == index {
                class_numbers[index] = representatives.len() as u32;
                representatives.push(index as u32);
            }
        }
        let class_of = lowest
            .iter()
            .map(|&(smallest, s)| class_numbers[smallest as usize] << 4 | s as u32)
            .collect();
        let stabilizers = representatives
            .par_iter()
            .map(|&r| {
                let images = images::<C>(r as usize);
                (0..16)
                    .filter(|&s| images[s] == r)
                    .fold(0u16, |mask, s| mask | 1 << s)
            })
            .collect();
        SymmetryClasses {
            class_of,
            representatives: representatives.into_iter().collect(),
            stabilizers,
            coordinate: PhantomData,
        }
    }

    /// The number of classes.
    pub fn count(&self) -> usize {
        self.representatives.len()
    }

    /// The class of `value` and a symmetry that carries `value` onto the class representative.
    pub fn class_of(&self, value: C) -> (usize, UdSymmetry) {
        let packed = self.class_of.get(value.index());
        (
            (packed >> 4) as usize,
            UdSymmetry::from_index((packed & 15) as usize),
        )
    }

    /// Starts loading the class of `value` (see [`prefetch`](super::prefetch)).
    pub fn prefetch(&self, value: C) {
        self.class_of.prefetch(value.index());
    }

    /// The representative of class `class`.
    pub fn representative(&self, class: usize) -> C {
        C::from_index(self.representatives.get(class) as usize)
    }

    /// The symmetries that fix the representative of `class`, as a bit mask.
    pub fn stabilizer(&self, class: usize) -> u16 {
        self.stabilizers.get(class)
    }

    /// Writes the classes as three sections.
    pub fn encode(&self, encoder: &mut Encoder) {
        encoder.entries(&self.class_of);
        encoder.entries(&self.representatives);
        encoder.entries(&self.stabilizers);
    }

    /// Reads classes written by [`encode`](Self::encode); `None` if anything is out of shape.
    pub fn decode(decoder: &mut Decoder) -> Option<SymmetryClasses<C>> {
        let class_of = decoder.entries::<u32>()?;
        let representatives = decoder.entries::<u32>()?;
        let stabilizers = decoder.entries::<u16>()?;
        let classes = representatives.len();
        let fits = class_of.len() == C::COUNT
            && stabilizers.len() == classes
            && class_of.max().is_none_or(|c| ((c >> 4) as usize) < classes)
            && representatives
                .max()
                .is_none_or(|r| (r as usize) < C::COUNT);
        fits.then_some(SymmetryClasses {
            class_of,
            representatives,
            stabilizers,
            coordinate: PhantomData,
        })
    }
}

/// How each U-D symmetry changes coordinate `C`: `C(conjugate(v, s))` for every value and
/// symmetry. Only for coordinates that symmetries map onto themselves (twist, corner and U/D
/// edge permutations).
pub struct Conjugation<C> {
    entries: Entries<u16>,
    coordinate: PhantomData<C>,
}

impl<C: Coordinate<Cube = CubieCube>> Conjugation<C> {
    /// Builds the table.
    pub fn build() -> Conjugation<C> {
        assert!(C::COUNT <= 1 << 16, "conjugation tables store u16 entries");
        let entries = (0..C::COUNT)
            .into_par_iter()
            .flat_map_iter(|index| images::<C>(index).map(|v| v as u16))
            .collect();
        Conjugation {
            entries,
            coordinate: PhantomData,
        }
    }

    /// `value` conjugated by `symmetry`.
    pub fn apply(&self, value: C, symmetry: UdSymmetry) -> C {
        C::from_index(self.entries.get(value.index() * 16 + symmetry.index()) as usize)
    }

    /// Writes the table as one section.
    pub fn encode(&self, encoder: &mut Encoder) {
        encoder.entries(&self.entries);
    }

    /// Reads a table written by [`encode`](Self::encode); `None` if it is out of shape.
    pub fn decode(decoder: &mut Decoder) -> Option<Conjugation<C>> {
        let entries = decoder.entries::<u16>()?;
        let fits =
            entries.len() == C::COUNT * 16 && entries.max().is_none_or(|e| (e as usize) < C::COUNT);
        fits.then_some(Conjugation {
            entries,
            coordinate: PhantomData,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::{CornerPerm, CornerSplit, FlipSlice, Twist, TwistParity};
    use crate::seeded_rng;

    #[test]
    fn classes_decode_only_with_every_class_and_representative_in_range() {
        let classes = SymmetryClasses::<CornerPerm>::build();
        let mut encoder = Encoder::default();
        classes.encode(&mut encoder);
        let bytes = encoder.finish();
        let decode =
            |bytes: Vec<u8>| SymmetryClasses::<CornerPerm>::decode(&mut Decoder::new(bytes.into()));
        assert!(decode(bytes.clone()).is_some());
        // The class of each value (u32: class · 16 + symmetry) after an 8-byte count, then the
        // representatives' count and values.
        let last_class = 8 + 4 * (CornerPerm::COUNT - 1);
        let representatives = 8 + 4 * CornerPerm::COUNT + 8;
        let too_big = [
            (last_class, 2768 << 4),
            (representatives, CornerPerm::COUNT as u32),
        ];
        for (at, value) in too_big {
            let mut bad = bytes.clone();
            bad[at..at + 4].copy_from_slice(&value.to_le_bytes());
            assert!(decode(bad).is_none(), "{value} at byte {at}");
        }
    }

    #[test]
    fn corner_permutations_fall_into_2768_classes() {
        let classes = SymmetryClasses::<CornerPerm>::build();
        assert_eq!(classes.count(), 2768);
        let mut rng = seeded_rng(12);
        for _ in 0..100 {
            let cube = CubieCube::random(&mut rng);
            let (class, s) = classes.class_of(CornerPerm::of(&cube));
            assert_eq!(
                CornerPerm::of(&cube.conjugate(s)),
                classes.representative(class)
            );
        }
        assert_eq!(
            classes.stabilizer(0),
            0xFFFF,
            "the solved corners are fixed by all"
        );
    }

    /// Conjugating coordinate `C` by table agrees with conjugating random cubes.
    fn conjugation_matches_pieces<C: Coordinate<Cube = CubieCube>>() {
        let table = Conjugation::<C>::build();
        let mut rng = seeded_rng(13);
        for _ in 0..100 {
            let cube = CubieCube::random(&mut rng);
            for s in UdSymmetry::all() {
                let by_table = table.apply(C::of(&cube), s);
                assert_eq!(
                    by_table,
                    C::of(&cube.conjugate(s)),
                    "{}",
                    std::any::type_name::<C>()
                );
            }
        }
    }

    #[test]
    fn conjugations_match_pieces() {
        conjugation_matches_pieces::<Twist>();
        conjugation_matches_pieces::<TwistParity>();
        conjugation_matches_pieces::<CornerSplit>();
    }

    #[test]
    #[ignore = "about two seconds in release; run with --ignored"]
    fn flip_slice_falls_into_64430_classes() {
        assert_eq!(SymmetryClasses::<FlipSlice>::build().count(), 64430);
    }
}
