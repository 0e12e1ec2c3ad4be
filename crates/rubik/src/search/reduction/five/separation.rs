//! The 5×5's first edge phase: separate the wings and orient the midges so that the later
//! phases' turns (U, D, F, B, R2, L2 and every block by two, which keep both) can pair them,
//! and bring the centres where those turns reach from solved; outer turns and the two-layer
//! blocks by two (24 turns), which keep the staged centres.
//!
//! The later turns split the wing slots into two classes (see [`super::last_pairing`]) and keep
//! each midge's orientation about the L/R axis. An edge can be paired either way round: its
//! midge flipped and its wings in each other's classes is as good. So a *flip* (one bit an
//! edge, an even number of them: the midges' flips always are) names the goal: the midge of
//! each edge oriented (flipped when its bit is set), each wing in its home's class (the other
//! when set). The state, for one flip: the 12 midge positions' orientation bits, the set of
//! wing slots that hold a wing due in the high class (`C(24,12) = 2,704,156`), and where the
//! centres of each orbit are on their axes (`70³`). The bound is the largest of distance
//! tables over the wing classes with the orientation ([`super::separated_edges`]), each
//! orbit's centres (to any placement the later turns reach, the R/L colours as the last phase
//! wants them or one gathering turn from that), and the orientation with both orbits' R/L
//! halves.

use super::last_pairing::LastPairing;
use super::model::{Centre, Centres, Model};
use super::separated_edges::{
    ORIENTATIONS, SeparatedEdges, full_orientation, low_bits, turn_eo, turn_wings,
};
use crate::face::{Axis, Face};
use crate::facelet::FaceletCube;
use crate::facelet::pieces::{OrbitKind, Orbits};
use crate::search::reduction::distances::Nibbles;
use crate::search::reduction::distances::distances as bfs;
use crate::search::reduction::phase_search::{MoveSet, SplitBound, TURNS, turns_in};

/// Placements of one centre orbit on its three axes.
pub(super) const CENTRE_PLACEMENTS: usize = 70 * 70 * 70;

/// The phase's state for one flip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    /// Bit `p`: the midge at position `p` is not oriented as the flip wants.
    eo: u16,
    /// The slots holding wings due in the high class.
    wings: u32,
    /// For each orbit, the positions of the U, R and F colours.
    centres: [[u32; 3]; 2],
}

/// The first edge phase: its turns, their maps and its tables.
pub(super) struct Separation {
    moves: MoveSet,
    /// Whether turn `m` changes the orientation bit of the midge it takes from position `p`.
    flips: [[bool; 12]; TURNS],
    /// Each wing slot's class (true: high).
    high: [bool; 24],
    /// Each midge's oriented orientation in each position.
    oriented: [[u8; 12]; 12],
    /// The wing classes and the midges' orientation, indexed together.
    pub(super) edges: SeparatedEdges,
    /// The tables (see [`Separation::table_lens`]), once attached.
    tables: Vec<Nibbles>,
}

/// The tables, in order: the edges, each orbit's centres, the orientation with the R/L halves.
const EDGES: usize = 0;
const CENTRES: [usize; 2] = [1, 2];
const RL: usize = 3;
/// Both orbits' R/L halves.
const RL_HALVES: usize = 70 * 70;

impl Separation {
    /// The phase, its tables not attached.
    pub fn new() -> Separation {
        let model = Model::get();
        let moves = (0..TURNS)
            .filter(|&m| model.turns[m].is_single_layer() || model.turns[m].quarters == 2)
            .fold(0, |set, m| set | 1 << m);
        let later = later_moves(model);
        let high = super::last_pairing::wing_classes(model);
        let high_mask = (0..24).filter(|&s| high[s]).fold(0, |m, s| m | 1 << s);
        // The orientations each midge reaches in each position under the later turns.
        let flip_of = |m: usize, s: usize| model.midge_flip[m][s];
        let mut oriented = [[u8::MAX; 12]; 12];
        for (e, row) in oriented.iter_mut().enumerate() {
            row[e] = 0;
            let mut stack = vec![e];
            while let Some(s) = stack.pop() {
                for m in turns_in(later) {
                    let t = usize::from(model.midge_to[m][s]);
                    let o = row[s] ^ flip_of(m, s);
                    if row[t] == u8::MAX {
                        row[t] = o;
                        stack.push(t);
                    }
                    assert_eq!(row[t], o, "the later turns keep the midges' orientation");
                }
            }
        }
        // Whether a turn changes a position's bit: the same for every midge.
        let flips: [[bool; 12]; TURNS] = std::array::from_fn(|m| {
            std::array::from_fn(|s| {
                let t = usize::from(model.midge_to[m][s]);
                let change = |e: usize| flip_of(m, s) ^ oriented[e][s] ^ oriented[e][t] == 1;
                assert!((0..12).all(|e| change(e) == change(0)));
                change(0)
            })
        });
        Separation {
            moves,
            flips,
            high,
            oriented,
            edges: SeparatedEdges::new(moves, high_mask, flips),
            tables: Vec::new(),
        }
    }

    #[cfg(test)]
    /// How many entries each table has.
    pub fn table_lens(&self) -> Vec<usize> {
        vec![
            self.edges.len(),
            CENTRE_PLACEMENTS,
            CENTRE_PLACEMENTS,
            ORIENTATIONS * RL_HALVES,
        ]
    }

    /// The tables' distances, by breadth-first search. The centres' goal puts both orbits' R/L
    /// colours where `last`'s turns reach from solved or one of the gathering's turns
    /// (`gathering`) from there, which the gathering then makes: on 60 random 5×5s, this phase
    /// took 0.6 turns less, the gathering 0.3 more and the whole solutions 0.5 less, in 6%
    /// fewer search nodes, than with only the last phase's reach; with the R/L colours anywhere
    /// the later turns reach, 0.7 less in about twice the nodes.
    pub fn build_tables(&self, last: &LastPairing, gathering: MoveSet) -> Vec<Vec<u8>> {
        let moves = self.moves;
        let turns = half_turns();
        let rl = |c: &Centres, o: usize| axis_half(c.mask(Centre::BOTH[o], &[Face::R]), Face::R);
        // Both orbits' R/L halves, `x · 70 + t`.
        let reached: Vec<usize> = (last.placements().iter())
            .map(|c| rl(c, 0) * 70 + rl(c, 1))
            .collect();
        let mut rl_goals: Vec<usize> = (reached.iter())
            .flat_map(|&h| turns_in(gathering).map(move |m| (h, m)))
            .map(|(h, m)| {
                usize::from(turns[0][1][m][h / 70]) * 70 + usize::from(turns[1][1][m][h % 70])
            })
            .chain(reached.iter().copied())
            .collect();
        rl_goals.sort_unstable();
        rl_goals.dedup();
        let centre_goals = [0, 1].map(|o| {
            let wanted: std::collections::HashSet<usize> =
                rl_goals.iter().map(|&h| [h / 70, h % 70][o]).collect();
            let mut goals = reached_centres(Centre::BOTH[o], later_moves(Model::get()));
            goals.retain(|&i| wanted.contains(&(i / 70 % 70)));
            goals
        });
        let [x, t] = [0, 1].map(|o| {
            bfs(CENTRE_PLACEMENTS, &centre_goals[o], moves, |i, m| {
                turn_centre_index(o, i, m)
            })
        });
        let rl = bfs(ORIENTATIONS * RL_HALVES, &rl_goals, moves, |i, m| {
            let (eo, rl) = (full_orientation(i / RL_HALVES), i % RL_HALVES);
            let eo = low_bits(turn_eo(&self.flips, eo, m));
            let rl =
                usize::from(turns[0][1][m][rl / 70]) * 70 + usize::from(turns[1][1][m][rl % 70]);
            eo * RL_HALVES + rl
        });
        vec![self.edges.distances(), x, t, rl]
    }

    /// Reads its tables from `tables` (in [`Separation::table_lens`] order).
    pub fn attach(&mut self, tables: Vec<Nibbles>) {
        self.tables = tables;
    }

    /// The states of `cube` (colours named by faces), one for each flip, with the flips.
    pub fn read(&self, cube: &FaceletCube) -> Option<Vec<(u16, State)>> {
        let orbits = Orbits::of(5);
        let midges = orbits.get(OrbitKind::Midges)?.read(cube);
        let wings = orbits.get(OrbitKind::Wings { depth: 1 })?.read(cube);
        let centres = Centres::read(cube);
        let centres = Centre::BOTH.map(|orbit| AXIS_COLOURS.map(|c| centres.mask(orbit, &[c])));
        let midges: Vec<_> = midges.into_iter().collect::<Option<_>>()?;
        let wings: Vec<_> = wings.into_iter().collect::<Option<_>>()?;
        let states = (0..4096u16)
            // A flip and its complement give symmetric states: one of each pair is enough.
            .filter(|flip| flip.count_ones() % 2 == 0 && flip >> 11 == 0)
            .map(|flip| {
                let eo = (0..12).fold(0, |eo, s| {
                    let (e, o) = (midges[s].piece, midges[s].orientation);
                    let bad = (o != self.oriented[e][s]) ^ (flip >> e & 1 == 1);
                    eo | u16::from(bad) << s
                });
                let due_high = (0..24).fold(0, |mask, s| {
                    let w = wings[s].piece;
                    let high = self.high[w] ^ (flip >> (w / 2) & 1 == 1);
                    mask | u32::from(high) << s
                });
                (
                    flip,
                    State {
                        eo,
                        wings: due_high,
                        centres,
                    },
                )
            })
            .collect();
        Some(states)
    }
}

/// Each orbit's centres are near; the edges and the orientation with the R/L halves are far.
impl SplitBound for Separation {
    type State = State;

    fn moves(&self) -> MoveSet {
        self.moves
    }

    fn turn(&self, state: &State, m: usize) -> State {
        State {
            eo: turn_eo(&self.flips, state.eo, m),
            wings: turn_wings(state.wings, m),
            centres: turn_centres(state.centres, m),
        }
    }

    fn near(&self, state: &State) -> u8 {
        orbits_bound(&self.tables, CENTRES, state.centres)
    }

    fn far(&self, state: &State) -> [usize; 2] {
        let [x, t] = state.centres;
        let rl = axis_half(x[1], Face::R) * 70 + axis_half(t[1], Face::R);
        [
            self.edges.index(state.wings, state.eo),
            low_bits(state.eo) * RL_HALVES + rl,
        ]
    }

    fn far_tables(&self) -> [&Nibbles; 2] {
        [&self.tables[EDGES], &self.tables[RL]]
    }
}

/// The later phases' turns: U, D, F, B, R2, L2 and every block by two.
pub(super) fn later_moves(model: &Model) -> MoveSet {
    (0..TURNS)
        .filter(|&m| {
            let turn = model.turns[m];
            turn.quarters == 2 || (turn.is_single_layer() && turn.axis != Axis::X)
        })
        .fold(0, |set, m| set | 1 << m)
}

/// The placements (as indices) of one centre orbit that `moves` reach from solved.
pub(super) fn reached_centres(orbit: Centre, moves: MoveSet) -> Vec<usize> {
    let model = Model::get();
    let solved = Centres::read(&FaceletCube::solved(5));
    let start = AXIS_COLOURS.map(|c| solved.mask(orbit, &[c]));
    let mut seen = vec![false; CENTRE_PLACEMENTS];
    seen[centre_index(start)] = true;
    let mut stack = vec![start];
    while let Some(masks) = stack.pop() {
        for m in turns_in(moves) {
            let next = masks.map(|mask| model.turn_mask(orbit, m, mask));
            let index = centre_index(next);
            if !seen[index] {
                seen[index] = true;
                stack.push(next);
            }
        }
    }
    (0..CENTRE_PLACEMENTS).filter(|&i| seen[i]).collect()
}

/// The axis colours of a centre placement's masks, in order.
pub(super) const AXIS_COLOURS: [Face; 3] = [Face::U, Face::R, Face::F];

/// Each set of four of 8 bits in increasing order, and the number of each such set.
static HALVES: ([u8; 70], [u8; 256]) = {
    let (mut sets, mut numbers) = ([0u8; 70], [u8::MAX; 256]);
    let (mut bits, mut n) = (0usize, 0usize);
    while bits < 256 {
        if (bits as u32).count_ones() == 4 {
            sets[n] = bits as u8;
            numbers[bits] = n as u8;
            n += 1;
        }
        bits += 1;
    }
    (sets, numbers)
};

/// The number (0..70) of a set of four of 8 bits (`u8::MAX` for other sets).
pub(super) fn set_number(bits: u8) -> u8 {
    HALVES.1[usize::from(bits)]
}

/// The set of four of 8 bits numbered `n`.
pub(super) fn numbered_set(n: usize) -> u8 {
    HALVES.0[n]
}

/// The number (0..70) of a colour's positions on its axis, given as a 24-bit mask.
pub(super) fn axis_half(mask: u32, colour: Face) -> usize {
    let on = |f: Face| mask >> (4 * f.index()) & 0xF;
    usize::from(set_number((on(colour) | on(colour.opposite()) << 4) as u8))
}

/// The 24-bit mask of half number `h` of `colour`'s axis.
pub(super) fn expand_half(h: usize, colour: Face) -> u32 {
    let bits = u32::from(numbered_set(h));
    (bits & 0xF) << (4 * colour.index()) | (bits >> 4) << (4 * colour.opposite().index())
}

/// Per orbit, axis colour and turn, where each half goes.
pub(super) type HalfTurns = [[[[u8; 70]; TURNS]; 3]; 2];

/// `half_turns()[orbit][k][m][h]`: half `h` of [`AXIS_COLOURS`]`[k]` after turn `m` (for
/// the turns that keep the staging).
pub(super) fn half_turns() -> &'static HalfTurns {
    use std::sync::OnceLock;
    static TABLE: OnceLock<Box<HalfTurns>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let model = Model::get();
        Box::new(std::array::from_fn(|o| {
            std::array::from_fn(|k| {
                std::array::from_fn(|m| {
                    std::array::from_fn(|h| {
                        let colour = AXIS_COLOURS[k];
                        let turned = model.turn_mask(Centre::BOTH[o], m, expand_half(h, colour));
                        let half = axis_half(turned, colour);
                        // A turn that breaks the staging gives no half: unused.
                        if half < 70 { half as u8 } else { u8::MAX }
                    })
                })
            })
        }))
    })
}

/// Each orbit's U, R and F colours' masks after turn `m`.
pub(super) fn turn_centres(centres: [[u32; 3]; 2], m: usize) -> [[u32; 3]; 2] {
    let model = Model::get();
    std::array::from_fn(|o| centres[o].map(|mask| model.turn_mask(Centre::BOTH[o], m, mask)))
}

/// The larger of both orbits' distances in their own tables (`tables[at[orbit]]`).
pub(super) fn orbits_bound(tables: &[Nibbles], at: [usize; 2], centres: [[u32; 3]; 2]) -> u8 {
    let [x, t] = centres.map(centre_index);
    tables[at[0]].get(x).max(tables[at[1]].get(t))
}

/// The index of an orbit's placement (the U, R and F colours' masks).
pub(super) fn centre_index(masks: [u32; 3]) -> usize {
    let h = |k: usize| axis_half(masks[k], AXIS_COLOURS[k]);
    (h(0) * 70 + h(1)) * 70 + h(2)
}

/// Placement `index` of orbit `orbit` after turn `m`.
pub(super) fn turn_centre_index(orbit: usize, index: usize, m: usize) -> usize {
    let turns = &half_turns()[orbit];
    let halves = [index / 4900, index / 70 % 70, index % 70];
    let h = |k: usize| usize::from(turns[k][m][halves[k]]);
    (h(0) * 70 + h(1)) * 70 + h(2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::reduction::phase_search::{Phase, Searcher, Wanted};

    /// Cubes the phase's turns reach are separated: the turns found for a flip take the
    /// coordinates to the goal, and the stickers to a cube read there for the same flip.
    #[test]
    fn separates_the_states_its_turns_reach() {
        let phase = &super::super::tests::tables().0.edge_phases().separation;
        let model = Model::get();
        let mut rng = crate::seeded_rng(5);
        let budget = crate::search::Budget::default().start();
        let mut searcher = Searcher {
            budget: &budget,
            nodes: 0,
        };
        let wanted = Wanted {
            extra: 0,
            count: 1,
            max_depth: 20,
            patience: u64::MAX,
        };
        for _ in 0..10 {
            let mut cube =
                super::super::tests::scrambled_in(SplitBound::moves(phase), 100, &mut rng);
            let mut states = phase.read(&cube).expect("a state");
            states.sort_by_key(|(_, s)| phase.bound(s));
            states.truncate(64);
            let starts: Vec<(usize, State)> = states.iter().map(|&(_, s)| (0, s)).collect();
            let found = searcher
                .by_total_length(phase, &starts, wanted, &mut |_, _| true)
                .unwrap();
            let (i, turns) = &found[0];
            let end = (turns.iter()).fold(starts[*i].1, |s, &m| {
                SplitBound::turn(phase, &s, usize::from(m))
            });
            assert_eq!(phase.bound(&end), 0);
            cube.apply(turns.iter().map(|&m| model.turns[usize::from(m)]));
            let flip = states[*i].0;
            let read = phase.read(&cube).expect("a state");
            assert_eq!(
                read.iter().find(|(f, _)| *f == flip).map(|(_, s)| *s),
                Some(end)
            );
        }
    }
}
