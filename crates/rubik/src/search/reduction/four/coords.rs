//! The phases' states and their table indices.
//!
//! - Phase 1 stages one pair of centre colours on L and R: the state is where those 8 centres
//!   are (a 24-bit mask), `C(24,8) = 735,471` indices.
//! - Phase 2 stages the U/D pair on U and D (so F/B on F and B) and makes the wing permutation
//!   even: where the U/D centres are among the 16 centre positions off L and R, where the R
//!   centres are among the 8 on L and R, and the wing parity: `12,870 · 70 · 2` indices.
//! - Phase 3 solves the centres: the U, F and R centres among the 8 positions of their axis
//!   (`70³` indices).

use super::model::{Model, face_mask, turn_mask};
use crate::face::{Axis, Face};
use crate::search::reduction::phase_search::{ALL_MOVES, MoveSet, TURNS, turns_in};

/// `BINOMIAL[n][k] = C(n, k)` for `n < 25`, `k < 9`.
const BINOMIAL: [[u32; 9]; 25] = {
    let mut table = [[0u32; 9]; 25];
    let mut n = 0;
    while n < 25 {
        table[n][0] = 1;
        let mut k = 1;
        while k < 9 && n > 0 {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
};

/// The rank of a set of bit positions among the sets of its size (colexicographic order).
pub(super) fn rank(mask: u32) -> u32 {
    let mut bits = mask;
    let (mut rank, mut k) = (0, 1);
    while bits != 0 {
        let p = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        rank += BINOMIAL[p][k];
        k += 1;
    }
    rank
}

/// The bits of `mask` on the centre positions of `faces`, packed 4 per face in that order.
pub(super) fn compress(mask: u32, faces: &[Face]) -> u32 {
    faces.iter().enumerate().fold(0, |packed, (i, f)| {
        packed | (mask >> (4 * f.index()) & 0xF) << (4 * i)
    })
}

/// The inverse of [`compress`].
pub(super) fn expand(packed: u32, faces: &[Face]) -> u32 {
    faces.iter().enumerate().fold(0, |mask, (i, f)| {
        mask | (packed >> (4 * i) & 0xF) << (4 * f.index())
    })
}

/// The centre positions off L and R.
const SIDES: [Face; 4] = [Face::U, Face::F, Face::D, Face::B];
const X: [Face; 2] = [Face::R, Face::L];
const Y: [Face; 2] = [Face::U, Face::D];
const Z: [Face; 2] = [Face::F, Face::B];

/// Phase 1's search turns: every turn but the [repeats](half_turn_repeats) and the L block's
/// (Lw by `k` is Rw by `k` and a whole-cube turn about the L/R axis, which keeps the goal).
pub(super) fn moves1(model: &Model) -> MoveSet {
    let l_block = turns_in(ALL_MOVES)
        .filter(|&m| Face::ALL[m / 6] == Face::L && !model.turns[m].is_single_layer())
        .fold(0, |set, m| set | 1 << m);
    ALL_MOVES & !half_turn_repeats(model) & !l_block
}

/// Phase 1: the L/R pair's centres.
pub(super) type State1 = u32;
/// Phase 1's index count.
pub(super) const COUNT1: usize = 735_471;
/// Phase 1's goal: the pair on L and R.
pub(super) fn goal1() -> State1 {
    face_mask(&X)
}
pub(super) fn index1(state: State1) -> usize {
    rank(state) as usize
}
pub(super) fn turn1(model: &Model, state: State1, m: usize) -> State1 {
    turn_mask(model, state, m)
}

/// Where each turn of a set takes `k` centres among the positions of some faces, by their
/// [`rank`] (turns that keep those faces' centres among them).
pub(super) struct Subset {
    faces: &'static [Face],
    to: Vec<[u16; TURNS]>,
}

impl Subset {
    fn new(model: &Model, faces: &'static [Face], k: u32, moves: MoveSet) -> Subset {
        let mut packed: Vec<u32> = (0..1u32 << (4 * faces.len()))
            .filter(|p| p.count_ones() == k)
            .collect();
        packed.sort_by_key(|&p| rank(p));
        let to = packed
            .iter()
            .map(|&p| {
                let mask = expand(p, faces);
                std::array::from_fn(|m| {
                    if moves >> m & 1 == 1 {
                        rank(compress(turn_mask(model, mask, m), faces)) as u16
                    } else {
                        u16::MAX
                    }
                })
            })
            .collect();
        Subset { faces, to }
    }

    /// The rank of the centres of `mask` (which lie on this subset's faces).
    pub fn of(&self, mask: u32) -> u16 {
        rank(compress(mask, self.faces)) as u16
    }

    /// The rank after turn `m` (`u16::MAX` for a turn outside the set).
    pub fn turn(&self, rank: u16, m: usize) -> u16 {
        self.to[rank as usize][m]
    }
}

/// Phase 2: U/D centres among the 16 off L and R, R centres among the 8 on L and R, wings odd.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State2 {
    pub ud: u16,
    pub r: u16,
    pub odd: bool,
}
pub(super) const COUNT2: usize = 12_870 * 70 * 2;

/// Phase 2's turns and what they do.
pub(super) struct Moves2 {
    /// Every turn of the phase.
    pub all: MoveSet,
    /// Those its search takes: all but the [repeats](half_turn_repeats), as whole-cube half
    /// turns keep its goal.
    pub reducing: MoveSet,
    pub ud: Subset,
    pub r: Subset,
}

impl Moves2 {
    /// Every outer turn, Rw and Lw by any amount, the other blocks by 2.
    pub fn new(model: &Model) -> Moves2 {
        let all = turns_in(ALL_MOVES)
            .filter(|&m| {
                let turn = model.turns[m];
                turn.is_single_layer() || turn.quarters == 2 || turn.axis == crate::face::Axis::X
            })
            .fold(0, |set, m| set | 1 << m);
        Moves2 {
            all,
            reducing: all & !half_turn_repeats(model),
            ud: Subset::new(model, &SIDES, 8, all),
            r: Subset::new(model, &X, 4, all),
        }
    }

    pub fn turn(&self, state: State2, m: usize) -> State2 {
        State2 {
            ud: self.ud.turn(state.ud, m),
            r: self.r.turn(state.r, m),
            odd: state.odd ^ Model::get().wing_odd[m],
        }
    }

    /// The U/D centres' index when they are on U and D.
    pub fn ud_goal(&self) -> u16 {
        self.ud.of(face_mask(&Y))
    }

    /// Phase 2's goals: the U/D pair on U and D, the R centres where `r_goal` allows, wings
    /// even.
    pub fn goals(&self, r_goal: impl Fn(u16) -> bool) -> Vec<State2> {
        (0..70)
            .filter(|&r| r_goal(r))
            .map(|r| State2 {
                ud: self.ud_goal(),
                r,
                odd: false,
            })
            .collect()
    }
}

pub(super) fn index2(state: State2) -> usize {
    (state.ud as usize * 70 + state.r as usize) * 2 + usize::from(state.odd)
}

/// Phase 3: the U, F and R centres among their axes' 8 positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Centres3 {
    pub u: u16,
    pub f: u16,
    pub r: u16,
}
pub(super) const CENTRES3: usize = 70 * 70 * 70;

pub(super) fn index_centres3(state: Centres3) -> usize {
    (state.u as usize * 70 + state.f as usize) * 70 + state.r as usize
}

/// The half turns of the two-layer blocks: a whole-cube half turn is both blocks of an axis by two.
pub(super) fn block_half_turns(model: &Model) -> MoveSet {
    turns_in(ALL_MOVES)
        .filter(|&m| {
            let turn = model.turns[m];
            !turn.is_single_layer() && turn.quarters == 2
        })
        .fold(0, |set, m| set | 1 << m)
}

/// The half turns of the D, L and B two-layer blocks. Each is the opposite block's half turn
/// followed by a whole-cube half turn, so a phase whose goals the whole-cube half turns keep,
/// and whose turns they map to its turns, needs none of them: a solution using one is as long
/// with the opposite block's turn instead and the turns after it seen through the half turn.
pub(super) fn half_turn_repeats(model: &Model) -> MoveSet {
    turns_in(block_half_turns(model))
        .filter(|&m| !Face::ALL[m / 6].is_positive())
        .fold(0, |set, m| set | 1 << m)
}

/// Phase 3's turns (U, D, F, B, R2, L2 and every block by two) and what they do to the centres.
pub(super) struct Moves3 {
    /// Every turn of the phase.
    pub all: MoveSet,
    /// Those its search takes: all but the [repeats](half_turn_repeats), as its goal is the
    /// cube reduced and held any of four ways.
    pub reducing: MoveSet,
    /// The U centres on U and D, the F centres on F and B, the R centres on R and L.
    centres: [Subset; 3],
}

impl Moves3 {
    pub fn new(model: &Model) -> Moves3 {
        let all = turns_in(ALL_MOVES)
            .filter(|&m| {
                let turn = model.turns[m];
                turn.quarters == 2 || (turn.is_single_layer() && turn.axis != crate::face::Axis::X)
            })
            .fold(0, |set, m| set | 1 << m);
        let subset = |faces| Subset::new(model, faces, 4, all);
        Moves3 {
            all,
            reducing: all & !half_turn_repeats(model),
            centres: [subset(&Y), subset(&Z), subset(&X)],
        }
    }

    /// The centres as the masks of the U, F and R centres say.
    pub fn centres(&self, [u, f, r]: [u32; 3]) -> Centres3 {
        let [cu, cf, cr] = &self.centres;
        Centres3 {
            u: cu.of(u),
            f: cf.of(f),
            r: cr.of(r),
        }
    }

    /// The solved centres.
    pub fn goal(&self) -> Centres3 {
        self.centres([Face::U, Face::F, Face::R].map(|f| face_mask(&[f])))
    }

    /// A goal `solved` held as it is and turned by each whole-cube half turn (both blocks of an
    /// axis by two), `turn(state, m)` being a state after turn `m`.
    pub fn held<S: Copy>(&self, model: &Model, solved: S, turn: impl Fn(&S, usize) -> S) -> [S; 4] {
        let half_turn = |axis| {
            turns_in(self.all & block_half_turns(model))
                .filter(move |&m| model.turns[m].axis == axis)
        };
        let [x, y, z] = Axis::ALL.map(|axis| half_turn(axis).fold(solved, |s, m| turn(&s, m)));
        [solved, x, y, z]
    }

    pub fn turn(&self, state: Centres3, m: usize) -> Centres3 {
        let [cu, cf, cr] = &self.centres;
        Centres3 {
            u: cu.turn(state.u, m),
            f: cf.turn(state.f, m),
            r: cr.turn(state.r, m),
        }
    }
}
