//! Tables as bytes: the small tables of a solver are saved together in one file as a sequence of
//! sections, each a little-endian `u64` element count followed by the elements, little-endian.

/// Writes sections.
#[derive(Default)]
pub struct Encoder {
    bytes: Vec<u8>,
}

impl Encoder {
    /// Appends a section of bytes.
    pub fn bytes(&mut self, values: &[u8]) {
        self.bytes
            .extend_from_slice(&(values.len() as u64).to_le_bytes());
        self.bytes.extend_from_slice(values);
    }

    /// Appends a section of `u16`s.
    pub fn u16s(&mut self, values: &[u16]) {
        self.bytes
            .extend_from_slice(&(values.len() as u64).to_le_bytes());
        self.bytes
            .extend(values.iter().flat_map(|v| v.to_le_bytes()));
    }

    /// Appends a section of `u32`s.
    pub fn u32s(&mut self, values: &[u32]) {
        self.bytes
            .extend_from_slice(&(values.len() as u64).to_le_bytes());
        self.bytes
            .extend(values.iter().flat_map(|v| v.to_le_bytes()));
    }

    /// The encoded bytes.
    pub fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

/// Reads sections back, in the order they were written; `None` when the bytes run short.
pub struct Decoder<'a> {
    rest: &'a [u8],
}

impl<'a> Decoder<'a> {
    /// A decoder over `bytes`.
    pub fn new(bytes: &'a [u8]) -> Decoder<'a> {
        Decoder { rest: bytes }
    }

    /// The next section's raw elements, `width` bytes each.
    fn section(&mut self, width: usize) -> Option<&'a [u8]> {
        let (count, rest) = self.rest.split_first_chunk::<8>()?;
        let len = usize::try_from(u64::from_le_bytes(*count))
            .ok()?
            .checked_mul(width)?;
        let (section, rest) = rest.split_at_checked(len)?;
        self.rest = rest;
        Some(section)
    }

    /// The next section of bytes.
    pub fn bytes(&mut self) -> Option<Vec<u8>> {
        self.section(1).map(<[u8]>::to_vec)
    }

    /// The next section of `u16`s.
    pub fn u16s(&mut self) -> Option<Box<[u16]>> {
        let section = self.section(2)?;
        Some(
            section
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect(),
        )
    }

    /// The next section of `u32`s.
    pub fn u32s(&mut self) -> Option<Box<[u32]>> {
        let section = self.section(4)?;
        Some(
            section
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        )
    }

    /// Whether every section has been read.
    pub fn is_done(&self) -> bool {
        self.rest.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_round_trip_and_short_input_is_refused() {
        let mut encoder = Encoder::default();
        encoder.bytes(&[1, 2, 3]);
        encoder.u16s(&[500, 65535]);
        encoder.u32s(&[70000]);
        let bytes = encoder.finish();
        let mut decoder = Decoder::new(&bytes);
        assert_eq!(decoder.bytes().unwrap(), [1, 2, 3]);
        assert_eq!(&*decoder.u16s().unwrap(), &[500, 65535]);
        assert_eq!(&*decoder.u32s().unwrap(), &[70000]);
        assert!(decoder.is_done());
        let mut short = Decoder::new(&bytes[..bytes.len() - 1]);
        assert!(short.bytes().is_some() && short.u16s().is_some());
        assert!(short.u32s().is_none());
    }
}
