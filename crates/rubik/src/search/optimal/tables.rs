//! The optimal solver's tables, in four sizes, built from the code or loaded from the cache.
//!
//! | size | lower bound | bytes | build |
//! |---|---|---|---|
//! | [`OptimalTableSize::Small`] | the medium two-phase tables' phase-1 distance (4 bits) | 136 MB | ≈ 7 s |
//! | [`OptimalTableSize::Medium`] | the distance to twist, flip and the slice edges solved in order, over (flip-sorted-slice class, twist), mod 3 | 0.94 GB | ≈ 1.5 min |
//! | [`OptimalTableSize::Large`] | the same with the corner parity even too, over (flip-sorted-slice class, twist and corner parity), mod 3 | 1.8 GB | ≈ 3 min |
//! | [`OptimalTableSize::Huge`] | the distances to phase 1's goal with the D-layer corners in the D layer, and with the corner permutation even too, over (flip-slice class, twist, split), in chunks (see [`split`](super::split)), and the large two-phase tables | 5.6 GB | ≈ 15 min |
//!
//! Each bound reads a state seen along each of the three axes; the solver takes the largest.
//! The medium goal is the phase-1 goal with the four slice edges also in their places, so its
//! distances are one to two moves longer and the search visits a hundred times fewer nodes;
//! the large goal tells apart what a quarter turn of U or D does there, and halves the nodes
//! again. The huge goals trade the slice edges' order for where the corners are; its classes
//! are the two-phase tables' flip-slice classes, 4 MB that stay in the cache, where the two
//! sizes below share the flip-sorted-slice classes (1,523,864 of them, 107 MB). Every size
//! holds two-phase tables, which give the first upper bound and look for solutions between
//! deepenings: the medium ones (the small size's bound), or the large ones beside the huge
//! table. A distance mod 3 is enough for a search that knows the distance of the node it came
//! from: a move changes it by -1, 0 or +1, three values that differ mod 3. The small and huge
//! tables are read alone, with no neighbour: the search reads them for the inverse of a node
//! too.
//!
//! Each goal is a group, and a state at distance d from it has no solution of d moves ending
//! with a move of the group (drop that move: d − 1 would reach the goal). [`FreeMoves`] says
//! which moves each goal holds, as each view sees them.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use super::split::{self, Entry};
use crate::coord::{
    Coordinate, CornerSplit, Flip, FlipSlice, FlipSliceSorted, SlicePosition, SliceSorted, Twist,
    TwistParity, TwistParitySplit,
};
use crate::cubie::{CubieCube, FaceTurn, MOVES, mask_of};
use crate::face::Axis;
use crate::search::canonical::turns_seen_along_axes;
use crate::search::two_phase::{TableSize, TwoPhaseTables};
use crate::search::{Metric, UnknownName, by_name};
use crate::tables::cache::{decoded, obtain, obtain_sized};
use crate::tables::codec::Encoder;
use crate::tables::storage::{LoadReport, Memory, Progress, Table, TableSpec};
use crate::tables::{Conjugation, Mod3Pruning, MoveFunction, MoveTable, Pruning, SymmetryClasses};

/// Bumped whenever a builder would produce different bytes, so that old cache files are rebuilt.
const TABLES_VERSION: u64 = 2;
/// The huge table's own version: version 3 holds both goals' distances, read alone.
const SPLIT_VERSION: u64 = 3;

/// The sorted-slice classes' own version: version 3 dropped the twist conjugation from the
/// file (it is built on load).
const SORTED_CLASSES: TableSpec = TableSpec::new("optimal-sorted-classes", 3);
/// The distance tables of the medium, large and huge sizes in face turns, then in quarter turns.
const DISTANCES: [[TableSpec; 3]; 2] = [
    [
        TableSpec::new("optimal-sorted-mod3", TABLES_VERSION),
        TableSpec::new("optimal-parity-mod3", TABLES_VERSION),
        TableSpec::new("optimal-split", SPLIT_VERSION),
    ],
    [
        TableSpec::new("optimal-sorted-mod3-qtm", TABLES_VERSION),
        TableSpec::new("optimal-parity-mod3-qtm", TABLES_VERSION),
        TableSpec::new("optimal-split-qtm", SPLIT_VERSION),
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
    /// About 5.6 GB (5.1 GB and the large two-phase tables), built in about a quarter of an
    /// hour (with 10 GB of memory); the fastest.
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
        let mut specs = self.two_phase_size().specs();
        if matches!(self, OptimalTableSize::Medium | OptimalTableSize::Large) {
            specs.push(SORTED_CLASSES);
        }
        specs.extend(self.distances(metric));
        specs
    }

    /// The size of the two-phase tables this size holds: the large ones beside the huge table
    /// (whose bound does not read them, and whose searches they make faster at finding
    /// solutions, for 0.49 GB more), else the medium ones (whose phase-1 table is the small
    /// size's bound).
    fn two_phase_size(self) -> TableSize {
        match self {
            OptimalTableSize::Huge => TableSize::Large,
            _ => TableSize::Medium,
        }
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
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Self, UnknownName> {
        by_name(text, &OptimalTableSize::ALL, "an optimal table size")
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

/// For each view, as bit masks over the face turns: the moves inside the wide goal's group and inside
/// the narrow goal's (see [`Entry`]). A solution of exactly as many moves as a bound to a goal
/// does not end with a move of that goal's group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct FreeMoves {
    pub(super) wide: [u32; 3],
    pub(super) narrow: [u32; 3],
}

/// The lower bound of the medium and large sizes: distances mod 3 over (flip-sorted-slice
/// class, twist and maybe corner parity).
struct SortedBound {
    parity: bool,
    classes: SymmetryClasses<FlipSliceSorted>,
    distances: Mod3Pruning<Table>,
}

/// The lower bound of the huge size: both goals' distances over (flip-slice class, twist,
/// corner split), in chunks (see [`split`]), with the two-phase tables' classes.
struct SplitBound {
    split_conjugation: Conjugation<CornerSplit>,
    chunks: Table,
}

/// Which lower bound a size reads.
enum Bound {
    /// The small size: the exact phase-1 distance of the medium two-phase tables.
    Phase1,
    Sorted(SortedBound),
    Split(SplitBound),
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
    /// How the symmetries change the twist and corner parity (built on load).
    twist_conjugation: Conjugation<TwistParity>,
    bound: Bound,
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

    /// Loads the tables of `size` for `metric` from the cache directory `dir`, building and
    /// saving whatever is missing or fails its checks. With no directory, builds everything in
    /// memory. Cached tables are read whole into memory backed by huge pages
    /// ([`Memory::Copied`]): a search reads them at random for seconds to hours. The small size
    /// reads a distance in face turns, whatever the metric.
    pub fn load_or_build(
        dir: Option<&Path>,
        size: OptimalTableSize,
        metric: Metric,
        progress: &mut dyn FnMut(Progress),
    ) -> (OptimalTables, LoadReport) {
        let (two_phase, mut report) =
            TwoPhaseTables::load_or_build(dir, size.two_phase_size(), Memory::Copied, progress);
        let mut tables = OptimalTables {
            size,
            metric,
            two_phase,
            twist_moves: MoveTable::build(&MOVES[..]),
            split_moves: MoveTable::build(&MOVES[..]),
            twist_conjugation: Conjugation::build(),
            bound: Bound::Phase1,
        };
        let Some(spec) = size.distances(metric) else {
            return (tables, report);
        };
        tables.bound = match size {
            OptimalTableSize::Huge => {
                let split_conjugation = Conjugation::build();
                let build = |p: &mut dyn FnMut(Progress)| tables.build_split(&split_conjugation, p);
                // The chunks hold an entry for each byte of the distances (two distances, one
                // for each corner parity).
                let distances = tables.flip_slice_classes().count() * TwistParitySplit::COUNT;
                let len = split::table_bytes(<Pruning<&[u8]>>::byte_len(distances));
                let memory = Memory::Copied;
                let chunks = obtain_sized(dir, &spec, memory, len, build, progress, &mut report);
                Bound::Split(SplitBound {
                    split_conjugation,
                    chunks,
                })
            }
            _ => {
                let file = obtain(
                    dir,
                    &SORTED_CLASSES,
                    Memory::Copied,
                    build_classes,
                    progress,
                    &mut report,
                );
                let classes = decoded(file, SymmetryClasses::decode, build_classes, progress);
                let parity = size == OptimalTableSize::Large;
                let build = |p: &mut dyn FnMut(Progress)| tables.build_sorted(parity, &classes, p);
                let corners = if parity {
                    TwistParity::COUNT
                } else {
                    Twist::COUNT
                };
                let len = Mod3Pruning::<&[u8]>::byte_len(classes.count() * corners);
                let memory = Memory::Copied;
                let distances = obtain_sized(dir, &spec, memory, len, build, progress, &mut report);
                Bound::Sorted(SortedBound {
                    parity,
                    classes,
                    distances: Pruning::from_bytes(distances),
                })
            }
        };
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

    /// Whether an entry can be read with no neighbour's (the small and huge sizes), as the
    /// search's inverse lookups must.
    pub(super) fn reads_alone(&self) -> bool {
        !matches!(self.bound, Bound::Sorted(_))
    }

    /// The moves each view's goals hold.
    pub(super) fn free_moves(&self) -> FreeMoves {
        let seen = turns_seen_along_axes();
        let mask = |keep: &dyn Fn(FaceTurn) -> bool| -> [u32; 3] {
            std::array::from_fn(|r| {
                let kept: Vec<FaceTurn> = FaceTurn::ALL
                    .into_iter()
                    .filter(|m| keep(seen[r][m.index()]))
                    .collect();
                mask_of(&kept)
            })
        };
        // U and D turns, and half turns, as the view sees them.
        let up_down = |m: FaceTurn| m.face().axis() == Axis::Y;
        let half = |m: FaceTurn| m.is_half();
        let wide = match &self.bound {
            Bound::Phase1 => mask(&|m| up_down(m) || half(m)),
            Bound::Sorted(SortedBound { parity: false, .. }) | Bound::Split(_) => mask(&up_down),
            Bound::Sorted(SortedBound { parity: true, .. }) => mask(&|m| up_down(m) && half(m)),
        };
        let narrow = match &self.bound {
            Bound::Split(_) => mask(&|m| up_down(m) && half(m)),
            _ => wide,
        };
        FreeMoves { wide, narrow }
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

    /// The coordinates that a table read alone needs, of a state whose corner parity is
    /// known to be `parity`: the slice edges' order is left out (as if sorted), since those
    /// tables read only where the slice edges are.
    pub(super) fn coords_read_alone(cube: &CubieCube, parity: u8) -> Coords {
        let position = SlicePosition::of(cube).0;
        Coords {
            twist: TwistParity(Twist::of(cube).0 << 1 | u16::from(parity)),
            split: CornerSplit::of(cube),
            flip: Flip::of(cube),
            slice: SliceSorted(position * 24),
        }
    }

    /// The coordinates after move `m`, the index of a [`FaceTurn`].
    pub(super) fn after(&self, coords: Coords, m: usize) -> Coords {
        let moves = &self.two_phase.moves;
        Coords {
            twist: self.twist_moves.apply(coords.twist, m),
            split: self.split_moves.apply(coords.split, m),
            flip: moves.flip.apply(coords.flip, m),
            slice: moves.slice_sorted.apply(coords.slice, m),
        }
    }

    /// The index of `coords` in a sorted table.
    fn sorted_index(&self, bound: &SortedBound, coords: Coords) -> usize {
        let edges = FlipSliceSorted::new(coords.flip, coords.slice);
        let (class, s) = bound.classes.class_of(edges);
        let twist = self.twist_conjugation.apply(coords.twist, s);
        if bound.parity {
            class * TwistParity::COUNT + twist.index()
        } else {
            class * Twist::COUNT + twist.twist().index()
        }
    }

    /// The index of `coords` in the huge table.
    fn split_index(&self, bound: &SplitBound, coords: Coords) -> usize {
        let edges = FlipSlice::new(coords.flip, coords.slice.position());
        let (class, s) = self.flip_slice_classes().class_of(edges);
        let twist = self.twist_conjugation.apply(coords.twist, s).twist();
        let split = bound.split_conjugation.apply(coords.split, s);
        (class * Twist::COUNT + twist.index()) * CornerSplit::COUNT + split.index()
    }

    /// Whether a state with these coordinates is in a sorted table's goal.
    fn in_sorted_goal(bound: &SortedBound, coords: Coords) -> bool {
        let twist = if bound.parity {
            coords.twist == TwistParity(0)
        } else {
            coords.twist.twist() == Twist(0)
        };
        coords.flip == Flip(0) && twist && coords.slice == SliceSorted(0)
    }

    /// Starts loading the symmetry class that [`probe`](Self::probe) will read.
    pub(super) fn prefetch_class(&self, coords: Coords) {
        match &self.bound {
            Bound::Sorted(bound) => bound
                .classes
                .prefetch(FlipSliceSorted::new(coords.flip, coords.slice)),
            _ => self
                .two_phase
                .prefetch_class(coords.flip, coords.slice.position()),
        }
    }

    /// Where the bound of `coords` is stored (the small size's starts loading too).
    pub(super) fn locate(&self, coords: Coords) -> Probe {
        match &self.bound {
            Bound::Phase1 => {
                let (twist, flip, slice) = (coords.twist.twist(), coords.flip, coords.slice);
                let probe = self.two_phase.phase1_probe(twist, flip, slice.position());
                Probe(probe.index() as usize)
            }
            Bound::Sorted(bound) => Probe(self.sorted_index(bound, coords)),
            Bound::Split(bound) => Probe(self.split_index(bound, coords)),
        }
    }

    /// Starts loading the entry at a probed place.
    pub(super) fn prefetch(&self, probe: Probe) {
        match &self.bound {
            Bound::Phase1 => {}
            Bound::Sorted(bound) => bound.distances.prefetch(probe.0),
            Bound::Split(bound) => {
                crate::tables::prefetch(bound.chunks.payload(), split::chunk_start(probe.0));
            }
        }
    }

    /// The entry at a probed place. `neighbour` is the entry of a state one move away, which
    /// the sorted tables need (they store distances mod 3); the others ignore it.
    pub(super) fn read(&self, probe: Probe, neighbour: Entry) -> Entry {
        match &self.bound {
            Bound::Phase1 => Entry::single(self.two_phase.phase1_exact(probe.0 as u32)),
            Bound::Sorted(bound) => {
                Entry::single(bound.distances.distance_next_to(probe.0, neighbour.wide))
            }
            Bound::Split(bound) => split::entry(bound.chunks.payload(), probe.0),
        }
    }

    /// The entry of `coords`. A sorted table's distance is found by walking down to the goal,
    /// one neighbour (by a move of the table's metric) a step nearer at a time.
    pub(super) fn entry(&self, coords: Coords) -> Entry {
        let Bound::Sorted(bound) = &self.bound else {
            return self.read(self.locate(coords), Entry::default());
        };
        Entry::single(bound.distances.walk_down(
            coords,
            |state| Self::in_sorted_goal(bound, state),
            |state| self.sorted_index(bound, state),
            |state| {
                let turns = self.metric.face_turns().iter();
                turns.map(move |m| self.after(state, m.index()))
            },
        ))
    }

    /// Builds the distances mod 3 of a sorted table (with the corner parity or not), moving
    /// the edges with the two-phase move tables and the corners with this size's own.
    fn build_sorted(
        &self,
        parity: bool,
        classes: &SymmetryClasses<FlipSliceSorted>,
        progress: &mut dyn FnMut(Progress),
    ) -> Vec<u8> {
        let moves = &self.two_phase.moves;
        let stage = "optimal-solver distances";
        let turns = self.metric.face_turns();
        let turn = |i: usize| turns[i].index();
        let move_pair = |pair: FlipSliceSorted, i| {
            FlipSliceSorted::new(
                moves.flip.apply(pair.flip(), turn(i)),
                moves.slice_sorted.apply(pair.slice(), turn(i)),
            )
        };
        let twists = &self.twist_conjugation;
        if parity {
            let conjugate = |t, s| twists.apply(t, s);
            let twist_moves = &Turns(&self.twist_moves, turns);
            Mod3Pruning::build(classes, move_pair, twist_moves, conjugate, stage, progress)
        } else {
            let conjugate = |t: Twist, s| twists.apply(TwistParity(t.0 << 1), s).twist();
            let twist_moves = &Turns(&moves.twist, turns);
            Mod3Pruning::build(classes, move_pair, twist_moves, conjugate, stage, progress)
        }
        .into_bytes()
    }

    /// Builds the huge table: the exact distances over (flip-slice class, twist, parity and
    /// split), four bits an entry (10 GB), turned into chunks in place.
    fn build_split(
        &self,
        split_conjugation: &Conjugation<CornerSplit>,
        progress: &mut dyn FnMut(Progress),
    ) -> Vec<u8> {
        let moves = &self.two_phase.moves;
        let turns = self.metric.face_turns();
        let twists = &self.twist_conjugation;
        let conjugate = |c: TwistParitySplit, s| {
            TwistParitySplit::new(
                twists.apply(c.twist_parity(), s),
                split_conjugation.apply(c.split(), s),
            )
        };
        let corner_moves = Turns(&CornerMoves(&self.twist_moves, &self.split_moves), turns);
        let classes = self.flip_slice_classes();
        let move_pair = |pair, i: usize| moves.flip_slice(pair, turns[i].index());
        let distances = <Pruning<Vec<u8>>>::build(
            classes,
            move_pair,
            &corner_moves,
            conjugate,
            "optimal-solver distances",
            progress,
        );
        // Per (class, twist): the 70 splits with parity 0, then with parity 1.
        split::chunks_from_distances(distances.into_bytes(), CornerSplit::COUNT)
    }
}

/// The moves of a [`MoveFunction`] over all 18 face turns that are one move in a metric
/// ([`Metric::face_turns`]), numbered from 0.
struct Turns<'a, F>(&'a F, &'static [FaceTurn]);

impl<C, F: MoveFunction<C>> MoveFunction<C> for Turns<'_, F> {
    fn moves(&self) -> usize {
        self.1.len()
    }
    fn apply(&self, coordinate: C, i: usize) -> C {
        self.0.apply(coordinate, self.1[i].index())
    }
}

/// Where each move takes the corners' coordinate of the huge table, part by part.
struct CornerMoves<'a>(&'a MoveTable<TwistParity>, &'a MoveTable<CornerSplit>);

impl MoveFunction<TwistParitySplit> for CornerMoves<'_> {
    fn moves(&self) -> usize {
        self.0.moves()
    }
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
