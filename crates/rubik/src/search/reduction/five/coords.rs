//! The two centre staging phases of the 5×5, each over both centre orbits (x and t):
//!
//! | phase | tracks, per orbit | turns | goal | index |
//! |---|---|---|---|---|
//! | [`Phase::StageUd`] | where the U and D colours are | all 36 | on U and D | `C(24,8) = 735,471` |
//! | [`Phase::StageLr`] | where the L and R colours are (off U and D), wing parity | U, D, Uw, Dw, outer turns, other blocks by two | on L and R, parity even | `C(16,8) · 2 = 25,740` |
//!
//! The wing parity is that of the wings against the midges: last-two-edges parity is gone
//! once the centres are staged. The edge phases solve the centres.

use super::model::{Centre, Mask, Model, face_mask};
use super::symmetry;
use crate::face::{Axis, Face};
use crate::search::reduction::phase_search::{MoveSet, TURNS};

/// `C(n, k)` for the small `n` and `k` of the indices.
const fn choose(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let mut value: u64 = 1;
    let mut i = 0;
    while i < k {
        value = value * (n - i) as u64 / (i + 1) as u64;
        i += 1;
    }
    value as u32
}

/// `CHOOSE[n][k] = C(n, k)` for the ranks below.
const CHOOSE: [[u32; 9]; 24] = {
    let mut table = [[0; 9]; 24];
    let mut n = 0;
    while n < 24 {
        let mut k = 0;
        while k < 9 {
            table[n][k] = choose(n as u32, k as u32);
            k += 1;
        }
        n += 1;
    }
    table
};

/// `BYTE_RANKS[j][byte][k]`: what byte `j` of a set adds to its [rank](subset_rank) when `k`
/// of the set's bits lie in the bytes below it.
static BYTE_RANKS: [[[u32; 9]; 256]; 3] = {
    let mut table = [[[0; 9]; 256]; 3];
    let mut j = 0;
    while j < 3 {
        let mut byte = 0;
        while byte < 256 {
            let mut k = 0;
            while k < 9 {
                let (mut sum, mut taken, mut p) = (0, k, 0);
                while p < 8 {
                    if byte >> p & 1 == 1 {
                        taken += 1;
                        if taken < 9 {
                            sum += CHOOSE[8 * j + p][taken];
                        }
                    }
                    p += 1;
                }
                table[j][byte][k] = sum;
                k += 1;
            }
            byte += 1;
        }
        j += 1;
    }
    table
};

/// The rank of a set of at most 8 of 24 bits among the sets of as many bits
/// (colexicographic): each bit `p`, the `i`-th set from the bottom, adds `C(p, i)`, summed a
/// byte at a time.
pub(super) fn subset_rank(bits: u32) -> u32 {
    let [b0, b1, b2, _] = bits.to_le_bytes();
    let below1 = b0.count_ones() as usize;
    let below2 = below1 + b1.count_ones() as usize;
    BYTE_RANKS[0][usize::from(b0)][0]
        + BYTE_RANKS[1][usize::from(b1)][below1]
        + BYTE_RANKS[2][usize::from(b2)][below2]
}

/// The bits of `mask` on the positions of `faces`, packed four a face in that order.
fn pack(mask: Mask, faces: &[Face]) -> u32 {
    faces
        .iter()
        .rev()
        .fold(0, |packed, f| packed << 4 | (mask >> (4 * f.index()) & 0xF))
}

/// A centre phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// Bring the U and D colours onto U and D.
    StageUd,
    /// Bring the L and R colours onto L and R (so F and B onto F and B) and make the wings an
    /// even permutation against the midges.
    StageLr,
}

/// The four faces off U and D.
const SIDES: [Face; 4] = [Face::R, Face::F, Face::L, Face::B];

impl Phase {
    pub const ALL: [Phase; 2] = [Phase::StageUd, Phase::StageLr];

    /// The colour sets whose positions the phase tracks (one mask each).
    fn colours(self) -> &'static [&'static [Face]] {
        match self {
            Phase::StageUd => &[&[Face::U, Face::D]],
            Phase::StageLr => &[&[Face::R, Face::L]],
        }
    }

    /// The turns the phase may use: those that keep the earlier phases' goals.
    pub fn turns(self) -> MoveSet {
        let model = Model::get();
        (0..TURNS)
            .filter(|&m| {
                let turn = model.turns[m];
                match self {
                    Phase::StageUd => true,
                    Phase::StageLr => {
                        turn.is_single_layer() || turn.quarters == 2 || turn.axis == Axis::Y
                    }
                }
            })
            .fold(0, |set, m| set | 1 << m)
    }

    /// The number of indices of one orbit.
    pub fn count(self) -> usize {
        match self {
            Phase::StageUd => choose(24, 8) as usize,
            Phase::StageLr => choose(16, 8) as usize * 2,
        }
    }

    /// The index of one orbit's masks (as [`Phase::colours`] lists them) and the wing parity.
    pub fn index(self, masks: &[Mask; 3], odd: bool) -> usize {
        match self {
            Phase::StageUd => subset_rank(masks[0]) as usize,
            Phase::StageLr => 2 * subset_rank(pack(masks[0], &SIDES)) as usize + usize::from(odd),
        }
    }

    /// The state of a cube's centres as this phase tracks them.
    pub fn state(self, colours: impl Fn(Centre, &[Face]) -> Mask, odd: bool) -> State {
        let mut masks = [[0; 3]; 2];
        for orbit in Centre::BOTH {
            for (i, set) in self.colours().iter().enumerate() {
                masks[orbit as usize][i] = colours(orbit, set);
            }
        }
        State { masks, odd }
    }

    /// The phase's goal: every tracked colour on its faces, the wings even.
    pub fn goal(self) -> State {
        self.state(|_, faces| face_mask(faces), false)
    }
}

/// A phase's state: for each orbit (x, t) the positions of the tracked colours, and whether
/// the wings are odd against the midges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    pub masks: [[Mask; 3]; 2],
    pub odd: bool,
}

impl State {
    /// The state after turn `m`.
    pub fn turn(&self, m: usize) -> State {
        let model = Model::get();
        let masks = std::array::from_fn(|o| {
            let orbit = Centre::BOTH[o];
            // Most phases track one set of colours: the others stay empty.
            self.masks[o].map(|mask| match mask {
                0 => 0,
                _ => model.turn_mask(orbit, m, mask),
            })
        });
        State {
            masks,
            odd: self.odd ^ Model::flips_wing_parity(m),
        }
    }

    /// The index of `orbit` in `phase`.
    pub fn index(&self, phase: Phase, orbit: Centre) -> usize {
        phase.index(&self.masks[orbit as usize], self.odd)
    }

    /// A number for the whole state as `phase` tracks it (below 2^48): both orbits' indices;
    /// for [`Phase::StageUd`], both orbits' masks, the least over the 16 symmetries that keep
    /// the U-D axis, so that a state and its images (as far from that goal) share a key.
    pub fn key(&self, phase: Phase) -> u64 {
        match phase {
            Phase::StageUd => {
                let [x, t] = self.masks.map(|masks| masks[0]);
                (symmetry::keeping(Axis::Y).iter())
                    .map(|s| {
                        u64::from(s.centres(Centre::X, x)) << 24
                            | u64::from(s.centres(Centre::T, t))
                    })
                    .min()
                    .unwrap_or_default()
            }
            Phase::StageLr => {
                (self.index(phase, Centre::X) as u64) << 20 | self.index(phase, Centre::T) as u64
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The rank summed bit by bit, as its definition says.
    fn rank_by_bits(bits: u32) -> u32 {
        (0..24)
            .filter(|&p| bits >> p & 1 == 1)
            .enumerate()
            .map(|(i, p)| choose(p, i as u32 + 1))
            .sum()
    }

    proptest! {
        #[test]
        fn ranks_by_bytes_are_ranks_by_bits(positions in proptest::collection::btree_set(0u32..24, 0..=8)) {
            let bits = positions.iter().fold(0, |b, p| b | 1 << p);
            prop_assert_eq!(subset_rank(bits), rank_by_bits(bits));
        }
    }

    #[test]
    fn ranks_number_the_subsets_densely() {
        let mut seen = vec![false; choose(16, 8) as usize];
        for bits in (0u32..1 << 16).filter(|b| b.count_ones() == 8) {
            let rank = subset_rank(bits) as usize;
            assert!(!seen[rank]);
            seen[rank] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn goals_index_inside_their_tables_and_stay_under_their_turns_by_two() {
        for phase in Phase::ALL {
            let goal = phase.goal();
            for orbit in Centre::BOTH {
                assert!(goal.index(phase, orbit) < phase.count());
            }
            // Half turns of outer faces leave the goal as it is.
            for m in (0..TURNS).filter(|&m| m % 3 == 1 && m / 3 % 2 == 0) {
                assert_eq!(goal.turn(m), goal);
            }
        }
    }

    proptest! {
        /// Each phase's turns keep the earlier phases' goals: a staged cube stays staged.
        #[test]
        fn phase_turns_keep_earlier_goals(turns in proptest::collection::vec(0usize..TURNS, 0..12)) {
            for (later, earlier) in [(1, 0)] {
                let allowed = Phase::ALL[later].turns();
                let mut state = Phase::ALL[earlier].goal();
                for &m in turns.iter().filter(|&&m| allowed >> m & 1 == 1) {
                    state = state.turn(m);
                }
                let staged = state.masks == Phase::ALL[earlier].goal().masks;
                prop_assert!(staged);
            }
        }

        /// The U/D staging's key is the same for a state and for each of its images under the
        /// symmetries keeping the U-D axis (reached by the image turns), and differs between
        /// states that are not each other's images.
        #[test]
        fn staging_keys_name_the_states_up_to_symmetry(a in proptest::collection::vec(0usize..TURNS, 0..10),
                                                        b in proptest::collection::vec(0usize..TURNS, 0..3)) {
            let walk = |turns: &[usize]| turns.iter().fold(Phase::StageUd.goal(), |s, &m| s.turn(m));
            let key = |state: State| state.key(Phase::StageUd);
            let symmetries = symmetry::keeping(Axis::Y);
            for s in symmetries {
                let image: Vec<usize> = a.iter().map(|&m| usize::from(s.turn[m])).collect();
                prop_assert_eq!(key(walk(&image)), key(walk(&a)));
            }
            let (sa, sb) = (walk(&a), walk(&b));
            let images = symmetries.iter().any(|s| {
                Centre::BOTH.into_iter().all(|o| s.centres(o, sa.masks[o as usize][0]) == sb.masks[o as usize][0])
            });
            prop_assert_eq!(key(sa) == key(sb), images);
        }

        /// Indices are one-to-one on the states a phase's turns reach from its goal.
        #[test]
        fn indices_tell_states_apart(a in proptest::collection::vec(0usize..TURNS, 0..10),
                                     b in proptest::collection::vec(0usize..TURNS, 0..10)) {
            for phase in Phase::ALL {
                let allowed = phase.turns();
                let walk = |turns: &[usize]| turns.iter().filter(|&&m| allowed >> m & 1 == 1)
                    .fold(phase.goal(), |s, &m| s.turn(m));
                let (sa, sb) = (walk(&a), walk(&b));
                for orbit in Centre::BOTH {
                    let o = orbit as usize;
                    let same_state = sa.masks[o] == sb.masks[o] && (phase != Phase::StageLr || sa.odd == sb.odd);
                    prop_assert_eq!(sa.index(phase, orbit) == sb.index(phase, orbit), same_state);
                }
            }
        }
    }
}
