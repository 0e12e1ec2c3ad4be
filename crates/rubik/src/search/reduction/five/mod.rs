//! The 5×5 by a table-driven reduction: three centre phases, each an IDA* over exact
//! per-orbit distance tables ([`FiveTables`]), then the wings paired and the 3×3 stage.
//!
//! 1. **centres U/D**: the U and D colours of both centre orbits (x and t) onto U and D (any
//!    turn);
//! 2. **centres L/R**: the L and R colours onto L and R, so F and B onto F and B, and the wings
//!    made even against the midges, so there is no last-two-edges parity (U, D, Uw, Dw, the
//!    outer turns, the other two-layer blocks by two);
//! 3. **centres**: solve them (outer turns and two-layer blocks by two);
//! 4. **edges**: pair the wings with the 3-cycles of the general reduction;
//! 5. **3x3**: two-phase on the reduced cube.
//!
//! Several candidates pass from phase to phase (each phase searched a turn past its shortest,
//! the candidates ranked by their length plus the next phase's bound); the last two stages run
//! on the best few, and the shortest whole solution, moves cancelled across stages, is kept.
//! The fixed centres never move (only outer blocks turn), so each centre's goal is its face.

mod coords;
mod model;
mod tables;

pub use tables::FiveTables;

use super::phase_search::{self, MoveSet, Searcher, Wanted};
use super::{
    ReductionError, ReductionOptions, edges, moves, normalised, replayed, shortest, three,
};
use crate::facelet::FaceletCube;
use crate::search::Solution;
use crate::search::Stop;
use crate::search::budget::Running;
use crate::search::two_phase::TwoPhase;
use crate::turn::Turn;
use coords::Phase;
use model::{Centres, Model};
use phase_search::Phase as _;

/// The names of the stages, in order.
const STAGES: [&str; 5] = ["centres U/D", "centres L/R", "centres", "edges", "3x3"];

/// How many solutions each centre phase looks for from each candidate, and how many of the
/// best continuations it passes on.
const WANTED: [(Wanted, usize); 3] = [
    (
        Wanted {
            extra: 0,
            count: 8,
            max_depth: 16,
        },
        8,
    ),
    (
        Wanted {
            extra: 1,
            count: 4,
            max_depth: 16,
        },
        16,
    ),
    (
        Wanted {
            extra: 1,
            count: 4,
            max_depth: 20,
        },
        6,
    ),
];

/// Search nodes the 3×3 stage spends shortening each candidate's first solution.
const IMPROVE_NODES: u64 = 200_000;

/// A partial solution: the centres after it, the wing parity, and its turns by phase.
#[derive(Clone)]
struct Candidate {
    centres: Centres,
    odd: bool,
    phases: Vec<Vec<u8>>,
    /// Its turns plus a lower bound of the next phase.
    estimate: usize,
}

impl Candidate {
    fn length(&self) -> usize {
        self.phases.iter().map(Vec::len).sum()
    }

    /// The state `phase` sees.
    fn state(&self, phase: Phase) -> coords::State {
        phase.state(|orbit, colours| self.centres.mask(orbit, colours), self.odd)
    }

    /// This candidate with `turns` as its next phase.
    fn then(&self, turns: &[u8]) -> Candidate {
        let centres = turns
            .iter()
            .fold(self.centres.clone(), |c, &m| c.turn(m as usize));
        let odd = turns.iter().fold(self.odd, |odd, &m| {
            odd ^ Model::flips_wing_parity(m as usize)
        });
        let mut phases = self.phases.clone();
        phases.push(turns.to_vec());
        Candidate {
            centres,
            odd,
            phases,
            estimate: 0,
        }
    }
}

/// Solves a 5×5 by the table-driven centre phases, the pairing and two-phase, over the tables
/// `five` and `three`.
///
/// ```
/// use rubik::search::reduction::{ReductionOptions, five};
/// use rubik::search::two_phase::{TableSize, TwoPhase, TwoPhaseTables};
/// let tables = TwoPhaseTables::build(TableSize::Tiny, &mut |_| {});
/// let five_tables = five::FiveTables::build(&mut |_| {});
/// let mut cube = rubik::bigcube::random_state(5, &mut rubik::seeded_rng(7));
/// let options = ReductionOptions::default();
/// let solution = five::solve(&cube, &TwoPhase::new(&tables), &five_tables, &options).unwrap();
/// cube.apply(solution.turns());
/// assert!(cube.is_solved());
/// ```
pub fn solve(
    cube: &FaceletCube,
    three: &TwoPhase<'_>,
    five: &FiveTables,
    options: &ReductionOptions<'_>,
) -> Result<Solution, ReductionError> {
    let normal = normalised(cube, 5..=5)?;
    let budget = options.budget.start();
    let odd = !edges::wing_parity(&normal)?.is_empty();
    let candidates = centre_phases(&normal, odd, five, &budget).map_err(ReductionError::Stopped)?;
    let finished = candidates
        .iter()
        .map(|candidate| finish(&normal, candidate, three, options, &budget));
    replayed(cube, shortest(finished)?)
}

/// The candidates the three centre phases leave on `cube` (its wings odd against the midges
/// when `odd`), the best first.
fn centre_phases(
    cube: &FaceletCube,
    odd: bool,
    five: &FiveTables,
    budget: &Running,
) -> Result<Vec<Candidate>, Stop> {
    let mut candidates = vec![Candidate {
        centres: Centres::read(cube),
        odd,
        phases: Vec::new(),
        estimate: 0,
    }];
    for phase in Phase::ALL {
        candidates = next_phase(&candidates, phase, five, budget)?;
    }
    Ok(candidates)
}

/// Turns that solve the centres of `cube`, a 5×5 whose centres' colours name the faces they
/// belong on, with an even number of quarter turns of two-layer blocks: how a bigger odd cube
/// solves the x- and t-centre orbits of one depth, which its outer layers and the block
/// reaching that depth move as a 5×5's turns move its centres. `Err` when the budget stops the
/// search.
pub(in crate::search::reduction) fn solve_centres(
    five: &FiveTables,
    cube: &FaceletCube,
    budget: &Running,
) -> Result<Vec<Turn>, Stop> {
    let model = Model::get();
    let candidates = centre_phases(cube, false, five, budget)?;
    let best = candidates
        .first()
        .expect("the centre phases solve every centre");
    Ok(best
        .phases
        .iter()
        .flatten()
        .map(|&m| model.turns[m as usize])
        .collect())
}

/// Each candidate carried through `phase`: the best continuations by length plus the next
/// phase's bound (by length alone after the last).
fn next_phase(
    candidates: &[Candidate],
    phase: Phase,
    five: &FiveTables,
    budget: &Running,
) -> Result<Vec<Candidate>, Stop> {
    let (wanted, keep) = WANTED[phase as usize];
    let searched = TablePhase::new(five, phase);
    let following = Phase::ALL
        .get(phase as usize + 1)
        .map(|&p| TablePhase::new(five, p));
    let mut searcher = Searcher { budget, nodes: 0 };
    let mut next = Vec::new();
    for candidate in candidates {
        let start = candidate.state(phase);
        for turns in searcher.solutions(&searched, start, wanted, &mut |_| true)? {
            let mut extended = candidate.then(&turns);
            let bound = following
                .as_ref()
                .map_or(0, |f| f.bound(&extended.state(f.phase)));
            extended.estimate = extended.length() + bound as usize;
            next.push(extended);
        }
    }
    next.sort_by_key(|c| c.estimate);
    next.truncate(keep);
    Ok(next)
}

/// A centre phase as the shared search sees it: its turns and its tables' bound.
struct TablePhase<'t> {
    five: &'t FiveTables,
    phase: Phase,
    turns: MoveSet,
}

impl<'t> TablePhase<'t> {
    fn new(five: &'t FiveTables, phase: Phase) -> TablePhase<'t> {
        TablePhase {
            five,
            phase,
            turns: phase.turns(),
        }
    }
}

impl phase_search::Phase for TablePhase<'_> {
    type State = coords::State;
    fn moves(&self) -> MoveSet {
        self.turns
    }
    fn turn(&self, state: &coords::State, m: usize) -> coords::State {
        state.turn(m)
    }
    fn bound(&self, state: &coords::State) -> u8 {
        self.five.bound(self.phase, state)
    }
}

/// A candidate with its centres solved, finished: wings paired, then the 3×3 stage.
fn finish(
    normal: &FaceletCube,
    candidate: &Candidate,
    three: &TwoPhase<'_>,
    options: &ReductionOptions<'_>,
    budget: &Running,
) -> Result<Solution, ReductionError> {
    let model = Model::get();
    let mut phases: Vec<Vec<Turn>> = candidate
        .phases
        .iter()
        .map(|turns| turns.iter().map(|&m| model.turns[m as usize]).collect())
        .collect();
    let mut work = normal.clone();
    work.apply(phases.iter().flatten().copied());
    let pairing = edges::pair(&work, budget, &|| {})?;
    work.apply(pairing.iter().copied());
    let rest = budget.left(options.budget.nodes.unwrap_or(u64::MAX));
    let last = three::solve(&work, three, IMPROVE_NODES, rest)?;
    phases.extend([pairing, last.moves.iter().map(|m| m.turn(5)).collect()]);
    Ok(Solution {
        size: 5,
        stages: moves::cancel(STAGES.into_iter().zip(phases).collect()),
        budget_ran_out: last.budget_ran_out,
        nodes: last.nodes,
    })
}

#[cfg(test)]
pub(super) mod tests;
