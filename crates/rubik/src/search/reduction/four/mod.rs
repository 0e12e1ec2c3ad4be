//! The 4×4 by a table-driven reduction in the spirit of Tsai's method: three centre phases,
//! each an IDA* over an exact distance table ([`FourTables`]), the wings paired after them, then
//! the 3×3 stage.
//!
//! 1. **centres L/R**: stage one colour pair on L and R, each of the three pairs tried (any
//!    turn);
//! 2. **centres U/D**: stage a second pair on U and D (so the third is on F and B) and make the
//!    wing permutation even, so there is no "OLL parity" (outer turns, Rw and Lw, the other
//!    blocks by two);
//! 3. **centres**: solve them (U, D, F, B, R2, L2 and every block by two);
//! 4. **edges**: pair the wings with the 3-cycles of the general reduction, which also mends
//!    "PLL parity";
//! 5. **3x3**: two-phase on the reduced cube.
//!
//! Several candidates pass from phase to phase (each phase searched one turn past its
//! shortest, in every colour frame that keeps the earlier phases' goals); the last stages run
//! on the best of them, and the shortest whole solution, moves cancelled across stages, is
//! kept. Colour frames are tried by renaming the colours by a whole-cube rotation: the turns
//! stay the same, and a cube is solved in any frame.

mod coords;
mod model;
mod search;
mod tables;

pub use tables::FourTables;

use super::{ReductionError, ReductionOptions, edges, moves, three};
use crate::face::{Axis, Face};
use crate::facelet::FaceletCube;
use crate::search::Solution;
use crate::search::Stop;
use crate::search::budget::Running;
use crate::search::two_phase::TwoPhase;
use crate::turn::Turn;
use coords::{Centres3, Moves2, Moves3, State2};
use model::{Model, MoveSet, Pieces};
use search::{Phase, Searcher, Wanted};

/// Phase 1 solutions kept for each axis.
const KEEP1: usize = 8;
/// Phase 2 solutions searched for each phase 1 solution and frame.
const TRY2: usize = 4;
/// Phase 2 solutions carried on.
const KEEP2: usize = 16;
/// Reduced candidates carried on to the pairing and 3×3 stages.
const KEEP3: usize = 6;
/// Search nodes the 3×3 stage spends shortening each candidate's first solution.
const IMPROVE_NODES: u64 = 20_000;

/// The names of the stages, in order.
const STAGES: [&str; 5] = ["centres L/R", "centres U/D", "centres", "edges", "3x3"];

/// A partial solution: the cube after it (colours renamed into the frame its next phase
/// works in) and its turns by phase.
#[derive(Clone)]
struct Candidate {
    cube: FaceletCube,
    phases: Vec<Vec<Turn>>,
    /// Turns so far plus a lower bound of the next phase.
    estimate: usize,
}

impl Candidate {
    fn length(&self) -> usize {
        self.phases.iter().map(Vec::len).sum()
    }

    /// This candidate with `turns` added as its next phase, its cube renamed by `frame`.
    fn then(&self, turns: Vec<Turn>, frame: &[Face; 6]) -> Candidate {
        let mut cube = self.cube.clone();
        cube.apply(turns.iter().copied());
        let mut phases = self.phases.clone();
        phases.push(turns);
        Candidate {
            cube: cube.recoloured(*frame),
            phases,
            estimate: 0,
        }
    }
}

/// The turns of a phase's solution.
fn turns(moves: &[u8]) -> Vec<Turn> {
    let model = Model::get();
    moves.iter().map(|&m| model.turns[m as usize]).collect()
}

/// Solves a 4×4 by the table-driven phases, the pairing and two-phase, over the tables
/// `four` and `three`.
///
/// ```
/// use rubik::search::reduction::{ReductionOptions, four};
/// use rubik::search::two_phase::{TableSize, TwoPhase, TwoPhaseTables};
/// let tables = TwoPhaseTables::build(TableSize::Tiny, &mut |_| {});
/// let four_tables = four::FourTables::build(&mut |_| {});
/// let mut cube = rubik::bigcube::random_state(4, &mut rubik::seeded_rng(7));
/// let options = ReductionOptions::default();
/// let solution = four::solve(&cube, &TwoPhase::new(&tables), &four_tables, &options).unwrap();
/// cube.apply(solution.turns());
/// assert!(cube.is_solved());
/// ```
pub fn solve(
    cube: &FaceletCube,
    three: &TwoPhase<'_>,
    four: &FourTables,
    options: &ReductionOptions<'_>,
) -> Result<Solution, ReductionError> {
    if cube.size() != 4 {
        return Err(ReductionError::Size(cube.size()));
    }
    let normal = crate::bigcube::normalise(cube)
        .map_err(|error| ReductionError::Unsolvable(error.to_string()))?;
    let budget = options.budget.start();
    let mut searcher = Searcher {
        budget: &budget,
        nodes: 0,
    };
    let start = Candidate {
        cube: normal,
        phases: Vec::new(),
        estimate: 0,
    };
    let stopped = ReductionError::Stopped;
    let first = phase1(&start, four, &mut searcher).map_err(stopped)?;
    let second = phase2(&first, four, &mut searcher).map_err(stopped)?;
    let third = phase3(&second, four, &mut searcher).map_err(stopped)?;
    let mut best: Option<Solution> = None;
    for candidate in &third {
        let solution = match finish(candidate, three, options, &budget) {
            Ok(solution) => solution,
            Err(error) if best.is_none() => return Err(error),
            Err(_) => break,
        };
        if best.as_ref().is_none_or(|b| solution.obtm() < b.obtm()) {
            best = Some(solution);
        }
    }
    let solution = best.ok_or_else(|| ReductionError::Unsolvable("no reduction found".into()))?;
    let mut replay = cube.clone();
    replay.apply(solution.turns());
    if !replay.is_solved() {
        return Err(ReductionError::Replay);
    }
    Ok(solution)
}

/// A candidate with its centres solved, finished: wings paired, then the 3×3 stage.
fn finish(
    candidate: &Candidate,
    three: &TwoPhase<'_>,
    options: &ReductionOptions<'_>,
    budget: &Running,
) -> Result<Solution, ReductionError> {
    let pairing = edges::pair(&candidate.cube, budget, &|| {})?;
    let mut reduced = candidate.cube.clone();
    reduced.apply(pairing.iter().copied());
    let rest = budget.left(options.budget.nodes.unwrap_or(u64::MAX));
    let last = three::solve(&reduced, three, IMPROVE_NODES, rest)?;
    let mut phases = candidate.phases.clone();
    phases.extend([pairing, last.moves.iter().map(|m| m.turn(4)).collect()]);
    Ok(Solution {
        size: 4,
        stages: moves::cancel(STAGES.into_iter().zip(phases).collect()),
        budget_ran_out: last.budget_ran_out,
        nodes: last.nodes,
    })
}

/// The colours renamed by a whole-cube rotation: each colour takes the name of the face it
/// shows on after the rotation.
fn frame(rotation: Option<(Axis, u8)>) -> [Face; 6] {
    let mut solved = FaceletCube::solved(1);
    if let Some((axis, quarters)) = rotation {
        solved.turn(Turn {
            axis,
            first: 0,
            last: 0,
            quarters,
        });
    }
    let mut rename = Face::ALL;
    for face in Face::ALL {
        rename[solved.stickers()[face.index()].index()] = face;
    }
    rename
}

/// The `keep` best candidates by estimate.
fn best(mut candidates: Vec<Candidate>, keep: usize) -> Vec<Candidate> {
    candidates.sort_by_key(|c| c.estimate);
    candidates.truncate(keep);
    candidates
}

struct Phase1<'t>(&'t FourTables);

impl Phase for Phase1<'_> {
    type State = coords::State1;
    fn moves(&self) -> MoveSet {
        coords::ALL_MOVES
    }
    fn turn(&self, state: &Self::State, m: usize) -> Self::State {
        coords::turn1(Model::get(), *state, m)
    }
    fn bound(&self, state: &Self::State) -> u8 {
        self.0.phase1(*state)
    }
}

/// Phase 1 in each of the three frames that bring a colour pair onto L and R; each solution
/// then in both frames that keep it (U/D or F/B next).
fn phase1(
    start: &Candidate,
    four: &FourTables,
    searcher: &mut Searcher,
) -> Result<Vec<Candidate>, Stop> {
    let mut candidates = Vec::new();
    for rotation in [None, Some((Axis::Z, 1)), Some((Axis::Y, 1))] {
        let framed = Candidate {
            cube: start.cube.recoloured(frame(rotation)),
            ..start.clone()
        };
        let pieces = Pieces::read(&framed.cube).expect("a valid cube");
        let state = pieces.mask(Face::R) | pieces.mask(Face::L);
        let wanted = Wanted {
            extra: 1,
            count: KEEP1,
            max_depth: 12,
        };
        for moves in searcher.solutions(&Phase1(four), state, wanted, &mut |_| true)? {
            for sub in [None, Some((Axis::X, 1))] {
                let mut next = framed.then(turns(&moves), &frame(sub));
                let pieces = Pieces::read(&next.cube).expect("a valid cube");
                next.estimate = moves.len() + four.phase2(state2(&four.moves2, &pieces)) as usize;
                candidates.push(next);
            }
        }
    }
    Ok(best(candidates, 6 * KEEP1))
}

fn state2(moves: &Moves2, pieces: &Pieces) -> State2 {
    State2 {
        ud: moves.ud.of(pieces.mask(Face::U) | pieces.mask(Face::D)),
        r: moves.r.of(pieces.mask(Face::R)),
        odd: pieces.wings_odd(),
    }
}

struct Phase2<'t>(&'t FourTables);

impl Phase for Phase2<'_> {
    type State = State2;
    fn moves(&self) -> MoveSet {
        self.0.moves2.moves
    }
    fn turn(&self, state: &Self::State, m: usize) -> Self::State {
        self.0.moves2.turn(*state, m)
    }
    fn bound(&self, state: &Self::State) -> u8 {
        self.0.phase2(*state)
    }
}

/// Phase 2 for each candidate; each solution then in each frame that keeps phases 1 and 2.
fn phase2(
    candidates: &[Candidate],
    four: &FourTables,
    searcher: &mut Searcher,
) -> Result<Vec<Candidate>, Stop> {
    let phase = Phase2(four);
    let frames = [
        None,
        Some((Axis::X, 2)),
        Some((Axis::Y, 2)),
        Some((Axis::Z, 2)),
    ]
    .map(frame);
    let mut next = Vec::new();
    for candidate in candidates {
        let pieces = Pieces::read(&candidate.cube).expect("a valid cube");
        let wanted = Wanted {
            extra: 1,
            count: TRY2,
            max_depth: 14,
        };
        for moves in
            searcher.solutions(&phase, state2(&four.moves2, &pieces), wanted, &mut |_| true)?
        {
            for frame in &frames {
                let mut staged = candidate.then(turns(&moves), frame);
                let bound = four.phase3(state3(&four.moves3, &staged.cube));
                if bound == tables::UNREACHED {
                    continue;
                }
                staged.estimate = staged.length() + bound as usize;
                next.push(staged);
            }
        }
    }
    Ok(best(next, KEEP2))
}

/// Phase 3's state of a cube with its centres staged.
fn state3(moves3: &Moves3, cube: &FaceletCube) -> Centres3 {
    let pieces = Pieces::read(cube).expect("a valid cube");
    moves3.centres([Face::U, Face::F, Face::R].map(|f| pieces.mask(f)))
}

struct Phase3<'t>(&'t FourTables);

impl Phase for Phase3<'_> {
    type State = Centres3;
    fn moves(&self) -> MoveSet {
        self.0.moves3.moves
    }
    fn turn(&self, state: &Self::State, m: usize) -> Self::State {
        self.0.moves3.turn(*state, m)
    }
    fn bound(&self, state: &Self::State) -> u8 {
        self.0.phase3(*state)
    }
}

/// Phase 3 for each candidate, one turn past its shortest: the `KEEP3` shortest.
fn phase3(
    candidates: &[Candidate],
    four: &FourTables,
    searcher: &mut Searcher,
) -> Result<Vec<Candidate>, Stop> {
    let phase = Phase3(four);
    let mut solved = Vec::new();
    for candidate in candidates {
        let wanted = Wanted {
            extra: 1,
            count: 4,
            max_depth: 14,
        };
        let state = state3(&four.moves3, &candidate.cube);
        for moves in searcher.solutions(&phase, state, wanted, &mut |_| true)? {
            let mut next = candidate.then(turns(&moves), &Face::ALL);
            next.estimate = next.length();
            solved.push(next);
        }
    }
    Ok(best(solved, KEEP3))
}

#[cfg(test)]
mod tests;
