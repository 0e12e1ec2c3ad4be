//! The 4×4 by a table-driven reduction in the spirit of Tsai's method: three phases, each an
//! IDA* over exact distance tables ([`FourTables`]), then the 3×3 stage.
//!
//! 1. **centres L/R**: stage one colour pair on L and R, each of the three pairs tried (any
//!    turn but the L block's and the D and B blocks' half turns: as in phase 3, each is
//!    another turn and a whole-cube turn that keeps the goal);
//! 2. **centres U/D**: stage a second pair on U and D (so the third is on F and B) and make the
//!    wing permutation even, so there is no "OLL parity" (outer turns, Rw and Lw, the other
//!    blocks by two, less the D, L and B blocks' half turns), leaving each edge with one wing
//!    in each of phase 3's two wing classes: the bound is the larger of the centres' distance
//!    and each edge's separation distance (`separation.rs`); only solutions that leave an even
//!    matching of the wings are kept;
//! 3. **centres + edges**: solve the centres and pair every edge, the reduced cube's edges an
//!    even permutation against its corners (no "PLL parity"), with U, D, F, B, R2, L2 and every
//!    block by two; the cube may end up held as it is or turned by x2, y2 or z2 (a whole-cube
//!    half turn keeps phases 1 and 2 and every turn of phase 3), so the search skips the D, L
//!    and B blocks' half turns, each the opposite block's and such a half turn; the bound is
//!    the largest of the centres' (with that parity), the wing matching's and each edge's
//!    distance to paired with the centres solved (`edge_pairing.rs`);
//! 4. **3x3**: two-phase on the reduced cube, its colours named by its centres.
//!
//! Several candidates pass from phase to phase: phases 2 and 3 search all their candidates
//! by total length (turns so far plus the phase's), so the shortest totals come first. Only
//! about one placement of the wings in 1,300 is separated, so phase 2 starts from many phase 1
//! solutions (a thousand): with few, its first separating solutions come turns later. Phase 3
//! searches many starts together and finds a short total early, so the first pass starts it
//! from every solution phase 2 lists (a few dozen); the wider passes, from the best of more.
//! With a time budget, the first pass still runs to its solution (only a cancel stops it),
//! then larger candidate sets shorten it while time is left. Colour
//! frames are tried by renaming the colours by a whole-cube rotation: the turns stay the same,
//! and a cube is solved in any frame. Moves are cancelled across stages.

mod coords;
mod edge_pairing;
mod model;
pub(super) mod pairing;
mod separation;
mod tables;

pub use tables::FourTables;

use super::phase_search::{Child, MoveSet, Phase, Searcher, Wanted};
use super::{ReductionError, ReductionOptions, in_passes, normalised, replayed, three};
use crate::face::{Axis, Face};
use crate::facelet::FaceletCube;
use crate::search::Solution;
use crate::search::Stop;
use crate::search::budget::Running;
use crate::search::two_phase::TwoPhase;
use crate::turn::Turn;
use coords::{Centres3, Moves2, State2};
use model::{Model, Pieces};
use pairing::Matching;
use separation::EdgePairs;

/// Phase 1 solutions kept for each axis. Few placements of the wings are separated (about one
/// in 1,300), so phase 2 needs many starts to find short ones.
const KEEP1: usize = 500;
/// Of those (each in two frames), the starts phase 2 searches: the least by estimate.
const STARTS2: usize = 1000;
/// How far past the shortest total phase 2 looks for its solutions.
const EXTRA2: u8 = 2;
/// The longest a phase may be.
const MAX_PHASE: usize = 20;

/// How many candidates the later phases carry on.
#[derive(Clone, Copy)]
struct Effort {
    /// Phase 2 solutions found.
    keep2: usize,
    /// Of those, the starts phase 3 searches: the least by estimate.
    starts3: usize,
    /// Reduced candidates carried on to the 3×3 stage.
    keep3: usize,
    /// How far past the shortest total phase 3 looks for its solutions.
    extra3: u8,
}

/// The efforts tried in turn: the first alone without a time budget; with one, the first
/// runs to its solution whatever the budget, then each next while time is left, the shortest
/// solution kept. Phase 3 searched from all of phase 2's solutions by total length finds a
/// short one early among many starts, so its time grows slowly with them, and phase 2, bound
/// by the separation, lists them cheaply. On 300 random states (`rubik bench solve --size 4
/// --count 300 --seed 1 --single-only`), phase 2 listing 100 and phase 3 starting from all of
/// them, two reduced cubes, gave 44.04 moves in 73 ms a state; three reduced cubes, 43.94 in
/// 89 ms; 150 and 150, 43.97 in 77 ms, with three reduced cubes 43.86 in 87 ms.
const EFFORTS: [Effort; 4] = [
    Effort {
        keep2: 150,
        starts3: 150,
        keep3: 3,
        extra3: 0,
    },
    Effort {
        keep2: 300,
        starts3: 300,
        keep3: 6,
        extra3: 0,
    },
    Effort {
        keep2: 600,
        starts3: 450,
        keep3: 12,
        extra3: 1,
    },
    Effort {
        keep2: 1200,
        starts3: 900,
        keep3: 24,
        extra3: 1,
    },
];

/// The effort that reduces a bigger cube's innermost depth ([`reduce_depth`]): phase 2
/// listing 20 solutions and phase 3 starting from the best 8 (as the first effort did before
/// it widened), with more of its results kept, for the bigger cube to choose among.
const DEPTH_EFFORT: Effort = Effort {
    keep2: 20,
    starts3: 8,
    keep3: 16,
    extra3: 0,
};

/// Search nodes the 3×3 stage spends shortening the first candidate's first solution, and
/// each later candidate in all looking for a shorter whole solution
/// ([`three::best_finished`]).
const IMPROVE_NODES: u64 = 200_000;

/// The names of the stages, in order.
const STAGES: [&str; 4] = ["centres L/R", "centres U/D", "centres + edges", "3x3"];

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

    /// This candidate with `turns` added as its next phase, its cube renamed after `frame`.
    fn then(&self, turns: Vec<Turn>, frame: &[Face; 6]) -> Candidate {
        let mut cube = self.cube.clone();
        cube.apply(turns.iter().copied());
        let mut phases = self.phases.clone();
        phases.push(turns);
        Candidate {
            cube: cube.renamed_after(*frame),
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
/// `four` and `three`. The budget's time and node limit only cut the shortening: the first
/// pass always finishes; its cancel flag stops the solve.
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
    let normal = normalised(cube, 4..=4)?;
    let start = Candidate {
        cube: normal,
        phases: Vec::new(),
        estimate: 0,
    };
    let budget = options.budget.start();
    let solved = in_passes(&EFFORTS, options, &budget, |effort, options, budget| {
        let mut searcher = Searcher { budget, nodes: 0 };
        attempt(&start, four, three, options, &mut searcher, effort)
    });
    replayed(cube, solved?)
}

/// The three phases with `effort`, then the 3×3 stage on the reduced candidates: the
/// shortest solution, or the error that left none.
fn attempt(
    start: &Candidate,
    four: &FourTables,
    three: &TwoPhase<'_>,
    options: &ReductionOptions<'_>,
    searcher: &mut Searcher,
    effort: &Effort,
) -> Result<Solution, ReductionError> {
    let third = reduced(start, four, searcher, effort)?;
    let last = three::LastStage {
        three,
        options,
        budget: searcher.budget,
        size: 4,
        stages: &STAGES,
    };
    three::best_finished(
        &third,
        IMPROVE_NODES,
        last.budget,
        |candidate| last.length(candidate.phases.clone()),
        |candidate, reach| last.finish(&candidate.cube, candidate.phases.clone(), reach),
    )
}

/// The candidates the three phases with `effort` leave from `start`.
fn reduced(
    start: &Candidate,
    four: &FourTables,
    searcher: &mut Searcher,
    effort: &Effort,
) -> Result<Vec<Candidate>, ReductionError> {
    let stopped = ReductionError::Stopped;
    let first = phase1(start, four, searcher).map_err(stopped)?;
    let second = phase2(&first, four, searcher, effort).map_err(stopped)?;
    phase3(&second, four, searcher, effort).map_err(stopped)
}

/// Turns that reduce `cube`, a 4×4 whose colours name the faces its centres belong on: its
/// centres solved and its wings paired into edges that make a 3×3 with its corners, by the
/// three phases ([`DEPTH_EFFORT`]): the reductions found, shortest first. How a bigger even
/// cube reduces its innermost depth: the x-centre orbit and the wing orbit next to the middle,
/// which its outer layers and the block reaching that depth move as a 4×4's turns move these
/// pieces.
pub(in crate::search::reduction) fn reduce_depth(
    four: &FourTables,
    cube: &FaceletCube,
    budget: &Running,
) -> Result<Vec<Vec<Turn>>, ReductionError> {
    let start = Candidate {
        cube: cube.clone(),
        phases: Vec::new(),
        estimate: 0,
    };
    let mut searcher = Searcher { budget, nodes: 0 };
    let mut reduced = reduced(&start, four, &mut searcher, &DEPTH_EFFORT)?;
    reduced.sort_by_key(Candidate::length);
    Ok(reduced.iter().map(|c| c.phases.concat()).collect())
}

/// The colour each face shows after a whole-cube rotation of a solved cube: renamed after
/// it, a cube is seen held that way.
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
    std::array::from_fn(|face| solved.stickers()[face])
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
        self.0.moves1
    }
    fn turn(&self, state: &Self::State, m: usize) -> Self::State {
        coords::turn1(Model::get(), *state, m)
    }
    fn bound(&self, state: &Self::State) -> u8 {
        self.0.phase1(*state)
    }
}

/// Phase 1 in each of the three frames that bring a colour pair onto L and R; each solution
/// then in both frames that keep it (U/D or F/B next). Each is estimated from its centres and
/// wing parity alone (a whole-cube rotation keeps the wing parity), and only the
/// [`STARTS2`] with the least estimate are made into candidates.
fn phase1(
    start: &Candidate,
    four: &FourTables,
    searcher: &mut Searcher,
) -> Result<Vec<Candidate>, Stop> {
    let model = Model::get();
    let subs = [None, Some((Axis::X, 1))].map(frame);
    let mut framed = Vec::new();
    let mut solutions = Vec::new();
    // (estimate, solution, frame after it)
    let mut estimated = Vec::new();
    for rotation in [None, Some((Axis::Z, 1)), Some((Axis::Y, 1))] {
        let cube = start.cube.renamed_after(frame(rotation));
        let pieces = Pieces::read(&cube).expect("a valid cube");
        let state = pieces.mask(Face::R) | pieces.mask(Face::L);
        let wanted = Wanted {
            extra: 1,
            count: KEEP1,
            max_depth: 12,
            patience: u64::MAX,
        };
        for moves in searcher.solutions(&Phase1(four), state, wanted, &mut |_| true)? {
            let turned = |colour: Face| {
                (moves.iter()).fold(pieces.mask(colour), |mask, &m| {
                    model::turn_mask(model, mask, m as usize)
                })
            };
            let odd = (moves.iter()).fold(pieces.wings_odd(), |odd, &m| {
                odd != model.wing_odd[m as usize]
            });
            for (sub, shown) in subs.iter().enumerate() {
                let two = state2(&four.moves2, |f| turned(shown[f.index()]), odd);
                let estimate = moves.len() + four.phase2(two) as usize;
                estimated.push((estimate, solutions.len(), sub));
            }
            solutions.push((framed.len(), moves));
        }
        framed.push(Candidate {
            cube,
            ..start.clone()
        });
    }
    // Stable: of equal estimates, the first found.
    estimated.sort_by_key(|&(estimate, ..)| estimate);
    estimated.truncate(STARTS2);
    Ok(estimated
        .into_iter()
        .map(|(estimate, solution, sub)| {
            let (f, moves) = &solutions[solution];
            Candidate {
                estimate,
                ..framed[*f].then(turns(moves), &subs[sub])
            }
        })
        .collect())
}

/// Phase 2's state of a cube whose centres of each colour lie at `mask(colour)` and whose
/// wings are odd as `wings_odd` says.
fn state2(moves: &Moves2, mask: impl Fn(Face) -> u32, wings_odd: bool) -> State2 {
    State2 {
        ud: moves.ud.of(mask(Face::U) | mask(Face::D)),
        r: moves.r.of(mask(Face::R)),
        odd: wings_odd,
    }
}

/// Phase 2's state of a cube read as `pieces`.
fn state2_of(moves: &Moves2, pieces: &Pieces) -> State2 {
    state2(moves, |f| pieces.mask(f), pieces.wings_odd())
}

/// Phase 2's search state: its table's state and where each edge's two wings are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Search2 {
    state: State2,
    pairs: EdgePairs,
}

/// Phase 2's search state of a cube read as `pieces`.
fn search2_of(four: &FourTables, pieces: &Pieces) -> Search2 {
    Search2 {
        state: state2_of(&four.moves2, pieces),
        pairs: four.separation.of(&model::slots_of(&pieces.wings)),
    }
}

struct Phase2<'t>(&'t FourTables);

impl Phase for Phase2<'_> {
    type State = Search2;
    fn moves(&self) -> MoveSet {
        self.0.moves2.reducing
    }
    fn turn(&self, search: &Search2, m: usize) -> Search2 {
        Search2 {
            state: self.0.moves2.turn(search.state, m),
            pairs: self.0.separation.turn(&search.pairs, m),
        }
    }
    fn bound(&self, search: &Search2) -> u8 {
        let centres = self.0.phase2(search.state);
        centres.max(self.0.separation(search.state.ud, &search.pairs, u8::MAX))
    }
    /// The wings followed only for the turns that pass the centres' bound.
    fn expand(
        &self,
        search: &Search2,
        moves: impl Iterator<Item = usize>,
        left: u8,
        out: &mut Vec<Child<Search2>>,
    ) {
        out.clear();
        for m in moves {
            let state = self.0.moves2.turn(search.state, m);
            let centres = self.0.phase2(state);
            if centres >= left {
                continue;
            }
            let pairs = self.0.separation.turn(&search.pairs, m);
            let bound = centres.max(self.0.separation(state.ud, &pairs, left));
            if bound < left {
                out.push(Child {
                    turn: m,
                    state: Search2 { state, pairs },
                    bound,
                    far: [0; 2],
                });
            }
        }
    }
}

/// The first `count` solutions of a phase, at most `extra` turns past the shortest total and
/// at most [`MAX_PHASE`] turns long.
fn within_phase(count: usize, extra: u8) -> Wanted {
    Wanted {
        extra,
        count,
        max_depth: MAX_PHASE as u8,
        patience: u64::MAX,
    }
}

/// Phase 2 over the candidates by total length (its bound makes its solutions leave the
/// wings separated: each edge with a wing in each of phase 3's classes), its solutions kept
/// only if they leave the wings' matching even: the `effort.starts3` of those with the least
/// estimate.
fn phase2(
    candidates: &[Candidate],
    four: &FourTables,
    searcher: &mut Searcher,
    effort: &Effort,
) -> Result<Vec<Candidate>, Stop> {
    let model = Model::get();
    let pieces: Vec<Pieces> = candidates
        .iter()
        .map(|c| Pieces::read(&c.cube).expect("a valid cube"))
        .collect();
    // Where each start holds each wing.
    let homes: Vec<[u8; 24]> = pieces.iter().map(|p| model::slots_of(&p.wings)).collect();
    let starts: Vec<(usize, Search2)> = (candidates.iter().zip(&pieces))
        .map(|(c, p)| (c.length(), search2_of(four, p)))
        .collect();
    let mut even = |i: usize, moves: &[u8]| {
        let mut wings = [0u8; 24];
        for (wing, &home) in homes[i].iter().enumerate() {
            let slot =
                (moves.iter()).fold(home, |slot, &m| model.wing_to[m as usize][slot as usize]);
            wings[slot as usize] = wing as u8;
        }
        four.pairing
            .read(&wings)
            .is_some_and(|matching| !model::is_odd(&matching))
    };
    let wanted = within_phase(effort.keep2, EXTRA2);
    let solutions = searcher.by_total_length(&Phase2(four), &starts, wanted, &mut even)?;
    let next = solutions
        .into_iter()
        .map(|(i, moves)| {
            let mut staged = candidates[i].then(turns(&moves), &Face::ALL);
            let bound = Phase3(four).bound(&state3(four, &staged.cube));
            staged.estimate = staged.length() + bound as usize;
            staged
        })
        .collect();
    Ok(best(next, effort.starts3))
}

/// Phase 3's state: the centres, whether the reduced cube would have "PLL parity", the wings'
/// matching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State3 {
    centres: Centres3,
    pll_odd: bool,
    matching: Matching,
}

/// Phase 3's state of a cube with its centres staged and its wings separated.
fn state3(four: &FourTables, cube: &FaceletCube) -> State3 {
    let pieces = Pieces::read(cube).expect("a valid cube");
    State3 {
        centres: four
            .moves3
            .centres([Face::U, Face::F, Face::R].map(|f| pieces.mask(f))),
        pll_odd: four
            .pairing
            .pll_odd(&pieces.wings, Pieces::corners_odd(cube)),
        matching: four.pairing.read(&pieces.wings).expect("separated wings"),
    }
}

struct Phase3<'t>(&'t FourTables);

impl Phase for Phase3<'_> {
    type State = State3;
    fn moves(&self) -> MoveSet {
        self.0.moves3.reducing
    }
    fn turn(&self, state: &State3, m: usize) -> State3 {
        State3 {
            centres: self.0.moves3.turn(state.centres, m),
            pll_odd: state.pll_odd != self.0.flips_pll[m],
            matching: self.0.pairing.turn(&state.matching, m),
        }
    }
    fn bound(&self, state: &State3) -> u8 {
        let centres = self.0.phase3(state.centres, state.pll_odd);
        let wings = self.0.matching(&state.matching, state.pll_odd);
        let centres_odd = (state.centres, state.pll_odd);
        let edges = self.0.edge_pairing(centres_odd, &state.matching, u8::MAX);
        centres.max(wings).max(edges)
    }
    /// The centres first, then the start of loading the matching's table entry of each turn
    /// that passes them (most miss the cache).
    fn expand(
        &self,
        state: &State3,
        moves: impl Iterator<Item = usize>,
        left: u8,
        out: &mut Vec<Child<State3>>,
    ) {
        out.clear();
        for m in moves {
            let centres = self.0.moves3.turn(state.centres, m);
            let pll_odd = state.pll_odd != self.0.flips_pll[m];
            let near = self.0.phase3(centres, pll_odd);
            if near >= left {
                continue;
            }
            let matching = self.0.pairing.turn(&state.matching, m);
            let index = self.0.pairing.index(&matching);
            self.0.prefetch_matching(index);
            out.push(Child {
                turn: m,
                state: State3 {
                    centres,
                    pll_odd,
                    matching,
                },
                bound: near,
                far: [index, index],
            });
        }
    }

    /// The matching's entries read; where they leave the child within reach, the edges'
    /// with the centres.
    fn settle(&self, children: &mut Vec<Child<State3>>, left: u8) {
        for child in children.iter_mut() {
            let matching = self.0.matching_at(child.far[0], child.state.pll_odd);
            child.bound = child.bound.max(matching);
            if child.bound < left {
                let state = &child.state;
                let edges =
                    self.0
                        .edge_pairing((state.centres, state.pll_odd), &state.matching, left);
                child.bound = child.bound.max(edges);
            }
        }
        children.retain(|child| child.bound < left);
    }
}

/// Phase 3 over the candidates by total length: the `effort.keep3` shortest reduced cubes,
/// their colours named by their centres (the cube may be held any of four ways).
fn phase3(
    candidates: &[Candidate],
    four: &FourTables,
    searcher: &mut Searcher,
    effort: &Effort,
) -> Result<Vec<Candidate>, Stop> {
    let starts: Vec<(usize, State3)> = candidates
        .iter()
        .map(|c| (c.length(), state3(four, &c.cube)))
        .collect();
    let wanted = within_phase(effort.keep3, effort.extra3);
    let solutions = searcher.by_total_length(&Phase3(four), &starts, wanted, &mut |_, _| true)?;
    Ok(solutions
        .into_iter()
        .map(|(i, moves)| {
            let reduced = candidates[i].then(turns(&moves), &Face::ALL);
            let centres = Face::ALL.map(|face| reduced.cube.sticker(face, 1, 1));
            Candidate {
                cube: reduced.cube.renamed_after(centres),
                ..reduced
            }
        })
        .collect())
}

#[cfg(test)]
pub(crate) mod tests;
