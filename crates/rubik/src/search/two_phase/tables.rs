//! The tables of the two-phase solver, in two sizes, built from the code or loaded from the
//! cache.
//!
//! | size | phase-1 bound | phase-2 bound | bytes | build |
//! |---|---|---|---|---|
//! | [`TableSize::Default`] | exact phase-1 distance, reduced by the 16 U-D symmetries (70 MB) | corner-permutation class × U/D edges (56 MB), and corners × slice | ≈ 135 MB | ≈ 12 s |
//! | [`TableSize::Small`] | the larger of twist × slice and flip × slice | the larger of corners × slice and U/D edges × slice | ≈ 3 MB | < 1 s |
//!
//! The small tables (move tables, symmetry classes, the small pruning tables) are saved together
//! in one file; each large pruning table has its own, memory-mapped when loaded.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use crate::coord::{
    Coordinate, CornerPerm, Flip, FlipSlice, SlicePerm, SlicePosition, Twist, UdEdgePerm,
};
use crate::cubie::{CubieCube, MOVES};
use crate::tables::codec::{Decoder, Encoder};
use crate::tables::storage::{self, Origin, Progress, Table, TableBytes, TableSpec};
use crate::tables::{Conjugation, MoveTable, Pruning, SymmetryClasses, Unreduced};

/// The ten moves of phase 2 (U, U2, U', D, D2, D', R2, L2, F2, B2) as indices into [`MOVES`].
pub(super) const PHASE2_MOVES: [u8; 10] = [0, 1, 2, 9, 10, 11, 4, 13, 7, 16];

/// Bumped whenever a builder would produce different bytes, so that old cache files are rebuilt.
const TABLES_VERSION: u64 = 1;

/// Which tables to use: the trade between memory, build time and solving speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TableSize {
    /// About 3 MB, built in well under a second; solves in milliseconds.
    Small,
    /// About 135 MB, built in seconds; solves in a fraction of a millisecond.
    #[default]
    Default,
}

impl TableSize {
    /// The files this size keeps in the cache.
    pub fn specs(self) -> Vec<TableSpec> {
        match self {
            TableSize::Small => vec![SMALL_AUX],
            TableSize::Default => vec![DEFAULT_AUX, PHASE1, PHASE2],
        }
    }
}

impl fmt::Display for TableSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TableSize::Small => "small",
            TableSize::Default => "default",
        })
    }
}

impl FromStr for TableSize {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "small" => Ok(TableSize::Small),
            "default" => Ok(TableSize::Default),
            other => Err(format!("`{other}` is not a table size (small, default)")),
        }
    }
}

const SMALL_AUX: TableSpec = TableSpec::new("twophase-small", TABLES_VERSION);
const DEFAULT_AUX: TableSpec = TableSpec::new("twophase-moves-syms", TABLES_VERSION);
const PHASE1: TableSpec = TableSpec::new("twophase-phase1", TABLES_VERSION);
const PHASE2: TableSpec = TableSpec::new("twophase-phase2", TABLES_VERSION);

/// Where each move takes each coordinate.
pub(super) struct MoveTables {
    pub(super) twist: MoveTable<Twist>,
    pub(super) flip: MoveTable<Flip>,
    pub(super) slice: MoveTable<SlicePosition>,
    pub(super) corners: MoveTable<CornerPerm>,
    pub(super) ud_edges: MoveTable<UdEdgePerm>,
    pub(super) slice_perm: MoveTable<SlicePerm>,
}

impl MoveTables {
    fn build() -> MoveTables {
        let phase2: Vec<CubieCube> = PHASE2_MOVES.iter().map(|&m| MOVES[m as usize]).collect();
        MoveTables {
            twist: MoveTable::build(&MOVES[..]),
            flip: MoveTable::build(&MOVES[..]),
            slice: MoveTable::build(&MOVES[..]),
            corners: MoveTable::build(&phase2),
            ud_edges: MoveTable::build(&phase2),
            slice_perm: MoveTable::build(&phase2),
        }
    }

    fn encode(&self, encoder: &mut Encoder) {
        self.twist.encode(encoder);
        self.flip.encode(encoder);
        self.slice.encode(encoder);
        self.corners.encode(encoder);
        self.ud_edges.encode(encoder);
        self.slice_perm.encode(encoder);
    }

    fn decode(decoder: &mut Decoder<'_>) -> Option<MoveTables> {
        Some(MoveTables {
            twist: MoveTable::decode(decoder, 18)?,
            flip: MoveTable::decode(decoder, 18)?,
            slice: MoveTable::decode(decoder, 18)?,
            corners: MoveTable::decode(decoder, 10)?,
            ud_edges: MoveTable::decode(decoder, 10)?,
            slice_perm: MoveTable::decode(decoder, 10)?,
        })
    }
}

/// The phase-1 lower bound.
enum Phase1Bound {
    /// The exact distance over (flip-slice class, twist).
    Symmetric {
        classes: SymmetryClasses<FlipSlice>,
        twist_conjugation: Conjugation<Twist>,
        table: Pruning<Table>,
    },
    /// The larger of the distances over (twist, slice) and (flip, slice).
    Pairs {
        twist_slice: Pruning,
        flip_slice: Pruning,
    },
}

/// The phase-2 lower bound, besides corners × slice permutation.
enum Phase2Bound {
    /// The distance over (corner-permutation class, U/D edges).
    Symmetric {
        classes: SymmetryClasses<CornerPerm>,
        edge_conjugation: Conjugation<UdEdgePerm>,
        table: Pruning<Table>,
    },
    /// The distance over (U/D edges, slice permutation).
    Pairs { edges_slice: Pruning },
}

/// Where a phase-1 bound is stored: one or two table indices.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Probe([usize; 2]);

/// Every table of the two-phase solver.
pub struct TwoPhaseTables {
    size: TableSize,
    pub(super) moves: MoveTables,
    phase1: Phase1Bound,
    phase2: Phase2Bound,
    corner_slice: Pruning,
}

/// What loading a set of tables did: for each file, whether it came from the cache or was built
/// (and why, and whether saving it failed).
pub type LoadReport = Vec<(TableSpec, Origin)>;

/// A pruning table over (A, B) without symmetry reduction.
fn pairs<A: Coordinate, B: Coordinate>(
    a: &MoveTable<A>,
    b: &MoveTable<B>,
    stage: &'static str,
    progress: &mut dyn FnMut(Progress),
) -> Pruning {
    let total = (A::COUNT * B::COUNT) as u64;
    Pruning::build(
        &Unreduced,
        |x, m| a.apply(x, m),
        b,
        |y, _| y,
        &mut |_, filled| {
            progress(Progress {
                stage,
                done: filled,
                total,
            })
        },
    )
}

/// Gets a table from the cache in `dir`, or builds it (and saves it there, when there is a dir).
fn obtain(
    dir: Option<&Path>,
    spec: &TableSpec,
    build: impl FnOnce(&mut dyn FnMut(Progress)) -> Vec<u8>,
    progress: &mut dyn FnMut(Progress),
    report: &mut LoadReport,
) -> Table {
    match dir {
        Some(dir) => {
            let (table, origin) = storage::load_or_build(dir, spec, build, progress);
            report.push((*spec, origin));
            table
        }
        None => Table::from_payload(spec, TableBytes::Heap(build(progress))),
    }
}

impl TwoPhaseTables {
    /// Builds every table of `size` from the code alone, in memory.
    pub fn build(size: TableSize, progress: &mut dyn FnMut(Progress)) -> TwoPhaseTables {
        Self::load_or_build(None, size, progress).0
    }

    /// Loads the tables of `size` from the cache directory `dir` (memory-mapping the large
    /// ones), building and saving whatever is missing or fails its checks. With no directory,
    /// builds everything in memory.
    pub fn load_or_build(
        dir: Option<&Path>,
        size: TableSize,
        progress: &mut dyn FnMut(Progress),
    ) -> (TwoPhaseTables, LoadReport) {
        let mut report = LoadReport::new();
        let tables = match size {
            TableSize::Small => Self::load_small(dir, progress, &mut report),
            TableSize::Default => Self::load_default(dir, progress, &mut report),
        };
        (tables, report)
    }

    fn load_small(
        dir: Option<&Path>,
        progress: &mut dyn FnMut(Progress),
        report: &mut LoadReport,
    ) -> TwoPhaseTables {
        let build = |progress: &mut dyn FnMut(Progress)| {
            let moves = MoveTables::build();
            let mut encoder = Encoder::default();
            moves.encode(&mut encoder);
            pairs(&moves.twist, &moves.slice, "twist-slice", progress).encode(&mut encoder);
            pairs(&moves.flip, &moves.slice, "flip-slice", progress).encode(&mut encoder);
            pairs(&moves.corners, &moves.slice_perm, "corner-slice", progress).encode(&mut encoder);
            pairs(&moves.ud_edges, &moves.slice_perm, "edge-slice", progress).encode(&mut encoder);
            encoder.finish()
        };
        let aux = obtain(dir, &SMALL_AUX, build, progress, report);
        let decode = |bytes: &[u8]| -> Option<TwoPhaseTables> {
            let mut decoder = Decoder::new(bytes);
            let moves = MoveTables::decode(&mut decoder)?;
            let twist_slice = Pruning::decode(&mut decoder, Twist::COUNT * SlicePosition::COUNT)?;
            let flip_slice = Pruning::decode(&mut decoder, Flip::COUNT * SlicePosition::COUNT)?;
            let corner_slice = Pruning::decode(&mut decoder, CornerPerm::COUNT * SlicePerm::COUNT)?;
            let edges_slice = Pruning::decode(&mut decoder, UdEdgePerm::COUNT * SlicePerm::COUNT)?;
            decoder.is_done().then_some(TwoPhaseTables {
                size: TableSize::Small,
                moves,
                phase1: Phase1Bound::Pairs {
                    twist_slice,
                    flip_slice,
                },
                phase2: Phase2Bound::Pairs { edges_slice },
                corner_slice,
            })
        };
        // A file that passed its checks but does not decode was written by a builder whose
        // version was not bumped: build afresh rather than trust it.
        decode(aux.payload())
            .unwrap_or_else(|| decode(&build(progress)).expect("freshly built tables decode"))
    }

    fn load_default(
        dir: Option<&Path>,
        progress: &mut dyn FnMut(Progress),
        report: &mut LoadReport,
    ) -> TwoPhaseTables {
        let build_aux = |progress: &mut dyn FnMut(Progress)| {
            let step = |done| Progress {
                stage: "move and symmetry tables",
                done,
                total: 5,
            };
            progress(step(0));
            let moves = MoveTables::build();
            progress(step(1));
            let mut encoder = Encoder::default();
            moves.encode(&mut encoder);
            SymmetryClasses::<FlipSlice>::build().encode(&mut encoder);
            progress(step(2));
            Conjugation::<Twist>::build().encode(&mut encoder);
            SymmetryClasses::<CornerPerm>::build().encode(&mut encoder);
            progress(step(3));
            Conjugation::<UdEdgePerm>::build().encode(&mut encoder);
            progress(step(4));
            pairs(&moves.corners, &moves.slice_perm, "corner-slice", progress).encode(&mut encoder);
            progress(step(5));
            encoder.finish()
        };
        let aux = obtain(dir, &DEFAULT_AUX, build_aux, progress, report);
        let decode = |bytes: &[u8]| {
            let mut decoder = Decoder::new(bytes);
            Some((
                MoveTables::decode(&mut decoder)?,
                SymmetryClasses::<FlipSlice>::decode(&mut decoder)?,
                Conjugation::<Twist>::decode(&mut decoder)?,
                SymmetryClasses::<CornerPerm>::decode(&mut decoder)?,
                Conjugation::<UdEdgePerm>::decode(&mut decoder)?,
                Pruning::decode(&mut decoder, CornerPerm::COUNT * SlicePerm::COUNT)?,
            ))
            .filter(|_| decoder.is_done())
        };
        // As for the small tables: a file that does not decode is built afresh.
        let (
            moves,
            flip_slice_classes,
            twist_conjugation,
            corner_classes,
            edge_conjugation,
            corner_slice,
        ) = decode(aux.payload())
            .unwrap_or_else(|| decode(&build_aux(progress)).expect("freshly built tables decode"));
        let phase1 = obtain(
            dir,
            &PHASE1,
            |progress| {
                let total = (flip_slice_classes.count() * Twist::COUNT) as u64;
                let step = |filled| Progress {
                    stage: "phase-1 pruning",
                    done: filled,
                    total,
                };
                Pruning::build(
                    &flip_slice_classes,
                    |fs: FlipSlice, m| {
                        FlipSlice::new(
                            moves.flip.apply(fs.flip(), m),
                            moves.slice.apply(fs.slice(), m),
                        )
                    },
                    &moves.twist,
                    |t, s| twist_conjugation.apply(t, s),
                    &mut |_, filled| progress(step(filled)),
                )
                .into_bytes()
            },
            progress,
            report,
        );
        let phase2 = obtain(
            dir,
            &PHASE2,
            |progress| {
                let total = (corner_classes.count() * UdEdgePerm::COUNT) as u64;
                let step = |filled| Progress {
                    stage: "phase-2 pruning",
                    done: filled,
                    total,
                };
                Pruning::build(
                    &corner_classes,
                    |c, m| moves.corners.apply(c, m),
                    &moves.ud_edges,
                    |e, s| edge_conjugation.apply(e, s),
                    &mut |_, filled| progress(step(filled)),
                )
                .into_bytes()
            },
            progress,
            report,
        );
        TwoPhaseTables {
            size: TableSize::Default,
            moves,
            phase1: Phase1Bound::Symmetric {
                classes: flip_slice_classes,
                twist_conjugation,
                table: Pruning::from_bytes(phase1),
            },
            phase2: Phase2Bound::Symmetric {
                classes: corner_classes,
                edge_conjugation,
                table: Pruning::from_bytes(phase2),
            },
            corner_slice,
        }
    }

    /// The size these tables were made for.
    pub fn size(&self) -> TableSize {
        self.size
    }

    /// Starts loading what [`phase1_probe`](Self::phase1_probe) will read for (flip, slice).
    #[inline]
    pub(super) fn prefetch_class(&self, flip: Flip, slice: SlicePosition) {
        if let Phase1Bound::Symmetric { classes, .. } = &self.phase1 {
            classes.prefetch(FlipSlice::new(flip, slice));
        }
    }

    /// Where the phase-1 bound of (twist, flip, slice) is stored; starts loading it.
    #[inline]
    pub(super) fn phase1_probe(&self, twist: Twist, flip: Flip, slice: SlicePosition) -> Probe {
        match &self.phase1 {
            Phase1Bound::Symmetric {
                classes,
                twist_conjugation,
                table,
            } => {
                let (class, s) = classes.class_of(FlipSlice::new(flip, slice));
                let index = class * Twist::COUNT + twist_conjugation.apply(twist, s).index();
                table.prefetch(index);
                Probe([index, 0])
            }
            Phase1Bound::Pairs { .. } => Probe([
                twist.index() * SlicePosition::COUNT + slice.index(),
                flip.index() * SlicePosition::COUNT + slice.index(),
            ]),
        }
    }

    /// The phase-1 bound at a probed place: a lower bound of the phase-1 distance (exact with
    /// the default tables).
    #[inline]
    pub(super) fn phase1_read(&self, probe: Probe) -> u8 {
        match &self.phase1 {
            Phase1Bound::Symmetric { table, .. } => table.get(probe.0[0]),
            Phase1Bound::Pairs {
                twist_slice,
                flip_slice,
            } => twist_slice.get(probe.0[0]).max(flip_slice.get(probe.0[1])),
        }
    }

    /// A lower bound of the phase-1 distance (exact with the default tables).
    #[inline]
    pub(super) fn phase1_bound(&self, twist: Twist, flip: Flip, slice: SlicePosition) -> u8 {
        self.phase1_read(self.phase1_probe(twist, flip, slice))
    }

    /// The phase-2 distance of the corners and slice edges alone: a lower bound of it all.
    #[inline]
    pub(super) fn corner_slice_bound(&self, corners: CornerPerm, slice: SlicePerm) -> u8 {
        self.corner_slice
            .get(corners.index() * SlicePerm::COUNT + slice.index())
    }

    /// A lower bound of the phase-2 distance of a state in phase 2's group.
    #[inline]
    /// Reads the small corners × slice table first and stops there when it already reaches
    /// `enough`: most phase-2 starts fail that cheap test and never touch the large table.
    pub(super) fn phase2_bound(
        &self,
        corners: CornerPerm,
        edges: UdEdgePerm,
        slice: SlicePerm,
        enough: usize,
    ) -> u8 {
        let corner_slice = self.corner_slice_bound(corners, slice);
        if usize::from(corner_slice) >= enough {
            return corner_slice;
        }
        let other = match &self.phase2 {
            Phase2Bound::Symmetric {
                classes,
                edge_conjugation,
                table,
            } => {
                let (class, s) = classes.class_of(corners);
                let edges = edge_conjugation.apply(edges, s);
                table.get(class * UdEdgePerm::COUNT + edges.index())
            }
            Phase2Bound::Pairs { edges_slice } => {
                edges_slice.get(edges.index() * SlicePerm::COUNT + slice.index())
            }
        };
        corner_slice.max(other)
    }
}
