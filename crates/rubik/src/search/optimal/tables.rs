//! The optimal solver's tables, in two sizes, built from the code or loaded from the cache.
//!
//! | size | lower bound | bytes | build |
//! |---|---|---|---|
//! | [`OptimalTableSize::Small`] | the two-phase default tables' exact phase-1 distance | ≈ 135 MB | ≈ 10 s |
//! | [`OptimalTableSize::Large`] | the distance to twist, flip and slice edges solved (in order): (flip-sorted-slice class, twist), 16-fold symmetry, 4 bits | ≈ 1.8 GB | minutes |
//!
//! Both bound a state seen along each of the three axes; the solver takes the largest. The
//! large table's goal is the phase-1 goal with the four slice edges also in their places, so
//! its distances are one to two moves longer, and the search visits a few hundred times fewer
//! nodes. Both sizes also hold the two-phase default tables, which give the first upper bound.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use crate::coord::{Coordinate, Flip, FlipSliceSorted, SliceSorted, Twist};
use crate::cubie::{CubieCube, MOVES};
use crate::search::two_phase::{TableSize, TwoPhaseTables};
use crate::tables::cache::{decoded, obtain};
use crate::tables::codec::{Decoder, Encoder};
use crate::tables::storage::{LoadReport, Progress, Table, TableSpec};
use crate::tables::{Conjugation, MoveTable, Pruning, SymmetryClasses};

/// Bumped whenever a builder would produce different bytes, so that old cache files are rebuilt.
const TABLES_VERSION: u64 = 1;

const SORTED_CLASSES: TableSpec = TableSpec::new("optimal-sorted-classes", TABLES_VERSION);
const SORTED_DISTANCES: TableSpec = TableSpec::new("optimal-sorted-distances", TABLES_VERSION);

/// Which lower bound the optimal solver reads: the trade between memory, build time and speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OptimalTableSize {
    /// About 135 MB (the two-phase default tables), built in seconds; a random state takes
    /// minutes.
    Small,
    /// About 1.8 GB, built in minutes; a random state takes seconds.
    #[default]
    Large,
}

impl OptimalTableSize {
    /// Every size, smallest first.
    pub const ALL: [OptimalTableSize; 2] = [OptimalTableSize::Small, OptimalTableSize::Large];

    /// The files this size keeps in the cache.
    pub fn specs(self) -> Vec<TableSpec> {
        let mut specs = TableSize::Default.specs();
        if self == OptimalTableSize::Large {
            specs.extend([SORTED_CLASSES, SORTED_DISTANCES]);
        }
        specs
    }
}

impl fmt::Display for OptimalTableSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OptimalTableSize::Small => "small",
            OptimalTableSize::Large => "large",
        })
    }
}

impl FromStr for OptimalTableSize {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        OptimalTableSize::ALL
            .into_iter()
            .find(|size| size.to_string() == text)
            .ok_or_else(|| format!("`{text}` is not an optimal table size (small, large)"))
    }
}

/// The coordinates the lower bound reads, for one view of a state.
pub(super) type Coords = (Twist, Flip, SliceSorted);

/// The distance to twist, flip and sorted slice all solved, over (flip-sorted-slice class,
/// twist).
struct SortedBound {
    classes: SymmetryClasses<FlipSliceSorted>,
    twist_conjugation: Conjugation<Twist>,
    distances: Pruning<Table>,
}

impl SortedBound {
    /// The table index of a state's coordinates.
    #[inline]
    fn index(&self, (twist, flip, slice): Coords) -> usize {
        let (class, s) = self.classes.class_of(FlipSliceSorted::new(flip, slice));
        class * Twist::COUNT + self.twist_conjugation.apply(twist, s).index()
    }
}

/// The move tables of the coordinates of [`Coords`].
struct CoordMoves {
    twist: MoveTable<Twist>,
    flip: MoveTable<Flip>,
    slice: MoveTable<SliceSorted>,
}

impl CoordMoves {
    fn build() -> CoordMoves {
        CoordMoves {
            twist: MoveTable::build(&MOVES[..]),
            flip: MoveTable::build(&MOVES[..]),
            slice: MoveTable::build(&MOVES[..]),
        }
    }

    fn encode(&self, encoder: &mut Encoder) {
        self.twist.encode(encoder);
        self.flip.encode(encoder);
        self.slice.encode(encoder);
    }

    fn decode(decoder: &mut Decoder<'_>) -> Option<CoordMoves> {
        Some(CoordMoves {
            twist: MoveTable::decode(decoder, 18)?,
            flip: MoveTable::decode(decoder, 18)?,
            slice: MoveTable::decode(decoder, 18)?,
        })
    }
}

/// Every table of the optimal solver.
pub struct OptimalTables {
    size: OptimalTableSize,
    two_phase: TwoPhaseTables,
    moves: CoordMoves,
    sorted: Option<SortedBound>,
}

/// Where a view's bound is stored (a table index below 2³²).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Probe(u32);

impl OptimalTables {
    /// Builds every table of `size` from the code alone, in memory.
    pub fn build(size: OptimalTableSize, progress: &mut dyn FnMut(Progress)) -> OptimalTables {
        Self::load_or_build(None, size, progress).0
    }

    /// Loads the tables of `size` from the cache directory `dir` (memory-mapping the large
    /// ones), building and saving whatever is missing or fails its checks. With no directory,
    /// builds everything in memory.
    pub fn load_or_build(
        dir: Option<&Path>,
        size: OptimalTableSize,
        progress: &mut dyn FnMut(Progress),
    ) -> (OptimalTables, LoadReport) {
        let (two_phase, mut report) =
            TwoPhaseTables::load_or_build(dir, TableSize::Default, progress);
        let (moves, sorted) = match size {
            OptimalTableSize::Small => (CoordMoves::build(), None),
            OptimalTableSize::Large => {
                let file = obtain(dir, &SORTED_CLASSES, build_classes, progress, &mut report);
                let (moves, classes, twist_conjugation) =
                    decoded(&file, decode_classes, build_classes, progress);
                let build = |p: &mut dyn FnMut(Progress)| {
                    build_distances(&moves, &classes, &twist_conjugation, p)
                };
                let distances = obtain(dir, &SORTED_DISTANCES, build, progress, &mut report);
                let sorted = SortedBound {
                    classes,
                    twist_conjugation,
                    distances: Pruning::from_bytes(distances),
                };
                (moves, Some(sorted))
            }
        };
        let tables = OptimalTables {
            size,
            two_phase,
            moves,
            sorted,
        };
        (tables, report)
    }

    /// The size these tables were made for.
    pub fn size(&self) -> OptimalTableSize {
        self.size
    }

    /// The two-phase default tables, for the first upper bound.
    pub(super) fn two_phase(&self) -> &TwoPhaseTables {
        &self.two_phase
    }

    /// The coordinates of a state.
    pub(super) fn coords(cube: &CubieCube) -> Coords {
        (Twist::of(cube), Flip::of(cube), SliceSorted::of(cube))
    }

    /// The coordinates after move `m`, an index into [`MOVES`].
    #[inline]
    pub(super) fn after(&self, (twist, flip, slice): Coords, m: usize) -> Coords {
        (
            self.moves.twist.apply(twist, m),
            self.moves.flip.apply(flip, m),
            self.moves.slice.apply(slice, m),
        )
    }

    /// Starts loading the symmetry class that [`probe`](Self::probe) will read.
    #[inline]
    pub(super) fn prefetch_class(&self, (_, flip, slice): Coords) {
        match &self.sorted {
            Some(sorted) => sorted.classes.prefetch(FlipSliceSorted::new(flip, slice)),
            None => self.two_phase.prefetch_class(flip, slice.position()),
        }
    }

    /// Where the bound of `coords` is stored; starts loading it.
    #[inline]
    pub(super) fn probe(&self, coords: Coords) -> Probe {
        match &self.sorted {
            Some(sorted) => {
                let index = sorted.index(coords);
                sorted.distances.prefetch(index);
                Probe(index as u32)
            }
            None => {
                let (twist, flip, slice) = coords;
                Probe(
                    self.two_phase
                        .phase1_probe(twist, flip, slice.position())
                        .index(),
                )
            }
        }
    }

    /// The lower bound at a probed place.
    #[inline]
    pub(super) fn read(&self, probe: Probe) -> u8 {
        match &self.sorted {
            Some(sorted) => sorted.distances.get(probe.0 as usize),
            None => self.two_phase.phase1_exact(probe.0),
        }
    }

    /// The lower bound of `coords`.
    pub(super) fn bound(&self, coords: Coords) -> u8 {
        self.read(self.probe(coords))
    }

    /// How many table entries have each distance (0..=15; 15 counts 15 or more): the large
    /// table's, or `None` for the small size.
    pub fn distribution(&self) -> Option<[u64; 16]> {
        let sorted = self.sorted.as_ref()?;
        Some(
            sorted
                .distances
                .distribution(sorted.classes.count() * Twist::COUNT),
        )
    }
}

/// Builds the coordinate move tables, the flip-sorted-slice classes and the twist conjugation,
/// encoded.
fn build_classes(progress: &mut dyn FnMut(Progress)) -> Vec<u8> {
    let step = |done| Progress {
        stage: "sorted-slice symmetry classes",
        done,
        total: 2,
    };
    progress(step(0));
    let mut encoder = Encoder::default();
    CoordMoves::build().encode(&mut encoder);
    Conjugation::<Twist>::build().encode(&mut encoder);
    progress(step(1));
    SymmetryClasses::<FlipSliceSorted>::build().encode(&mut encoder);
    progress(step(2));
    encoder.finish()
}

/// Reads what [`build_classes`] wrote.
fn decode_classes(
    decoder: &mut Decoder<'_>,
) -> Option<(
    CoordMoves,
    SymmetryClasses<FlipSliceSorted>,
    Conjugation<Twist>,
)> {
    let moves = CoordMoves::decode(decoder)?;
    let conjugation = Conjugation::decode(decoder)?;
    let classes = SymmetryClasses::decode(decoder)?;
    Some((moves, classes, conjugation))
}

/// Builds the large table's distances, four bits an entry.
fn build_distances(
    moves: &CoordMoves,
    classes: &SymmetryClasses<FlipSliceSorted>,
    twist_conjugation: &Conjugation<Twist>,
    progress: &mut dyn FnMut(Progress),
) -> Vec<u8> {
    <Pruning>::build(
        classes,
        |pair: FlipSliceSorted, m| {
            FlipSliceSorted::new(
                moves.flip.apply(pair.flip(), m),
                moves.slice.apply(pair.slice(), m),
            )
        },
        &moves.twist,
        |t, s| twist_conjugation.apply(t, s),
        "sorted-slice distances",
        progress,
    )
    .into_bytes()
}
