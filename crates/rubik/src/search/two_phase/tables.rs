//! The tables of the two-phase solver, in four sizes, built from the code or loaded from the
//! cache.
//!
//! | size | phase-1 bound | phase-2 bound | bytes | build |
//! |---|---|---|---|---|
//! | [`TableSize::Large`] (the default) | exact, with how each move changes it, over (flip-slice class, twist): 16-fold symmetry, 3 bytes (423 MB) | corner-permutation class × U/D edges (56 MB), corners × slice, U/D edges × slice | ≈ 490 MB | ≈ 15 s |
//! | [`TableSize::Medium`] | exact, over the same pairs, 4 bits (70 MB) | as the large size | ≈ 136 MB | ≈ 7 s |
//! | [`TableSize::Small`] | the same distances mod 3, 2 bits (35 MB) | corners × slice, U/D edges × slice | ≈ 45 MB | ≈ 5 s |
//! | [`TableSize::Tiny`] | twist × slice, flip × slice, twist × flip | corners × slice, U/D edges × slice | ≈ 7 MB | < 1 s |
//!
//! A distance mod 3 is enough for a search that knows the distance of the node it came from: a
//! move changes the phase-1 distance by -1, 0 or +1, three values that differ mod 3. The large
//! size stores those changes instead ([`StepTable`]): a node's entry says which of its children
//! the search keeps, and their distances, so it reads one entry per node it expands rather than
//! one per child. A start's distance is found by walking down to the goal.
//!
//! The move tables, symmetry classes and small pruning tables of a size are saved together in one
//! file; each large pruning table has its own.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use crate::coord::{
    Coordinate, CornerPerm, Flip, FlipSlice, SlicePerm, SlicePosition, SliceSorted, Twist,
    UdEdgePerm,
};
use crate::cubie::{CubieCube, FaceTurn, MOVES, UdSymmetry};
use crate::search::{UnknownName, by_name};
use crate::tables::cache::{decoded, obtain, obtain_sized, pairs};
use crate::tables::codec::{Decoder, Encoder};
use crate::tables::storage::{LoadReport, Memory, Progress, Table, TableSpec};
use crate::tables::{
    Conjugation, Mod3Pruning, MoveTable, Pruning, StepTable, Steps, SymmetryClasses, Unreduced,
};

/// Bumped whenever a builder would produce different bytes, so that old cache files are rebuilt.
const TABLES_VERSION: u64 = 3;

/// Which tables to use: the trade between memory, build time and solving speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TableSize {
    /// About 7 MB, built in well under a second; solves in tens of milliseconds.
    Tiny,
    /// About 45 MB, built in seconds; solves in about a millisecond.
    Small,
    /// About 136 MB, built in seconds; the optimal solver's base.
    Medium,
    /// About 490 MB, built in about 15 seconds; solves fastest.
    #[default]
    Large,
}

impl TableSize {
    /// Every size, smallest first.
    pub const ALL: [TableSize; 4] = [
        TableSize::Tiny,
        TableSize::Small,
        TableSize::Medium,
        TableSize::Large,
    ];

    /// The files this size keeps in the cache.
    pub fn specs(self) -> Vec<TableSpec> {
        match self {
            TableSize::Tiny => vec![TINY],
            TableSize::Small => vec![SHARED, PHASE1_MOD3],
            TableSize::Medium => vec![SHARED, PHASE1, PHASE2],
            TableSize::Large => vec![SHARED, PHASE1_STEPS, PHASE2],
        }
    }
}

impl fmt::Display for TableSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TableSize::Tiny => "tiny",
            TableSize::Small => "small",
            TableSize::Medium => "medium",
            TableSize::Large => "large",
        })
    }
}

impl FromStr for TableSize {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Self, UnknownName> {
        by_name(text, &TableSize::ALL, "a table size")
    }
}

const TINY: TableSpec = TableSpec::new("twophase-tiny", TABLES_VERSION);
const SHARED: TableSpec = TableSpec::new("twophase-moves-syms", TABLES_VERSION);
const PHASE1_MOD3: TableSpec = TableSpec::new("twophase-phase1-mod3", TABLES_VERSION);
const PHASE1: TableSpec = TableSpec::new("twophase-phase1", TABLES_VERSION);
const PHASE1_STEPS: TableSpec = TableSpec::new("twophase-phase1-steps", TABLES_VERSION);
const PHASE2: TableSpec = TableSpec::new("twophase-phase2", TABLES_VERSION);

/// Where each move takes each coordinate: the phase-1 coordinates and the corners under all 18
/// moves (phase 1 carries the corners and the slice order along, for phase 2's first test), the
/// other phase-2 coordinates under the ten of [`FaceTurn::PHASE2`].
/// The optimal solver's tables move their twist, flip and sorted slice with these too.
pub(crate) struct MoveTables {
    pub(crate) twist: MoveTable<Twist>,
    pub(crate) flip: MoveTable<Flip>,
    /// For the tables over slice positions.
    slice: MoveTable<SlicePosition>,
    /// For the search, which needs the slice edges' order when phase 1 ends.
    pub(crate) slice_sorted: MoveTable<SliceSorted>,
    pub(super) corners: MoveTable<CornerPerm>,
    pub(super) ud_edges: MoveTable<UdEdgePerm>,
    pub(super) slice_perm: MoveTable<SlicePerm>,
}

impl MoveTables {
    fn build() -> MoveTables {
        let phase2: Vec<CubieCube> = FaceTurn::PHASE2.map(FaceTurn::cube).to_vec();
        MoveTables {
            twist: MoveTable::build(&MOVES[..]),
            flip: MoveTable::build(&MOVES[..]),
            slice: MoveTable::build(&MOVES[..]),
            slice_sorted: MoveTable::build(&MOVES[..]),
            corners: MoveTable::build(&MOVES[..]),
            ud_edges: MoveTable::build(&phase2),
            slice_perm: MoveTable::build(&phase2),
        }
    }

    fn encode(&self, encoder: &mut Encoder) {
        self.twist.encode(encoder);
        self.flip.encode(encoder);
        self.slice.encode(encoder);
        self.slice_sorted.encode(encoder);
        self.corners.encode(encoder);
        self.ud_edges.encode(encoder);
        self.slice_perm.encode(encoder);
    }

    fn decode(decoder: &mut Decoder) -> Option<MoveTables> {
        Some(MoveTables {
            twist: MoveTable::decode(decoder, 18)?,
            flip: MoveTable::decode(decoder, 18)?,
            slice: MoveTable::decode(decoder, 18)?,
            slice_sorted: MoveTable::decode(decoder, 18)?,
            corners: MoveTable::decode(decoder, 18)?,
            ud_edges: MoveTable::decode(decoder, 10)?,
            slice_perm: MoveTable::decode(decoder, 10)?,
        })
    }

    /// The corner permutation after phase-2 move number `i` (an index into [`FaceTurn::PHASE2`]).
    fn phase2_corners(&self, corners: CornerPerm, i: usize) -> CornerPerm {
        self.corners.apply(corners, FaceTurn::PHASE2[i].index())
    }

    /// The phase-2 distances over (corners, slice permutation).
    fn corner_slice(&self, progress: &mut dyn FnMut(Progress)) -> Pruning<Vec<u8>> {
        <Pruning<Vec<u8>>>::build(
            &Unreduced,
            |c, i| self.phase2_corners(c, i),
            &self.slice_perm,
            |y, _| y,
            "corner-slice",
            progress,
        )
    }

    /// The packed phase-1 coordinates of the states at most one move from phase 1's goal: the
    /// goal and where each move takes it.
    fn near_goal(&self) -> [u32; 19] {
        std::array::from_fn(|m| match m {
            18 => phase1_key(Twist(0), Flip(0), SlicePosition(0)),
            _ => phase1_key(
                self.twist.apply(Twist(0), m),
                self.flip.apply(Flip(0), m),
                self.slice.apply(SlicePosition(0), m),
            ),
        })
    }

    /// The flip-slice pair after move `m`.
    pub(crate) fn flip_slice(&self, flip_slice: FlipSlice, m: usize) -> FlipSlice {
        FlipSlice::new(
            self.flip.apply(flip_slice.flip(), m),
            self.slice.apply(flip_slice.slice(), m),
        )
    }
}

/// The phase-1 coordinates packed into one number, `(flip · 495 + slice) · 2187 + twist`
/// (below 2³²).
fn phase1_key(twist: Twist, flip: Flip, slice: SlicePosition) -> u32 {
    FlipSlice::new(flip, slice).index() as u32 * Twist::COUNT as u32 + twist.0 as u32
}

/// The phase-1 lower bound.
enum Phase1Bound {
    /// The exact distance over (flip-slice class, twist).
    Exact(Box<FlipSliceClasses>, Pruning<Table>),
    /// The same distances mod 3.
    Mod3(Box<FlipSliceClasses>, Mod3Pruning<Table>),
    /// How each move changes the exact distance, over the same entries.
    Steps(Box<FlipSliceClasses>, StepTable<Table>),
    /// The largest of the distances over (twist, slice), (flip, slice) and (twist, flip).
    Pairs([Pruning; 3]),
}

/// The flip-slice symmetry classes and how the symmetries change the twist.
struct FlipSliceClasses {
    classes: SymmetryClasses<FlipSlice>,
    twist_conjugation: Conjugation<Twist>,
}

impl FlipSliceClasses {
    /// The entries of a table over (flip-slice class, twist).
    fn entries(&self) -> usize {
        self.classes.count() * Twist::COUNT
    }

    /// The table index of (twist, flip, slice): the class of the flip-slice pair and the twist
    /// seen through the symmetry that takes the pair to its class representative.
    fn index(&self, twist: Twist, flip: Flip, slice: SlicePosition) -> usize {
        self.locate(twist, flip, slice).0
    }

    /// The table index of (twist, flip, slice) and the symmetry that takes the state to the
    /// one stored there.
    fn locate(&self, twist: Twist, flip: Flip, slice: SlicePosition) -> (usize, UdSymmetry) {
        let (class, s) = self.classes.class_of(FlipSlice::new(flip, slice));
        let index = class * Twist::COUNT + self.twist_conjugation.apply(twist, s).index();
        (index, s)
    }
}

/// The phase-2 distance over (corner-permutation class, U/D edges), of the medium and large
/// tables.
struct SymmetricPhase2 {
    corner_classes: SymmetryClasses<CornerPerm>,
    edge_conjugation: Conjugation<UdEdgePerm>,
    distances: Pruning<Table>,
}

/// Every table of the two-phase solver.
pub struct TwoPhaseTables {
    size: TableSize,
    pub(crate) moves: MoveTables,
    /// See [`MoveTables::near_goal`].
    near_goal: [u32; 19],
    phase1: Phase1Bound,
    /// Phase-2 distances over (corners, slice permutation) and (U/D edges, slice permutation),
    /// small enough to stay in the cache, and the large table of the medium and large sizes.
    corner_slice: Pruning,
    edges_slice: Pruning,
    phase2: Option<SymmetricPhase2>,
}

/// What a phase-1 probe reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase1Entry {
    /// A lower bound of the distance.
    Bound(u8),
    /// How each move changes the distance (which the search knows already).
    Steps(Steps),
}

/// Where a phase-1 bound is stored: up to three table indices (`u32`: a search node keeps 18 of
/// these, and every index is below 2³²).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Probe([u32; 3]);

impl Probe {
    /// The index of an exact or mod-3 bound (the only one of the three used).
    pub(crate) fn index(self) -> u32 {
        self.0[0]
    }
}

/// The tables every size but the tiny one shares.
struct Shared {
    moves: MoveTables,
    flip_slice: FlipSliceClasses,
    corner_classes: SymmetryClasses<CornerPerm>,
    edge_conjugation: Conjugation<UdEdgePerm>,
    corner_slice: Pruning,
    edges_slice: Pruning,
}

impl Shared {
    fn build(progress: &mut dyn FnMut(Progress)) -> Vec<u8> {
        let step = |done| Progress {
            stage: "move and symmetry tables",
            done,
            total: 3,
        };
        progress(step(0));
        let moves = MoveTables::build();
        let mut encoder = Encoder::default();
        moves.encode(&mut encoder);
        progress(step(1));
        SymmetryClasses::<FlipSlice>::build().encode(&mut encoder);
        Conjugation::<Twist>::build().encode(&mut encoder);
        progress(step(2));
        SymmetryClasses::<CornerPerm>::build().encode(&mut encoder);
        Conjugation::<UdEdgePerm>::build().encode(&mut encoder);
        progress(step(3));
        moves.corner_slice(progress).encode(&mut encoder);
        pairs(&moves.ud_edges, &moves.slice_perm, "edge-slice", progress).encode(&mut encoder);
        encoder.finish()
    }

    fn decode(decoder: &mut Decoder) -> Option<Shared> {
        Some(Shared {
            moves: MoveTables::decode(decoder)?,
            flip_slice: FlipSliceClasses {
                classes: SymmetryClasses::decode(decoder)?,
                twist_conjugation: Conjugation::decode(decoder)?,
            },
            corner_classes: SymmetryClasses::decode(decoder)?,
            edge_conjugation: Conjugation::decode(decoder)?,
            corner_slice: Pruning::decode(decoder, CornerPerm::COUNT * SlicePerm::COUNT)?,
            edges_slice: Pruning::decode(decoder, UdEdgePerm::COUNT * SlicePerm::COUNT)?,
        })
    }

    /// The phase-1 distances over (flip-slice class, twist), `BITS` bits an entry.
    fn phase1<const BITS: usize>(
        &self,
        progress: &mut dyn FnMut(Progress),
    ) -> Pruning<Vec<u8>, BITS> {
        let classes = &self.flip_slice;
        Pruning::build(
            &classes.classes,
            |fs, m| self.moves.flip_slice(fs, m),
            &self.moves.twist,
            |t, s| classes.twist_conjugation.apply(t, s),
            "phase-1 pruning",
            progress,
        )
    }

    /// How each move changes the phase-1 distance, over (flip-slice class, twist).
    fn phase1_steps(&self, progress: &mut dyn FnMut(Progress)) -> Vec<u8> {
        let distances = self.phase1::<4>(progress);
        let classes = &self.flip_slice;
        StepTable::build(
            &distances,
            &classes.classes,
            |fs, m| self.moves.flip_slice(fs, m),
            &self.moves.twist,
            |t, s| classes.twist_conjugation.apply(t, s),
            "phase-1 steps",
            progress,
        )
        .into_bytes()
    }

    /// The phase-2 distances over (corner-permutation class, U/D edges).
    fn phase2(&self, progress: &mut dyn FnMut(Progress)) -> Vec<u8> {
        <Pruning<Vec<u8>>>::build(
            &self.corner_classes,
            |c, i| self.moves.phase2_corners(c, i),
            &self.moves.ud_edges,
            |e, s| self.edge_conjugation.apply(e, s),
            "phase-2 pruning",
            progress,
        )
        .into_bytes()
    }
}

impl TwoPhaseTables {
    /// Builds every table of `size` from the code alone, in memory.
    pub fn build(size: TableSize, progress: &mut dyn FnMut(Progress)) -> TwoPhaseTables {
        Self::load_or_build(None, size, Memory::Copied, progress).0
    }

    /// Loads the tables of `size` from the cache directory `dir`, held as `memory` says
    /// ([`Memory::Mapped`] for a few states, [`Memory::Copied`] for long work), building and
    /// saving whatever is missing or fails its checks. With no directory, builds everything in
    /// memory.
    pub fn load_or_build(
        dir: Option<&Path>,
        size: TableSize,
        memory: Memory,
        progress: &mut dyn FnMut(Progress),
    ) -> (TwoPhaseTables, LoadReport) {
        let mut report = LoadReport::new();
        let tables = match size {
            TableSize::Tiny => Self::load_tiny(dir, memory, progress, &mut report),
            _ => Self::load_symmetric(dir, size, memory, progress, &mut report),
        };
        (tables, report)
    }

    fn load_tiny(
        dir: Option<&Path>,
        memory: Memory,
        progress: &mut dyn FnMut(Progress),
        report: &mut LoadReport,
    ) -> TwoPhaseTables {
        let build = |progress: &mut dyn FnMut(Progress)| {
            let moves = MoveTables::build();
            let mut encoder = Encoder::default();
            moves.encode(&mut encoder);
            let m = &moves;
            pairs(&m.twist, &m.slice, "twist-slice", progress).encode(&mut encoder);
            pairs(&m.flip, &m.slice, "flip-slice", progress).encode(&mut encoder);
            pairs(&m.twist, &m.flip, "twist-flip", progress).encode(&mut encoder);
            m.corner_slice(progress).encode(&mut encoder);
            pairs(&m.ud_edges, &m.slice_perm, "edge-slice", progress).encode(&mut encoder);
            encoder.finish()
        };
        let file = obtain(dir, &TINY, memory, build, progress, report);
        let decode = |decoder: &mut Decoder| {
            let moves = MoveTables::decode(decoder)?;
            let mut table = |entries| Pruning::decode(decoder, entries);
            let twist_slice = table(Twist::COUNT * SlicePosition::COUNT)?;
            let flip_slice = table(Flip::COUNT * SlicePosition::COUNT)?;
            let twist_flip = table(Twist::COUNT * Flip::COUNT)?;
            let corner_slice = table(CornerPerm::COUNT * SlicePerm::COUNT)?;
            let edges_slice = table(UdEdgePerm::COUNT * SlicePerm::COUNT)?;
            Some(TwoPhaseTables {
                size: TableSize::Tiny,
                near_goal: moves.near_goal(),
                moves,
                phase1: Phase1Bound::Pairs([twist_slice, flip_slice, twist_flip]),
                corner_slice,
                edges_slice,
                phase2: None,
            })
        };
        decoded(file, decode, build, progress)
    }

    fn load_symmetric(
        dir: Option<&Path>,
        size: TableSize,
        memory: Memory,
        progress: &mut dyn FnMut(Progress),
        report: &mut LoadReport,
    ) -> TwoPhaseTables {
        let file = obtain(dir, &SHARED, memory, Shared::build, progress, report);
        let shared = decoded(file, Shared::decode, Shared::build, progress);
        let (phase1, phase2) = if size == TableSize::Small {
            let len = Mod3Pruning::<&[u8]>::byte_len(shared.flip_slice.entries());
            let build = |p: &mut dyn FnMut(Progress)| shared.phase1::<2>(p).into_bytes();
            let table = obtain_sized(dir, &PHASE1_MOD3, memory, len, build, progress, report);
            let phase1 = Phase1Bound::Mod3(Box::new(shared.flip_slice), Pruning::from_bytes(table));
            (phase1, None)
        } else {
            let len = <Pruning<&[u8]>>::byte_len(shared.corner_classes.count() * UdEdgePerm::COUNT);
            let build = |p: &mut dyn FnMut(Progress)| shared.phase2(p);
            let phase2 = obtain_sized(dir, &PHASE2, memory, len, build, progress, report);
            let entries = shared.flip_slice.entries();
            let phase1 = if size == TableSize::Large {
                let len = StepTable::<&[u8]>::byte_len(entries);
                let build = |p: &mut dyn FnMut(Progress)| shared.phase1_steps(p);
                let table = obtain_sized(dir, &PHASE1_STEPS, memory, len, build, progress, report);
                Phase1Bound::Steps(Box::new(shared.flip_slice), StepTable::from_bytes(table))
            } else {
                let len = <Pruning<&[u8]>>::byte_len(entries);
                let build = |p: &mut dyn FnMut(Progress)| shared.phase1::<4>(p).into_bytes();
                let table = obtain_sized(dir, &PHASE1, memory, len, build, progress, report);
                Phase1Bound::Exact(Box::new(shared.flip_slice), Pruning::from_bytes(table))
            };
            let phase2 = SymmetricPhase2 {
                corner_classes: shared.corner_classes,
                edge_conjugation: shared.edge_conjugation,
                distances: Pruning::from_bytes(phase2),
            };
            (phase1, Some(phase2))
        };
        TwoPhaseTables {
            size,
            near_goal: shared.moves.near_goal(),
            moves: shared.moves,
            phase1,
            corner_slice: shared.corner_slice,
            edges_slice: shared.edges_slice,
            phase2,
        }
    }

    /// The size these tables were made for.
    pub fn size(&self) -> TableSize {
        self.size
    }

    /// The phase-1 coordinates (twist, flip, sorted slice) after move `m`, the index of one of
    /// the face turns ([`FaceTurn::index`]).
    pub(super) fn phase1_after(
        &self,
        (twist, flip, slice): (Twist, Flip, SliceSorted),
        m: usize,
    ) -> (Twist, Flip, SliceSorted) {
        (
            self.moves.twist.apply(twist, m),
            self.moves.flip.apply(flip, m),
            self.moves.slice_sorted.apply(slice, m),
        )
    }

    /// Whether a state with these phase-1 coordinates is at most one move from phase 1's goal:
    /// an exact test, and cheaper than a table probe.
    pub(super) fn within_one_move(&self, twist: Twist, flip: Flip, slice: SlicePosition) -> bool {
        let key = phase1_key(twist, flip, slice);
        self.near_goal
            .iter()
            .fold(false, |found, &near| found | (near == key))
    }

    /// The flip-slice symmetry classes (of every size but the tiny one).
    pub(crate) fn flip_slice_classes(&self) -> Option<&SymmetryClasses<FlipSlice>> {
        match &self.phase1 {
            Phase1Bound::Exact(classes, _)
            | Phase1Bound::Mod3(classes, _)
            | Phase1Bound::Steps(classes, _) => Some(&classes.classes),
            Phase1Bound::Pairs(_) => None,
        }
    }

    /// Starts loading what [`phase1_probe`](Self::phase1_probe) will read for (flip, slice).
    pub(crate) fn prefetch_class(&self, flip: Flip, slice: SlicePosition) {
        if let Some(classes) = self.flip_slice_classes() {
            classes.prefetch(FlipSlice::new(flip, slice));
        }
    }

    /// Where the phase-1 bound of (twist, flip, slice) is stored; starts loading it.
    pub(crate) fn phase1_probe(&self, twist: Twist, flip: Flip, slice: SlicePosition) -> Probe {
        match &self.phase1 {
            Phase1Bound::Exact(classes, table) => {
                let index = classes.index(twist, flip, slice);
                table.prefetch(index);
                Probe([index as u32, 0, 0])
            }
            Phase1Bound::Mod3(classes, table) => {
                let index = classes.index(twist, flip, slice);
                table.prefetch(index);
                Probe([index as u32, 0, 0])
            }
            Phase1Bound::Steps(classes, table) => {
                let (index, s) = classes.locate(twist, flip, slice);
                table.prefetch(index);
                Probe([index as u32, s.index() as u32, 0])
            }
            Phase1Bound::Pairs(_) => Probe(
                [
                    twist.index() * SlicePosition::COUNT + slice.index(),
                    flip.index() * SlicePosition::COUNT + slice.index(),
                    twist.index() * Flip::COUNT + flip.index(),
                ]
                .map(|i| i as u32),
            ),
        }
    }

    /// What is stored at a probed place, one move away from a state whose bound is `neighbour`
    /// (which the mod-3 tables need): a lower bound of the phase-1 distance (exact but for the
    /// tiny tables), or, with the large tables, how each move changes the distance.
    pub(crate) fn phase1_read(&self, probe: Probe, neighbour: u8) -> Phase1Entry {
        let [i, j, k] = probe.0.map(|i| i as usize);
        Phase1Entry::Bound(match &self.phase1 {
            Phase1Bound::Exact(_, table) => table.get(i),
            Phase1Bound::Mod3(_, table) => table.distance_next_to(i, neighbour),
            Phase1Bound::Steps(_, table) => {
                return Phase1Entry::Steps(table.get(i, UdSymmetry::from_index(j)));
            }
            Phase1Bound::Pairs([a, b, c]) => a.get(i).max(b.get(j)).max(c.get(k)),
        })
    }

    /// The exact phase-1 distance at a probed [`Probe::index`] (the medium tables only).
    pub(crate) fn phase1_exact(&self, index: u32) -> u8 {
        match &self.phase1 {
            Phase1Bound::Exact(_, table) => table.get(index as usize),
            _ => unreachable!("only the medium tables store the exact distance"),
        }
    }

    /// A lower bound of the phase-1 distance of a state (exact but for the tiny tables), and
    /// with the large tables how each move changes it. With the mod-3 and the large tables the
    /// distance is found by walking down to the goal.
    pub(super) fn phase1_start(
        &self,
        twist: Twist,
        flip: Flip,
        slice: SliceSorted,
    ) -> (u8, Option<Steps>) {
        match &self.phase1 {
            Phase1Bound::Mod3(classes, table) => {
                let distance = table.walk_down(
                    (twist, flip, slice),
                    |(t, f, s)| (t, f, s.position()) == (Twist(0), Flip(0), SlicePosition(0)),
                    |(t, f, s)| classes.index(t, f, s.position()),
                    |state| (0..18).map(move |m| self.phase1_after(state, m)),
                );
                (distance, None)
            }
            Phase1Bound::Steps(classes, table) => {
                let steps_of = |(t, f, s): (Twist, Flip, SliceSorted)| {
                    let (index, symmetry) = classes.locate(t, f, s.position());
                    table.get(index, symmetry)
                };
                let steps = steps_of((twist, flip, slice));
                let (mut state, mut here, mut distance) = ((twist, flip, slice), steps, 0);
                while let Some(m) = here.some_down() {
                    state = self.phase1_after(state, m);
                    here = steps_of(state);
                    distance += 1;
                }
                (distance, Some(steps))
            }
            _ => match self.phase1_read(self.phase1_probe(twist, flip, slice.position()), 0) {
                Phase1Entry::Bound(bound) => (bound, None),
                Phase1Entry::Steps(_) => unreachable!("the step tables are matched above"),
            },
        }
    }

    /// The phase-2 distance of the corners and slice edges alone: a lower bound of it all.
    pub(super) fn corner_slice_bound(&self, corners: CornerPerm, slice: SlicePerm) -> u8 {
        self.corner_slice
            .get(corners.index() * SlicePerm::COUNT + slice.index())
    }

    /// A lower bound of the phase-2 distance of a state in phase 2's group. Reads the two
    /// small tables first and stops there when they already reach `enough`: most phase-2
    /// starts fail that cheap test and never touch the large table.
    pub(super) fn phase2_bound(
        &self,
        corners: CornerPerm,
        edges: UdEdgePerm,
        slice: SlicePerm,
        enough: usize,
    ) -> u8 {
        let small = self.corner_slice_bound(corners, slice).max(
            self.edges_slice
                .get(edges.index() * SlicePerm::COUNT + slice.index()),
        );
        match &self.phase2 {
            Some(large) if usize::from(small) < enough => {
                let (class, s) = large.corner_classes.class_of(corners);
                let edges = large.edge_conjugation.apply(edges, s);
                small.max(
                    large
                        .distances
                        .get(class * UdEdgePerm::COUNT + edges.index()),
                )
            }
            _ => small,
        }
    }
}
