//! Damaged and unusable table caches, through the solvers' public loaders, for every kind of
//! table set (the four two-phase sizes, the 2×2's, the 4×4's, the 5×5's, the optimal solver's
//! small size): files truncated, bit-flipped in the header or the payload, of another format
//! version or stale parameters, or of a wrong length behind right checksums; a cache directory
//! that cannot be written; builders racing on one directory. Each damaged file is detected (the
//! load report says why it was rebuilt) and replaced by a valid one, and the answers stay right:
//! two-phase solutions replay, 2×2 lengths match tables built in memory, optimal lengths match
//! breadth-first search.
//!
//! The damaged files are made here from the header format that `tables::storage` documents (a
//! valid header around a stand-in payload, then damaged), so only the solvers' own builds cost
//! time: the tiny two-phase and 2×2 kinds go through every fault, and every kind through one
//! round with a different fault in each file, which two loaders race to rebuild for the tiny,
//! 2×2 and 4×4 kinds and one loader for the small, medium and 5×5 ones (every fault for the
//! 4×4 and 5×5, and the large ones raced, in ignored tests).

use std::path::Path;
use std::sync::LazyLock;
use std::thread;

use rubik::scramble::random_moves;
use rubik::search::Budget;
use rubik::search::Metric;
use rubik::search::bfs::{Bfs, MoveSet, Outcome};
use rubik::search::optimal::{Optimal, OptimalOutcome, OptimalTableSize, OptimalTables};
use rubik::search::pocket::{Pocket, PocketTables};
use rubik::search::reduction::{
    ReductionError, ReductionOptions,
    five::{self, FiveSize, FiveTables},
    four::{self, FourTables},
};
use rubik::search::two_phase::{Limits, TableSize, TwoPhase, TwoPhaseTables};
use rubik::tables::storage::{
    self, BLOCK, CacheMiss, Defect, FORMAT_VERSION, HEADER_LEN, LoadReport, MAGIC, Memory,
    NAME_LEN, Origin, Status, TableSpec,
};
use rubik::{CornerCube, CubieCube, FaceTurn, FaceletCube, Solution, seeded_rng};
use xxhash_rust::xxh3::xxh3_64;

/// A kind of table set: the files it caches, and how to load it from a directory and check its
/// answers (returning the load report).
struct Kind {
    specs: Vec<TableSpec>,
    load_and_check: fn(&Path) -> LoadReport,
}

fn two_phase(size: TableSize) -> Kind {
    Kind {
        specs: size.specs(),
        load_and_check: match size {
            TableSize::Tiny => |dir| check_two_phase(dir, TableSize::Tiny),
            TableSize::Small => |dir| check_two_phase(dir, TableSize::Small),
            TableSize::Medium => |dir| check_two_phase(dir, TableSize::Medium),
            TableSize::Large => |dir| check_two_phase(dir, TableSize::Large),
        },
    }
}

/// Loads the two-phase tables of `size` from `dir`; random states are solved within 20 moves by
/// solutions that replay to solved.
fn check_two_phase(dir: &Path, size: TableSize) -> LoadReport {
    let (tables, report) =
        TwoPhaseTables::load_or_build(Some(dir), size, Memory::Mapped, &mut |_| {});
    let solver = TwoPhase::new(&tables);
    let limits = Limits {
        max_length: Some(20),
        ..Limits::default()
    };
    let mut rng = seeded_rng(17);
    for _ in 0..4 {
        let cube = CubieCube::random(&mut rng);
        let solution = solver.solve(&cube, &limits).unwrap();
        assert!(solution.len() <= 20);
        assert!(replays(&cube, &solution.moves), "{size}: {cube}");
    }
    report
}

fn replays(cube: &CubieCube, moves: &[FaceTurn]) -> bool {
    let mut end = *cube;
    end.apply(moves);
    end.is_solved()
}

/// The 2×2 tables built in memory, never cached: the reference for loaded ones.
static POCKET: LazyLock<PocketTables> = LazyLock::new(|| PocketTables::build(&mut |_| {}));

fn pocket() -> Kind {
    Kind {
        specs: PocketTables::specs(),
        load_and_check: check_pocket,
    }
}

/// Loads the 2×2 tables from `dir`; random states get solutions that replay and are as long as
/// the tables built in memory say, in both metrics.
fn check_pocket(dir: &Path) -> LoadReport {
    let (tables, report) = PocketTables::load_or_build(Some(dir), &mut |_| {});
    let mut rng = seeded_rng(18);
    for _ in 0..50 {
        let cube = CornerCube::random(&mut rng);
        for metric in Metric::ALL {
            let moves = Pocket::new(&tables).solve(&cube, metric);
            let end = moves
                .iter()
                .fold(cube, |c, m| c * CornerCube::from(&m.cube()));
            assert!(end.is_solved(), "{cube}");
            assert_eq!(moves.len(), POCKET.distance(&cube, metric), "{cube}");
        }
    }
    report
}

/// The tiny two-phase tables for the 4×4's last stage, built once in memory.
static TINY: LazyLock<TwoPhaseTables> =
    LazyLock::new(|| TwoPhaseTables::build(TableSize::Tiny, &mut |_| {}));

fn four_by_four() -> Kind {
    Kind {
        specs: FourTables::specs(),
        load_and_check: check_four,
    }
}

/// Loads the 4×4 tables from `dir`; a random state gets a solution that replays (one: a
/// solve takes about a second, and this runs once per fault).
fn check_four(dir: &Path) -> LoadReport {
    let (tables, report) = FourTables::load_or_build(Some(dir), &mut |_| {});
    assert_solves_a_random_state(4, 20, |cube, three, options| {
        four::solve(cube, three, &tables, options)
    });
    report
}

fn five_by_five(size: FiveSize) -> Kind {
    Kind {
        specs: FiveTables::specs(size),
        load_and_check: match size {
            FiveSize::Small => |dir| check_five(dir, FiveSize::Small),
            FiveSize::Large => |dir| check_five(dir, FiveSize::Large),
        },
    }
}

/// Loads the 5×5 tables of `size` from `dir`; a random state gets a solution that replays.
fn check_five(dir: &Path, size: FiveSize) -> LoadReport {
    let (tables, report) = FiveTables::load_or_build(Some(dir), size, &mut |_| {});
    assert_solves_a_random_state(5, 21, |cube, three, options| {
        five::solve(cube, three, &tables, options)
    });
    report
}

/// `solve` (over the tiny 3×3 tables) gives a random state of `size` layers, drawn from
/// `seed`, a solution that replays to solved.
fn assert_solves_a_random_state(
    size: usize,
    seed: u64,
    solve: impl FnOnce(&FaceletCube, &TwoPhase, &ReductionOptions) -> Result<Solution, ReductionError>,
) {
    let cube = rubik::bigcube::random_state(size, &mut seeded_rng(seed));
    let solution = solve(&cube, &TwoPhase::new(&TINY), &ReductionOptions::default()).unwrap();
    let mut end = cube.clone();
    end.apply(solution.turns());
    assert!(end.is_solved());
}

fn optimal_small() -> Kind {
    Kind {
        specs: OptimalTableSize::Small.specs(Metric::Htm),
        load_and_check: check_optimal_small,
    }
}

/// Loads the small optimal tables from `dir`; short scrambles are solved as short as
/// breadth-first search says they can be.
fn check_optimal_small(dir: &Path) -> LoadReport {
    let (tables, report) =
        OptimalTables::load_or_build(Some(dir), OptimalTableSize::Small, Metric::Htm, &mut |_| {});
    let solver = Optimal::new(&tables);
    let mut rng = seeded_rng(19);
    for length in 1..=7 {
        let mut stickers = FaceletCube::solved(3);
        stickers
            .apply_alg(&random_moves(3, length, &mut rng))
            .unwrap();
        let cube = CubieCube::try_from(&stickers).unwrap();
        let OptimalOutcome::Solved(solution) = solver.solve(&cube, &Budget::default()) else {
            panic!("{cube}: stopped without a budget");
        };
        assert!(replays(&cube, &solution.moves), "{cube}");
        let Outcome::Solved(shortest) = Bfs::new(MoveSet::FaceTurns).solve(&stickers).unwrap()
        else {
            panic!("{cube}: breadth-first search found nothing");
        };
        assert_eq!(solution.len(), shortest.turns.len(), "{cube}");
    }
    report
}

/// A way to damage a table file.
#[derive(Clone, Copy, Debug)]
enum Fault {
    Empty,
    HeaderCut,
    PayloadCut,
    ByteAppended,
    PayloadBitFlipped,
    HeaderBitFlipped,
    OtherFormatVersion,
    StaleParameters,
}

impl Fault {
    const ALL: [Fault; 8] = [
        Fault::Empty,
        Fault::HeaderCut,
        Fault::PayloadCut,
        Fault::ByteAppended,
        Fault::PayloadBitFlipped,
        Fault::HeaderBitFlipped,
        Fault::OtherFormatVersion,
        Fault::StaleParameters,
    ];

    /// Damages the valid file `image`.
    fn damage(self, image: &mut Vec<u8>) {
        match self {
            Fault::Empty => image.clear(),
            Fault::HeaderCut => image.truncate(HEADER_LEN - 1),
            Fault::PayloadCut => image.truncate(image.len() - 1),
            Fault::ByteAppended => image.push(0),
            Fault::PayloadBitFlipped => {
                let middle = HEADER_LEN + (image.len() - HEADER_LEN) / 2;
                image[middle] ^= 0x08;
            }
            Fault::HeaderBitFlipped => image[PARAMS_AT] ^= 0x01,
            Fault::OtherFormatVersion => {
                image[VERSION_AT..][..4].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
                set_header_checksum(image);
            }
            Fault::StaleParameters => {
                image[PARAMS_AT] ^= 0x01;
                set_header_checksum(image);
            }
        }
    }

    /// Whether `defect` is what this fault should be found as.
    fn is_found_as(self, defect: &Defect) -> bool {
        match self {
            Fault::Empty | Fault::HeaderCut => matches!(defect, Defect::TooShort { .. }),
            Fault::PayloadCut | Fault::ByteAppended => matches!(defect, Defect::Length { .. }),
            Fault::PayloadBitFlipped => matches!(defect, Defect::PayloadChecksum { .. }),
            Fault::HeaderBitFlipped => matches!(defect, Defect::HeaderChecksum { .. }),
            Fault::OtherFormatVersion => matches!(defect, Defect::Version { .. }),
            Fault::StaleParameters => matches!(defect, Defect::Params { .. }),
        }
    }
}

// Header fields, as the storage module documents them.
const VERSION_AT: usize = 8;
const HEADER_CHECKSUM_AT: usize = 12;
const PARAMS_AT: usize = 16;

/// A valid file of `spec` holding `payload`, made by the documented format (not sealed, so a
/// load checks every block).
fn image(spec: &TableSpec, payload: &[u8]) -> Vec<u8> {
    let sums: Vec<u8> = payload
        .chunks(BLOCK)
        .flat_map(|block| xxh3_64(block).to_le_bytes())
        .collect();
    let mut name = [0; NAME_LEN];
    name[..spec.name().len()].copy_from_slice(spec.name().as_bytes());
    let mut image = Vec::new();
    image.extend_from_slice(&MAGIC);
    image.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    image.extend_from_slice(&[0; 4]);
    image.extend_from_slice(&spec.params().to_le_bytes());
    image.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    image.extend_from_slice(&xxh3_64(&sums).to_le_bytes());
    image.extend_from_slice(&name);
    image.resize(HEADER_LEN, 0);
    image.extend_from_slice(payload);
    image.extend_from_slice(&sums);
    set_header_checksum(&mut image);
    image
}

/// Sets the header checksum of `image` right.
fn set_header_checksum(image: &mut [u8]) {
    let mut header = image[..HEADER_LEN].to_vec();
    header[HEADER_CHECKSUM_AT..][..4].fill(0);
    let sum = xxh3_64(&header) as u32;
    image[HEADER_CHECKSUM_AT..][..4].copy_from_slice(&sum.to_le_bytes());
}

/// A stand-in payload: bytes no builder makes.
fn junk(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i * 131 % 251) as u8).collect()
}

/// Writes file `i` of `kind` damaged by `faults[i]` (made from a valid file with a stand-in
/// payload), loads the kind with `loaders` loaders at once, and checks that each loader rebuilt
/// every file for the right reason, left it valid and answered right; then that a later load
/// uses the cache.
fn damaged_files_are_rebuilt(kind: &Kind, faults: &[Fault], loaders: usize) {
    let dir = tempfile::tempdir().unwrap();
    for (spec, fault) in kind.specs.iter().zip(faults) {
        let mut file = image(spec, &junk(4096));
        fault.damage(&mut file);
        std::fs::write(storage::path(dir.path(), spec), file).unwrap();
    }
    let reports: Vec<LoadReport> = thread::scope(|scope| {
        let loading: Vec<_> = (0..loaders)
            .map(|_| scope.spawn(|| (kind.load_and_check)(dir.path())))
            .collect();
        loading.into_iter().map(|l| l.join().unwrap()).collect()
    });
    for report in reports {
        let mut specs: Vec<TableSpec> = report.iter().map(|(spec, _)| *spec).collect();
        specs.sort_by_key(|spec| spec.name());
        let mut expected = kind.specs.clone();
        expected.sort_by_key(|spec| spec.name());
        assert_eq!(specs, expected);
        for (spec, origin) in &report {
            let at = kind.specs.iter().position(|s| s == spec).unwrap();
            let fault = faults[at];
            // A racing loader may find the file another has just repaired.
            if loaders > 1 && matches!(origin, Origin::Cached) {
                continue;
            }
            let Origin::Built {
                cause: CacheMiss::Invalid(defect),
                write_error: None,
            } = origin
            else {
                panic!("{}, {fault:?}: {origin:?}", spec.name());
            };
            assert!(
                fault.is_found_as(defect),
                "{}, {fault:?}: {defect}",
                spec.name()
            );
        }
    }
    for spec in &kind.specs {
        let status = storage::verify(dir.path(), spec, &mut |_| {})
            .unwrap()
            .status;
        assert!(
            matches!(status, Status::Valid { .. }),
            "{}: {status}",
            spec.name()
        );
    }
    let report = (kind.load_and_check)(dir.path());
    assert!(
        report
            .iter()
            .all(|(_, origin)| matches!(origin, Origin::Cached))
    );
}

/// Every fault in every file of `kind`, one fault a round.
fn every_fault_is_rebuilt(kind: &Kind) {
    for fault in Fault::ALL {
        damaged_files_are_rebuilt(kind, &vec![fault; kind.specs.len()], 1);
    }
}

/// One round: file `i` of `kind` gets fault `first + i`, and `loaders` loaders race to rebuild.
fn one_fault_a_file_is_rebuilt(kind: &Kind, first: usize, loaders: usize) {
    let faults: Vec<Fault> = (0..kind.specs.len())
        .map(|i| Fault::ALL[(first + i) % Fault::ALL.len()])
        .collect();
    damaged_files_are_rebuilt(kind, &faults, loaders);
}

/// Files with valid headers and checksums but payloads of a length no builder makes, as a
/// builder whose version was not bumped could leave: not trusted (a sectioned file fails to
/// decode and is built afresh), answers still right.
fn files_of_a_wrong_length_are_not_trusted(kind: &Kind) {
    let dir = tempfile::tempdir().unwrap();
    for spec in &kind.specs {
        std::fs::write(storage::path(dir.path(), spec), image(spec, &junk(4096))).unwrap();
    }
    (kind.load_and_check)(dir.path());
}

/// A cache directory that cannot be created (it would be under a file; permissions do not stop
/// root): every table is built, the report says it could not be saved, answers are right.
fn an_unwritable_cache_costs_only_a_rebuild(kind: &Kind) {
    let root = tempfile::tempdir().unwrap();
    let blocker = root.path().join("a-file");
    std::fs::write(&blocker, b"").unwrap();
    let report = (kind.load_and_check)(&blocker.join("tables"));
    for (spec, origin) in &report {
        assert!(
            matches!(
                origin,
                Origin::Built {
                    cause: CacheMiss::Unreadable(_),
                    write_error: Some(_)
                }
            ),
            "{}: {origin:?}",
            spec.name()
        );
    }
}

#[test]
fn tiny_two_phase_tables_survive_every_fault() {
    let kind = two_phase(TableSize::Tiny);
    every_fault_is_rebuilt(&kind);
    one_fault_a_file_is_rebuilt(&kind, 0, 2);
    files_of_a_wrong_length_are_not_trusted(&kind);
    an_unwritable_cache_costs_only_a_rebuild(&kind);
}

#[test]
fn pocket_tables_survive_every_fault() {
    let kind = pocket();
    every_fault_is_rebuilt(&kind);
    one_fault_a_file_is_rebuilt(&kind, 3, 2);
    files_of_a_wrong_length_are_not_trusted(&kind);
    an_unwritable_cache_costs_only_a_rebuild(&kind);
}

/// The 4×4 and 5×5 loaders go through the same storage as the cheaper kinds above, which meet
/// every fault: one round each here (a 4×4 build takes seconds, a 5×5 one tens of seconds in a
/// test build), every fault in the ignored tests below.
#[test]
fn four_by_four_tables_rebuild_damaged_files() {
    let kind = four_by_four();
    one_fault_a_file_is_rebuilt(&kind, 0, 2);
    files_of_a_wrong_length_are_not_trusted(&kind);
    an_unwritable_cache_costs_only_a_rebuild(&kind);
}

#[test]
fn five_by_five_tables_rebuild_a_damaged_file() {
    // The small file, whose coarse tables are read through the same checks as every other.
    one_fault_a_file_is_rebuilt(&five_by_five(FiveSize::Small), 1, 1);
}

#[test]
#[ignore = "every fault builds the 4×4 tables again: a minute"]
fn four_by_four_tables_survive_every_fault() {
    every_fault_is_rebuilt(&four_by_four());
}

#[test]
#[ignore = "every fault builds the 5×5 tables again: minutes"]
fn five_by_five_tables_survive_every_fault() {
    let kind = five_by_five(FiveSize::Large);
    every_fault_is_rebuilt(&kind);
    one_fault_a_file_is_rebuilt(&kind, 1, 2);
    files_of_a_wrong_length_are_not_trusted(&kind);
    an_unwritable_cache_costs_only_a_rebuild(&kind);
}

#[test]
fn small_two_phase_tables_rebuild_damaged_files() {
    // One loader: the cheaper kinds above meet racing loaders.
    one_fault_a_file_is_rebuilt(&two_phase(TableSize::Small), 2, 1);
}

#[test]
fn small_optimal_tables_rebuild_damaged_files() {
    // The medium two-phase tables' files: the medium kind is tested with them.
    let kind = optimal_small();
    assert_eq!(kind.specs, TableSize::Medium.specs());
    one_fault_a_file_is_rebuilt(&kind, 4, 1);
}

#[test]
#[ignore = "builds the large tables twice at once: a minute and 1 GB"]
fn large_two_phase_tables_rebuild_damaged_files() {
    one_fault_a_file_is_rebuilt(&two_phase(TableSize::Large), 6, 2);
}

#[test]
fn raw_tables_of_a_wrong_length_are_not_trusted() {
    // Phase 1 mod 3; then phase 1 exact and phase 2 (the medium files).
    files_of_a_wrong_length_are_not_trusted(&two_phase(TableSize::Small));
    files_of_a_wrong_length_are_not_trusted(&optimal_small());
}
