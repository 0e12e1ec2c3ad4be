//! The `table_file` target: arbitrary bytes as a cached table file, through the loader of
//! `rubik::tables::storage`. A file is used exactly when it is valid by the format of the
//! storage module's documentation, checked here independently; any other file is rebuilt and
//! replaced, never used, never a crash.

use std::fs;
use std::path::Path;

use rubik::tables::storage::{
    self, BLOCK, CacheMiss, FORMAT_VERSION, HEADER_LEN, MAGIC, Memory, NAME_LEN, Origin, Status,
    Table, TableSpec,
};
use tempfile::TempDir;
use xxhash_rust::xxh3::xxh3_64;

/// The table the fuzzed file claims to be.
const SPEC: TableSpec = TableSpec::new("fuzz-table", 0x5EED_F00D);

/// What the builder makes when the file is not used.
const BUILT: &[u8] = b"the table as built";

// The header fields, as the storage module documents them: (offset, length).
const MAGIC_FIELD: (usize, usize) = (0, 8);
const VERSION_FIELD: (usize, usize) = (8, 4);
const HEADER_CHECKSUM_FIELD: (usize, usize) = (12, 4);
const PARAMS_FIELD: (usize, usize) = (16, 8);
const PAYLOAD_LEN_FIELD: (usize, usize) = (24, 8);
const SUMS_CHECKSUM_FIELD: (usize, usize) = (32, 8);
const NAME_FIELD: (usize, usize) = (40, NAME_LEN);

/// `data` is a byte of flags and a file image. Each flag makes one part of the file right before
/// it is written (bit 0 the magic, 1 the version, 2 the name, 3 the parameters, 4 the payload
/// length with the block checksums: all bytes after the header taken as the payload, its block
/// checksums appended; 5 the checksum of the block checksums, 6 the header checksum, last), so
/// the fuzzer reaches every check, alone and together, without forging checksums. A file written
/// here is never sealed (its modification time is not the one in its header), so every load
/// checks all of its blocks.
pub fn table_file(data: &[u8]) {
    let Some((&flags, image)) = data.split_first() else {
        return;
    };
    let image = with_fields_made_right(image, flags);
    let valid = is_valid(&image);
    in_scratch_dir(|dir| load(dir, &image, valid));
}

/// Writes `image` as the cached file of [`SPEC`] in `dir`, then checks that it is verified,
/// loaded and replaced as it is `valid` or not.
fn load(dir: &Path, image: &[u8], valid: bool) {
    let file = storage::path(dir, &SPEC);
    fs::write(&file, image).expect("the scratch directory is writable");

    let in_memory = Table::from_image(&SPEC, image);
    assert_eq!(in_memory.is_ok(), valid, "{in_memory:?}");
    let report = storage::verify(dir, &SPEC, &mut |_| {}).expect("the file is readable");
    match report.status {
        Status::Valid { len, checksum } => {
            assert!(valid, "an invalid file verified");
            assert_eq!(len, number(image, PAYLOAD_LEN_FIELD));
            assert_eq!(checksum, number(image, SUMS_CHECKSUM_FIELD));
        }
        Status::Invalid(defect) => {
            assert!(!valid, "a valid file refused: {defect}");
            let _ = defect.to_string();
        }
        Status::Missing => panic!("the file is there"),
    }

    let (table, origin) =
        storage::load_or_build(dir, &SPEC, Memory::Mapped, |_| BUILT.to_vec(), &mut |_| {});
    if valid {
        assert!(matches!(origin, Origin::Cached), "{origin:?}");
        let payload_len = number(image, PAYLOAD_LEN_FIELD) as usize;
        assert_eq!(table.payload(), &image[HEADER_LEN..][..payload_len]);
        return;
    }
    assert!(
        matches!(
            origin,
            Origin::Built {
                cause: CacheMiss::Invalid(_),
                write_error: None
            }
        ),
        "{origin:?}"
    );
    assert_eq!(table.payload(), BUILT);
    let repaired = storage::verify(dir, &SPEC, &mut |_| {}).expect("the file is readable");
    assert_eq!(
        repaired.status,
        Status::Valid {
            len: BUILT.len() as u64,
            checksum: xxh3_64(&block_sums(BUILT))
        }
    );
}

/// `image` with the parts `flags` asks for made right for [`SPEC`] (padded to a whole header
/// first if any flag is set).
fn with_fields_made_right(image: &[u8], flags: u8) -> Vec<u8> {
    let mut image = image.to_vec();
    if flags & 0x7f == 0 {
        return image;
    }
    if image.len() < HEADER_LEN {
        image.resize(HEADER_LEN, 0);
    }
    if flags & 1 << 4 != 0 {
        let payload_len = (image.len() - HEADER_LEN) as u64;
        let sums = block_sums(&image[HEADER_LEN..]);
        image.extend_from_slice(&sums);
        field_of(&mut image, PAYLOAD_LEN_FIELD).copy_from_slice(&payload_len.to_le_bytes());
    }
    let sums_checksum = xxh3_64(trailer(&image).unwrap_or_default());
    let mut name = [0; NAME_LEN];
    name[..SPEC.name().len()].copy_from_slice(SPEC.name().as_bytes());
    let fixes: [(u8, (usize, usize), &[u8]); 5] = [
        (0, MAGIC_FIELD, &MAGIC),
        (1, VERSION_FIELD, &FORMAT_VERSION.to_le_bytes()),
        (2, NAME_FIELD, &name),
        (3, PARAMS_FIELD, &SPEC.params().to_le_bytes()),
        (5, SUMS_CHECKSUM_FIELD, &sums_checksum.to_le_bytes()),
    ];
    for (bit, field, value) in fixes {
        if flags & 1 << bit != 0 {
            field_of(&mut image, field).copy_from_slice(value);
        }
    }
    if flags & 1 << 6 != 0 {
        let sum = header_checksum(&image[..HEADER_LEN]);
        field_of(&mut image, HEADER_CHECKSUM_FIELD).copy_from_slice(&sum.to_le_bytes());
    }
    image
}

/// Whether `image` is a valid file of [`SPEC`], by the documented format.
fn is_valid(image: &[u8]) -> bool {
    if image.len() < HEADER_LEN {
        return false;
    }
    let header = &image[..HEADER_LEN];
    let field = |(at, len): (usize, usize)| &header[at..at + len];
    let mut name = [0; NAME_LEN];
    name[..SPEC.name().len()].copy_from_slice(SPEC.name().as_bytes());
    let Some(sums) = trailer(image) else {
        return false;
    };
    let payload = &image[HEADER_LEN..image.len() - sums.len()];
    field(MAGIC_FIELD) == MAGIC
        && field(VERSION_FIELD) == FORMAT_VERSION.to_le_bytes()
        && field(HEADER_CHECKSUM_FIELD) == header_checksum(header).to_le_bytes()
        && field(NAME_FIELD) == name
        && number(image, PARAMS_FIELD) == SPEC.params()
        && number(image, SUMS_CHECKSUM_FIELD) == xxh3_64(sums)
        && sums == block_sums(payload)
}

/// The block checksums of a file whose header's payload length is right for its size: the bytes
/// after the header and the payload, if they are exactly one `u64` a block.
fn trailer(image: &[u8]) -> Option<&[u8]> {
    let payload_len = usize::try_from(number(image, PAYLOAD_LEN_FIELD)).ok()?;
    let sums_len = payload_len.div_ceil(BLOCK).checked_mul(8)?;
    let rest = image.len().checked_sub(HEADER_LEN)?;
    (rest.checked_sub(payload_len)? == sums_len).then(|| &image[HEADER_LEN + payload_len..])
}

/// The little-endian xxh3-64 of each [`BLOCK`] of `payload`, in order.
fn block_sums(payload: &[u8]) -> Vec<u8> {
    payload
        .chunks(BLOCK)
        .flat_map(|block| xxh3_64(block).to_le_bytes())
        .collect()
}

/// The `u64` header field `(at, len)` of `image` (which holds a whole header).
fn number(image: &[u8], (at, len): (usize, usize)) -> u64 {
    u64::from_le_bytes(image[at..at + len].try_into().expect("an 8-byte field"))
}

/// The low half of the xxh3-64 of the header with its checksum field zeroed.
fn header_checksum(header: &[u8]) -> u32 {
    let mut zeroed = header.to_vec();
    zeroed[HEADER_CHECKSUM_FIELD.0..][..HEADER_CHECKSUM_FIELD.1].fill(0);
    xxh3_64(&zeroed) as u32
}

fn field_of(image: &mut [u8], (at, len): (usize, usize)) -> &mut [u8] {
    &mut image[at..at + len]
}

/// Runs `f` on this thread's scratch directory, made once and reused by every run of the
/// target (removed when the thread ends; a fuzzer killed at the end of its time leaves it in the
/// system's temporary directory).
fn in_scratch_dir<T>(f: impl FnOnce(&Path) -> T) -> T {
    thread_local! {
        static DIR: TempDir = TempDir::new().expect("a temporary directory");
    }
    DIR.with(|dir| f(dir.path()))
}
