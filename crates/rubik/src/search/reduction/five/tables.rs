//! The 5×5 tables: exact distances in each phase's turns to its goal, built by breadth-first
//! search and kept in one cached file.
//!
//! | phase | table | entries | bytes |
//! |---|---|---|---|
//! | stage U/D | per orbit (x, t) | 735,471 | 1.5 MB |
//! | stage L/R with wing parity | per orbit | 25,740 | 51 kB |
//! | stage U/D | [perimeter](super::super::perimeter): both orbits, within 6 turns, a state for each class of the 16 symmetries keeping the U-D axis | 1,074,501 | 32 MB |
//! | stage L/R | perimeter within 6 turns | 453,539 | 8 MB |
//! | edges separated | wing classes × midge orientation, by 32 symmetries | 176,226,304 | 88 MB |
//! | | per orbit's centres; orientation × R/L halves | 343,000; 10,035,200 | 5.4 MB |
//! | edges gathered | midges × both wing classes' slots | 197,568,000 | 99 MB |
//! | | per orbit's centres; U/D and R/L halves of both orbits | 343,000; 24,010,000 | 12.3 MB |
//! | edges paired | permutation × halves, by 8 symmetries | 25,911,200 | 13 MB |
//!
//! One byte an entry in the staging phases' tables, four bits in the others (a distance past
//! 15 kept as 15), eight bytes a perimeter slot (at most half of them full). A phase's bound
//! is the largest of its tables' distances, made exact by its perimeter near the goal where it
//! has one. Every staging entry is reached.
//!
//! Measured on 20 random states (seed 1), the perimeters took the staging phases from 470 and
//! 253 ms a cube to 197 and 20 ms; they add about 0.5 s to the build. Keyed by symmetry class,
//! the U/D staging's perimeter reaches a turn further in twice the bytes (raw states, it would
//! take 512 MB): on 12 random states (seed 1) that phase went from 536-601 to 136 ms a cube,
//! the same solutions, as its slowest states (those needing 10 turns) take 0.3-0.4 s instead
//! of 0.6-1.5 s.
//!
//! [Small](FiveSize::Small) tables (62 MB) keep the two edge tables of 88 and 99 MB
//! [coarsely](crate::search::reduction::distances::coarsened), an entry for each run of eight,
//! the gathering's four joint tables (4 MB each) an entry for each run of four, and perimeters
//! within 5 turns (54,569 classes; 43,235 raw states within 4 before) and 5 turns (44,488), 1 MB
//! each. Every bound is still a lower bound, 0 exactly at the goal, so the searches find the
//! same solutions, in more nodes.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use rayon::prelude::*;

use super::coords::{Phase, State};
use super::edge_phases::EdgePhases;
use super::model::Centre;
use crate::search::reduction::distances::{
    Nibbles, coarsened, distances_of_states, packed, packed_len,
};
use crate::search::reduction::perimeter::{self, Perimeter};
use crate::search::two_phase::TableSize;
use crate::tables::cache::obtain_sized;
use crate::tables::storage::{LoadReport, Memory, Progress, Table, TableSpec};

/// Which tables: both find the same solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FiveSize {
    /// 62 MB, built in about the same time as the large ones; about twice the search time.
    Small,
    /// 278 MB, the fastest.
    Large,
}

impl FiveSize {
    /// The file, its version bumped whenever the builder would produce different bytes.
    fn spec(self) -> TableSpec {
        match self {
            FiveSize::Small => TableSpec::new("five-small", 4),
            FiveSize::Large => TableSpec::new("five", 7),
        }
    }

    /// Each staging phase's perimeter radius, and `log2` of its slots.
    fn perimeters(self) -> [(u8, u32); 2] {
        match self {
            FiveSize::Small => [(5, 17), (5, 17)],
            FiveSize::Large => [(6, 22), (6, 20)],
        }
    }

    /// `log2` of the indices an entry of the edge phases' `k`-th table stands for.
    fn shift(self, k: usize) -> u32 {
        match self {
            FiveSize::Small => EdgePhases::small_shift(k),
            FiveSize::Large => 0,
        }
    }
}

impl std::fmt::Display for FiveSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FiveSize::Small => "small",
            FiveSize::Large => "large",
        })
    }
}

/// The 5×5 tables that go with the 3×3's of a size: the small ones with the tiny and small.
impl From<TableSize> for FiveSize {
    fn from(size: TableSize) -> FiveSize {
        match size {
            TableSize::Tiny | TableSize::Small => FiveSize::Small,
            TableSize::Medium | TableSize::Large => FiveSize::Large,
        }
    }
}

/// The tables in file order.
#[derive(Clone, Copy, Debug)]
enum Section {
    Orbit(Phase, Centre),
    Near(Phase),
    /// The edge phases' `k`-th table.
    Edges(usize),
}

impl Section {
    fn all() -> Vec<Section> {
        let orbits = (Phase::ALL.into_iter())
            .flat_map(|phase| Centre::BOTH.map(|orbit| Section::Orbit(phase, orbit)));
        orbits
            .chain(Phase::ALL.map(Section::Near))
            .chain((0..EdgePhases::TABLE_LENS.len()).map(Section::Edges))
            .collect()
    }

    fn len(self, size: FiveSize) -> usize {
        match self {
            Section::Orbit(phase, _) => phase.count(),
            Section::Near(phase) => perimeter::len(size.perimeters()[phase as usize].1),
            Section::Edges(k) => packed_len(EdgePhases::TABLE_LENS[k] >> size.shift(k)),
        }
    }
}

/// The 5×5 reduction's distance tables and perimeters (278 MB, or 62 MB small).
pub struct FiveTables {
    size: FiveSize,
    table: Arc<Table>,
    /// Where each staging phase's orbit table starts in the payload.
    orbits: [[usize; 2]; 2],
    /// Where each staging phase's perimeter starts.
    near: [usize; 2],
    /// Where each of the edge phases' tables starts.
    edges: [usize; EdgePhases::TABLE_LENS.len()],
    /// The edge phases, derived and reading their tables on first use.
    edge_phases: OnceLock<EdgePhases>,
}

impl FiveTables {
    /// The file the tables of `size` keep in the cache.
    pub fn specs(size: FiveSize) -> Vec<TableSpec> {
        vec![size.spec()]
    }

    /// Builds the tables of `size` from the code alone, in memory.
    pub fn build(size: FiveSize, progress: &mut dyn FnMut(Progress)) -> FiveTables {
        Self::load_or_build(None, size, progress).0
    }

    /// Loads the tables of `size` from the cache directory `dir`, building and saving them if
    /// they are missing or fail their checks. With no directory, builds them in memory.
    pub fn load_or_build(
        dir: Option<&Path>,
        size: FiveSize,
        progress: &mut dyn FnMut(Progress),
    ) -> (FiveTables, LoadReport) {
        let (mut orbits, mut near) = ([[0; 2]; 2], [0; 2]);
        let mut edges = [0; EdgePhases::TABLE_LENS.len()];
        let mut len = 0;
        for section in Section::all() {
            match section {
                Section::Orbit(phase, orbit) => orbits[phase as usize][orbit as usize] = len,
                Section::Near(phase) => near[phase as usize] = len,
                Section::Edges(k) => edges[k] = len,
            }
            len += section.len(size);
        }
        let mut report = LoadReport::new();
        let table = obtain_sized(
            dir,
            &size.spec(),
            Memory::Mapped,
            len,
            |_| build_bytes(size),
            progress,
            &mut report,
        );
        (
            FiveTables {
                size,
                table: Arc::new(table),
                orbits,
                near,
                edges,
                edge_phases: OnceLock::new(),
            },
            report,
        )
    }

    /// The edge phases reading their tables from these.
    pub(super) fn edge_phases(&self) -> &EdgePhases {
        self.edge_phases.get_or_init(|| {
            let mut phases = EdgePhases::derive();
            let tables = (0..self.edges.len()).map(|k| self.edge_table(&phases, k));
            phases.attach(tables.collect());
            phases
        })
    }

    /// The edge phases' `k`-th table (in [`EdgePhases::TABLE_LENS`] order), for `phases`.
    fn edge_table(&self, phases: &EdgePhases, k: usize) -> Nibbles {
        let shift = self.size.shift(k);
        let goals = match shift {
            0 => Vec::new(),
            _ => phases.coarse_goals(k),
        };
        Nibbles::new(&self.table, self.edges[k], shift, goals)
    }

    /// A lower bound on the turns from `state` to `phase`'s goal, 0 exactly there.
    pub(super) fn bound(&self, phase: Phase, state: &State) -> u8 {
        self.refine(phase, state, self.bound_at(self.entries(phase, state)))
    }

    /// `bound`, the tables' bound of `state` in `phase`, made exact by the phase's perimeter.
    pub(super) fn refine(&self, phase: Phase, state: &State, bound: u8) -> u8 {
        self.perimeter(phase).refine(bound, || state.key(phase))
    }

    /// Where `bound`, the tables' bound of `state` in `phase`, leaves the perimeter to decide:
    /// the state's key there, its slot asked for (loaded into the cache) for a
    /// [`refine_key`](Self::refine_key) soon after.
    pub(super) fn ask_perimeter(&self, phase: Phase, state: &State, bound: u8) -> Option<u64> {
        let perimeter = self.perimeter(phase);
        perimeter.decides(bound).then(|| {
            let key = state.key(phase);
            perimeter.prefetch(key);
            key
        })
    }

    /// [`refine`](Self::refine) with the state's key already known.
    pub(super) fn refine_key(&self, phase: Phase, bound: u8, key: u64) -> u8 {
        self.perimeter(phase).refine(bound, || key)
    }

    /// `phase`'s perimeter.
    fn perimeter(&self, phase: Phase) -> Perimeter<'_> {
        let (radius, bits) = self.size.perimeters()[phase as usize];
        let start = self.near[phase as usize];
        let slots = &self.table.payload()[start..start + perimeter::len(bits)];
        Perimeter::new(slots, radius)
    }

    /// Where in the payload `state`'s entries for `phase` are: one byte per orbit.
    pub(super) fn entries(&self, phase: Phase, state: &State) -> [usize; 2] {
        Centre::BOTH
            .map(|orbit| self.orbits[phase as usize][orbit as usize] + state.index(phase, orbit))
    }

    /// The tables' bound whose [entries](Self::entries) are these: the largest.
    pub(super) fn bound_at(&self, entries: [usize; 2]) -> u8 {
        let payload = self.table.payload();
        entries.map(|i| payload[i]).into_iter().max().unwrap_or(0)
    }
}

/// Every table's bytes for `size`, in file order: the edge phases' (one after another, each
/// built in parallel, then coarsened as `size` says) beside the centre phases' (in parallel).
fn build_bytes(size: FiveSize) -> Vec<u8> {
    let (mut tables, edges) = rayon::join(
        || {
            Section::all()
                .into_par_iter()
                .filter_map(|section| match section {
                    Section::Orbit(phase, orbit) => Some(orbit_distances(phase, orbit)),
                    Section::Near(phase) => {
                        let (radius, bits) = size.perimeters()[phase as usize];
                        let (turn, key) = (|s: &State, m| s.turn(m), |s: &State| s.key(phase));
                        let goal = phase.goal();
                        Some(perimeter::build(
                            goal,
                            phase.turns(),
                            turn,
                            key,
                            radius,
                            bits,
                        ))
                    }
                    Section::Edges(_) => None,
                })
                .collect::<Vec<_>>()
        },
        || {
            let mut edges = Vec::new();
            EdgePhases::derive().build_tables(&mut |table| {
                let packed = match size.shift(edges.len()) {
                    0 => packed(&table),
                    shift => packed(&coarsened(&table, shift)),
                };
                edges.push(packed);
            });
            edges
        },
    );
    tables.extend(edges);
    tables.concat()
}

/// Each index's distance to `phase`'s goal for `orbit`, by breadth-first search over the
/// phase's turns.
fn orbit_distances(phase: Phase, orbit: Centre) -> Vec<u8> {
    distances_of_states(
        phase.count(),
        &[phase.goal()],
        |s: &State| s.index(phase, orbit),
        phase.turns(),
        |s, m| s.turn(m),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::reduction::distances::UNREACHED;
    use crate::search::reduction::phase_search::turns_in;

    /// The large and the small tables.
    fn both() -> [&'static FiveTables; 2] {
        [
            &super::super::tests::tables().0,
            super::super::tests::small_tables(),
        ]
    }

    /// Along random walks in each phase's turns, every bound (the perimeter's near the goal)
    /// is at most the walk's length and drops by at most one a turn (as distances do).
    #[test]
    fn bounds_are_admissible_and_consistent() {
        for tables in both() {
            let staging = &tables.table.payload()[..tables.near[0]];
            assert!(staging.iter().all(|&d| d != UNREACHED));
            let mut rng = crate::seeded_rng(5);
            for phase in Phase::ALL {
                let turns: Vec<usize> = turns_in(phase.turns()).collect();
                let mut state = phase.goal();
                assert_eq!(tables.bound(phase, &state), 0);
                for walked in 1..=100 {
                    let m = crate::random::below(&mut rng, turns.len() as u32) as usize;
                    state = state.turn(turns[m]);
                    let here = tables.bound(phase, &state);
                    let near = turns
                        .iter()
                        .map(|&m| tables.bound(phase, &state.turn(m)))
                        .min()
                        .unwrap();
                    assert!(here <= walked, "{} {phase:?} {here} {walked}", tables.size);
                    assert!(near + 1 >= here, "{} {phase:?} {here} {near}", tables.size);
                }
            }
        }
    }

    /// The small tables' coarse edge entries bound the large tables' exact ones from below
    /// and are 0 exactly where those are: at every index of the runs that hold a goal, and at
    /// random indices.
    #[test]
    fn coarse_edge_entries_are_lower_bounds_and_0_only_at_the_goals() {
        let [large, small] = both();
        let phases = large.edge_phases();
        let mut rng = crate::seeded_rng(11);
        let coarse_tables = (0..EdgePhases::TABLE_LENS.len()).filter(|&k| small.size.shift(k) > 0);
        for k in coarse_tables {
            let (goals, shift) = (phases.coarse_goals(k), small.size.shift(k));
            assert!(!goals.is_empty(), "table {k}");
            let [large, small] = [large, small].map(|tables| tables.edge_table(phases, k));
            let len = EdgePhases::TABLE_LENS[k];
            let runs = goals.iter().map(|g| g >> shift);
            let near_goals = runs.flat_map(|run| (run << shift)..((run + 1) << shift));
            let random = (0..100_000).map(|_| crate::random::below(&mut rng, len as u32) as usize);
            for i in near_goals.chain(random) {
                let (exact, coarse) = (large.get(i), small.get(i));
                assert!(coarse <= exact, "table {k} index {i}: {coarse} > {exact}");
                assert_eq!(coarse == 0, exact == 0, "table {k} index {i}");
            }
        }
    }

    /// Whether `depth` turns of `turns` take `state` to `phase`'s goal, by depth-first search
    /// bounded by the distance tables alone (no perimeter).
    fn reaches(
        tables: &FiveTables,
        phase: Phase,
        turns: &[usize],
        state: State,
        depth: u8,
    ) -> bool {
        let bound = tables.bound_at(tables.entries(phase, &state));
        match depth {
            _ if bound > depth => false,
            0 => bound == 0,
            _ => (turns.iter()).any(|&m| reaches(tables, phase, turns, state.turn(m), depth - 1)),
        }
    }

    /// Near each phase's goal and a little past its perimeter, the bound is the distance that
    /// iterative deepening over the phase's turns finds with the tables alone: exact within the
    /// radius, the radius plus one past it, also where the tables alone say less (walks go on
    /// until a few such states have been checked).
    #[test]
    fn perimeters_hold_the_shortest_distances() {
        for tables in both() {
            let mut rng = crate::seeded_rng(9);
            for phase in Phase::ALL {
                let (radius, _) = tables.size.perimeters()[phase as usize];
                let turns: Vec<usize> = turns_in(phase.turns()).collect();
                let (mut walks, mut past_but_low) = (0, 0);
                while past_but_low < 3 {
                    walks += 1;
                    assert!(
                        walks < 5_000,
                        "{phase:?}: no state the perimeter alone raises"
                    );
                    let mut state = phase.goal();
                    for _ in 0..radius as usize + walks % 5 - 1 {
                        let m = crate::random::below(&mut rng, turns.len() as u32) as usize;
                        state = state.turn(turns[m]);
                    }
                    let alone = tables.bound_at(tables.entries(phase, &state));
                    if alone > radius {
                        assert_eq!(tables.bound(phase, &state), alone, "{phase:?}");
                        continue;
                    }
                    let distance = (0..=radius)
                        .find(|&d| reaches(tables, phase, &turns, state, d))
                        .unwrap_or(radius + 1);
                    past_but_low += usize::from(distance > radius);
                    assert_eq!(tables.bound(phase, &state), distance, "{phase:?}");
                }
            }
        }
    }
}
