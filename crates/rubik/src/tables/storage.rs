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
//! checked (the first, the last and six chosen at random); a file that is not sealed (changed
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
//! that should not depend on the file after its load. The copy is made through a map too, so
//! that the pages it brings into the cache come in the same 2 MiB pieces as a mapped load's.
//!
//! # Memory, alignment and byte order
//!
//! A table lives in [`TableBytes`]: the mapped file, or anonymous memory asking for huge pages
//! (a built table, or [`Memory::Copied`]). Both start on a page boundary, so a payload is 64-byte
//! aligned. A builder stores wider entries little-endian and its reader reads them so, in place
//! and at any alignment (`tables::codec`), so a file means the same everywhere.

use std::ffi::OsString;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
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
pub const FORMAT_VERSION: u32 = 3;

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
/// load can check a sample of them. Small, so that the sample costs a one-shot solve little:
/// with 1 MiB blocks, hashing the samples of the three large two-phase files was a third of a
/// `solve --max-length 20`.
pub const BLOCK: usize = 64 << 10;

/// How many blocks a load of a sealed file checks: the first, the last and six at random.
const SAMPLE: usize = 8;

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

    /// A private copy of `file`'s bytes, reporting [`Progress::READ`].
    ///
    /// Copied from the file [mapped](Self::map), not read with `read`: the pages that a copy
    /// brings into the system's cache then come in 2 MiB pieces, as a one-shot solve's map
    /// brings them. A `read` of a file the cache holds in part (the system drops idle pages)
    /// caches the rest in small pieces, and every later one-shot solve that maps the file
    /// spends its time mapping and unmapping them (large tables, half of the phase-1 file
    /// read so: 38 ms a solve against 19 ms once cached in 2 MiB pieces again).
    fn read(file: &File, progress: &mut dyn FnMut(Progress)) -> io::Result<TableBytes> {
        let source = TableBytes::map(file)?;
        let len = source.0.len();
        let mut copy = TableBytes::zeroed(len)?;
        in_chunks(Progress::READ, len, progress, |range| {
            copy[range.clone()].copy_from_slice(&source.0[range]);
            Ok::<(), io::Error>(())
        })?;
        Ok(TableBytes(copy.make_read_only()?))
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
/// pruning table, without a copy.
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
/// The file's pages are dropped from the system's cache first (where no process maps them), so
/// the check reads what the disk holds, and the file comes back into the cache through the
/// huge-page map of a load: in 2 MiB pieces where the system allows. Pages dropped while idle
/// can come back in 4 KiB pieces, and then every one-shot solve maps them one by one (large
/// tables, ten states after a 3 s pause: 21.5 ms a solve with a fifth of the phase-1 file so,
/// 14.4 ms once all of it was in 2 MiB pieces).
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
    let status = match open_file(&target).and_then(|file| {
        forget_cached_pages(&file);
        check_mapped(&target, &file, spec, None, progress)
    }) {
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
    let file = open_file(target)?;
    let unreadable = read_error(target);
    match memory {
        Memory::Mapped => {
            let modified = file.metadata().map_err(&unreadable)?.modified().ok();
            let (table, checked) = check_mapped(target, &file, spec, modified, progress)?;
            if let Checked::Whole { seal } = checked {
                // Only a speed-up for the next load: the owner of the file may set its times.
                let _ = file.set_modified(seal_time(seal));
            }
            Ok(table)
        }
        Memory::Copied => {
            let image = TableBytes::read(&file, progress).map_err(unreadable)?;
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

/// Drops the pages of `file` (written and synced, or about to be checked by [`verify`]) from
/// the system's cache, but those a process maps. Written pages are cached 4 KiB each, and a
/// one-shot solve that maps them spends most of its time mapping and unmapping them (65 ms of
/// CPU for the large tables, against 25 ms once the file came back through the huge-page read
/// ahead of [`TableBytes::map`]). Only advice.
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

/// The blocks a load of a sealed file checks, of `blocks`: the first, the last and six drawn at
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
mod tests;
