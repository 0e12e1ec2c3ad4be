//! One solve policy for every front end: [`solve`] takes a state of any size and answers with a
//! [`Solution`] in stages, or a typed [`SolveError`]. The CLI's `rubik solve` and the terminal
//! UI's solve key both call it, so the same state and options get the same answer everywhere.
//!
//! By size: a 1×1 needs nothing; a 2×2 gets an optimal solution from its distance table; a 3×3
//! gets a two-phase solution, by default the first of at most 20 moves, then shortened for a
//! fixed number of search nodes (so the answer depends on the state and the tables alone, never
//! on timing); a cube of 4 to [`reduction::MAX_SIZE`] layers is solved by
//! [`reduction`] to a 3×3 (its last stage two-phase, shortened the same
//! way), in stages, counted in outer-block turns, unless it lies within [`NEAR_TURNS`] of them
//! from solved: then a shortest solution answers it, found by [`bfs`](crate::search::bfs) where
//! that search fits in [`NEAR_MEMORY`] (up to [`NEAR_MAX_SIZE`] layers). Tables come from
//! [`Tables`], which loads each set the first time a state needs it.

use std::path::PathBuf;
use std::sync::OnceLock;

use crate::cubie::{CornerCube, CubieCube, InvalidCube};
use crate::facelet::FaceletCube;
use crate::search::bfs::{Bfs, MoveSet, Outcome};
use crate::search::pocket::{Pocket, PocketTables};
use crate::search::reduction::five::{FiveSize, FiveTables};
use crate::search::reduction::four::FourTables;
use crate::search::reduction::{self, ReductionError, ReductionOptions};
use crate::search::two_phase::{self, Limits, TableSize, TwoPhase, TwoPhaseTables};
use crate::search::{Budget, Metric, Solution, Stage};
use crate::tables::storage::Memory;
use crate::turn::Turn;

/// With no length limit and no budget: the search nodes spent shortening the first 3×3
/// solution of at most 20 moves.
pub const IMPROVE_NODES: u64 = 250_000;

/// A big cube this many outer-block turns from solved or fewer gets a shortest solution: the
/// reduction's stages would take dozens of moves for it (a 5×5 four turns from solved, `Uw R
/// Fw2 D`, took 42).
pub const NEAR_TURNS: usize = 4;

/// The memory the search for a shortest solution of a big cube may take: past it, the cube is
/// reduced, however close to solved. Enough for four turns up to 11×11 (19×19 on odd sizes,
/// whose centres fix the goal), three up to 24×24 and two past that; a search that finds
/// nothing took 0.7 to 16 ms on a 4×4 to 7×7, 0.13 s on a 10×10 and 0.10 s on a 20×20.
pub const NEAR_MEMORY: u64 = 64 << 20;

/// The largest cube that is searched for a shortest solution first: past it, deriving the
/// blocks' moves alone takes longer (0.6 s and 340 MB on a 128×128×128, against 0.1 s and
/// 48 MB on a 64×64×64).
pub const NEAR_MAX_SIZE: usize = 64;

/// A table set obtained once, by a loader the front end gives.
type Loader<'a, T> = Box<dyn Fn() -> T + Send + Sync + 'a>;

/// The tables the solvers of every size read, each set loaded (or built) the first time a
/// state needs it, then kept.
pub struct Tables<'a> {
    load_two_phase: Loader<'a, TwoPhaseTables>,
    load_pocket: Loader<'a, PocketTables>,
    load_four: Loader<'a, FourTables>,
    load_five: Loader<'a, FiveTables>,
    two_phase: OnceLock<TwoPhaseTables>,
    pocket: OnceLock<PocketTables>,
    four: OnceLock<FourTables>,
    five: OnceLock<FiveTables>,
}

impl<'a> Tables<'a> {
    /// The tables in the cache directory `dir` (none: built in memory), the 3×3's of `size`
    /// and the 5×5's that go with it ([`FiveSize`]).
    pub fn cached(dir: Option<PathBuf>, size: TableSize) -> Tables<'static> {
        let (pocket_dir, four_dir, five_dir) = (dir.clone(), dir.clone(), dir.clone());
        Tables::with_loaders(
            move || {
                TwoPhaseTables::load_or_build(dir.as_deref(), size, Memory::Mapped, &mut |_| {}).0
            },
            move || PocketTables::load_or_build(pocket_dir.as_deref(), &mut |_| {}).0,
        )
        .with_four(move || FourTables::load_or_build(four_dir.as_deref(), &mut |_| {}).0)
        .with_five(move || {
            FiveTables::load_or_build(five_dir.as_deref(), size.into(), &mut |_| {}).0
        })
    }

    /// The tables these loaders give, each called at most once (for a front end that reports
    /// progress as they load).
    pub fn with_loaders(
        two_phase: impl Fn() -> TwoPhaseTables + Send + Sync + 'a,
        pocket: impl Fn() -> PocketTables + Send + Sync + 'a,
    ) -> Tables<'a> {
        Tables {
            load_two_phase: Box::new(two_phase),
            load_pocket: Box::new(pocket),
            load_four: Box::new(|| FourTables::build(&mut |_| {})),
            load_five: Box::new(|| FiveTables::build(FiveSize::Large, &mut |_| {})),
            two_phase: OnceLock::new(),
            pocket: OnceLock::new(),
            four: OnceLock::new(),
            five: OnceLock::new(),
        }
    }

    /// These tables with the 4×4 reduction's from `four` (by default they are built in memory).
    pub fn with_four(self, four: impl Fn() -> FourTables + Send + Sync + 'a) -> Tables<'a> {
        Tables {
            load_four: Box::new(four),
            ..self
        }
    }

    /// These tables with the 5×5 reduction's from `five` (by default they are built in memory).
    pub fn with_five(self, five: impl Fn() -> FiveTables + Send + Sync + 'a) -> Tables<'a> {
        Tables {
            load_five: Box::new(five),
            ..self
        }
    }

    /// The 3×3 two-phase tables.
    pub fn two_phase(&self) -> &TwoPhaseTables {
        self.two_phase.get_or_init(&self.load_two_phase)
    }

    /// The 2×2 distance tables.
    pub fn pocket(&self) -> &PocketTables {
        self.pocket.get_or_init(&self.load_pocket)
    }

    /// Loads the tables a state of size `size` needs, if they are not yet: before a timed
    /// solve, so that its time does not count the load.
    pub fn load_for(&self, size: usize) {
        match size {
            0 | 1 => {}
            2 => drop(self.pocket()),
            4 => drop((self.two_phase(), self.four())),
            5 => drop((self.two_phase(), self.five())),
            _ => drop(self.two_phase()),
        }
    }

    /// The 4×4 reduction's tables.
    pub fn four(&self) -> &FourTables {
        self.four.get_or_init(&self.load_four)
    }

    /// The 5×5 reduction's tables.
    pub fn five(&self) -> &FiveTables {
        self.five.get_or_init(&self.load_five)
    }
}

/// How to solve: the tables, and the limits a front end may set.
pub struct SolveOptions<'a> {
    /// Where the tables come from.
    pub tables: &'a Tables<'a>,
    /// The metric a 2×2 solution is shortest in (the 3×3 two-phase solver counts face turns
    /// only).
    pub metric: Metric,
    /// The longest solution accepted. A 3×3 takes the first solution within it; with neither
    /// it nor a limited budget, the first within 20 moves, shortened for [`IMPROVE_NODES`]
    /// more nodes; with a limited budget alone, the best found when the budget runs out.
    pub max_length: Option<usize>,
    /// When to stop searching.
    pub budget: Budget<'a>,
    /// Search a 3×3 with a time budget on every thread of the current `rayon` pool (more
    /// search in the same time; the answer may then differ from run to run).
    pub parallel: bool,
    /// Told `(done, total)` as a big cube's reduction goes (see
    /// [`ReductionOptions::progress`]).
    pub progress: Option<reduction::Progress<'a>>,
}

impl<'a> SolveOptions<'a> {
    /// The default policy over `tables`: face turns, no limits.
    pub fn new(tables: &'a Tables<'a>) -> SolveOptions<'a> {
        SolveOptions {
            tables,
            metric: Metric::Htm,
            max_length: None,
            budget: Budget::default(),
            parallel: false,
            progress: None,
        }
    }
}

/// Why [`solve`] gave no solution.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The stickers are not a state turning can reach.
    #[error("{0}")]
    InvalidCube(#[from] InvalidCube),
    /// No solver handles this size.
    #[error("no solver for a {size}×{size}×{size} cube: reduction solves up to {max} layers", max = reduction::MAX_SIZE)]
    Unsupported {
        /// The cube size.
        size: usize,
    },
    /// The solver for this size does not count in this metric.
    #[error("the {size}×{size}×{size} solver counts face turns (htm), not {metric}")]
    Metric {
        /// The cube size.
        size: usize,
        /// The metric asked for.
        metric: Metric,
    },
    /// The budget ran out before a solution within the length limit was found.
    #[error(transparent)]
    BudgetRanOut(#[from] two_phase::SolveError),
    /// Reduction stopped before the cube was solved (its budget), or failed.
    #[error(transparent)]
    Reduction(ReductionError),
    /// The shortest solution there is (for 4 layers and more, the one found) is longer than the
    /// limit.
    #[error("no solution within {max_length} moves: the shortest found has {length} ({metric})")]
    TooLong {
        /// The limit.
        max_length: usize,
        /// The shortest solution's length.
        length: usize,
        /// The metric it is counted in: `htm` or `qtm`, `obtm` for 4 layers and more.
        metric: &'static str,
    },
}

/// Solves `cube` by the policy for its size (see the [module docs](self)).
///
/// ```
/// use rubik::solve::{SolveOptions, Tables, solve};
/// use rubik::search::two_phase::TableSize;
/// let tables = Tables::cached(None, TableSize::Tiny);
/// let mut cube = rubik::FaceletCube::solved(2);
/// cube.apply_alg(&"R U R' U'".parse().unwrap()).unwrap();
/// let solution = solve(&cube, &SolveOptions::new(&tables)).unwrap();
/// assert_eq!((solution.stages[0].name, solution.obtm()), ("2×2", 4));
/// ```
pub fn solve(cube: &FaceletCube, options: &SolveOptions<'_>) -> Result<Solution, SolveError> {
    let size = cube.size();
    let (stage, moves, budget_ran_out, nodes) = match size {
        0 | 1 => {
            crate::cubie::validate(cube)?;
            return Ok(Solution {
                size,
                stages: Vec::new(),
                budget_ran_out: false,
                nodes: 0,
            });
        }
        2 => {
            let moves = Pocket::new(options.tables.pocket())
                .solve(&CornerCube::try_from(cube)?, options.metric);
            if let Some(max_length) = options.max_length.filter(|&max| moves.len() > max) {
                return Err(SolveError::TooLong {
                    max_length,
                    length: moves.len(),
                    metric: options.metric.name(),
                });
            }
            ("2×2", moves, false, 0)
        }
        3 => {
            let cube = CubieCube::try_from(cube)?;
            face_turns_only(size, options.metric)?;
            let solution = two_phase_solve(&cube, options)?;
            (
                "3×3",
                solution.moves,
                solution.budget_ran_out,
                solution.nodes,
            )
        }
        _ => return reduce(cube, options),
    };
    let stages = if moves.is_empty() {
        Vec::new()
    } else {
        let turns = moves.iter().map(|m| m.turn(size)).collect();
        vec![Stage { name: stage, turns }]
    };
    Ok(Solution {
        size,
        stages,
        budget_ran_out,
        nodes,
    })
}

/// Refuses `metric` if it is not face turns, the only metric the 3×3 and bigger solvers count.
fn face_turns_only(size: usize, metric: Metric) -> Result<(), SolveError> {
    match metric {
        Metric::Htm => Ok(()),
        metric => Err(SolveError::Metric { size, metric }),
    }
}

/// A solution of a cube of 4 layers or more by reduction, in its stages.
fn reduce(cube: &FaceletCube, options: &SolveOptions<'_>) -> Result<Solution, SolveError> {
    let size = cube.size();
    if size > reduction::MAX_SIZE {
        return Err(SolveError::Unsupported { size });
    }
    crate::cubie::validate(cube)?;
    face_turns_only(size, options.metric)?;
    if let Some(turns) = shortest_if_near(cube, options.budget) {
        let stages = match turns.is_empty() {
            true => Vec::new(),
            false => vec![Stage {
                name: "shortest",
                turns,
            }],
        };
        return within_max_length(
            Solution {
                size,
                stages,
                budget_ran_out: false,
                nodes: 0,
            },
            options,
        );
    }
    let reduction_options = ReductionOptions {
        improve_nodes: IMPROVE_NODES,
        budget: options.budget,
        progress: options.progress,
    };
    let three = TwoPhase::new(options.tables.two_phase());
    let solution = reduction::solve_by_size(
        cube,
        &three,
        || options.tables.four(),
        || options.tables.five(),
        &reduction_options,
    );
    let mut solution = solution.map_err(|error| match error {
        ReductionError::ThreeByThree(error) => SolveError::BudgetRanOut(error),
        error => SolveError::Reduction(error),
    })?;
    solution.stages.retain(|stage| !stage.turns.is_empty());
    within_max_length(solution, options)
}

/// A shortest solution of `cube` in outer-block turns if it has at most [`NEAR_TURNS`] and
/// the search fits in [`NEAR_MEMORY`] (and in `budget`'s time and cancel flag); `None` if not,
/// or if the cube has more than [`NEAR_MAX_SIZE`] layers.
fn shortest_if_near(cube: &FaceletCube, budget: Budget<'_>) -> Option<Vec<Turn>> {
    if cube.size() > NEAR_MAX_SIZE {
        return None;
    }
    let search = Bfs::new(MoveSet::OuterBlocks)
        .max_depth(NEAR_TURNS)
        .max_memory(NEAR_MEMORY)
        .budget(Budget {
            nodes: None,
            ..budget
        });
    match search.solve(cube) {
        Ok(Outcome::Solved(shortest)) => Some(shortest.turns),
        _ => None,
    }
}

/// `solution`, or [`SolveError::TooLong`] if it is longer (OBTM) than `options` allow.
fn within_max_length(
    solution: Solution,
    options: &SolveOptions<'_>,
) -> Result<Solution, SolveError> {
    let length = solution.obtm();
    match options.max_length.filter(|&max| length > max) {
        Some(max_length) => Err(SolveError::TooLong {
            max_length,
            length,
            metric: "obtm",
        }),
        None => Ok(solution),
    }
}

/// A two-phase solution of `cube` under `options`' limits.
fn two_phase_solve(
    cube: &CubieCube,
    options: &SolveOptions<'_>,
) -> Result<two_phase::Found, two_phase::SolveError> {
    let no_limit = options.max_length.is_none() && !options.budget.is_limited();
    let limits = Limits {
        max_length: if no_limit {
            Some(20)
        } else {
            options.max_length
        },
        improve_nodes: no_limit.then_some(IMPROVE_NODES),
        budget: options.budget,
    };
    let solver = TwoPhase::new(options.tables.two_phase());
    if options.parallel && options.budget.time.is_some() {
        solver.solve_parallel(cube, &limits)
    } else {
        solver.solve(cube, &limits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Alg, CubieCube, seeded_rng};

    /// The tiny tables in memory, shared by the tests.
    fn tables() -> &'static Tables<'static> {
        static TABLES: OnceLock<Tables<'static>> = OnceLock::new();
        TABLES.get_or_init(|| Tables::cached(None, TableSize::Tiny))
    }

    fn cube_of(size: usize, alg: &str) -> FaceletCube {
        let mut cube = FaceletCube::solved(size);
        cube.apply_alg(&alg.parse().unwrap()).unwrap();
        cube
    }

    #[test]
    fn every_size_it_solves_replays_to_solved_and_counts_its_moves() {
        let options = SolveOptions::new(tables());
        for size in 1..=3 {
            let mut cube = cube_of(size, ["x", "R U R' U' F2"][usize::from(size > 1)]);
            let solution = solve(&cube, &options).unwrap();
            cube.apply_alg(&solution.alg()).unwrap();
            assert!(cube.is_solved(), "{size}");
            // Face turns only: one move each in both metrics.
            let turns = solution.alg().turns(size).unwrap();
            let moving = turns.iter().filter(|t| !t.is_rotation(size)).count();
            assert_eq!((solution.obtm(), solution.stm()), (moving, moving));
            let names: Vec<_> = solution.stages.iter().map(|s| s.name).collect();
            assert_eq!(names, [[].as_slice(), &["2×2"], &["3×3"]][size - 1]);
        }
        let solved = solve(&FaceletCube::solved(3), &options).unwrap();
        assert!(solved.stages.is_empty() && solved.alg().is_empty());
    }

    #[test]
    fn a_big_cube_a_few_outer_block_turns_from_solved_gets_a_shortest_solution() {
        let options = SolveOptions::new(tables());
        let mut rng = seeded_rng(7);
        for size in 4..=9 {
            let blocks = MoveSet::OuterBlocks.turns(size).unwrap();
            for length in 1..=NEAR_TURNS {
                let mut cube = FaceletCube::solved(size);
                cube.apply(
                    (0..length).map(|_| {
                        blocks[crate::random::below(&mut rng, blocks.len() as u32) as usize]
                    }),
                );
                let solution = solve(&cube, &options).unwrap();
                assert!(solution.obtm() <= length, "{size}: {}", solution.alg());
                assert!(solution.stages.iter().all(|stage| stage.name == "shortest"));
                cube.apply(solution.turns());
                assert!(cube.is_solved(), "{size}: {}", solution.alg());
            }
        }
        // Its length is checked against the limit like any other.
        let short = SolveOptions {
            max_length: Some(1),
            ..SolveOptions::new(tables())
        };
        assert!(matches!(
            solve(&cube_of(6, "Rw 3Uw"), &short),
            Err(SolveError::TooLong { length: 2, .. })
        ));
    }

    #[test]
    fn slices_count_two_outer_block_turns_and_one_slice_turn() {
        let solution = Solution {
            size: 5,
            stages: vec![Stage {
                name: "test",
                turns: "M 3Rw x R2 2-3Lw'"
                    .parse::<Alg>()
                    .unwrap()
                    .turns(5)
                    .unwrap(),
            }],
            budget_ran_out: false,
            nodes: 0,
        };
        // M and 2-3Lw' are inner blocks; x moves nothing.
        assert_eq!((solution.obtm(), solution.stm()), (6, 4));
    }

    #[test]
    fn a_turned_whole_cube_is_solved_in_its_own_orientation() {
        let mut cube = cube_of(3, "R U x y");
        let solution = solve(&cube, &SolveOptions::new(tables())).unwrap();
        assert_eq!(solution.obtm(), 2);
        cube.apply_alg(&solution.alg()).unwrap();
        assert!(cube.is_solved());
    }

    #[test]
    fn refusals_are_typed() {
        let options = SolveOptions::new(tables());
        assert_eq!(
            solve(&FaceletCube::solved(reduction::MAX_SIZE + 1), &options),
            Err(SolveError::Unsupported {
                size: reduction::MAX_SIZE + 1
            })
        );
        let qtm = SolveOptions {
            metric: Metric::Qtm,
            ..SolveOptions::new(tables())
        };
        assert!(matches!(
            solve(&cube_of(3, "R"), &qtm),
            Err(SolveError::Metric { size: 3, .. })
        ));
        let short = SolveOptions {
            max_length: Some(2),
            ..SolveOptions::new(tables())
        };
        assert!(matches!(
            solve(&cube_of(2, "R U F"), &short),
            Err(SolveError::TooLong { length: 3, .. })
        ));
        let mut twisted = FaceletCube::from(&CubieCube::random(&mut seeded_rng(1)));
        let text = twisted.to_string();
        let (u, r) = (text.as_bytes()[8] as char, text.as_bytes()[9] as char);
        let mut swapped: Vec<char> = text.chars().collect();
        (swapped[8], swapped[9]) = (r, u);
        twisted = swapped.iter().collect::<String>().parse().unwrap();
        assert!(matches!(
            solve(&twisted, &options),
            Err(SolveError::InvalidCube(_))
        ));
        let cancelled = std::sync::atomic::AtomicBool::new(true);
        let stopped = SolveOptions {
            max_length: Some(15),
            budget: Budget {
                cancel: Some(&cancelled),
                ..Budget::default()
            },
            ..SolveOptions::new(tables())
        };
        let superflip = cube_of(3, "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
        assert!(matches!(
            solve(&superflip, &stopped),
            Err(SolveError::BudgetRanOut(_))
        ));
    }
}
