//! The tests of `storage`: headers, checksums, atomic writes, memory maps, damaged files.

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
    assert_eq!(image[8..12], 3_u32.to_le_bytes());
    assert_eq!(image[16..24], 0x0123_4567_89ab_cdef_u64.to_le_bytes());
    assert_eq!(image[24..32], (len as u64).to_le_bytes());
    let sums = &image[128 + len..];
    for (block, sum) in payload.chunks(64 << 10).zip(sums.chunks(8)) {
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

/// Of a table built because its file could not be read and then not saved: the operation that
/// failed to read, and the path and operation that failed to save.
fn unreadable_and_unsaved(origin: Origin) -> (Operation, PathBuf, Operation) {
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
    (operation, failed, write_operation)
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
    assert_eq!(
        unreadable_and_unsaved(origin),
        (Operation::Open, dir.clone(), Operation::CreateDir)
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
    assert_eq!(
        unreadable_and_unsaved(origin),
        (Operation::Read, target, Operation::Rename)
    );
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
