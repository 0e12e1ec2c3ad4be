//! The optimal solver's tables, in three sizes, built from the code or loaded from the cache.
//!
//! | size | lower bound | bytes | build |
//! |---|---|---|---|
//! | [`OptimalTableSize::Small`] | the two-phase default tables' phase-1 distance (4 bits) | 136 MB | ≈ 7 s |
//! | [`OptimalTableSize::Medium`] | the distance to twist, flip and the slice edges solved in order, over (flip-sorted-slice class, twist), mod 3 | 0.94 GB | ≈ 1.5 min |
//! | [`OptimalTableSize::Large`] | the same with the corner parity even too, over (flip-sorted-slice class, twist and corner parity), mod 3 | 1.8 GB | ≈ 3 min |
//!
//! Each bound reads a state seen along each of the three axes; the solver takes the largest.
//! The medium goal is the phase-1 goal with the four slice edges also in their places, so its
//! distances are one to two moves longer and the search visits a hundred times fewer nodes;
//! the large goal tells apart what a quarter turn of U or D does there, and halves the nodes
//! again. The two larger sizes share the flip-sorted-slice symmetry classes (1,523,864 of them,
//! 107 MB), and every size holds the two-phase default tables, which give the first upper
//! bound. A distance mod 3 is enough for a search that knows the distance of the node it came
//! from: a move changes it by -1, 0 or +1, three values that differ mod 3.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use crate::coord::{Coordinate, Flip, FlipSliceSorted, SliceSorted, Twist, TwistParity};
use crate::cubie::{CubieCube, MOVES};
use crate::search::two_phase::{TableSize, TwoPhaseTables};
use crate::tables::cache::{decoded, obtain};
use crate::tables::codec::{Decoder, Encoder};
use crate::tables::storage::{LoadReport, Progress, Table, TableSpec};
use crate::tables::{Conjugation, Mod3Pruning, MoveTable, Pruning, SymmetryClasses};

/// Bumped whenever a builder would produce different bytes, so that old cache files are rebuilt.
const TABLES_VERSION: u64 = 2;

const SORTED_CLASSES: TableSpec = TableSpec::new("optimal-sorted-classes", TABLES_VERSION);
const MEDIUM: TableSpec = TableSpec::new("optimal-sorted-mod3", TABLES_VERSION);
const LARGE: TableSpec = TableSpec::new("optimal-parity-mod3", TABLES_VERSION);

/// Which lower bound the optimal solver reads: the trade between memory, build time and speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OptimalTableSize {
    /// About 135 MB (the two-phase default tables), built in seconds; a random state takes
    /// many minutes.
    Small,
    /// About 0.94 GB, built in a minute or two; a random state takes about a minute.
    Medium,
    /// About 1.8 GB, built in a few minutes; a random state takes seconds to a minute.
    #[default]
    Large,
}

impl OptimalTableSize {
    /// Every size, smallest first.
    pub const ALL: [OptimalTableSize; 3] = [
        OptimalTableSize::Small,
        OptimalTableSize::Medium,
        OptimalTableSize::Large,
    ];

    /// The files this size keeps in the cache.
    pub fn specs(self) -> Vec<TableSpec> {
        let mut specs = TableSize::Default.specs();
        match self {
            OptimalTableSize::Small => {}
            OptimalTableSize::Medium => specs.extend([SORTED_CLASSES, MEDIUM]),
            OptimalTableSize::Large => specs.extend([SORTED_CLASSES, LARGE]),
        }
        specs
    }
}

impl fmt::Display for OptimalTableSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OptimalTableSize::Small => "small",
            OptimalTableSize::Medium => "medium",
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
            .ok_or_else(|| format!("`{text}` is not an optimal table size (small, medium, large)"))
    }
}

/// The coordinates the lower bound reads, for one view of a state.
pub(super) type Coords = (TwistParity, Flip, SliceSorted);

/// The distance mod 3 to twist, flip and sorted slice all solved (with `parity`, and the
/// corner parity even), over (flip-sorted-slice class, twist and maybe parity).
struct SortedBound {
    parity: bool,
    classes: SymmetryClasses<FlipSliceSorted>,
    twist_conjugation: Conjugation<TwistParity>,
    distances: Mod3Pruning<Table>,
}

impl SortedBound {
    /// The table index of a state's coordinates.
    #[inline]
    fn index(&self, (twist, flip, slice): Coords) -> usize {
        let (class, s) = self.classes.class_of(FlipSliceSorted::new(flip, slice));
        let twist = self.twist_conjugation.apply(twist, s);
        if self.parity {
            class * TwistParity::COUNT + twist.index()
        } else {
            class * Twist::COUNT + twist.twist().index()
        }
    }

    /// The number of entries.
    fn entries(&self) -> usize {
        let width = if self.parity {
            TwistParity::COUNT
        } else {
            Twist::COUNT
        };
        self.classes.count() * width
    }

    /// Whether a state with these coordinates is in the table's goal.
    fn in_goal(&self, (twist, flip, slice): Coords) -> bool {
        let twist = if self.parity { twist.0 } else { twist.0 >> 1 };
        twist == 0 && flip.0 == 0 && slice.0 == 0
    }
}

/// Every table of the optimal solver.
pub struct OptimalTables {
    size: OptimalTableSize,
    /// The two-phase default tables, whose move tables also move the flip and sorted slice.
    two_phase: TwoPhaseTables,
    /// Where each move takes the twist and corner parity (built on load: 4374 × 18 entries).
    twist_moves: MoveTable<TwistParity>,
    sorted: Option<SortedBound>,
}

/// Where a view's bound is stored: a table index (the large table has more than 2³² entries).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Probe(usize);

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
        let twist_moves = MoveTable::build(&MOVES[..]);
        let sorted = match size {
            OptimalTableSize::Small => None,
            OptimalTableSize::Medium | OptimalTableSize::Large => {
                let parity = size == OptimalTableSize::Large;
                let file = obtain(dir, &SORTED_CLASSES, build_classes, progress, &mut report);
                let (classes, twist_conjugation) =
                    decoded(&file, decode_classes, build_classes, progress);
                let build = |p: &mut dyn FnMut(Progress)| {
                    let conjugation = &twist_conjugation;
                    build_distances(&two_phase, &twist_moves, &classes, conjugation, parity, p)
                };
                let spec = if parity { LARGE } else { MEDIUM };
                let distances = obtain(dir, &spec, build, progress, &mut report);
                let sorted = SortedBound {
                    parity,
                    classes,
                    twist_conjugation,
                    distances: Pruning::from_bytes(distances),
                };
                Some(sorted)
            }
        };
        let tables = OptimalTables {
            size,
            two_phase,
            twist_moves,
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
        (TwistParity::of(cube), Flip::of(cube), SliceSorted::of(cube))
    }

    /// The coordinates after move `m`, an index into [`MOVES`].
    #[inline]
    pub(super) fn after(&self, (twist, flip, slice): Coords, m: usize) -> Coords {
        let moves = &self.two_phase.moves;
        (
            self.twist_moves.apply(twist, m),
            moves.flip.apply(flip, m),
            moves.slice_sorted.apply(slice, m),
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
                Probe(index)
            }
            None => {
                let (twist, flip, slice) = coords;
                let probe = self
                    .two_phase
                    .phase1_probe(twist.twist(), flip, slice.position());
                Probe(probe.index() as usize)
            }
        }
    }

    /// The lower bound at a probed place, one move away from a state whose bound is
    /// `neighbour` (which the mod-3 tables need).
    #[inline]
    pub(super) fn read(&self, probe: Probe, neighbour: u8) -> u8 {
        match &self.sorted {
            Some(sorted) => sorted.distances.distance_next_to(probe.0, neighbour),
            None => self.two_phase.phase1_exact(probe.0 as u32),
        }
    }

    /// The lower bound of `coords`. With a mod-3 table it is found by walking down to the
    /// goal, one neighbour a step nearer at a time.
    pub(super) fn bound(&self, coords: Coords) -> u8 {
        let Some(sorted) = &self.sorted else {
            return self.read(self.probe(coords), 0);
        };
        sorted.distances.walk_down(
            coords,
            |state| sorted.in_goal(state),
            |state| sorted.index(state),
            |state| (0..MOVES.len()).map(move |m| self.after(state, m)),
        )
    }

    /// How many table entries of the medium or large size have each distance mod 3 (`None`
    /// for the small size).
    pub fn residues(&self) -> Option<[u64; 3]> {
        let sorted = self.sorted.as_ref()?;
        let counts = sorted.distances.distribution(sorted.entries());
        Some([counts[0], counts[1], counts[2]])
    }
}

/// Builds the flip-sorted-slice classes and the twist conjugation, encoded.
fn build_classes(progress: &mut dyn FnMut(Progress)) -> Vec<u8> {
    let step = |done| Progress {
        stage: "sorted-slice symmetry classes",
        done,
        total: 2,
    };
    progress(step(0));
    let mut encoder = Encoder::default();
    Conjugation::<TwistParity>::build().encode(&mut encoder);
    progress(step(1));
    SymmetryClasses::<FlipSliceSorted>::build().encode(&mut encoder);
    progress(step(2));
    encoder.finish()
}

/// Reads what [`build_classes`] wrote.
fn decode_classes(
    decoder: &mut Decoder<'_>,
) -> Option<(SymmetryClasses<FlipSliceSorted>, Conjugation<TwistParity>)> {
    let conjugation = Conjugation::decode(decoder)?;
    let classes = SymmetryClasses::decode(decoder)?;
    Some((classes, conjugation))
}

/// Builds the distances mod 3 of the medium (without `parity`) or large size, moving the flip,
/// sorted slice and twist with the two-phase move tables and the twist-parity one.
fn build_distances(
    two_phase: &TwoPhaseTables,
    twist_moves: &MoveTable<TwistParity>,
    classes: &SymmetryClasses<FlipSliceSorted>,
    twist_conjugation: &Conjugation<TwistParity>,
    parity: bool,
    progress: &mut dyn FnMut(Progress),
) -> Vec<u8> {
    let moves = &two_phase.moves;
    let move_pair = |pair: FlipSliceSorted, m| {
        FlipSliceSorted::new(
            moves.flip.apply(pair.flip(), m),
            moves.slice_sorted.apply(pair.slice(), m),
        )
    };
    let stage = "sorted-slice distances";
    let table = if parity {
        let conjugate = |t, s| twist_conjugation.apply(t, s);
        Mod3Pruning::build(classes, move_pair, twist_moves, conjugate, stage, progress)
    } else {
        let conjugate = |t: Twist, s| {
            let with_parity = TwistParity(t.0 << 1);
            twist_conjugation.apply(with_parity, s).twist()
        };
        Mod3Pruning::build(classes, move_pair, &moves.twist, conjugate, stage, progress)
    };
    table.into_bytes()
}
