//! The 5×5 by a table-driven reduction in five phases, each an IDA* over exact distance
//! tables ([`FiveTables`]), then the 3×3 stage.
//!
//! 1. **centres U/D**: the U and D colours of both centre orbits (x and t) onto U and D (any
//!    turn), tried with the cube held three ways (so each axis's pair may go first), the three
//!    searched together by length;
//! 2. **centres L/R**: the L and R colours onto L and R, so F and B onto F and B, and the wings
//!    made even against the midges, so there is no last-two-edges parity (U, D, Uw, Dw, the
//!    outer turns, the other two-layer blocks by two);
//! 3. **edges separated**, 4. **edges gathered**, 5. **edges paired**: the wings split into two
//!    classes and the midges oriented, four edges paired on UL, UR, DL and DR, then the other
//!    eight paired with the centres solved (`edge_phases.rs`), each staged cube held six ways
//!    (the staging leaves every axis's colours on it, so any axis may take any of these roles;
//!    the first pass searches the separation in three of them, each separated cube also going
//!    on turned by x);
//! 6. **3x3**: two-phase on the reduced cube.
//!
//! Several candidates pass from phase to phase: every phase searches all its candidates together by
//! total length, the U/D staging passing on the best by length plus the L/R staging's bound, the
//! L/R staging the shortest; the best few reduced cubes are ranked by their whole length with the
//! 3×3 stage's first solution, the best twelve have that solution shortened, and the shortest
//! whole solution, moves cancelled across stages, is kept. With a time budget the edge phases and
//! the 3×3 stage run again over the same staged centres, passing on one and a half, three and six
//! times as many candidates, while time is left (`PASSES`). The fixed centres never move (only
//! outer blocks turn), so each centre's goal is its face. A bigger odd cube reduces each depth
//! as a 5×5 by the first five phases (`reduce_depth`).

mod coords;
mod edge_phases;
mod gathering;
mod last_pairing;
mod model;
mod separated_edges;
mod separation;
mod symmetric_table;
mod symmetry;
mod tables;

use std::cell::OnceCell;

pub use tables::{FiveSize, FiveTables};

use super::phase_search::{self, MoveSet, Searcher, TURNS, Wanted};
use super::{
    ReductionError, ReductionOptions, edges, in_passes, normalised, replayed, three, unhurried,
};
use crate::face::Axis;
use crate::facelet::FaceletCube;
use crate::search::Solution;
use crate::search::Stop;
use crate::search::budget::Running;
use crate::search::two_phase::TwoPhase;
use crate::turn::Turn;
use coords::Phase;
use edge_phases::{Partial, Widths};
use model::{Centres, Model};
use phase_search::Phase as _;

/// The names of the stages, in order.
const STAGES: [&str; 6] = [
    "centres U/D",
    "centres L/R",
    "edges separated",
    "edges gathered",
    "edges paired",
    "3x3",
];

/// How a centre phase searches its candidates: all together, by total length, so that the
/// shortest come first and a deep one is not searched past them (the ways the cube is held,
/// then the U/D stagings).
struct Effort {
    /// The solutions it looks for.
    wanted: Wanted,
    /// How many of the best continuations it passes on.
    keep: usize,
}

/// Each centre phase's effort on a 5×5: many candidates, since the edge phases find shorter
/// solutions from more starts at little more cost (`rubik bench solve --size 5 --count 20
/// --seed 1 --single-only`: 16 each, 73.8 moves in 0.98-0.99 s a state; 100, 72.9 in 1.08 s;
/// 200, 72.6 in 0.97 s; 400, 72.5 in 0.91 s).
const CENTRE_EFFORT: Effort = centre_effort(200);

/// The nodes after which a centre phase stops with the solutions it has, once it has one. A
/// few states need 11 turns to stage U/D on every axis, where listing them all took up to
/// 18 M nodes (11 s); this keeps the first hold's (`rubik bench solve --size 5 --count 20
/// --single-only`: seed 2, 73.4 → 73.5 moves, 1.65 → 1.19 s a state, the slowest 11.2 →
/// 2.8 s; seed 1 unchanged, its phases at most 1.5 M nodes).
const CENTRE_PATIENCE: u64 = 4_000_000;

/// A centre phase's effort that looks for and passes on `count` candidates.
const fn centre_effort(count: usize) -> Effort {
    Effort {
        wanted: Wanted {
            extra: 0,
            count,
            max_depth: 16,
            patience: CENTRE_PATIENCE,
        },
        keep: count,
    }
}

/// Search nodes the 3×3 stage spends shortening the first solution of each of a pass's best
/// candidates ([`Pass::shortened`]).
const IMPROVE_NODES: u64 = 200_000;

/// How widely the edge phases and the 3×3 stage search.
struct Pass {
    /// How widely the edge phases search.
    edges: Widths,
    /// The reduced cubes whose 3×3 solution is shortened: those with the shortest whole
    /// solutions when it is not.
    shortened: usize,
    /// Whether the separation is searched in the even frames only, each separated cube going
    /// on with its twin (faster), rather than in all six ([`FRAMES`]).
    twins: bool,
}

/// The passes tried in turn over the staged centres: the first alone without a time budget;
/// with one, the first runs to its solution whatever the budget (only a cancel stops it), then
/// each next while time is left, the shortest solution kept. Measured alone on 20 random
/// states with 16 centre candidates (`rubik bench solve --size 5 --count 20 --seed 1
/// --single-only`; with 200, 8 separations gave 72.6 moves and 32 gave 71.7): 73.8, 73.1, 72.5
/// and 72.5 moves in 0.82, 0.90, 1.29 and 1.92 s a state for the edge phases passing on 8, 16,
/// 32 and 64 separations (50 states: 73.9 in 0.90-1.05 s, 73.4 in 1.13-1.19 s with 16).
/// Once the U/D staging's perimeter reached a turn further (its slowest states 2-4 times
/// faster), the first pass widened: on the same 20 states, 200 centre candidates, 72.6, 72.4,
/// 71.9 and 71.5 moves in 0.63, 0.76, 0.94 and 1.14 s a state for 1, 2, 3 and 4 times as
/// wide. Once the gathering had its joint tables (a quarter less time), 4 times: 30 states of
/// seed 1, 71.3 → 71.1 moves in 0.63 → 0.70 s; 40 of seed 2, 71.8 → 71.7 in 0.86 s both.
const PASSES: [Pass; 4] = [
    Pass::wide(4, true),
    Pass::wide(6, false),
    Pass::wide(12, false),
    Pass::wide(24, false),
];

/// How widely a depth of a bigger cube is reduced ([`reduce_depth`]): each centre phase's
/// effort, and the edge phases' widths, for the bigger cube to choose among. The last pairing
/// looks no further than the total of its first solutions: a turn further took 7×7s nearly
/// twice the time (`rubik bench solve --size 7 --count 6 --seed 1 --single-only`: 193.8 →
/// 193.5 moves, 2.4 → 4.5 s a state).
struct DepthEffort {
    centres: Effort,
    edges: Widths,
}

/// The biggest cube whose depths are reduced [`WIDE`]ly; bigger ones are reduced
/// [`NARROW`]ly. The wide effort made random cubes (`rubik bench solve --size N --count K
/// --seed S --single-only`) shorter up to 12 layers and no shorter past it: 6×6 (20 states)
/// 151.8 → 150.3 moves, 7×7 (30 states, seeds 2 and 3) 227.3 → 222.8 and 228.9 → 225.5, 9×9
/// (2) 469.0 → 459.5, 10×10 (2) 630.5 → 628.5, 12×12 (2) 1,020.0 → 1,004.5, 16×16 (1)
/// 2,050 → 2,048, 20×20 (seeds 1 and 2) 3,398 → 3,406 and 3,481 → 3,489; each in up to 1.5
/// times the time.
const WIDE_UP_TO: usize = 12;

/// Each centre phase passing on 16 results (200 made a 20×20 longer: 3,397 → 3,503 moves,
/// one state), each edge phase 8 (16 once made a 20×20's last edge phase pass
/// [`super::TABLE_NODES`] and leave its depth).
const NARROW: DepthEffort = DepthEffort {
    centres: centre_effort(16),
    edges: Widths {
        keep: [8; 3],
        extra: [1, 1, 0],
    },
};

/// As wide as a 5×5's own centre phases, and the edge phases' results eight times as many
/// (on 10 7×7s, seed 1: 225.5 moves narrowly; 222.0 with 16 results, 220.9 with 32, 217.2
/// with 64, 220.5 with 128 in 1.3 times the time of 64; with 64, 16 centres gave 222.5).
const WIDE: DepthEffort = DepthEffort {
    centres: CENTRE_EFFORT,
    edges: Widths {
        keep: [64; 3],
        extra: [1, 1, 0],
    },
};

impl Pass {
    /// Each edge phase passing on `96 · times`, `8 · times` and `4 · times` results, the
    /// separation and the gathering looking a turn past the total of their first solutions,
    /// `4 · times` reduced cubes shortened, the separation searched in all six frames; or
    /// `further`, the last pairing looking a turn further as well and passing on `3 · times`
    /// (as many shortened), the separation searched with twins ([`FRAMES`]). The gathering
    /// searches the separations it is given together, by total length, and finds a short total
    /// sooner among more of them, so passing it more costs little (`rubik bench solve --size 5
    /// --count 50 --seed 2 --single-only`, the first pass: 32 separations, 71.62 moves in 625 ms a state; 128,
    /// 71.16 in 676 ms; 20 states of seed 1: 32, 71.10 in 591 ms; 96, 70.85 in 560 ms; 200,
    /// 70.75 in 601 ms; 500, 70.75 in 694 ms); passing the last pairing more gatherings costs
    /// more (96 instead of 32: 70.85 in 757 ms). With the separation searched from each staged
    /// cube held six ways ([`FRAMES`]), the first pass's 128, 256, 384 and 512 separations gave
    /// 70.80, 70.61, 70.53 and 70.53 moves in 733, 730, 757 and 789 ms a state (`--count 100
    /// --seed 2`); over 200 states of seed 1, 256 and 384 gave 70.47 and 70.42 in 736 and 763
    /// ms against 70.62 in 715 ms with 128. Since each separation goes on with its twin
    /// ([`FRAMES`]), 384 separations are twice as many as before: see there. Passing on more
    /// from the twins' saved time bought nothing more (`--count 100 --seed 2`, against 70.43
    /// moves in 734 ms): 12 gatherings a unit, 70.39 in 781 ms; 6 reduced cubes shortened,
    /// 70.43 in 728 ms; 6 reduced and shortened, 70.39 in 786 ms. The last pairing stopped at
    /// the total of its first solutions, often with only 2 to 10 of its 16: looking a turn
    /// further gave 70.32 moves in 908 ms, and passing on 12 from there 70.35 in 802 ms (100
    /// states of `--seed 3`: 70.58 → 70.43 moves, 806 → 923 ms); 8, 70.54 in 677 ms; the
    /// separation looking two turns further as well, 70.32 in 849 ms.
    const fn wide(times: usize, further: bool) -> Pass {
        let (reduced, extra) = if further {
            (3 * times, 1)
        } else {
            (4 * times, 0)
        };
        Pass {
            edges: Widths {
                keep: [96 * times, 8 * times, reduced],
                extra: [1, 1, extra],
            },
            shortened: reduced,
            twins: further,
        }
    }
}

/// The whole-cube rotations the 5×5's first phase holds the cube by (none, x, z), as the
/// axes of the whole-cube quarter turns that make them: each brings another axis's colours onto
/// U and D.
const HOLDS: [&[Axis]; 3] = [&[], &[Axis::X], &[Axis::Z]];

/// The whole-cube rotations the edge phases take each staged cube by, as [`HOLDS`] are given:
/// every one of the six ways of giving the three axes the separation's, the gathering's and the
/// last pairing's roles (none, x, y, y then x, z, z then x). The staging leaves every axis's
/// colours on it, so each is a start; on 200 random states (`rubik bench solve --size 5 --count
/// 200 --seed 1 --single-only`) the six took 71.33 moves in 709 ms a state to 70.64 in 734 ms
/// (two of them, none and y, 70.99 in 636 ms). Each odd frame is the one before it then x,
/// which keeps the separation's goal for the edges (not always for the centres, whose goal
/// follows the last phase's turns; the gathering moves them on): so the separation is searched
/// in the even frames only ([`SEPARATION_FRAMES`]), and each separated cube goes on in the next
/// frame as well, its twin ([`EdgePhases::reduce`](edge_phases::EdgePhases::reduce)). Against
/// the separation searched in all six (`--count 100 --seed 2`): 70.53 moves in 776 ms a state;
/// 192 separations a pass unit as twins, the same separations, 70.53 in 706 ms; 384, 70.43 in
/// 757 ms. A twin's centres suit the other frame's last phase, so wider passes gain less from
/// twins than from the separation's own search: as a first pass (`--count 20 --seed 1`), six
/// times as wide, twins gave 70.25 moves in 711 ms, the six frames 70.00 in 901 ms; with
/// `--timeout-ms 3000`, twins in every pass 70.05-70.20, six frames in every pass 69.70, twins
/// in the first pass only 69.50. So only the first pass uses twins ([`Pass::twins`]).
const FRAMES: [&[Axis]; 6] = [
    &[],
    &[Axis::X],
    &[Axis::Y],
    &[Axis::Y, Axis::X],
    &[Axis::Z],
    &[Axis::Z, Axis::X],
];

/// The frames (of [`FRAMES`]) the 5×5's separation is searched in: one for each axis in its
/// role.
const SEPARATION_FRAMES: [usize; 3] = [0, 2, 4];

/// The whole-cube quarter turns about `axes`, in order.
fn rotation(axes: &[Axis]) -> Vec<Turn> {
    (axes.iter())
        .map(|&axis| Turn {
            axis,
            first: 0,
            last: 4,
            quarters: 1,
        })
        .collect()
}

/// The rotation a staged partial's `origin` names: its hold ([`HOLDS`]), then its frame
/// ([`FRAMES`]).
fn origin_rotation(origin: usize) -> Vec<Turn> {
    let (hold, frame) = (origin / FRAMES.len(), origin % FRAMES.len());
    [rotation(HOLDS[hold]), rotation(FRAMES[frame])].concat()
}

/// A whole-cube rotation, and each turn (by index) seen through it ([`reframed`]).
struct Rotation {
    turns: Vec<Turn>,
    seen: [u8; TURNS],
}

impl Rotation {
    /// The rotation by the whole-cube quarter turns about `axes`, in order.
    fn new(axes: &[Axis]) -> Rotation {
        let turns = rotation(axes);
        let seen = reframed(&turns);
        Rotation { turns, seen }
    }

    /// `partial` turned by this rotation, its turns seen so, as `origin`.
    fn turned(&self, partial: &Partial, origin: usize) -> Partial {
        Partial {
            origin,
            phases: (partial.phases.iter())
                .map(|turns| turns.iter().map(|&m| self.seen[usize::from(m)]).collect())
                .collect(),
            cube: held_as(&partial.cube, &self.turns),
        }
    }
}

/// A partial solution: the cube held as `HOLDS[hold]`, the centres after it, the wing
/// parity, and its turns by phase.
#[derive(Clone)]
struct Candidate {
    hold: usize,
    centres: Centres,
    odd: bool,
    phases: Vec<Vec<u8>>,
    /// Its turns plus a lower bound of the next phase.
    estimate: usize,
}

impl Candidate {
    /// Nothing done yet on `cube`, held as `HOLDS[hold]`, its wings odd against the midges
    /// when `odd`.
    fn start(hold: usize, cube: &FaceletCube, odd: bool) -> Candidate {
        Candidate {
            hold,
            centres: Centres::read(cube),
            odd,
            phases: Vec::new(),
            estimate: 0,
        }
    }

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
            hold: self.hold,
            centres,
            odd,
            phases,
            estimate: 0,
        }
    }
}

/// Solves a 5×5 by the table-driven staging and edge phases and two-phase, over the tables
/// `five` and `three`. The budget's time and node limit only cut the shortening: the first
/// pass always finishes; its cancel flag stops the solve.
///
/// ```no_run
/// use rubik::search::reduction::{ReductionOptions, five};
/// use rubik::search::two_phase::{TableSize, TwoPhase, TwoPhaseTables};
/// let tables = TwoPhaseTables::build(TableSize::Tiny, &mut |_| {});
/// // Tens of seconds to build (so the doctests only compile this); a cache directory keeps them.
/// let five_tables = five::FiveTables::build(five::FiveSize::Small, &mut |_| {});
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
    let budget = options.budget.start();
    let normal = normalised(cube, 5..=5)?;
    // The centres are staged once, whatever the budget: every pass starts from them.
    let calm = unhurried(&options.budget).start();
    let staged = staged(&normal, five, &CENTRE_EFFORT, &SEPARATION_FRAMES, &calm)?;
    let x = Rotation::new(&[Axis::X]);
    let twin = |p: &Partial| x.turned(p, p.origin + 1);
    // Each staged cube in every frame (the odd ones are the even ones' twins), for the passes
    // that search the separation in all six.
    let every_frame: OnceCell<Vec<Partial>> = OnceCell::new();
    let solved = in_passes(&PASSES, options, &budget, |pass, options, budget| {
        if pass.twins {
            reduce(
                &staged,
                pass,
                |p| Some(twin(p)),
                five,
                three,
                options,
                budget,
            )
        } else {
            let every_frame = every_frame
                .get_or_init(|| (staged.iter()).flat_map(|p| [p.clone(), twin(p)]).collect());
            reduce(every_frame, pass, |_| None, five, three, options, budget)
        }
    });
    replayed(cube, solved?)
}

/// The best candidates the centre staging phases leave on `cube` (a 5×5 whose centres'
/// colours name the faces they belong on), each from the cube held one of the ways of
/// [`HOLDS`], each phase searched with `effort`; each then held every way of `frames` (indices
/// of [`FRAMES`]), its turns seen so, its origin naming both ([`origin_rotation`]).
fn staged(
    cube: &FaceletCube,
    five: &FiveTables,
    effort: &Effort,
    frames: &[usize],
    budget: &Running,
) -> Result<Vec<Partial>, ReductionError> {
    let held: Vec<FaceletCube> = HOLDS
        .into_iter()
        .map(|hold| held_as(cube, &rotation(hold)))
        .collect();
    let starts = (held.iter().enumerate())
        .map(|(hold, cube)| {
            let odd = !edges::wing_parity(cube)?.is_empty();
            Ok(Candidate::start(hold, cube, odd))
        })
        .collect::<Result<Vec<_>, ReductionError>>()?;
    let staged = centre_phases(starts, &Phase::ALL, five, effort, budget)
        .map_err(ReductionError::Stopped)?;
    let frames: Vec<_> = (frames.iter())
        .map(|&f| (f, Rotation::new(FRAMES[f])))
        .collect();
    Ok((staged.iter())
        .flat_map(|candidate| {
            let hold = candidate.hold;
            let staged = Partial::start(hold, &held[hold]).then_all(&candidate.phases);
            (frames.iter()).map(move |(f, frame)| frame.turned(&staged, hold * FRAMES.len() + f))
        })
        .collect())
}

/// `cube` turned by `rotation`, its colours renamed after its centres.
fn held_as(cube: &FaceletCube, rotation: &[Turn]) -> FaceletCube {
    let mut turned = cube.clone();
    turned.apply(rotation.iter().copied());
    turned.renamed_after(turned.centres().expect("a 5×5 has fixed centres"))
}

/// For each turn of a cube (by index), the turn of the cube held as `rotation` that does the
/// same.
fn reframed(rotation: &[Turn]) -> [u8; TURNS] {
    let model = Model::get();
    let unturn = unholding(rotation);
    let mut seen = [0; TURNS];
    for (n, &turn) in model.turns.iter().enumerate() {
        let same = (model.turns.iter())
            .position(|&t| t == unturn(turn))
            .expect("a rotation takes an outer-block turn to one");
        seen[same] = n as u8;
    }
    seen
}

/// Turns that reduce `cube`, a 5×5 whose centres' colours name the faces they belong on:
/// its centres solved and its wings paired with the midges, by the staging and edge phases
/// (as wide as a cube of `size` layers takes, [`WIDE_UP_TO`]): the reductions found, shortest
/// first. How a bigger cube of `size` layers solves each depth: the x- and t-centre orbits (or
/// bars) and the wing orbit of that depth, which its outer layers and the block reaching that
/// depth move as a 5×5's turns move these pieces. The staged depth goes on held one way only:
/// held the six ways of [`FRAMES`], 7×7s came out longer (`rubik bench solve --size 7 --count
/// 30 --seed 2 --single-only`: 194.7 → 196.6 moves; 10 of seed 1, 194.0 → 195.4) and 6×6s
/// no shorter (20 of seed 2: 132.9 → 132.5).
pub(in crate::search::reduction) fn reduce_depth(
    five: &FiveTables,
    cube: &FaceletCube,
    size: usize,
    budget: &Running,
) -> Result<Vec<Vec<Turn>>, ReductionError> {
    let model = Model::get();
    let effort = if size <= WIDE_UP_TO { &WIDE } else { &NARROW };
    let staged = staged(cube, five, &effort.centres, &[0], budget)?;
    let reduced = five
        .edge_phases()
        .reduce(&staged, effort.edges, |_| None, budget)
        .map_err(ReductionError::Stopped)?;
    Ok((reduced.iter())
        .map(|partial| {
            let unturn = unholding(&origin_rotation(partial.origin));
            (partial.phases.iter().flatten())
                .map(|&m| unturn(model.turns[usize::from(m)]))
                .collect()
        })
        .collect())
}

/// One pass over the staged centres: the edge phases and the 3×3 stage as wide as `pass`
/// says; the shortest solution, or the error that left none.
fn reduce(
    staged: &[Partial],
    pass: &Pass,
    twin: impl Fn(&Partial) -> Option<Partial>,
    five: &FiveTables,
    three: &TwoPhase<'_>,
    options: &ReductionOptions<'_>,
    budget: &Running,
) -> Result<Solution, ReductionError> {
    let reduced = five
        .edge_phases()
        .reduce(staged, pass.edges, twin, budget)
        .map_err(ReductionError::Stopped)?;
    // Each reduced candidate ranked by its whole length with the 3×3 stage's first solution
    // alone; the best few are finished again, the first with that solution shortened, the
    // others only looking for a shorter whole solution. A failure (the budget ran out) is the
    // answer if it comes first, else it ends the list.
    let last = three::LastStage {
        three,
        options,
        budget,
        size: 5,
        stages: &STAGES,
    };
    let finish = |partial: &Partial, reach| last.finish(&partial.cube, turns(partial), reach);
    let mut ranked = Vec::with_capacity(reduced.len());
    for partial in reduced {
        match finish(&partial, three::Reach::first(0)) {
            Ok(quick) => ranked.push((quick.obtm(), partial)),
            Err(error) if ranked.is_empty() => return Err(error),
            Err(_) => break,
        }
    }
    ranked.sort_by_key(|&(length, _)| length);
    ranked.truncate(pass.shortened);
    three::best_finished(
        &ranked,
        IMPROVE_NODES,
        last.budget,
        |(_, partial)| last.length(turns(partial)),
        |(_, partial), reach| {
            finish(partial, reach)
                .map(|solution| unheld(solution, &origin_rotation(partial.origin)))
        },
    )
}

/// `solution`, found for a cube turned by `rotation` first, as turns of the cube not turned
/// ([`unholding`]).
fn unheld(mut solution: Solution, rotation: &[Turn]) -> Solution {
    let unturn = unholding(rotation);
    for turn in solution
        .stages
        .iter_mut()
        .flat_map(|stage| &mut stage.turns)
    {
        *turn = unturn(*turn);
    }
    solution
}

/// A turn of a 5×5 turned by `rotation` (whole-cube turns, in order) first as a turn of the
/// cube not turned: the turn seen through the rotation (the rotation, the turn, the rotation
/// undone). The rotation takes each axis to an axis, its positive face to one of that axis's
/// faces: where it takes the positive face's quarter turn (found by the stickers' permutation)
/// says where it takes every turn about that axis, its layers and direction mirrored when the
/// face lands on the negative side.
fn unholding(rotation: &[Turn]) -> impl Fn(Turn) -> Turn + use<> {
    let face_turn = |axis, layer, quarters| Turn {
        axis,
        first: layer,
        last: layer,
        quarters,
    };
    let images = Axis::ALL.map(|axis| {
        let undone = rotation.iter().rev().map(|turn| turn.inverse());
        let wanted: Vec<Turn> = (rotation.iter().copied())
            .chain([face_turn(axis, 0, 1)])
            .chain(undone)
            .collect();
        let wanted = crate::facelet::permutation(5, &wanted);
        (Axis::ALL.into_iter())
            .flat_map(|axis| [(axis, 0, 1), (axis, 4, 3)])
            .find(|&(axis, layer, quarters)| {
                crate::facelet::permutation(5, &[face_turn(axis, layer, quarters)]) == wanted
            })
            .map(|(axis, layer, _)| (axis, layer != 0))
            .expect("a rotation takes a face turn to a face turn")
    });
    move |turn: Turn| {
        let (axis, mirrored) = images[turn.axis.index()];
        match mirrored {
            false => Turn { axis, ..turn },
            true => Turn {
                axis,
                first: 4 - turn.last,
                last: 4 - turn.first,
                quarters: (4 - turn.quarters) % 4,
            },
        }
    }
}

/// The candidates `phases` (centre phases, in order) leave from `starts`, the best first, each
/// phase searched with `effort`.
fn centre_phases(
    starts: Vec<Candidate>,
    phases: &[Phase],
    five: &FiveTables,
    effort: &Effort,
    budget: &Running,
) -> Result<Vec<Candidate>, Stop> {
    let mut candidates = starts;
    for &phase in phases {
        candidates = next_phase(&candidates, phase, five, effort, budget)?;
    }
    Ok(candidates)
}

/// Each candidate carried through `phase`, as `effort` says: the best continuations by
/// length plus the next phase's bound (by length alone after the last).
fn next_phase(
    candidates: &[Candidate],
    phase: Phase,
    five: &FiveTables,
    effort: &Effort,
    budget: &Running,
) -> Result<Vec<Candidate>, Stop> {
    let searched = TablePhase::new(five, phase);
    let following = Phase::ALL
        .get(phase as usize + 1)
        .map(|&p| TablePhase::new(five, p));
    let mut searcher = Searcher { budget, nodes: 0 };
    let starts: Vec<_> = (candidates.iter())
        .map(|c| (c.length(), c.state(phase)))
        .collect();
    let found = searcher.by_total_length(&searched, &starts, effort.wanted, &mut |_, _| true)?;
    let mut next: Vec<Candidate> = (found.into_iter())
        .map(|(i, turns)| {
            let mut extended = candidates[i].then(&turns);
            let bound = following
                .as_ref()
                .map_or(0, |f| f.bound(&extended.state(f.phase)));
            extended.estimate = extended.length() + bound as usize;
            extended
        })
        .collect();
    next.sort_by_key(|c| c.estimate);
    next.truncate(effort.keep);
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
    /// The children in turn order, with the tables' bound; where the perimeter decides, the
    /// state's key (`far[0]`, else [`NO_KEY`]), its slot asked for. Turns are [ruled
    /// out](RuledOut) by the tables' bound here and by the perimeter's in
    /// [`settle`](Self::settle).
    fn expand(
        &self,
        state: &coords::State,
        moves: impl Iterator<Item = usize>,
        left: u8,
        out: &mut Vec<phase_search::Child<coords::State>>,
    ) {
        out.clear();
        let mut ruled_out = RuledOut::NONE;
        for m in moves {
            if ruled_out.covers(m) {
                continue;
            }
            let next = state.turn(m);
            let bound = self.five.bound_at(self.five.entries(self.phase, &next));
            ruled_out.note(m, bound, left);
            if bound < left {
                let key = self.five.ask_perimeter(self.phase, &next, bound);
                out.push(phase_search::Child {
                    turn: m,
                    state: next,
                    bound,
                    far: [key.and_then(|key| key.try_into().ok()).unwrap_or(NO_KEY), 0],
                });
            }
        }
    }

    /// The perimeter's entries read (their slots had the walk of the child before to load),
    /// the same turns ruled out by them. Reading them here rather than one by one in
    /// [`expand`](Self::expand) overlaps their cache misses: the same solutions in 17% less
    /// time (`rubik bench solve --size 5 --count 30 --single-only`, seeds 1 and 2, four runs
    /// each alternated with the build before: 0.88-1.18 s a state against 1.09-1.47 s).
    fn settle(&self, children: &mut Vec<phase_search::Child<coords::State>>, left: u8) {
        let mut ruled_out = RuledOut::NONE;
        children.retain_mut(|child| {
            if ruled_out.covers(child.turn) {
                return false;
            }
            if child.far[0] != NO_KEY {
                child.bound = self
                    .five
                    .refine_key(self.phase, child.bound, child.far[0] as u64);
            }
            ruled_out.note(child.turn, child.bound, left);
            child.bound < left
        });
    }
}

/// The face or block whose other turns a quarter turn has ruled out, walking a node's turns in
/// order: a quarter turn whose bound exceeds `left` rules out the other two turns of its face
/// or block, as each is one turn from it, so its distance is at least `left`. Skipping them
/// took the U/D staging, nearly half of a 5×5's time, from 472 to 443 ms a cube (three runs
/// each, alternated; same solutions).
#[derive(Clone, Copy)]
struct RuledOut(usize);

impl RuledOut {
    const NONE: RuledOut = RuledOut(usize::MAX);

    /// Whether turn `m` is ruled out.
    fn covers(self, m: usize) -> bool {
        m / 3 == self.0
    }

    /// Turn `m`, whose bound is `bound`, rules out its face's other turns if it can.
    fn note(&mut self, m: usize, bound: u8, left: u8) {
        if bound > left && m % 3 == 0 {
            self.0 = m / 3;
        }
    }
}

/// A child whose bound the perimeter does not decide (or, where a key does not fit a `usize`,
/// is not asked to: the tables' bound alone is still a lower bound).
const NO_KEY: usize = usize::MAX;

/// A reduced candidate's turns, phase by phase.
fn turns(reduced: &Partial) -> Vec<Vec<Turn>> {
    let model = Model::get();
    (reduced.phases.iter())
        .map(|turns| turns.iter().map(|&m| model.turns[usize::from(m)]).collect())
        .collect()
}

#[cfg(test)]
pub(super) mod tests;
