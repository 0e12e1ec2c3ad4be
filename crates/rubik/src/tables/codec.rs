//! Tables as bytes: the small tables of a solver are saved together in one file as a sequence of
//! sections, each a little-endian `u64` element count followed by the elements, little-endian.
//!
//! A decoded section is read in place: [`Entries`] keeps the file's bytes (a shared, reference-
//! counted [`Bytes`] over the mapped file or a built table) and reads each entry little-endian
//! where it lies, so loading a table copies nothing (a decode's shape checks read it in place).

use std::marker::PhantomData;

use bytes::Bytes;
use rayon::iter::{FromParallelIterator, IntoParallelIterator};

/// A fixed-width unsigned integer stored little-endian in a table.
pub trait Entry: Copy {
    /// Its bytes, little-endian.
    type Le: Copy;
    /// Its width in bytes.
    const WIDTH: usize = size_of::<Self::Le>();
    /// `bytes` as whole entries' bytes (a shorter tail is left out).
    fn chunks(bytes: &[u8]) -> &[Self::Le];
    /// The value of its little-endian bytes.
    fn from_le(bytes: Self::Le) -> Self;
    /// Appends its little-endian bytes to `out`.
    fn put_le(self, out: &mut Vec<u8>);
}

macro_rules! entry {
    ($($t:ty),*) => {$(
        impl Entry for $t {
            type Le = [u8; size_of::<$t>()];
            fn chunks(bytes: &[u8]) -> &[Self::Le] {
                bytemuck::cast_slice(&bytes[..bytes.len() / size_of::<$t>() * size_of::<$t>()])
            }
            fn from_le(bytes: Self::Le) -> $t {
                <$t>::from_le_bytes(bytes)
            }
            fn put_le(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
        }
    )*};
}
entry!(u16, u32);

/// A table's entries of type `T`, read in place from little-endian bytes.
#[derive(Clone)]
pub struct Entries<T> {
    bytes: Bytes,
    entry: PhantomData<T>,
}

impl<T: Entry> Entries<T> {
    /// The entries over `bytes` (a whole number of entries).
    fn over(bytes: Bytes) -> Entries<T> {
        debug_assert_eq!(bytes.len() % T::WIDTH, 0);
        Entries {
            bytes,
            entry: PhantomData,
        }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.bytes.len() / T::WIDTH
    }

    /// Entry number `index`.
    ///
    /// # Panics
    /// If `index` is out of range.
    pub fn get(&self, index: usize) -> T {
        T::from_le(T::chunks(&self.bytes)[index])
    }

    /// Every entry, in order.
    pub fn iter(&self) -> impl Iterator<Item = T> + '_ {
        T::chunks(&self.bytes).iter().map(|&le| T::from_le(le))
    }

    /// The greatest entry (none if there are none): a table's shape checks bound its entries
    /// with it, in one pass the compiler vectorises.
    pub fn max(&self) -> Option<T>
    where
        T: Ord,
    {
        self.iter().reduce(T::max)
    }

    /// Starts loading entry `index` into the cache (see [`prefetch`](super::prefetch)).
    pub fn prefetch(&self, index: usize) {
        super::prefetch(&self.bytes, index * T::WIDTH);
    }
}

impl<T: Entry> FromIterator<T> for Entries<T> {
    fn from_iter<I: IntoIterator<Item = T>>(values: I) -> Entries<T> {
        let mut bytes = Vec::new();
        values.into_iter().for_each(|v| v.put_le(&mut bytes));
        Entries::over(Bytes::from(bytes))
    }
}

impl<T: Entry + Send> FromParallelIterator<T> for Entries<T> {
    fn from_par_iter<I: IntoParallelIterator<Item = T>>(values: I) -> Entries<T> {
        Vec::from_par_iter(values).into_iter().collect()
    }
}

/// Writes sections.
#[derive(Default)]
pub struct Encoder {
    bytes: Vec<u8>,
}

impl Encoder {
    /// Appends a section of bytes.
    pub fn bytes(&mut self, values: &[u8]) {
        self.count(values.len());
        self.bytes.extend_from_slice(values);
    }

    /// Appends a section of entries.
    pub fn entries<T: Entry>(&mut self, entries: &Entries<T>) {
        self.count(entries.len());
        self.bytes.extend_from_slice(&entries.bytes);
    }

    fn count(&mut self, count: usize) {
        self.bytes.extend_from_slice(&(count as u64).to_le_bytes());
    }

    /// The encoded bytes.
    pub fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

/// Reads sections back in place, in the order they were written; `None` when the bytes run
/// short.
pub struct Decoder {
    rest: Bytes,
}

impl Decoder {
    /// A decoder over `bytes`.
    pub fn new(bytes: Bytes) -> Decoder {
        Decoder { rest: bytes }
    }

    /// The next section's raw elements, `width` bytes each.
    fn section(&mut self, width: usize) -> Option<Bytes> {
        let (count, _) = self.rest.split_first_chunk::<8>()?;
        let len = usize::try_from(u64::from_le_bytes(*count))
            .ok()?
            .checked_mul(width)?;
        let end = len.checked_add(8).filter(|&end| end <= self.rest.len())?;
        let section = self.rest.slice(8..end);
        self.rest = self.rest.slice(end..);
        Some(section)
    }

    /// The next section of bytes.
    pub fn bytes(&mut self) -> Option<Bytes> {
        self.section(1)
    }

    /// The next section of entries.
    pub fn entries<T: Entry>(&mut self) -> Option<Entries<T>> {
        self.section(T::WIDTH).map(Entries::over)
    }

    /// Whether every section has been read.
    pub fn is_done(&self) -> bool {
        self.rest.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn sections_round_trip_and_short_input_is_refused() {
        let mut encoder = Encoder::default();
        encoder.bytes(&[1, 2, 3]);
        encoder.entries(&[500u16, 65535].into_iter().collect());
        encoder.entries(&[70000u32].into_iter().collect());
        let bytes = encoder.finish();
        let mut decoder = Decoder::new(Bytes::from(bytes.clone()));
        assert_eq!(&decoder.bytes().unwrap()[..], [1, 2, 3]);
        let u16s = decoder.entries::<u16>().unwrap();
        assert_eq!(u16s.iter().collect::<Vec<_>>(), [500, 65535]);
        assert_eq!(decoder.entries::<u32>().unwrap().get(0), 70000);
        assert!(decoder.is_done());
        let mut short = Decoder::new(Bytes::from(bytes[..bytes.len() - 1].to_vec()));
        assert!(short.bytes().is_some() && short.entries::<u16>().is_some());
        assert!(short.entries::<u32>().is_none());
    }

    #[test]
    fn entries_are_little_endian_on_every_machine() {
        let entries: Entries<u32> = [0x0102_0304].into_iter().collect();
        assert_eq!(&entries.bytes[..], [4, 3, 2, 1]);
    }

    #[test]
    fn a_count_past_the_end_is_refused_without_overflow() {
        let mut bytes = u64::MAX.to_le_bytes().to_vec();
        bytes.extend([0; 8]);
        assert!(
            Decoder::new(Bytes::from(bytes.clone()))
                .entries::<u32>()
                .is_none()
        );
        assert!(Decoder::new(Bytes::from(bytes)).bytes().is_none());
    }

    proptest! {
        #[test]
        fn entries_read_back_what_was_written(values: Vec<u16>, odd: Vec<u32>) {
            let mut encoder = Encoder::default();
            encoder.entries(&values.iter().copied().collect());
            encoder.entries(&odd.iter().copied().collect());
            let mut decoder = Decoder::new(Bytes::from(encoder.finish()));
            let read = decoder.entries::<u16>().unwrap();
            prop_assert_eq!(read.len(), values.len());
            prop_assert_eq!(read.iter().collect::<Vec<_>>(), values);
            let read = decoder.entries::<u32>().unwrap();
            prop_assert_eq!((0..read.len()).map(|i| read.get(i)).collect::<Vec<_>>(), odd);
            prop_assert!(decoder.is_done());
        }
    }
}
