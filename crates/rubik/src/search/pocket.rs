//! The 2×2, solved optimally: a table holds the distance to solved of every one of its
//! 3,674,160 states, and a solution walks down it.
//!
//! Turning only U, R and F keeps the DBL corner home, so a state is its `PocketPerm` and
//! `PocketTwist`, and the distance table is an unreduced pruning table over the pair: exact, since
//! no state is more than 11 moves from solved in the half-turn metric (14 in the quarter-turn
//! metric), below the 15 that four bits hold. Each metric's table is built by breadth-first
//! search in a fraction of a second and cached in its own file (1.8 MB). A solve reads the
//! distance of the state and takes, at each step, a move to a neighbour one nearer: optimal, in
//! a microsecond or two.
//!
//! ```
//! use rubik::search::Metric;
//! use rubik::search::pocket::{Pocket, PocketTables};
//! use rubik::{CornerCube, Face, FaceTurn, FaceletCube};
//!
//! let tables = PocketTables::build(&mut |_| {});
//! let state: CornerCube = "UFUFRRRRFDFDDBDBLLLLUBUB".parse().unwrap(); // a 2×2 after R
//! let moves = Pocket::new(&tables).solve(&state, Metric::Htm);
//! assert_eq!(moves, [FaceTurn::new(Face::R, 3)]);
//! let mut cube = FaceletCube::from(&state);
//! cube.apply(moves.iter().map(|m| m.turn(2)));
//! assert!(cube.is_solved());
//! ```

use std::path::Path;

use super::Metric;
use crate::coord::{Coordinate, PocketPerm, PocketTwist};
use crate::cubie::{Corner, CornerCube, FaceTurn};
use crate::facelet::FaceletCube;
use crate::tables::cache::{decoded, obtain, pairs};
use crate::tables::codec::{Decoder, Encoder};
use crate::tables::storage::{LoadReport, Memory, Progress, TableSpec};
use crate::tables::{MoveTable, Pruning};

/// Bumped whenever the builder would produce different bytes, so that old cache files are
/// rebuilt.
const TABLES_VERSION: u64 = 1;

const HTM: TableSpec = TableSpec::new("pocket-htm", TABLES_VERSION);
const QTM: TableSpec = TableSpec::new("pocket-qtm", TABLES_VERSION);

/// The number of 2×2 states with DBL home: 7! · 3⁶.
pub const STATES: usize = PocketPerm::COUNT * PocketTwist::COUNT;

/// The moves of a metric: U, R and F by 1, 2 or 3 quarters (HTM) or by 1 or 3 (QTM).
fn moves_of(metric: Metric) -> Vec<FaceTurn> {
    let urf = FaceTurn::URF.into_iter();
    urf.filter(|turn| metric.face_turns().contains(turn))
        .collect()
}

fn spec_of(metric: Metric) -> TableSpec {
    match metric {
        Metric::Htm => HTM,
        Metric::Qtm => QTM,
    }
}

/// The tables of one metric: its move tables and every state's distance.
struct MetricTables {
    moves: Vec<FaceTurn>,
    perm: MoveTable<PocketPerm>,
    twist: MoveTable<PocketTwist>,
    distances: Pruning,
}

impl MetricTables {
    /// The move tables of `metric`, built from the code (a millisecond or so, never cached).
    fn moving(metric: Metric) -> (MoveTable<PocketPerm>, MoveTable<PocketTwist>) {
        let moves: Vec<CornerCube> = moves_of(metric)
            .iter()
            .map(|m| CornerCube::from(&m.cube()))
            .collect();
        (MoveTable::build(&moves), MoveTable::build(&moves))
    }

    fn load(
        dir: Option<&Path>,
        metric: Metric,
        progress: &mut dyn FnMut(Progress),
        report: &mut LoadReport,
    ) -> MetricTables {
        let (perm, twist) = Self::moving(metric);
        let stage = match metric {
            Metric::Htm => "2×2 distances (htm)",
            Metric::Qtm => "2×2 distances (qtm)",
        };
        let build = |progress: &mut dyn FnMut(Progress)| {
            let mut encoder = Encoder::default();
            pairs(&perm, &twist, stage, progress).encode(&mut encoder);
            encoder.finish()
        };
        let file = obtain(
            dir,
            &spec_of(metric),
            Memory::Mapped,
            build,
            progress,
            report,
        );
        let decode = |decoder: &mut Decoder| Pruning::decode(decoder, STATES);
        let distances = decoded(file, decode, build, progress);
        MetricTables {
            moves: moves_of(metric),
            perm,
            twist,
            distances,
        }
    }

    /// The distance of the state with these coordinates.
    fn distance(&self, perm: PocketPerm, twist: PocketTwist) -> u8 {
        self.distances
            .get(perm.index() * PocketTwist::COUNT + twist.index())
    }
}

/// The distance of every 2×2 state in both metrics, with the move tables to walk them.
pub struct PocketTables {
    htm: MetricTables,
    qtm: MetricTables,
}

impl PocketTables {
    /// The files the 2×2 tables keep in the cache: one per metric.
    pub fn specs() -> Vec<TableSpec> {
        Metric::ALL.map(spec_of).to_vec()
    }

    /// Builds both metrics' tables from the code alone, in memory.
    pub fn build(progress: &mut dyn FnMut(Progress)) -> PocketTables {
        Self::load_or_build(None, progress).0
    }

    /// Loads both metrics' tables from the cache directory `dir`, building and saving whatever
    /// is missing or fails its checks. With no directory, builds them in memory.
    pub fn load_or_build(
        dir: Option<&Path>,
        progress: &mut dyn FnMut(Progress),
    ) -> (PocketTables, LoadReport) {
        let mut report = LoadReport::new();
        let htm = MetricTables::load(dir, Metric::Htm, progress, &mut report);
        let qtm = MetricTables::load(dir, Metric::Qtm, progress, &mut report);
        (PocketTables { htm, qtm }, report)
    }

    fn of(&self, metric: Metric) -> &MetricTables {
        match metric {
            Metric::Htm => &self.htm,
            Metric::Qtm => &self.qtm,
        }
    }

    /// The number of moves an optimal solution of `cube` takes in `metric` (a state with DBL
    /// away from home is first turned as a whole, as [`Pocket::solve`] does).
    pub fn distance(&self, cube: &CornerCube, metric: Metric) -> usize {
        let cube = held_with_dbl_home(cube);
        let tables = self.of(metric);
        tables.distance(PocketPerm::of(&cube), PocketTwist::of(&cube)) as usize
    }

    /// How many states lie at each distance (index) from solved in `metric`.
    pub fn distribution(&self, metric: Metric) -> [u64; 16] {
        self.of(metric).distances.distribution(STATES)
    }
}

/// The state turned as a whole so that DBL is home and unturned: itself when it already is.
fn held_with_dbl_home(cube: &CornerCube) -> CornerCube {
    if cube.corner_at(Corner::DBL) == (Corner::DBL, 0) {
        return *cube;
    }
    CornerCube::try_from(&FaceletCube::from(cube)).expect("the stickers of a 2×2 state are valid")
}

/// The optimal 2×2 solver over a set of tables.
pub struct Pocket<'t> {
    tables: &'t PocketTables,
}

impl<'t> Pocket<'t> {
    /// A solver over `tables`.
    pub fn new(tables: &'t PocketTables) -> Pocket<'t> {
        Pocket { tables }
    }

    /// A shortest solution of `cube` in `metric`: its moves, U, R and F turns only (in the
    /// quarter-turn metric never a half turn).
    ///
    /// A 2×2 has no fixed centres: a state whose DBL corner is away from home (or twisted) is
    /// first turned as a whole to put it home, as reading stickers does, so the solution solves
    /// the cube's stickers, and replayed on `cube` itself leaves a whole-cube rotation.
    pub fn solve(&self, cube: &CornerCube, metric: Metric) -> Vec<FaceTurn> {
        let cube = held_with_dbl_home(cube);
        let tables = self.tables.of(metric);
        let (mut perm, mut twist) = (PocketPerm::of(&cube), PocketTwist::of(&cube));
        let mut distance = tables.distance(perm, twist);
        let mut moves = Vec::with_capacity(distance as usize);
        while distance > 0 {
            // Every state off solved has a neighbour one nearer: take the first.
            let (m, next) = (0..tables.moves.len())
                .map(|m| {
                    (
                        m,
                        (tables.perm.apply(perm, m), tables.twist.apply(twist, m)),
                    )
                })
                .find(|&(_, (p, t))| tables.distance(p, t) == distance - 1)
                .expect("a state off solved has a neighbour one move nearer");
            moves.push(tables.moves[m]);
            (perm, twist) = next;
            distance -= 1;
        }
        moves
    }
}
