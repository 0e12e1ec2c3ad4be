//! Table files: the on-disk cache of the solvers' lookup tables.
//!
//! A solver names each table with a [`TableSpec`] (a short name and a 64-bit fingerprint of
//! everything the table's contents depend on) and hands [`load_or_build`] a function that builds
//! the bytes. The first call builds the table and saves it as `DIR/NAME.tbl`; later calls
//! map or read that file instead of building again. [`verify`] checks a cached file whole
//! without building, [`clear`] removes the cache, [`default_dir`] says where it lives.
//!
//! # The trust rule
//!
//! Every table can be rebuilt from the code alone, so a cached file is only a speed-up. It is
//! used only when its whole header agrees with what the caller asked for (magic, format version,
//! header checksum, name, parameters, length, the checksum of the block checksums) *and* its
//! payload passes the check below; the header is checked before a single entry is read.
//! Anything else (a missing, truncated, corrupted or stale file, or one that cannot be read) is
//! rebuilt, never used and never a crash: [`load_or_build`] cannot fail. If the rebuilt table
//! cannot be saved (a read-only directory, a full disk), the table is still returned, with the
//! reason in [`Origin::Built`].
//!
//! The payload is checked whole (every block against its checksum) when it is written, by
//! [`verify`], and by every load into private memory ([`Memory::Copied`]). A load that maps the
//! file ([`Memory::Mapped`], the default) checks it whole only when the file is not *sealed*:
//! its writer set the file's modification time to the instant stored in its header, and any
//! later write to the file moves that time on. A sealed file has only a sample of its blocks
//! checked (the first, the last and two chosen at random); a file that is not sealed (changed
//! after its writer checked it, or copied without its times) is checked whole, then sealed again
//! if that is allowed.
//!
//! # The file format
//!
//! A 128-byte header, the payload (the builder's bytes, verbatim), then the checksums of the
//! payload's blocks. Integers are little-endian.
//!
//! | offset | size | field            | contents                                           |
//! |-------:|-----:|------------------|----------------------------------------------------|
//! |      0 |    8 | magic            | `RUBIKTBL` ([`MAGIC`])                              |
//! |      8 |    4 | format version   | `u32`, [`FORMAT_VERSION`]                           |
//! |     12 |    4 | header checksum  | `u32`, see below                                   |
//! |     16 |    8 | parameters       | `u64`, [`TableSpec::params`]                        |
//! |     24 |    8 | payload length   | `u64`, n bytes                                      |
//! |     32 |    8 | sums checksum    | `u64`, xxh3-64 of the block checksums' bytes       |
//! |     40 |   24 | name             | [`TableSpec::name`] in ASCII, padded with NUL bytes |
//! |     64 |    8 | seal             | `u64`, nanoseconds since the Unix epoch: the file's modification time as its writer set it |
//! |     72 |   56 | reserved         | zero                                               |
//! |    128 |    n | payload          | the table                                          |
//! |  128+n | 8·b  | block checksums  | `u64` xxh3-64 of each of the b blocks of [`BLOCK`] bytes (the last may be shorter) |
//!
//! The header checksum is the low half of the xxh3-64 of the 128 header bytes with the checksum
//! field zeroed. The header fills 128 bytes so that the payload of a file mapped or read into
//! memory (which starts on a page boundary) is 64-byte aligned.
//!
//! # Writing, and several writers at once
//!
//! A writer writes a temporary file beside the target (`NAME.tbl.PID.N.tmp`, created exclusively),
//! seals it, syncs it to disk and renames it over `NAME.tbl`. Rename is atomic, so a reader sees
//! either the old file or the new one, whole; two processes building the same table at once both
//! write, and the last rename wins with a file as good as the other's. A file is never changed
//! once it has its name. (Windows will not replace a file that another process has open: that
//! writer keeps its table and reports the failed rename.)
//!
//! # Mapped files
//!
//! A mapped table reads the file's pages in the system's page cache: nothing is copied, and the
//! pages stay cached between runs, so a one-shot solve starts in milliseconds. Because rubik's
//! writers only ever rename a new file over the old one, and [`clear`] only unlinks, a file that
//! a process has mapped is never changed or truncated under it by rubik: the process keeps the
//! old file's pages until it unmaps them. Another program that writes into a cached file in
//! place while a process has it mapped changes what that process reads, and one that truncates
//! it makes that process's next read of a page past the new end fail with `SIGBUS`. The cache
//! directory is rubik's own; [`Memory::Copied`] (a private copy, checked whole) is for long work
//! that should not depend on the file after its load.
//!
//! # Memory, alignment and byte order
//!
//! A table lives in [`TableBytes`]: the mapped file, or anonymous memory asking for huge pages
//! (a built table, or [`Memory::Copied`]). Both start on a page boundary, so a payload is 64-byte
//! aligned (the typed views [`Table::as_u16s`] and [`Table::as_u32s`] check all the same, and
//! return `None` rather than misread). A builder stores wider entries little-endian (on a
//! little-endian machine, `bytemuck::cast_slice` of a `&[u16]` does just that), and the typed
//! views exist only on little-endian targets, so a file means the same everywhere.

use std::ffi::OsString;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use memmap2::{Mmap, MmapMut};
use thiserror::Error;
use xxhash_rust::xxh3::xxh3_64;

/// The first eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"RUBIKTBL";

/// The version of the file format described in the module documentation. Bump it whenever the
/// layout changes: files of any other version are rebuilt.
pub const FORMAT_VERSION: u32 = 2;

/// The length of the header, in bytes; the payload starts here.
pub const HEADER_LEN: usize = 128;

/// The longest table name, in bytes (the size of the header's name field).
pub const NAME_LEN: usize = 24;

/// The environment variable that overrides [`default_dir`].
pub const DIR_VARIABLE: &str = "RUBIK_TABLES";

/// The extension of a table file.
const EXTENSION: &str = "tbl";

/// The extension of a temporary file on its way to becoming a table file.
const TEMP_EXTENSION: &str = "tmp";

// Where each header field starts (see the table in the module documentation).
const MAGIC_AT: usize = 0;
const VERSION_AT: usize = 8;
const HEADER_CHECKSUM_AT: usize = 12;
const PARAMS_AT: usize = 16;
const PAYLOAD_LEN_AT: usize = 24;
const SUMS_CHECKSUM_AT: usize = 32;
const NAME_AT: usize = 40;
const SEAL_AT: usize = 64;

/// The payload is checksummed in blocks of this many bytes (the last may be shorter), so that a
/// load can check a sample of them.
pub const BLOCK: usize = 1 << 20;

/// How many blocks a load of a sealed file checks: the first, the last and two at random.
const SAMPLE: usize = 4;

/// Payloads are read, checksummed and written in pieces of this size (a whole number of
/// blocks), with a progress report after each.
const CHUNK: usize = 64 * BLOCK;

/// What a table is: its name (also its file name) and a fingerprint of what its contents depend
/// on. Two specs with the same name and different parameters describe different tables: a file
/// saved under one is rebuilt when the other is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableSpec {
    name: &'static str,
    params: u64,
}

impl TableSpec {
    /// A spec for the table `name` whose contents depend on `params`: a fingerprint chosen by the
    /// table's builder, such as a version number of the building code combined with its size
    /// parameters. Change it whenever the built bytes would change.
    ///
    /// # Panics
    ///
    /// If `name` is empty, longer than [`NAME_LEN`] bytes, or has a character other than `a`–`z`,
    /// `0`–`9`, `-` and `_` (in a `const`, that is a compile error).
    pub const fn new(name: &'static str, params: u64) -> TableSpec {
        let bytes = name.as_bytes();
        assert!(
            !bytes.is_empty() && bytes.len() <= NAME_LEN,
            "a table name has 1 to 24 bytes"
        );
        let mut i = 0;
        while i < bytes.len() {
            let byte = bytes[i];
            assert!(
                byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'-' || byte == b'_',
                "a table name is made of a-z, 0-9, '-' and '_'"
            );
            i += 1;
        }
        TableSpec { name, params }
    }

    /// The table's name, such as `"phase1-prune"`.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The fingerprint of what the table's contents depend on.
    pub const fn params(&self) -> u64 {
        self.params
    }

    /// The name as stored in the header: padded with NUL bytes.
    fn header_name(&self) -> [u8; NAME_LEN] {
        let mut name = [0; NAME_LEN];
        name[..self.name.len()].copy_from_slice(self.name.as_bytes());
        name
    }
}

/// How far a long job has got, reported through a callback the caller may ignore (the library
/// never prints). A builder reports its own stages; storage reports [`Progress::READ`],
/// [`Progress::CHECKSUM`] and [`Progress::WRITE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// What is being done, such as `"checksum"` or a builder's `"phase1-prune depth 7"`.
    pub stage: &'static str,
    /// Units done so far.
    pub done: u64,
    /// Units in the whole stage; `done == total` when it is finished.
    pub total: u64,
}

impl Progress {
    /// The stage of reading a table file, counted in bytes.
    pub const READ: &'static str = "read";
    /// The stage of checksumming a payload, counted in bytes.
    pub const CHECKSUM: &'static str = "checksum";
    /// The stage of writing a table file, counted in payload bytes.
    pub const WRITE: &'static str = "write";
}

/// How [`load_or_build`] holds a cached table in memory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Memory {
    /// Map the file read-only: no copy, pages shared with the system's page cache and kept
    /// there between runs; a sealed file has a sample of its blocks checked. For short work: a
    /// one-shot solve loads its tables in milliseconds.
    #[default]
    Mapped,
    /// Read the file into private memory backed by huge pages, checking every block. For long
    /// work that reads large tables at random (see [`TableBytes`]), or that must not depend on
    /// the file once loaded.
    Copied,
}

/// The bytes behind a [`Table`] returned by [`load_or_build`]: a table file mapped read-only
/// ([`Memory::Mapped`]), or anonymous memory that the system is asked to back with huge pages
/// (on Linux, where transparent huge pages are enabled for memory that asks) holding a file read
/// whole ([`Memory::Copied`]) or a built payload.
///
/// Solvers read their large tables at random, a few bytes at a time. With 4 KiB pages nearly
/// every such read also misses the processor's cache of address translations, and the page walk
/// that follows is one more trip to memory (two, in a virtual machine). With 2 MiB pages those
/// walks are rare: random reads of the 5.1 GB optimal table, sixteen in flight, took 19 ns each
/// instead of 46 on the development machine, and the optimal solver became 30% faster. Fresh
/// anonymous memory is slow to come in, though (hundreds of milliseconds for 500 MB on a machine
/// that has been idle), where a mapped file's cached pages are there at once.
pub struct TableBytes(Mmap);

impl TableBytes {
    /// `len` zeroed bytes of anonymous memory, with the advice to use huge pages.
    fn zeroed(len: usize) -> io::Result<MmapMut> {
        let map = MmapMut::map_anon(len)?;
        // Only advice: where huge pages are off, the memory keeps small ones.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Ok(map)
    }

    /// A copy of `bytes`, a built table's payload.
    ///
    /// # Panics
    ///
    /// If the memory cannot be had, as a vector that cannot grow does.
    fn copy_of(bytes: &[u8]) -> TableBytes {
        let mut map = TableBytes::zeroed(bytes.len()).expect("memory for a table");
        map.copy_from_slice(bytes);
        TableBytes(
            map.make_read_only()
                .expect("anonymous memory can be made read-only"),
        )
    }

    /// The `len` bytes of `file`, reporting [`Progress::READ`].
    fn read(
        file: &mut File,
        len: usize,
        progress: &mut dyn FnMut(Progress),
    ) -> io::Result<TableBytes> {
        let mut map = TableBytes::zeroed(len)?;
        in_chunks(Progress::READ, len, progress, |range| {
            file.read_exact(&mut map[range])
        })?;
        Ok(TableBytes(map.make_read_only()?))
    }

    /// `file` mapped read-only, with the advice to use huge pages: a page the cache does not
    /// hold yet is then read in 2 MiB pieces, which one fault maps whole.
    fn map(file: &File) -> io::Result<TableBytes> {
        // SAFETY: the map is read-only and lives as long as the table; rubik never writes to or
        // truncates a file that has its name (see "Mapped files" in the module documentation),
        // so its bytes do not change under the map.
        let map = unsafe { Mmap::map(file) }?;
        // Only advice, as for anonymous memory.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Ok(TableBytes(map))
    }
}

impl AsRef<[u8]> for TableBytes {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for TableBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TableBytes({} bytes)", self.0.len())
    }
}

/// A table: its spec, its block checksums and its bytes, owned without copying. `S` is either
/// the payload alone ([`Table::from_payload`]) or a whole file image, header first, whose header
/// and checksums were checked before the table was made ([`Table::from_image`]).
pub struct Table<S: AsRef<[u8]> = TableBytes> {
    bytes: S,
    /// Where the payload is in `bytes`: all of it, or after the header of a file image.
    payload: Range<usize>,
    spec: TableSpec,
    /// The xxh3-64 of each [`BLOCK`] of the payload.
    block_sums: Vec<u64>,
}

impl Table {
    /// The table `spec` that a builder made as `payload`, copied into [`TableBytes`]; the
    /// builder's vector is freed at once, before the table is checksummed or saved.
    pub(crate) fn from_built(
        spec: &TableSpec,
        payload: Vec<u8>,
        progress: &mut dyn FnMut(Progress),
    ) -> Table {
        let bytes = TableBytes::copy_of(&payload);
        drop(payload);
        Table::from_payload_reporting(spec, bytes, progress)
    }
}

impl<S: AsRef<[u8]>> Table<S> {
    /// The table `spec` whose payload is `payload`; computes its block checksums.
    pub fn from_payload(spec: &TableSpec, payload: S) -> Table<S> {
        Table::from_payload_reporting(spec, payload, &mut |_| {})
    }

    /// The table `spec` stored in `image`, the bytes of a whole table file, if its header and
    /// every block checksum say it is that table.
    ///
    /// # Errors
    ///
    /// The first [`Defect`] found, checking the header before the payload.
    pub fn from_image(spec: &TableSpec, image: S) -> Result<Table<S>, Defect> {
        Table::from_image_checking(spec, image, None, &mut |_| {}).map(|(table, _)| table)
    }

    fn from_payload_reporting(
        spec: &TableSpec,
        payload: S,
        progress: &mut dyn FnMut(Progress),
    ) -> Table<S> {
        let len = payload.as_ref().len();
        let mut block_sums = Vec::with_capacity(len.div_ceil(BLOCK));
        let summed: Result<(), std::convert::Infallible> =
            in_chunks(Progress::CHECKSUM, len, progress, |range| {
                let chunk = &payload.as_ref()[range];
                block_sums.extend(chunk.chunks(BLOCK).map(xxh3_64));
                Ok(())
            });
        let Ok(()) = summed;
        Table {
            bytes: payload,
            payload: 0..len,
            spec: *spec,
            block_sums,
        }
    }

    /// The table `spec` stored in `image` if its header says so and its blocks match their
    /// checksums: a sample of them if the file's modification time `modified` is the seal in
    /// its header, else all of them (reporting [`Progress::CHECKSUM`]). Also says how it was
    /// checked.
    fn from_image_checking(
        spec: &TableSpec,
        image: S,
        modified: Option<SystemTime>,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<(Table<S>, Checked), Defect> {
        let (header, block_sums) = check_header(spec, image.as_ref())?;
        let payload = HEADER_LEN..HEADER_LEN + header.payload_len as usize;
        let bytes = &image.as_ref()[payload.clone()];
        let checked = if modified.is_some_and(|time| time == header.seal_time()) {
            check_blocks(bytes, &block_sums, sample(block_sums.len()))?;
            Checked::Sample
        } else {
            check_all_blocks(bytes, &block_sums, progress)?;
            Checked::Whole { seal: header.seal }
        };
        let table = Table {
            bytes: image,
            payload,
            spec: *spec,
            block_sums,
        };
        Ok((table, checked))
    }

    /// The spec this table was built or loaded for.
    pub fn spec(&self) -> &TableSpec {
        &self.spec
    }

    /// The table's checksum: the xxh3-64 of its block checksums (little-endian, in order).
    pub fn checksum(&self) -> u64 {
        xxh3_64(&sums_bytes(&self.block_sums))
    }

    /// The table's bytes, as the builder made them.
    pub fn payload(&self) -> &[u8] {
        &self.bytes.as_ref()[self.payload.clone()]
    }

    /// The payload as little-endian `u16`s, or `None` if its length is odd or it is not 2-byte
    /// aligned (see the module documentation: in practice it always is).
    #[cfg(target_endian = "little")]
    pub fn as_u16s(&self) -> Option<&[u16]> {
        cast(self.payload())
    }

    /// The payload as little-endian `u32`s, or `None` if its length is not a multiple of 4 or it
    /// is not 4-byte aligned (see the module documentation: in practice it always is).
    #[cfg(target_endian = "little")]
    pub fn as_u32s(&self) -> Option<&[u32]> {
        cast(self.payload())
    }

    /// The header of this table's file, sealed at `seal` nanoseconds after the Unix epoch.
    fn header(&self, seal: u64) -> [u8; HEADER_LEN] {
        Header {
            name: self.spec.header_name(),
            params: self.spec.params,
            payload_len: self.payload().len() as u64,
            sums_checksum: self.checksum(),
            seal,
        }
        .encode()
    }
}

/// How a table file's payload was checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Checked {
    /// A sample of its blocks: the file was sealed.
    Sample,
    /// Every block: the file was not sealed, or no modification time was given. `seal` is the
    /// seal in its header.
    Whole { seal: u64 },
}

/// The payload, so that a table can stand wherever bytes are wanted, such as the storage of a
/// [`Pruning`](crate::tables::Pruning) table, without a copy.
impl<S: AsRef<[u8]>> AsRef<[u8]> for Table<S> {
    fn as_ref(&self) -> &[u8] {
        self.payload()
    }
}

impl<S: AsRef<[u8]>> fmt::Debug for Table<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("spec", &self.spec)
            .field("len", &self.payload().len())
            .field("checksum", &format_args!("{:#018x}", self.checksum()))
            .finish()
    }
}

/// `bytes` as a slice of `T`, if the length and alignment allow (an empty slice always does).
#[cfg(target_endian = "little")]
fn cast<T: bytemuck::Pod>(bytes: &[u8]) -> Option<&[T]> {
    if bytes.is_empty() {
        return Some(&[]);
    }
    bytemuck::try_cast_slice(bytes).ok()
}

/// What is wrong with a table file: the first check it failed, in the order they are made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Defect {
    /// The file ends before the header does.
    #[error("{len} bytes, shorter than the {HEADER_LEN}-byte header")]
    TooShort {
        /// The file's length.
        len: u64,
    },
    /// The file does not start with [`MAGIC`]: it is not a table file.
    #[error("starts with \"{}\", not \"RUBIKTBL\"", found.escape_ascii())]
    Magic {
        /// The file's first eight bytes.
        found: [u8; 8],
    },
    /// The file has another format version.
    #[error("format version {found}, expected {expected}")]
    Version {
        /// The version in the file.
        found: u32,
        /// [`FORMAT_VERSION`].
        expected: u32,
    },
    /// The header checksum does not match the header: the header is corrupted.
    #[error("header checksum {stored:#010x}, but the header sums to {computed:#010x}")]
    HeaderChecksum {
        /// The checksum stored in the header.
        stored: u32,
        /// The checksum of the header as read.
        computed: u32,
    },
    /// The file holds another table.
    #[error("holds table {found:?}, expected {expected:?}")]
    Name {
        /// The name in the file, NUL padding removed (invalid UTF-8 replaced).
        found: String,
        /// The name asked for.
        expected: &'static str,
    },
    /// The file holds the table built for other parameters.
    #[error("parameters {found:#018x}, expected {expected:#018x}")]
    Params {
        /// The parameters in the file.
        found: u64,
        /// The parameters asked for.
        expected: u64,
    },
    /// The payload is shorter or longer than the header says.
    #[error("the header promises {header} payload bytes, the file holds {actual}")]
    Length {
        /// The payload length in the header.
        header: u64,
        /// The number of bytes between the header and the block checksums the header's length
        /// calls for (0 if the file is shorter than those).
        actual: u64,
    },
    /// The block checksums at the end of the file do not match their checksum in the header.
    #[error("block checksums summing to {computed:#018x}, but the header says {stored:#018x}")]
    SumsChecksum {
        /// The checksum stored in the header.
        stored: u64,
        /// The checksum of the block checksums as read.
        computed: u64,
    },
    /// A block of the payload does not match its checksum: the payload is corrupted.
    #[error(
        "payload block {block} (of {BLOCK} bytes) sums to {computed:#018x}, but its checksum \
         is {stored:#018x}"
    )]
    PayloadChecksum {
        /// The block's number, from 0 at the start of the payload.
        block: u64,
        /// The checksum stored for it.
        stored: u64,
        /// The checksum of the block as read.
        computed: u64,
    },
}

/// The file-system operation that failed, in [`StorageError::Io`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operation {
    /// Opening a table file to read it.
    Open,
    /// Reading an opened table file.
    Read,
    /// Creating the table directory.
    CreateDir,
    /// Creating a temporary file to write a table into.
    CreateTemp,
    /// Writing a temporary file.
    Write,
    /// Syncing a written file, or the directory after a rename, to disk.
    Sync,
    /// Renaming a written temporary file to the table's name.
    Rename,
    /// Listing the table directory.
    ListDir,
    /// Removing a table file or a temporary file.
    Remove,
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Operation::Open => "open",
            Operation::Read => "read",
            Operation::CreateDir => "create the directory",
            Operation::CreateTemp => "create a temporary file",
            Operation::Write => "write",
            Operation::Sync => "sync to disk",
            Operation::Rename => "rename the temporary file into place",
            Operation::ListDir => "list the directory",
            Operation::Remove => "remove",
        })
    }
}

/// A file-system operation that failed. A damaged table file is not an error (see [`Defect`]).
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum StorageError {
    /// An operation on `path` failed.
    #[error("{}: cannot {operation}: {source}", path.display())]
    Io {
        /// The file or directory operated on (for [`Operation::Rename`], the table's name).
        path: PathBuf,
        /// What was being done.
        operation: Operation,
        /// The error the system gave.
        source: io::Error,
    },
}

impl StorageError {
    fn io(path: &Path, operation: Operation) -> impl FnOnce(io::Error) -> StorageError {
        move |source| StorageError::Io {
            path: path.to_path_buf(),
            operation,
            source,
        }
    }
}

/// Why [`load_or_build`] built a table instead of loading it.
#[derive(Debug)]
pub enum CacheMiss {
    /// There was no cached file.
    Missing,
    /// The cached file was damaged or stale.
    Invalid(Defect),
    /// The cached file could not be read.
    Unreadable(StorageError),
}

/// Where the table returned by [`load_or_build`] came from.
#[derive(Debug)]
pub enum Origin {
    /// From the cached file, which was valid.
    Cached,
    /// From the builder.
    Built {
        /// Why the cached file was not used.
        cause: CacheMiss,
        /// Why the built table could not be saved, if it could not (the table is fine anyway).
        write_error: Option<StorageError>,
    },
}

/// What loading a solver's set of tables did: for each file, whether it came from the cache or
/// was built (and why, and whether saving it failed).
pub type LoadReport = Vec<(TableSpec, Origin)>;

/// What [`verify`] found at a table's path.
#[derive(Debug)]
pub struct VerifyReport {
    /// The file checked.
    pub path: PathBuf,
    /// What it holds.
    pub status: Status,
}

/// The state of a cached table file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The file holds the table asked for and [`load_or_build`] would use it.
    Valid {
        /// The payload's length in bytes.
        len: u64,
        /// The payload's xxh3-64 checksum.
        checksum: u64,
    },
    /// There is no file.
    Missing,
    /// The file is damaged or stale, and [`load_or_build`] would rebuild it.
    Invalid(Defect),
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Valid { len, checksum } => {
                write!(f, "valid ({len} bytes, checksum {checksum:#018x})")
            }
            Status::Missing => f.write_str("missing"),
            Status::Invalid(defect) => write!(f, "invalid: {defect}"),
        }
    }
}

/// Where the tables live unless the caller says otherwise: `$RUBIK_TABLES` if it is set and not
/// empty, else `rubik` in the platform's cache directory (`$XDG_CACHE_HOME/rubik` or
/// `~/.cache/rubik` on Linux); `None` if there is neither.
pub fn default_dir() -> Option<PathBuf> {
    choose_dir(std::env::var_os(DIR_VARIABLE), dirs::cache_dir)
}

fn choose_dir(
    variable: Option<OsString>,
    cache_dir: impl FnOnce() -> Option<PathBuf>,
) -> Option<PathBuf> {
    match variable {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => cache_dir().map(|cache| cache.join("rubik")),
    }
}

/// The path of table `spec`'s file in `dir`: `dir/NAME.tbl`.
pub fn path(dir: &Path, spec: &TableSpec) -> PathBuf {
    dir.join(format!("{}.{EXTENSION}", spec.name))
}

/// Table `spec` from its cached file in `dir` if the file is valid (see the trust rule in the
/// module documentation), held as `memory` says, else from `build`, saved to `dir` for next time
/// (the directory is created if need be).
///
/// `build` receives `progress` to report through; storage reports its own stages through it too.
/// Never fails: a table that cannot be saved is returned all the same, with the reason in
/// [`Origin::Built`].
pub fn load_or_build(
    dir: &Path,
    spec: &TableSpec,
    memory: Memory,
    build: impl FnOnce(&mut dyn FnMut(Progress)) -> Vec<u8>,
    progress: &mut dyn FnMut(Progress),
) -> (Table, Origin) {
    let target = path(dir, spec);
    let cause = match open(&target, spec, memory, progress) {
        Ok(table) => return (table, Origin::Cached),
        Err(cause) => cause,
    };
    let payload = build(progress);
    let table = Table::from_built(spec, payload, progress);
    let write_error = save(dir, &table, progress).err();
    (table, Origin::Built { cause, write_error })
}

/// Whether table `spec`'s cached file in `dir` is there and valid, every block checked, without
/// building anything. Checksumming a large file takes a moment: it reports
/// [`Progress::CHECKSUM`].
///
/// # Errors
///
/// [`StorageError::Io`] if the file is there but cannot be read; a damaged file is a
/// [`Status::Invalid`] in the report.
pub fn verify(
    dir: &Path,
    spec: &TableSpec,
    progress: &mut dyn FnMut(Progress),
) -> Result<VerifyReport, StorageError> {
    let target = path(dir, spec);
    let status = match open_file(&target)
        .and_then(|file| check_mapped(&target, &file, spec, None, progress))
    {
        Ok((table, _)) => Status::Valid {
            len: table.payload().len() as u64,
            checksum: table.checksum(),
        },
        Err(CacheMiss::Missing) => Status::Missing,
        Err(CacheMiss::Invalid(defect)) => Status::Invalid(defect),
        Err(CacheMiss::Unreadable(error)) => return Err(error),
    };
    Ok(VerifyReport {
        path: target,
        status,
    })
}

/// Removes rubik's files from `dir`: every `*.tbl` file and every temporary file a writer left
/// behind (`NAME.tbl.PID.N.tmp`), and nothing else. Returns the paths removed; a missing
/// directory has nothing to remove. A writer whose temporary file is removed under it reports
/// a write error and keeps its table.
///
/// # Errors
///
/// [`StorageError::Io`] if the directory cannot be listed or a file cannot be removed.
pub fn clear(dir: &Path) -> Result<Vec<PathBuf>, StorageError> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(StorageError::io(dir, Operation::ListDir)(error)),
    };
    let mut removed = Vec::new();
    for entry in entries {
        let entry = entry.map_err(StorageError::io(dir, Operation::ListDir))?;
        let file = entry.path();
        let file_type = entry
            .file_type()
            .map_err(StorageError::io(&file, Operation::ListDir))?;
        let ours = entry
            .file_name()
            .to_str()
            .is_some_and(|name| is_table_file(name) || is_temp_file(name));
        if file_type.is_dir() || !ours {
            continue;
        }
        match fs::remove_file(&file) {
            Ok(()) => removed.push(file),
            // Another process got there first.
            Err(error) if error.kind() == io::ErrorKind::NotFound => {}
            Err(error) => return Err(StorageError::io(&file, Operation::Remove)(error)),
        }
    }
    removed.sort();
    Ok(removed)
}

/// `NAME.tbl`.
fn is_table_file(name: &str) -> bool {
    name.strip_suffix(EXTENSION)
        .and_then(|stem| stem.strip_suffix('.'))
        .is_some_and(|stem| !stem.is_empty())
}

/// `NAME.tbl.PID.N.tmp`, as [`create_temp`] names them.
fn is_temp_file(name: &str) -> bool {
    let Some(rest) = name
        .strip_suffix(TEMP_EXTENSION)
        .and_then(|rest| rest.strip_suffix('.'))
    else {
        return false;
    };
    let mut parts = rest.rsplitn(3, '.');
    let is_number = |part: Option<&str>| {
        part.is_some_and(|part| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit()))
    };
    is_number(parts.next()) && is_number(parts.next()) && parts.next().is_some_and(is_table_file)
}

/// The table in the file at `target`, if it is there, readable and valid, held as `memory`
/// says. A mapped file that had to be checked whole is sealed again, if the system allows.
fn open(
    target: &Path,
    spec: &TableSpec,
    memory: Memory,
    progress: &mut dyn FnMut(Progress),
) -> Result<Table, CacheMiss> {
    let mut file = open_file(target)?;
    let unreadable = read_error(target);
    let metadata = file.metadata().map_err(&unreadable)?;
    match memory {
        Memory::Mapped => {
            let modified = metadata.modified().ok();
            let (table, checked) = check_mapped(target, &file, spec, modified, progress)?;
            if let Checked::Whole { seal } = checked {
                // Only a speed-up for the next load: the owner of the file may set its times.
                let _ = file.set_modified(seal_time(seal));
            }
            Ok(table)
        }
        Memory::Copied => {
            let len = usize::try_from(metadata.len())
                .map_err(|_| unreadable(io::ErrorKind::OutOfMemory.into()))?;
            let image = TableBytes::read(&mut file, len, progress).map_err(unreadable)?;
            let (table, _) = Table::from_image_checking(spec, image, None, progress)
                .map_err(CacheMiss::Invalid)?;
            Ok(table)
        }
    }
}

/// The file at `target`, opened to read.
fn open_file(target: &Path) -> Result<File, CacheMiss> {
    File::open(target).map_err(|error| match error.kind() {
        io::ErrorKind::NotFound => CacheMiss::Missing,
        _ => CacheMiss::Unreadable(StorageError::io(target, Operation::Open)(error)),
    })
}

/// A read of `target` that failed, as a cache miss.
fn read_error(target: &Path) -> impl Fn(io::Error) -> CacheMiss {
    move |error| CacheMiss::Unreadable(StorageError::io(target, Operation::Read)(error))
}

/// The table in `file` (at `target`), mapped, if it is valid: a sample of its blocks checked if
/// `modified` is its seal, else all of them.
fn check_mapped(
    target: &Path,
    file: &File,
    spec: &TableSpec,
    modified: Option<SystemTime>,
    progress: &mut dyn FnMut(Progress),
) -> Result<(Table, Checked), CacheMiss> {
    let image = TableBytes::map(file).map_err(read_error(target))?;
    Table::from_image_checking(spec, image, modified, progress).map_err(CacheMiss::Invalid)
}

/// Saves `table` as its file in `dir`: write a temporary file, sync it, rename it into place.
/// On failure the temporary file is removed (if that fails too, [`clear`] removes it later).
fn save(dir: &Path, table: &Table, progress: &mut dyn FnMut(Progress)) -> Result<(), StorageError> {
    fs::create_dir_all(dir).map_err(StorageError::io(dir, Operation::CreateDir))?;
    let (temp, file) = create_temp(dir, table.spec())?;
    let saved = write_and_rename(dir, table, &temp, file, progress);
    if saved.is_err() {
        let _ = fs::remove_file(&temp);
    }
    saved
}

/// A new, empty temporary file for `spec` in `dir`, with a name no other writer in this or any
/// other process has: exclusive creation settles any clash, such as a reused process id.
fn create_temp(dir: &Path, spec: &TableSpec) -> Result<(PathBuf, File), StorageError> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let name = format!(
            "{}.{EXTENSION}.{}.{n}.{TEMP_EXTENSION}",
            spec.name,
            process::id()
        );
        let temp = dir.join(name);
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(StorageError::io(&temp, Operation::CreateTemp)(error)),
        }
    }
}

fn write_and_rename(
    dir: &Path,
    table: &Table,
    temp: &Path,
    mut file: File,
    progress: &mut dyn FnMut(Progress),
) -> Result<(), StorageError> {
    let seal = seal_now();
    file.write_all(&table.header(seal))
        .map_err(StorageError::io(temp, Operation::Write))?;
    let payload = table.payload();
    in_chunks(Progress::WRITE, payload.len(), progress, |range| {
        file.write_all(&payload[range])
    })
    .and_then(|()| file.write_all(&sums_bytes(&table.block_sums)))
    .map_err(StorageError::io(temp, Operation::Write))?;
    // A file that cannot be sealed is still valid: its loads check it whole.
    let _ = file.set_modified(seal_time(seal));
    file.sync_all()
        .map_err(StorageError::io(temp, Operation::Sync))?;
    forget_cached_pages(&file);
    drop(file);
    let target = path(dir, table.spec());
    fs::rename(temp, &target).map_err(StorageError::io(&target, Operation::Rename))?;
    sync_dir(dir)
}

/// Drops the pages of `file`, written and synced, from the system's cache. Written pages are
/// cached 4 KiB each, and a one-shot solve that maps them spends most of its time mapping and
/// unmapping them (65 ms of CPU for the large tables, against 25 ms once the file came back
/// through the huge-page read ahead of [`TableBytes::map`]). Only advice.
#[cfg(target_os = "linux")]
fn forget_cached_pages(file: &File) {
    use std::os::fd::AsRawFd;
    // SAFETY: posix_fadvise reads no memory; the descriptor is open for as long as `file` lives.
    unsafe { libc::posix_fadvise(file.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED) };
}

/// Drops the pages of `file` from the system's cache, where there is a way to.
#[cfg(not(target_os = "linux"))]
fn forget_cached_pages(_file: &File) {}

/// Makes a rename in `dir` durable. Only Unix can open a directory to sync it.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> Result<(), StorageError> {
    File::open(dir)
        .and_then(|dir| dir.sync_all())
        .map_err(StorageError::io(dir, Operation::Sync))
}

/// Makes a rename in `dir` durable. Only Unix can open a directory to sync it.
#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> Result<(), StorageError> {
    Ok(())
}

/// The header of `image` and its block checksums, if `image` is a file for table `spec` whose
/// header, length and block checksums are whole (its payload is not checked).
fn check_header(spec: &TableSpec, image: &[u8]) -> Result<(Header, Vec<u64>), Defect> {
    let Some(header) = image.first_chunk::<HEADER_LEN>() else {
        return Err(Defect::TooShort {
            len: image.len() as u64,
        });
    };
    let header = Header::decode(header)?;
    if header.name != spec.header_name() {
        let end = header.name.iter().position(|&byte| byte == 0);
        let found = &header.name[..end.unwrap_or(NAME_LEN)];
        return Err(Defect::Name {
            found: String::from_utf8_lossy(found).into_owned(),
            expected: spec.name,
        });
    }
    if header.params != spec.params {
        return Err(Defect::Params {
            found: header.params,
            expected: spec.params,
        });
    }
    let after_header = (image.len() - HEADER_LEN) as u64;
    let sums_len = header.payload_len.div_ceil(BLOCK as u64).saturating_mul(8);
    let actual = after_header.saturating_sub(sums_len);
    if header.payload_len != actual || after_header < sums_len {
        return Err(Defect::Length {
            header: header.payload_len,
            actual,
        });
    }
    let sums = &image[HEADER_LEN + actual as usize..];
    let computed = xxh3_64(sums);
    if computed != header.sums_checksum {
        return Err(Defect::SumsChecksum {
            stored: header.sums_checksum,
            computed,
        });
    }
    let sums = sums
        .chunks_exact(8)
        .map(|sum| u64::from_le_bytes(sum.try_into().expect("eight bytes")))
        .collect();
    Ok((header, sums))
}

/// Checks the blocks numbered `blocks` of `payload` against their checksums `sums`.
fn check_blocks(
    payload: &[u8],
    sums: &[u64],
    blocks: impl IntoIterator<Item = usize>,
) -> Result<(), Defect> {
    for block in blocks {
        let start = block * BLOCK;
        let computed = xxh3_64(&payload[start..payload.len().min(start + BLOCK)]);
        if computed != sums[block] {
            return Err(Defect::PayloadChecksum {
                block: block as u64,
                stored: sums[block],
                computed,
            });
        }
    }
    Ok(())
}

/// Checks every block of `payload` against its checksum, reporting [`Progress::CHECKSUM`] after
/// every chunk.
fn check_all_blocks(
    payload: &[u8],
    sums: &[u64],
    progress: &mut dyn FnMut(Progress),
) -> Result<(), Defect> {
    in_chunks(Progress::CHECKSUM, payload.len(), progress, |range| {
        check_blocks(
            payload,
            sums,
            range.start / BLOCK..range.end.div_ceil(BLOCK),
        )
    })
}

/// The blocks a load of a sealed file checks, of `blocks`: the first, the last and two drawn at
/// random (from the standard library's per-process random keys), so that repeated loads
/// between them cover the whole file.
fn sample(blocks: usize) -> Vec<usize> {
    use std::hash::{BuildHasher, RandomState};
    if blocks == 0 {
        return Vec::new();
    }
    let random = RandomState::new();
    let mut sample: Vec<usize> = (0..SAMPLE as u64)
        .map(|i| match i {
            0 => 0,
            1 => blocks - 1,
            _ => (random.hash_one(i) % blocks as u64) as usize,
        })
        .collect();
    sample.sort_unstable();
    sample.dedup();
    sample
}

/// The bytes of the block checksums, as the file stores them.
fn sums_bytes(sums: &[u64]) -> Vec<u8> {
    sums.iter().flat_map(|sum| sum.to_le_bytes()).collect()
}

/// A seal for a file written now: the current time in whole seconds (which every common file
/// system stores exactly), as nanoseconds since the Unix epoch.
fn seal_now() -> u64 {
    let since_epoch = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default();
    since_epoch.as_secs() * 1_000_000_000
}

/// The modification time that seal `seal` stands for.
fn seal_time(seal: u64) -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_nanos(seal)
}

/// Runs `step` over the byte ranges of pieces of [`CHUNK`] of `len` bytes, in order, reporting
/// `stage` before the first and after each; stops at the first error.
fn in_chunks<E>(
    stage: &'static str,
    len: usize,
    progress: &mut dyn FnMut(Progress),
    mut step: impl FnMut(Range<usize>) -> Result<(), E>,
) -> Result<(), E> {
    let total = len as u64;
    progress(Progress {
        stage,
        done: 0,
        total,
    });
    for start in (0..len).step_by(CHUNK) {
        let end = len.min(start + CHUNK);
        step(start..end)?;
        progress(Progress {
            stage,
            done: end as u64,
            total,
        });
    }
    Ok(())
}

/// The fields of a header that vary between tables (magic and version are constants).
#[derive(Debug, PartialEq, Eq)]
struct Header {
    name: [u8; NAME_LEN],
    params: u64,
    payload_len: u64,
    sums_checksum: u64,
    /// The file's modification time as its writer set it, in nanoseconds since the Unix epoch.
    seal: u64,
}

impl Header {
    fn encode(&self) -> [u8; HEADER_LEN] {
        let mut bytes = [0; HEADER_LEN];
        put(&mut bytes, MAGIC_AT, &MAGIC);
        put(&mut bytes, VERSION_AT, &FORMAT_VERSION.to_le_bytes());
        put(&mut bytes, PARAMS_AT, &self.params.to_le_bytes());
        put(&mut bytes, PAYLOAD_LEN_AT, &self.payload_len.to_le_bytes());
        put(
            &mut bytes,
            SUMS_CHECKSUM_AT,
            &self.sums_checksum.to_le_bytes(),
        );
        put(&mut bytes, NAME_AT, &self.name);
        put(&mut bytes, SEAL_AT, &self.seal.to_le_bytes());
        let sum = header_checksum(&bytes);
        put(&mut bytes, HEADER_CHECKSUM_AT, &sum.to_le_bytes());
        bytes
    }

    /// Checks magic, version and header checksum, in that order, and reads the other fields.
    fn decode(bytes: &[u8; HEADER_LEN]) -> Result<Header, Defect> {
        let magic = get(bytes, MAGIC_AT);
        if magic != MAGIC {
            return Err(Defect::Magic { found: magic });
        }
        let version = u32::from_le_bytes(get(bytes, VERSION_AT));
        if version != FORMAT_VERSION {
            return Err(Defect::Version {
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        let stored = u32::from_le_bytes(get(bytes, HEADER_CHECKSUM_AT));
        let computed = header_checksum(bytes);
        if stored != computed {
            return Err(Defect::HeaderChecksum { stored, computed });
        }
        Ok(Header {
            name: get(bytes, NAME_AT),
            params: u64::from_le_bytes(get(bytes, PARAMS_AT)),
            payload_len: u64::from_le_bytes(get(bytes, PAYLOAD_LEN_AT)),
            sums_checksum: u64::from_le_bytes(get(bytes, SUMS_CHECKSUM_AT)),
            seal: u64::from_le_bytes(get(bytes, SEAL_AT)),
        })
    }

    /// The modification time of a sealed file.
    fn seal_time(&self) -> SystemTime {
        seal_time(self.seal)
    }
}

/// The low half of xxh3-64 of `header` with its checksum field zeroed: 32 bits are plenty to
/// catch a damaged header, whose fields are checked one by one anyway.
fn header_checksum(header: &[u8; HEADER_LEN]) -> u32 {
    let mut zeroed = *header;
    put(&mut zeroed, HEADER_CHECKSUM_AT, &[0; 4]);
    xxh3_64(&zeroed) as u32
}

fn put(header: &mut [u8; HEADER_LEN], at: usize, field: &[u8]) {
    header[at..at + field.len()].copy_from_slice(field);
}

fn get<const N: usize>(header: &[u8; HEADER_LEN], at: usize) -> [u8; N] {
    let mut field = [0; N];
    field.copy_from_slice(&header[at..at + N]);
    field
}

#[cfg(test)]
mod tests {
    use std::panic;
    use std::sync::atomic::{AtomicBool, AtomicUsize};
    use std::sync::{Arc, Barrier};
    use std::thread;
    use std::time::Instant;

    use tempfile::TempDir;

    use super::*;

    const SPEC: TableSpec = TableSpec::new("test-table", 0x0123_4567_89ab_cdef);

    /// `len` bytes that differ from place to place.
    fn payload(len: usize) -> Vec<u8> {
        (0..len)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect()
    }

    /// The bytes of the file that table `spec` with `payload` is saved as, sealed at time 0
    /// (so that a file written with them is not sealed).
    fn image(spec: &TableSpec, payload: &[u8]) -> Vec<u8> {
        let table = Table::from_payload(spec, payload);
        [
            &table.header(0)[..],
            payload,
            &sums_bytes(&table.block_sums),
        ]
        .concat()
    }

    /// [`load_or_build`] mapping the file, with a builder that returns `payload` and counts its
    /// calls.
    fn load(dir: &Path, payload: &[u8], calls: &AtomicUsize) -> (Table, Origin) {
        load_in(Memory::Mapped, dir, payload, calls)
    }

    /// [`load_or_build`] holding the table as `memory` says, with a builder that returns
    /// `payload` and counts its calls.
    fn load_in(memory: Memory, dir: &Path, payload: &[u8], calls: &AtomicUsize) -> (Table, Origin) {
        let build = |_: &mut dyn FnMut(Progress)| {
            calls.fetch_add(1, Ordering::Relaxed);
            payload.to_vec()
        };
        load_or_build(dir, &SPEC, memory, build, &mut |_| {})
    }

    /// The checksum of a table whose payload is `payload`, computed apart from [`Table`]: the
    /// xxh3-64 of the xxh3-64 of each block of [`BLOCK`] bytes, little-endian.
    fn independent_checksum(payload: &[u8]) -> u64 {
        let sums: Vec<u8> = payload
            .chunks(BLOCK)
            .flat_map(|block| xxh3_64(block).to_le_bytes())
            .collect();
        xxh3_64(&sums)
    }

    /// The modification time of the file at `path`.
    fn modified(path: &Path) -> SystemTime {
        fs::metadata(path).unwrap().modified().unwrap()
    }

    /// Overwrites the bytes of the file at `path` from `at` in place, as a program other than
    /// rubik might.
    fn write_in_place(path: &Path, at: u64, bytes: &[u8]) {
        use std::io::{Seek, SeekFrom};
        let mut file = OpenOptions::new().write(true).open(path).unwrap();
        file.seek(SeekFrom::Start(at)).unwrap();
        file.write_all(bytes).unwrap();
    }

    fn status(dir: &Path) -> Status {
        verify(dir, &SPEC, &mut |_| {}).unwrap().status
    }

    /// The names of the entries of `dir`, sorted.
    fn listing(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn header_fields_sit_where_the_format_says() {
        let len = 2 * BLOCK + 100;
        let payload = payload(len);
        let table = Table::from_payload(&SPEC, &payload[..]);
        let image = [
            &table.header(0x1122)[..],
            &payload,
            &sums_bytes(&table.block_sums),
        ]
        .concat();
        assert_eq!(image.len(), 128 + len + 3 * 8);
        assert_eq!(&image[0..8], b"RUBIKTBL");
        assert_eq!(image[8..12], 2_u32.to_le_bytes());
        assert_eq!(image[16..24], 0x0123_4567_89ab_cdef_u64.to_le_bytes());
        assert_eq!(image[24..32], (len as u64).to_le_bytes());
        let sums = &image[128 + len..];
        for (block, sum) in payload.chunks(1 << 20).zip(sums.chunks(8)) {
            assert_eq!(sum, xxh3_64(block).to_le_bytes());
        }
        assert_eq!(image[32..40], xxh3_64(sums).to_le_bytes());
        assert_eq!(image[32..40], independent_checksum(&payload).to_le_bytes());
        assert_eq!(&image[40..50], b"test-table");
        assert_eq!(image[50..64], [0; 14]);
        assert_eq!(image[64..72], 0x1122_u64.to_le_bytes());
        assert_eq!(image[72..128], [0; 56]);
        let mut zeroed: [u8; 128] = image[..128].try_into().unwrap();
        zeroed[12..16].fill(0);
        assert_eq!(image[12..16], (xxh3_64(&zeroed) as u32).to_le_bytes());
        assert_eq!(&image[128..128 + len], payload);
    }

    #[test]
    fn a_built_table_is_saved_then_loaded_from_the_cache() {
        let dir = TempDir::new().unwrap();
        let calls = AtomicUsize::new(0);
        let expected = payload(10_000);

        let (built, origin) = load(dir.path(), &expected, &calls);
        assert!(matches!(
            origin,
            Origin::Built {
                cause: CacheMiss::Missing,
                write_error: None
            }
        ));
        // In anonymous memory, from a page boundary.
        assert_eq!(built.payload().as_ptr() as usize % 4096, 0);
        assert_eq!(built.payload(), expected);
        assert_eq!(built.spec(), &SPEC);
        assert_eq!(built.checksum(), independent_checksum(&expected));
        assert_eq!(listing(dir.path()), ["test-table.tbl"]);
        let target = path(dir.path(), &SPEC);
        let mut written = fs::read(&target).unwrap();
        // Sealed: the modification time is the one in the header.
        let seal = u64::from_le_bytes(written[SEAL_AT..SEAL_AT + 8].try_into().unwrap());
        assert_eq!(modified(&target), seal_time(seal));
        assert_eq!(seal % 1_000_000_000, 0, "whole seconds");
        let sealed_now = SystemTime::now().duration_since(seal_time(seal)).unwrap();
        assert!(sealed_now < Duration::from_secs(60), "{sealed_now:?}");
        // Otherwise the image of the table, sealed at 0.
        written[SEAL_AT..SEAL_AT + 8].fill(0);
        let header = written.first_chunk_mut::<HEADER_LEN>().unwrap();
        let sum = header_checksum(header);
        put(header, HEADER_CHECKSUM_AT, &sum.to_le_bytes());
        assert_eq!(written, image(&SPEC, &expected));

        for memory in [Memory::Copied, Memory::Mapped] {
            let (cached, origin) = load_in(memory, dir.path(), &expected, &calls);
            assert!(matches!(origin, Origin::Cached));
            // Mapped or read whole, the header first, from a page boundary.
            assert_eq!((cached.payload().as_ptr() as usize - HEADER_LEN) % 4096, 0);
            assert_eq!(cached.payload(), expected);
        }
        let (cached, _) = load(dir.path(), &expected, &calls);
        assert_eq!(cached.payload(), expected);
        assert_eq!(cached.checksum(), built.checksum());
        assert_eq!(
            calls.load(Ordering::Relaxed),
            1,
            "the second load built again"
        );
        let pruning: crate::tables::Pruning<_> = crate::tables::Pruning::from_bytes(cached);
        assert_eq!(
            pruning.bytes(),
            expected,
            "a table is the bytes of a pruning table"
        );

        let report = verify(dir.path(), &SPEC, &mut |_| {}).unwrap();
        assert_eq!(report.path, target);
        assert_eq!(
            report.status,
            Status::Valid {
                len: 10_000,
                checksum: independent_checksum(&expected)
            }
        );
    }

    #[test]
    fn an_empty_table_round_trips() {
        let dir = TempDir::new().unwrap();
        let calls = AtomicUsize::new(0);
        load(dir.path(), &[], &calls);
        let (table, origin) = load(dir.path(), &[], &calls);
        assert!(matches!(origin, Origin::Cached));
        assert!(table.payload().is_empty());
        assert_eq!(calls.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn damaged_and_stale_files_are_detected_and_rebuilt() {
        type Damage = fn(&mut Vec<u8>);
        type Expect = fn(&Defect) -> bool;
        let len = 5_000;
        let expected = payload(len);
        let stored = independent_checksum(&expected);
        let other_version: Damage = |image| {
            image[VERSION_AT..VERSION_AT + 4].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
            let header = image.first_chunk_mut::<HEADER_LEN>().unwrap();
            let sum = header_checksum(header);
            put(header, HEADER_CHECKSUM_AT, &sum.to_le_bytes());
        };
        let cases: [(&str, Damage, Expect); 17] = [
            (
                "a payload byte flipped",
                |image| image[HEADER_LEN + 3] ^= 0x10,
                |defect| matches!(defect, Defect::PayloadChecksum { block: 0, .. }),
            ),
            (
                "the last payload byte flipped",
                |image| image[HEADER_LEN + 4_999] ^= 0x01,
                |defect| matches!(defect, Defect::PayloadChecksum { block: 0, .. }),
            ),
            (
                "a block checksum flipped",
                |image| *image.last_mut().unwrap() ^= 0x01,
                |defect| matches!(defect, Defect::SumsChecksum { .. }),
            ),
            (
                "the seal changed",
                |image| image[SEAL_AT] ^= 0x01,
                |defect| matches!(defect, Defect::HeaderChecksum { .. }),
            ),
            (
                "a parameter byte flipped",
                |image| image[PARAMS_AT] ^= 0x01,
                |defect| matches!(defect, Defect::HeaderChecksum { .. }),
            ),
            (
                "a name byte flipped",
                |image| image[NAME_AT + 2] ^= 0x20,
                |defect| matches!(defect, Defect::HeaderChecksum { .. }),
            ),
            (
                "the header checksum flipped",
                |image| image[HEADER_CHECKSUM_AT + 3] ^= 0x80,
                |defect| matches!(defect, Defect::HeaderChecksum { .. }),
            ),
            (
                "the magic damaged",
                |image| image[0] = b'X',
                |defect| matches!(defect, Defect::Magic { found } if found == b"XUBIKTBL"),
            ),
            (
                "the payload cut short",
                |image| {
                    image.pop();
                },
                |defect| {
                    *defect
                        == Defect::Length {
                            header: 5_000,
                            actual: 4_999,
                        }
                },
            ),
            (
                "a byte appended",
                |image| image.push(0),
                |defect| {
                    *defect
                        == Defect::Length {
                            header: 5_000,
                            actual: 5_001,
                        }
                },
            ),
            (
                "the header cut short",
                |image| image.truncate(40),
                |defect| *defect == Defect::TooShort { len: 40 },
            ),
            (
                "an empty file",
                |image| image.clear(),
                |defect| *defect == Defect::TooShort { len: 0 },
            ),
            (
                "garbage",
                |image| *image = payload(4096),
                |defect| matches!(defect, Defect::Magic { .. }),
            ),
            (
                "a zeroed header",
                |image| image[..HEADER_LEN].fill(0),
                |defect| *defect == Defect::Magic { found: [0; 8] },
            ),
            ("another format version", other_version, |defect| {
                *defect
                    == Defect::Version {
                        found: FORMAT_VERSION + 1,
                        expected: FORMAT_VERSION,
                    }
            }),
            (
                "other parameters",
                |image| *image = image_for(&TableSpec::new("test-table", 7)),
                |defect| {
                    *defect
                        == Defect::Params {
                            found: 7,
                            expected: SPEC.params(),
                        }
                },
            ),
            (
                "another table",
                |image| *image = image_for(&TableSpec::new("other-table", SPEC.params())),
                |defect| {
                    *defect
                        == Defect::Name {
                            found: "other-table".into(),
                            expected: "test-table",
                        }
                },
            ),
        ];
        fn image_for(spec: &TableSpec) -> Vec<u8> {
            image(spec, &payload(5_000))
        }

        for (what, damage, expect) in cases {
            for memory in [Memory::Mapped, Memory::Copied] {
                let dir = TempDir::new().unwrap();
                let mut damaged = image(&SPEC, &expected);
                damage(&mut damaged);
                fs::write(path(dir.path(), &SPEC), &damaged).unwrap();

                let Status::Invalid(defect) = status(dir.path()) else {
                    panic!("{what}: verify did not find the damage");
                };
                assert!(expect(&defect), "{what}: verify found {defect:?}");
                let in_memory = Table::from_image(&SPEC, damaged.as_slice()).unwrap_err();
                assert_eq!(
                    in_memory, defect,
                    "{what}: from_image disagrees with verify"
                );

                let calls = AtomicUsize::new(0);
                let (table, origin) = load_in(memory, dir.path(), &expected, &calls);
                let Origin::Built {
                    cause: CacheMiss::Invalid(cause),
                    write_error: None,
                } = origin
                else {
                    panic!("{what}, {memory:?}: {origin:?}");
                };
                assert_eq!(cause, defect, "{what}, {memory:?}");
                assert_eq!(calls.load(Ordering::Relaxed), 1, "{what}");
                assert_eq!(table.payload(), expected, "{what}");
                assert_eq!(
                    status(dir.path()),
                    Status::Valid {
                        len: len as u64,
                        checksum: stored
                    },
                    "{what}: not repaired"
                );
            }
        }
    }

    #[test]
    fn a_file_changed_after_its_check_is_checked_whole_and_rebuilt() {
        let dir = TempDir::new().unwrap();
        let expected = payload(5 * BLOCK + 7);
        let calls = AtomicUsize::new(0);
        load(dir.path(), &expected, &calls);
        let target = path(dir.path(), &SPEC);
        let sealed = modified(&target);

        // A byte of a middle block overwritten in place: the modification time moves on, the
        // seal no longer holds, the load checks every block and finds it.
        let at = (HEADER_LEN + 2 * BLOCK + 10) as u64;
        write_in_place(&target, at, &[expected[2 * BLOCK + 10] ^ 0x04]);
        assert_ne!(modified(&target), sealed);
        let (table, origin) = load(dir.path(), &expected, &calls);
        let Origin::Built {
            cause: CacheMiss::Invalid(Defect::PayloadChecksum { block: 2, .. }),
            write_error: None,
        } = origin
        else {
            panic!("{origin:?}");
        };
        assert_eq!(table.payload(), expected);
        assert_eq!(calls.load(Ordering::Relaxed), 2);
        // Rebuilt and sealed again.
        let (_, origin) = load(dir.path(), &expected, &calls);
        assert!(matches!(origin, Origin::Cached));
        assert_eq!(calls.load(Ordering::Relaxed), 2);
    }

    #[test]
    fn a_sealed_file_has_its_first_and_last_blocks_checked_and_verify_checks_all() {
        let dir = TempDir::new().unwrap();
        let expected = payload(5 * BLOCK + 7);
        let calls = AtomicUsize::new(0);
        load(dir.path(), &expected, &calls);
        let target = path(dir.path(), &SPEC);
        // Damage that keeps the seal (a disk that went bad, or a program that put the time
        // back): the sample finds it in the first or last block; elsewhere only a whole check
        // (`verify`, a copied load) finds it for sure.
        let damage = |offset: usize| {
            let sealed = modified(&target);
            let at = HEADER_LEN + offset;
            write_in_place(&target, at as u64, &[expected[offset] ^ 0x80]);
            File::options()
                .write(true)
                .open(&target)
                .unwrap()
                .set_modified(sealed)
                .unwrap();
            assert_eq!(modified(&target), sealed);
        };
        for (offset, block) in [(0, 0), (5 * BLOCK + 6, 5)] {
            damage(offset);
            let (table, origin) = load(dir.path(), &expected, &calls);
            let Origin::Built {
                cause: CacheMiss::Invalid(Defect::PayloadChecksum { block: found, .. }),
                ..
            } = origin
            else {
                panic!("{origin:?}");
            };
            assert_eq!(found, block as u64);
            assert_eq!(table.payload(), expected);
        }

        let sealed = modified(&target);
        let offset = 3 * BLOCK + 1;
        damage(offset);
        let Status::Invalid(Defect::PayloadChecksum { block: 3, .. }) = status(dir.path()) else {
            panic!("verify missed the damage");
        };
        let (_, origin) = load_in(Memory::Copied, dir.path(), &expected, &calls);
        assert!(matches!(origin, Origin::Built { .. }), "{origin:?}");
        assert_eq!(modified(&target), sealed_anew(&target, sealed));
    }

    /// The modification time of the file at `path`, checked to be its seal and not `old`.
    fn sealed_anew(path: &Path, old: SystemTime) -> SystemTime {
        let now = modified(path);
        let image = fs::read(path).unwrap();
        let seal = u64::from_le_bytes(image[SEAL_AT..SEAL_AT + 8].try_into().unwrap());
        assert_eq!(now, seal_time(seal));
        assert!(now >= old);
        now
    }

    #[test]
    fn a_valid_file_that_lost_its_seal_is_checked_whole_then_sealed_again() {
        let dir = TempDir::new().unwrap();
        let expected = payload(3 * BLOCK);
        let calls = AtomicUsize::new(0);
        load(dir.path(), &expected, &calls);
        let target = path(dir.path(), &SPEC);
        let sealed = modified(&target);
        // As a copy that did not keep the times.
        fs::write(&target, fs::read(&target).unwrap()).unwrap();
        assert_ne!(modified(&target), sealed);

        let mut seen = Vec::new();
        let (table, origin) = load_or_build(
            dir.path(),
            &SPEC,
            Memory::Mapped,
            |_| unreachable!(),
            &mut |step| seen.push(step),
        );
        assert!(matches!(origin, Origin::Cached));
        assert_eq!(table.payload(), expected);
        assert_eq!(seen.last().map(|step| step.stage), Some(Progress::CHECKSUM));
        assert_eq!(modified(&target), sealed);
        assert_eq!(calls.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn a_mapped_table_outlives_the_file_being_replaced_or_removed() {
        // rubik's writers rename a new file over the old one and `clear` unlinks: neither
        // truncates the file a process has mapped (which would make its reads raise SIGBUS),
        // so the mapped table keeps reading the old bytes, whole.
        let dir = TempDir::new().unwrap();
        let expected = payload(2 * BLOCK + 5);
        let calls = AtomicUsize::new(0);
        load(dir.path(), &expected, &calls);
        let (mapped, origin) = load(dir.path(), &expected, &calls);
        assert!(matches!(origin, Origin::Cached));

        let other = payload(2 * BLOCK + 9)[4..].to_vec();
        let replacement = Table::from_built(&SPEC, other.clone(), &mut |_| {});
        save(dir.path(), &replacement, &mut |_| {}).unwrap();
        let (loaded, origin) = load(dir.path(), &expected, &calls);
        assert!(matches!(origin, Origin::Cached));
        assert_eq!(loaded.payload(), other);
        assert_eq!(mapped.payload(), expected);
        clear(dir.path()).unwrap();
        assert_eq!(mapped.payload(), expected);
        assert_eq!(mapped.checksum(), independent_checksum(&expected));
    }

    #[test]
    fn a_truncated_file_is_refused_before_its_payload_is_read() {
        let dir = TempDir::new().unwrap();
        let expected = payload(3 * BLOCK);
        let calls = AtomicUsize::new(0);
        load(dir.path(), &expected, &calls);
        let target = path(dir.path(), &SPEC);
        let file = OpenOptions::new().write(true).open(&target).unwrap();
        file.set_len((HEADER_LEN + BLOCK) as u64).unwrap();
        drop(file);
        let (table, origin) = load(dir.path(), &expected, &calls);
        let Origin::Built {
            cause: CacheMiss::Invalid(Defect::Length { header, actual }),
            ..
        } = origin
        else {
            panic!("{origin:?}");
        };
        assert_eq!((header, actual), (3 * BLOCK as u64, BLOCK as u64 - 24));
        assert_eq!(table.payload(), expected);
    }

    #[test]
    fn statuses_and_defects_say_what_is_wrong() {
        let dir = TempDir::new().unwrap();
        assert_eq!(status(dir.path()), Status::Missing);
        let cases = [
            (Status::Missing, "missing"),
            (
                Status::Valid {
                    len: 64,
                    checksum: 0xabc,
                },
                "valid (64 bytes, checksum 0x0000000000000abc)",
            ),
            (
                Status::Invalid(Defect::Version {
                    found: 2,
                    expected: 1,
                }),
                "invalid: format version 2, expected 1",
            ),
            (
                Status::Invalid(Defect::Magic {
                    found: *b"GIF89a\0\x01",
                }),
                r#"invalid: starts with "GIF89a\x00\x01", not "RUBIKTBL""#,
            ),
            (
                Status::Invalid(Defect::Params {
                    found: 1,
                    expected: 2,
                }),
                "invalid: parameters 0x0000000000000001, expected 0x0000000000000002",
            ),
            (
                Status::Invalid(Defect::Length {
                    header: 10,
                    actual: 9,
                }),
                "invalid: the header promises 10 payload bytes, the file holds 9",
            ),
        ];
        for (status, text) in cases {
            assert_eq!(status.to_string(), text);
        }
    }

    #[test]
    fn racing_builders_all_get_the_table_and_leave_a_valid_file() {
        const BUILDERS: usize = 4;
        let dir = TempDir::new().unwrap();
        let expected = Arc::new(payload(4 << 20));
        let done = Arc::new(AtomicBool::new(false));
        // A reader checks the file all along: it is missing or whole, never half-written.
        let reader = {
            let (dir, done) = (dir.path().to_path_buf(), Arc::clone(&done));
            thread::spawn(move || {
                let mut checks = 0;
                while !done.load(Ordering::Relaxed) {
                    let status = status(&dir);
                    assert!(
                        matches!(status, Status::Missing | Status::Valid { .. }),
                        "{status}"
                    );
                    checks += 1;
                }
                checks
            })
        };
        for _round in 0..3 {
            clear(dir.path()).unwrap();
            let start = Arc::new(Barrier::new(BUILDERS));
            let builders: Vec<_> = (0..BUILDERS)
                .map(|_| {
                    let (dir, start) = (dir.path().to_path_buf(), Arc::clone(&start));
                    let expected = Arc::clone(&expected);
                    thread::spawn(move || {
                        start.wait();
                        let (table, origin) = load(&dir, &expected, &AtomicUsize::new(0));
                        assert_eq!(table.payload(), expected.as_slice());
                        assert!(
                            matches!(
                                origin,
                                Origin::Cached
                                    | Origin::Built {
                                        write_error: None,
                                        ..
                                    }
                            ),
                            "{origin:?}"
                        );
                    })
                })
                .collect();
            for builder in builders {
                builder.join().unwrap();
            }
            assert!(matches!(status(dir.path()), Status::Valid { .. }));
            assert_eq!(listing(dir.path()), ["test-table.tbl"]);
        }
        done.store(true, Ordering::Relaxed);
        assert!(reader.join().unwrap() > 0);
    }

    #[test]
    fn an_unwritable_directory_still_yields_the_table() {
        // Permissions do not stop root, so the directory is made impossible: under a file.
        let root = TempDir::new().unwrap();
        let blocker = root.path().join("a-file");
        fs::write(&blocker, b"").unwrap();
        let dir = blocker.join("tables");
        let expected = payload(1_000);

        let (table, origin) = load(&dir, &expected, &AtomicUsize::new(0));
        assert_eq!(table.payload(), expected);
        let Origin::Built {
            cause: CacheMiss::Unreadable(StorageError::Io { operation, .. }),
            write_error:
                Some(StorageError::Io {
                    path: failed,
                    operation: write_operation,
                    ..
                }),
        } = origin
        else {
            panic!("{origin:?}");
        };
        assert_eq!(operation, Operation::Open);
        assert_eq!(
            (failed, write_operation),
            (dir.clone(), Operation::CreateDir)
        );
        let error = verify(&dir, &SPEC, &mut |_| {}).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with(&format!("{}: cannot open: ", path(&dir, &SPEC).display())),
            "{error}"
        );
    }

    #[test]
    fn a_directory_in_the_way_is_neither_used_nor_replaced() {
        let dir = TempDir::new().unwrap();
        let target = path(dir.path(), &SPEC);
        fs::create_dir(&target).unwrap();
        let expected = payload(1_000);

        let (table, origin) = load(dir.path(), &expected, &AtomicUsize::new(0));
        assert_eq!(table.payload(), expected);
        let Origin::Built {
            cause: CacheMiss::Unreadable(StorageError::Io { operation, .. }),
            write_error:
                Some(StorageError::Io {
                    path: failed,
                    operation: write_operation,
                    ..
                }),
        } = origin
        else {
            panic!("{origin:?}");
        };
        assert_eq!(operation, Operation::Read);
        assert_eq!((failed, write_operation), (target, Operation::Rename));
        // The temporary file went with the failure.
        assert_eq!(listing(dir.path()), ["test-table.tbl"]);
        assert!(verify(dir.path(), &SPEC, &mut |_| {}).is_err());
    }

    #[test]
    fn clear_removes_only_rubiks_files() {
        let dir = TempDir::new().unwrap();
        let ours = ["a.tbl", "phase1-prune.tbl", "b.tbl.123.4.tmp"];
        let theirs = [
            "notes.txt",
            "a.tbl.bak",
            ".tbl",
            "x.tmp",
            "b.tbl.123.tmp",
            "b.tbl.12x.4.tmp",
            "b.123.4.tmp",
            "b.tbl.123.4.tmp.old",
        ];
        for name in ours.iter().chain(&theirs) {
            fs::write(dir.path().join(name), b"x").unwrap();
        }
        fs::create_dir(dir.path().join("sub.tbl")).unwrap();

        let removed = clear(dir.path()).unwrap();
        let mut expected: Vec<PathBuf> = ours.iter().map(|name| dir.path().join(name)).collect();
        expected.sort();
        assert_eq!(removed, expected);
        let mut left: Vec<&str> = theirs.to_vec();
        left.push("sub.tbl");
        left.sort();
        assert_eq!(listing(dir.path()), left);

        assert_eq!(
            clear(&dir.path().join("none")).unwrap(),
            Vec::<PathBuf>::new()
        );
    }

    #[test]
    fn progress_reports_each_stage_to_the_end() {
        let dir = TempDir::new().unwrap();
        let progress = |stage, done, total| Progress { stage, done, total };
        let build = |report: &mut dyn FnMut(Progress)| {
            report(progress("build", 1, 2));
            report(progress("build", 2, 2));
            payload(300)
        };
        let load = |memory| {
            let mut seen = Vec::new();
            load_or_build(dir.path(), &SPEC, memory, build, &mut |step| {
                seen.push(step)
            });
            seen
        };
        assert_eq!(
            load(Memory::Mapped),
            [
                progress("build", 1, 2),
                progress("build", 2, 2),
                progress(Progress::CHECKSUM, 0, 300),
                progress(Progress::CHECKSUM, 300, 300),
                progress(Progress::WRITE, 0, 300),
                progress(Progress::WRITE, 300, 300),
            ]
        );
        // Mapped and sealed: a sample checked, nothing worth reporting.
        assert_eq!(load(Memory::Mapped), []);
        // Copied: the whole file is read, header first, then its payload checksummed.
        let file = (HEADER_LEN + 300 + 8) as u64;
        assert_eq!(
            load(Memory::Copied),
            [
                progress(Progress::READ, 0, file),
                progress(Progress::READ, file, file),
                progress(Progress::CHECKSUM, 0, 300),
                progress(Progress::CHECKSUM, 300, 300),
            ]
        );
    }

    #[test]
    fn typed_views_read_little_endian_entries() {
        let dir = TempDir::new().unwrap();
        let entries = [1, 0, 2, 0, 3, 0, 4, 0];
        let calls = AtomicUsize::new(0);
        for _ in 0..2 {
            // Built, then read from the cache.
            let (table, _) = load(dir.path(), &entries, &calls);
            assert_eq!(table.as_u16s(), Some(&[1, 2, 3, 4][..]));
            assert_eq!(table.as_u32s(), Some(&[0x2_0001, 0x4_0003][..]));
        }
        assert_eq!(calls.load(Ordering::Relaxed), 1);

        let odd = Table::from_payload(&SPEC, vec![1, 2, 3]);
        assert_eq!((odd.as_u16s(), odd.as_u32s()), (None, None));
        let six = Table::from_payload(&SPEC, vec![1, 0, 2, 0, 3, 0]);
        assert_eq!((six.as_u16s(), six.as_u32s()), (Some(&[1, 2, 3][..]), None));
        let empty = Table::from_payload(&SPEC, Vec::new());
        assert_eq!(empty.as_u32s(), Some(&[][..]));
    }

    #[test]
    fn table_names_are_short_lowercase_words() {
        assert_eq!(
            TableSpec::new("abcdefghijklmnopqrstuvwx", 0).name().len(),
            NAME_LEN
        );
        assert_eq!(
            TableSpec::new("phase2_corner-perm9", 0).name(),
            "phase2_corner-perm9"
        );
        for bad in [
            "",
            "abcdefghijklmnopqrstuvwxy",
            "Phase1",
            "a.b",
            "a b",
            "a/b",
            "é",
        ] {
            let made = panic::catch_unwind(|| TableSpec::new(bad, 0));
            assert!(made.is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn files_are_named_after_their_table() {
        assert_eq!(
            path(Path::new("/cache/rubik"), &SPEC),
            Path::new("/cache/rubik/test-table.tbl")
        );
    }

    #[test]
    fn the_default_dir_is_the_variable_or_the_cache_dir() {
        let cache = || Some(PathBuf::from("/home/u/.cache"));
        let chosen = choose_dir(Some("/tables".into()), || unreachable!());
        assert_eq!(chosen, Some(PathBuf::from("/tables")));
        let cached = Some(PathBuf::from("/home/u/.cache/rubik"));
        assert_eq!(choose_dir(Some("".into()), cache), cached);
        assert_eq!(choose_dir(None, cache), cached);
        assert_eq!(choose_dir(None, || None), None);
    }

    /// Run once in release mode to measure a large load:
    /// `cargo test --release -p rubik --lib -- --ignored --nocapture loading_700_mb`.
    #[test]
    #[ignore = "writes 700 MB; a measurement, not a check"]
    fn loading_700_mb() {
        const LEN: usize = 700_000_000;
        let dir = TempDir::new().unwrap();
        let expected = payload(LEN);

        let started = Instant::now();
        let sum = independent_checksum(&expected);
        let hashed = started.elapsed();

        let started = Instant::now();
        let calls = AtomicUsize::new(0);
        let build = |_: &mut dyn FnMut(Progress)| expected.clone();
        let (built, _) = load_or_build(dir.path(), &SPEC, Memory::Mapped, build, &mut |_| {});
        assert_eq!(built.checksum(), sum);
        drop(built);
        let saved = started.elapsed();

        let mut loaded = Vec::new();
        for memory in [Memory::Mapped, Memory::Copied] {
            let started = Instant::now();
            let (table, origin) = load_in(memory, dir.path(), &expected, &calls);
            loaded.push((memory, started.elapsed()));
            assert!(matches!(origin, Origin::Cached));
            assert_eq!(table.checksum(), sum);
            assert_eq!(table.payload(), expected);
        }
        let mut chunks = 0;
        let started = Instant::now();
        verify(dir.path(), &SPEC, &mut |_| chunks += 1).unwrap();
        let verified = started.elapsed();
        assert_eq!(chunks, 1 + LEN.div_ceil(CHUNK));

        eprintln!(
            "700 MB: block checksums in memory {hashed:?}; build, checksum, write and fsync \
             {saved:?}; from the page cache: load_or_build {loaded:?}, verify {verified:?}"
        );
    }
}
