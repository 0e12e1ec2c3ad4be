//! The optimal solver's tables, in four sizes, built from the code or loaded from the cache.
//!
//! | size | lower bound | bytes | build |
//! |---|---|---|---|
//! | [`OptimalTableSize::Small`] | the medium two-phase tables' phase-1 distance (4 bits) | 136 MB | ≈ 7 s |
//! | [`OptimalTableSize::Medium`] | the distance to twist, flip and the slice edges solved in order, over (flip-sorted-slice class, twist), mod 3 | 0.94 GB | ≈ 1.5 min |
//! | [`OptimalTableSize::Large`] | the same with the corner parity even too, over (flip-sorted-slice class, twist and corner parity), mod 3 | 1.8 GB | ≈ 3 min |
//! | [`OptimalTableSize::Huge`] | the distance to phase 1's goal with the corner parity even and the D-layer corners in the D layer, over (flip-slice class, twist, corner parity and split), mod 3 | 5.1 GB | ≈ 12 min |
//!
//! Each bound reads a state seen along each of the three axes; the solver takes the largest.
//! The medium goal is the phase-1 goal with the four slice edges also in their places, so its
//! distances are one to two moves longer and the search visits a hundred times fewer nodes;
//! the large goal tells apart what a quarter turn of U or D does there, and halves the nodes
//! again. The huge goal trades the slice edges' order for where the corners are; its classes
//! are the two-phase tables' flip-slice classes, 4 MB that stay in the cache, where the two
//! sizes below share the flip-sorted-slice classes (1,523,864 of them, 107 MB). Every size
//! holds the medium two-phase tables, which give the first upper bound. A distance mod 3 is
//! enough for a search that knows the distance of the node it came from: a move changes it by
//! -1, 0 or +1, three values that differ mod 3.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use crate::coord::{
    Coordinate, CornerSplit, Flip, FlipSlice, FlipSliceSorted, SlicePosition, SliceSorted, Twist,
    TwistParity, TwistParitySplit,
};
use crate::cubie::{CubieCube, MOVES};
use crate::search::Metric;
use crate::search::two_phase::{TableSize, TwoPhaseTables};
use crate::tables::cache::{decoded, obtain};
use crate::tables::codec::Encoder;
use crate::tables::storage::{LoadReport, Progress, Table, TableSpec};
use crate::tables::{Conjugation, Mod3Pruning, MoveFunction, MoveTable, Pruning, SymmetryClasses};

/// Bumped whenever a builder would produce different bytes, so that old cache files are rebuilt.
const TABLES_VERSION: u64 = 2;

/// The sorted-slice classes' own version: version 3 dropped the twist conjugation from the
/// file (it is built on load).
const SORTED_CLASSES: TableSpec = TableSpec::new("optimal-sorted-classes", 3);
/// The distance tables of the medium, large and huge sizes in face turns, then in quarter turns.
const DISTANCES: [[TableSpec; 3]; 2] = [
    [
        TableSpec::new("optimal-sorted-mod3", TABLES_VERSION),
        TableSpec::new("optimal-parity-mod3", TABLES_VERSION),
        TableSpec::new("optimal-split-mod3", TABLES_VERSION),
    ],
    [
        TableSpec::new("optimal-sorted-mod3-qtm", TABLES_VERSION),
        TableSpec::new("optimal-parity-mod3-qtm", TABLES_VERSION),
        TableSpec::new("optimal-split-mod3-qtm", TABLES_VERSION),
    ],
];

/// Which lower bound the optimal solver reads: the trade between memory, build time and speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OptimalTableSize {
    /// About 136 MB (the medium two-phase tables), built in seconds; a random state takes
    /// many minutes.
    Small,
    /// About 0.94 GB, built in a minute or two; a random state takes about a minute.
    Medium,
    /// About 1.8 GB, built in a few minutes; a random state takes seconds to a minute.
    #[default]
    Large,
    /// About 5.1 GB, built in about ten minutes; the fastest.
    Huge,
}

impl OptimalTableSize {
    /// Every size, smallest first.
    pub const ALL: [OptimalTableSize; 4] = [
        OptimalTableSize::Small,
        OptimalTableSize::Medium,
        OptimalTableSize::Large,
        OptimalTableSize::Huge,
    ];

    /// The files this size keeps in the cache for `metric`.
    pub fn specs(self, metric: Metric) -> Vec<TableSpec> {
        let mut specs = TableSize::Medium.specs();
        if matches!(self, OptimalTableSize::Medium | OptimalTableSize::Large) {
            specs.push(SORTED_CLASSES);
        }
        specs.extend(self.distances(metric));
        specs
    }

    /// The file of this size's distances in `metric` (none for the small size).
    fn distances(self, metric: Metric) -> Option<TableSpec> {
        let by_metric = &DISTANCES[metric as usize];
        match self {
            OptimalTableSize::Small => None,
            OptimalTableSize::Medium => Some(by_metric[0]),
            OptimalTableSize::Large => Some(by_metric[1]),
            OptimalTableSize::Huge => Some(by_metric[2]),
        }
    }
}

impl fmt::Display for OptimalTableSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OptimalTableSize::Small => "small",
            OptimalTableSize::Medium => "medium",
            OptimalTableSize::Large => "large",
            OptimalTableSize::Huge => "huge",
        })
    }
}

impl FromStr for OptimalTableSize {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        OptimalTableSize::ALL
            .into_iter()
            .find(|size| size.to_string() == text)
            .ok_or_else(|| {
                format!("`{text}` is not an optimal table size (small, medium, large, huge)")
            })
    }
}

/// The coordinates the lower bounds read, for one view of a state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Coords {
    twist: TwistParity,
    split: CornerSplit,
    flip: Flip,
    slice: SliceSorted,
}

impl Coords {
    /// Whether every coordinate is solved (as it is in all three views of the solved cube).
    pub(super) fn all_zero(self) -> bool {
        self == Coords::default()
    }
}

/// How a mod-3 table finds a state's entry: from the symmetry class of its edges' coordinate
/// and its corners' coordinate seen through the symmetry that takes the edges to their class.
enum Indexing {
    /// Medium (without `parity`) and large: over (flip-sorted-slice class, twist and maybe
    /// corner parity).
    Sorted {
        parity: bool,
        classes: SymmetryClasses<FlipSliceSorted>,
    },
    /// Huge: over (flip-slice class, twist, corner parity and split), with the two-phase
    /// tables' flip-slice classes.
    Split {
        split_conjugation: Conjugation<CornerSplit>,
    },
}

/// A distance mod 3 to a goal inside phase 1's, over a symmetry-reduced pair of coordinates.
struct Mod3Bound {
    indexing: Indexing,
    twist_conjugation: Conjugation<TwistParity>,
    distances: Mod3Pruning<Table>,
}

/// Every table of the optimal solver.
pub struct OptimalTables {
    size: OptimalTableSize,
    metric: Metric,
    /// The medium two-phase tables, whose move tables also move the flip and sorted slice.
    two_phase: TwoPhaseTables,
    /// Where each move takes the twist and corner parity, and the corner split (built on load:
    /// 4374 × 18 and 70 × 18 entries).
    twist_moves: MoveTable<TwistParity>,
    split_moves: MoveTable<CornerSplit>,
    /// The bound of the medium and larger sizes; the small size reads the phase-1 distance.
    mod3: Option<Mod3Bound>,
}

/// Where a view's bound is stored: a table index (the larger tables have more than 2³²
/// entries).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Probe(usize);

impl OptimalTables {
    /// Builds every table of `size` for `metric` from the code alone, in memory.
    pub fn build(
        size: OptimalTableSize,
        metric: Metric,
        progress: &mut dyn FnMut(Progress),
    ) -> OptimalTables {
        Self::load_or_build(None, size, metric, progress).0
    }

    /// Loads the tables of `size` for `metric` from the cache directory `dir` (memory-mapping
    /// the large ones), building and saving whatever is missing or fails its checks. With no
    /// directory, builds everything in memory. The small size reads a distance in face turns,
    /// whatever the metric.
    pub fn load_or_build(
        dir: Option<&Path>,
        size: OptimalTableSize,
        metric: Metric,
        progress: &mut dyn FnMut(Progress),
    ) -> (OptimalTables, LoadReport) {
        let (two_phase, mut report) =
            TwoPhaseTables::load_or_build(dir, TableSize::Medium, progress);
        let mut tables = OptimalTables {
            size,
            metric,
            two_phase,
            twist_moves: MoveTable::build(&MOVES[..]),
            split_moves: MoveTable::build(&MOVES[..]),
            mod3: None,
        };
        let Some(spec) = size.distances(metric) else {
            return (tables, report);
        };
        let twist_conjugation = Conjugation::build();
        let indexing = match size {
            OptimalTableSize::Huge => Indexing::Split {
                split_conjugation: Conjugation::build(),
            },
            _ => {
                let file = obtain(dir, &SORTED_CLASSES, build_classes, progress, &mut report);
                let classes = decoded(&file, SymmetryClasses::decode, build_classes, progress);
                let parity = size == OptimalTableSize::Large;
                Indexing::Sorted { parity, classes }
            }
        };
        let build =
            |p: &mut dyn FnMut(Progress)| tables.build_distances(&indexing, &twist_conjugation, p);
        let distances = obtain(dir, &spec, build, progress, &mut report);
        tables.mod3 = Some(Mod3Bound {
            indexing,
            twist_conjugation,
            distances: Pruning::from_bytes(distances),
        });
        (tables, report)
    }

    /// The size these tables were made for.
    pub fn size(&self) -> OptimalTableSize {
        self.size
    }

    /// The metric these tables were made for.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// Whether their bound holds for a search in `metric`: a distance in face turns bounds
    /// one in quarter turns too, not the other way round.
    pub fn bounds_in(&self, metric: Metric) -> bool {
        self.size == OptimalTableSize::Small || self.metric == Metric::Htm || metric == Metric::Qtm
    }

    /// The medium two-phase tables, for the first upper bound.
    pub(super) fn two_phase(&self) -> &TwoPhaseTables {
        &self.two_phase
    }

    /// The medium two-phase tables' flip-slice classes.
    fn flip_slice_classes(&self) -> &SymmetryClasses<FlipSlice> {
        self.two_phase
            .flip_slice_classes()
            .expect("the medium two-phase tables have flip-slice classes")
    }

    /// The coordinates of a state.
    pub(super) fn coords(cube: &CubieCube) -> Coords {
        Coords {
            twist: TwistParity::of(cube),
            split: CornerSplit::of(cube),
            flip: Flip::of(cube),
            slice: SliceSorted::of(cube),
        }
    }

    /// The coordinates after move `m`, an index into [`MOVES`].
    #[inline]
    pub(super) fn after(&self, coords: Coords, m: usize) -> Coords {
        let moves = &self.two_phase.moves;
        Coords {
            twist: self.twist_moves.apply(coords.twist, m),
            split: self.split_moves.apply(coords.split, m),
            flip: moves.flip.apply(coords.flip, m),
            slice: moves.slice_sorted.apply(coords.slice, m),
        }
    }

    /// The index of `coords` in a mod-3 table.
    #[inline]
    fn index(&self, bound: &Mod3Bound, coords: Coords) -> usize {
        match &bound.indexing {
            Indexing::Sorted { parity, classes } => {
                let (class, s) = classes.class_of(FlipSliceSorted::new(coords.flip, coords.slice));
                let twist = bound.twist_conjugation.apply(coords.twist, s);
                if *parity {
                    class * TwistParity::COUNT + twist.index()
                } else {
                    class * Twist::COUNT + twist.twist().index()
                }
            }
            Indexing::Split { split_conjugation } => {
                let edges = FlipSlice::new(coords.flip, coords.slice.position());
                let (class, s) = self.flip_slice_classes().class_of(edges);
                let corners = TwistParitySplit::new(
                    bound.twist_conjugation.apply(coords.twist, s),
                    split_conjugation.apply(coords.split, s),
                );
                class * TwistParitySplit::COUNT + corners.index()
            }
        }
    }

    /// Whether a state with these coordinates is in a mod-3 table's goal.
    fn in_goal(bound: &Mod3Bound, coords: Coords) -> bool {
        let edges = coords.flip == Flip(0);
        match bound.indexing {
            Indexing::Sorted { parity, .. } => {
                let twist = if parity {
                    coords.twist == TwistParity(0)
                } else {
                    coords.twist.twist() == Twist(0)
                };
                edges && twist && coords.slice == SliceSorted(0)
            }
            Indexing::Split { .. } => {
                let slice = coords.slice.position() == SlicePosition(0);
                edges && slice && coords.twist == TwistParity(0) && coords.split == CornerSplit(0)
            }
        }
    }

    /// The number of entries of a mod-3 table.
    fn entries(&self, bound: &Mod3Bound) -> usize {
        match &bound.indexing {
            Indexing::Sorted { parity, classes } => {
                classes.count()
                    * if *parity {
                        TwistParity::COUNT
                    } else {
                        Twist::COUNT
                    }
            }
            Indexing::Split { .. } => self.flip_slice_classes().count() * TwistParitySplit::COUNT,
        }
    }

    /// Starts loading the symmetry class that [`probe`](Self::probe) will read.
    #[inline]
    pub(super) fn prefetch_class(&self, coords: Coords) {
        match &self.mod3 {
            Some(Mod3Bound {
                indexing: Indexing::Sorted { classes, .. },
                ..
            }) => classes.prefetch(FlipSliceSorted::new(coords.flip, coords.slice)),
            _ => self
                .two_phase
                .prefetch_class(coords.flip, coords.slice.position()),
        }
    }

    /// Where the bound of `coords` is stored; starts loading it.
    #[inline]
    pub(super) fn probe(&self, coords: Coords) -> Probe {
        match &self.mod3 {
            Some(bound) => {
                let index = self.index(bound, coords);
                bound.distances.prefetch(index);
                Probe(index)
            }
            None => {
                let (twist, flip, slice) = (coords.twist.twist(), coords.flip, coords.slice);
                let probe = self.two_phase.phase1_probe(twist, flip, slice.position());
                Probe(probe.index() as usize)
            }
        }
    }

    /// The lower bound at a probed place, one move away from a state whose bound is
    /// `neighbour` (which the mod-3 tables need).
    #[inline]
    pub(super) fn read(&self, probe: Probe, neighbour: u8) -> u8 {
        match &self.mod3 {
            Some(bound) => bound.distances.distance_next_to(probe.0, neighbour),
            None => self.two_phase.phase1_exact(probe.0 as u32),
        }
    }

    /// The lower bound of `coords`. With a mod-3 table it is found by walking down to the
    /// goal, one neighbour (by a move of the table's metric) a step nearer at a time.
    pub(super) fn bound(&self, coords: Coords) -> u8 {
        let Some(bound) = &self.mod3 else {
            return self.read(self.probe(coords), 0);
        };
        bound.distances.walk_down(
            coords,
            |state| Self::in_goal(bound, state),
            |state| self.index(bound, state),
            |state| {
                let turns = self.metric.face_turns().iter();
                turns.map(move |&m| self.after(state, usize::from(m)))
            },
        )
    }

    /// How many table entries of the medium or larger sizes have each distance mod 3 (`None`
    /// for the small size).
    pub fn residues(&self) -> Option<[u64; 3]> {
        let bound = self.mod3.as_ref()?;
        let counts = bound.distances.distribution(self.entries(bound));
        Some([counts[0], counts[1], counts[2]])
    }

    /// Builds the distances mod 3 of a table indexed by `indexing`, moving the edges with the
    /// two-phase move tables and the corners with this size's own.
    fn build_distances(
        &self,
        indexing: &Indexing,
        twists: &Conjugation<TwistParity>,
        progress: &mut dyn FnMut(Progress),
    ) -> Vec<u8> {
        let moves = &self.two_phase.moves;
        let stage = "optimal-solver distances";
        let turns = self.metric.face_turns();
        let turn = |i: usize| usize::from(turns[i]);
        match indexing {
            Indexing::Sorted { parity, classes } => {
                let move_pair = |pair: FlipSliceSorted, i| {
                    FlipSliceSorted::new(
                        moves.flip.apply(pair.flip(), turn(i)),
                        moves.slice_sorted.apply(pair.slice(), turn(i)),
                    )
                };
                if *parity {
                    let conjugate = |t, s| twists.apply(t, s);
                    let twist_moves = &Turns(&self.twist_moves, turns);
                    Mod3Pruning::build(classes, move_pair, twist_moves, conjugate, stage, progress)
                } else {
                    let conjugate = |t: Twist, s| twists.apply(TwistParity(t.0 << 1), s).twist();
                    let twist_moves = &Turns(&moves.twist, turns);
                    Mod3Pruning::build(classes, move_pair, twist_moves, conjugate, stage, progress)
                }
            }
            Indexing::Split { split_conjugation } => {
                let conjugate = |c: TwistParitySplit, s| {
                    TwistParitySplit::new(
                        twists.apply(c.twist_parity(), s),
                        split_conjugation.apply(c.split(), s),
                    )
                };
                let corner_moves = Turns(&CornerMoves(&self.twist_moves, &self.split_moves), turns);
                let classes = self.flip_slice_classes();
                let move_pair = |pair, i| moves.flip_slice(pair, turn(i));
                Mod3Pruning::build(
                    classes,
                    move_pair,
                    &corner_moves,
                    conjugate,
                    stage,
                    progress,
                )
            }
        }
        .into_bytes()
    }
}

/// The moves of a [`MoveFunction`] over all 18 face turns that are one move in a metric
/// ([`Metric::face_turns`]), numbered from 0.
struct Turns<'a, F>(&'a F, &'static [u8]);

impl<C, F: MoveFunction<C>> MoveFunction<C> for Turns<'_, F> {
    fn moves(&self) -> usize {
        self.1.len()
    }
    #[inline]
    fn apply(&self, coordinate: C, i: usize) -> C {
        self.0.apply(coordinate, usize::from(self.1[i]))
    }
}

/// Where each move takes the corners' coordinate of the huge table, part by part.
struct CornerMoves<'a>(&'a MoveTable<TwistParity>, &'a MoveTable<CornerSplit>);

impl MoveFunction<TwistParitySplit> for CornerMoves<'_> {
    fn moves(&self) -> usize {
        self.0.moves()
    }
    #[inline]
    fn apply(&self, corners: TwistParitySplit, m: usize) -> TwistParitySplit {
        TwistParitySplit::new(
            self.0.apply(corners.twist_parity(), m),
            self.1.apply(corners.split(), m),
        )
    }
}

/// Builds the flip-sorted-slice classes, encoded.
fn build_classes(progress: &mut dyn FnMut(Progress)) -> Vec<u8> {
    let step = |done| Progress {
        stage: "sorted-slice symmetry classes",
        done,
        total: 1,
    };
    progress(step(0));
    let mut encoder = Encoder::default();
    SymmetryClasses::<FlipSliceSorted>::build().encode(&mut encoder);
    progress(step(1));
    encoder.finish()
}
