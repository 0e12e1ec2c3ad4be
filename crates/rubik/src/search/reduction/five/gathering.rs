//! The 5×5's middle edge phase: with the wings separated and the midges oriented, gather four
//! edges none of whose pieces is in the E slice onto the U/D edges off F and B (UL, UR, DL,
//! DR), paired, and bring the centres where the last phase's turns reach from solved; with U
//! and D by any amount, the other outer half turns and every block by two (16 turns).
//!
//! These turns keep the E slice's pieces in it and the U/D layers' in them, each wing in its
//! class. The state, for a choice of four edges: which U/D positions hold their midges
//! (`C(8,4) = 70`), the midges numbered in position order; where each one's high wing is among
//! the 8 U/D high slots, and its low wing (`8·7·6·5 = 1,680` each); the centres per orbit. The
//! bound is the largest of a table over the midges with both classes' wings (`70·1,680²`),
//! each orbit's centres, both orbits' centres on the U/D and R/L axes, and four joint tables:
//! the midges with one class's wings and where one orbit's U colour is on its axis
//! (`70·1,680·70`). The block turns that move wings move centres too, and these joint tables
//! see it: on 20 random 5×5s (seed 3) they took the phase from 12.6 M search nodes to 2.1 M
//! (two of the four: 3.3 M; with the R/L axis instead of U/D: 6.9 M).

use super::last_pairing::LastPairing;
use super::model::{Centre, Model};
use super::separation::{
    AXIS_COLOURS, CENTRE_PLACEMENTS, axis_half, centre_index, half_turns, numbered_set,
    orbits_bound, set_number, turn_centre_index, turn_centres,
};
use crate::face::{Axis, Face};
use crate::facelet::FaceletCube;
use crate::facelet::pieces::{OrbitKind, Orbits};
use crate::search::reduction::distances::{Nibbles, distances as bfs};
use crate::search::reduction::four::pairing::{rank_picks, unrank_picks};
use crate::search::reduction::phase_search::{MoveSet, SplitBound, TURNS, turns_in};
use rayon::prelude::*;

/// Ordered choices of 4 of 8.
const TUPLES: usize = 1_680;
/// Sets of 4 of 8.
const SETS: usize = 70;

/// The phase's state for one choice of four edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    /// For each class, the U/D positions holding the chosen midges with, for each chosen edge
    /// (in its midge's position order), its wing's slot index among the class's U/D slots:
    /// `set · 1,680 + tuple`.
    edges: [u32; 2],
    /// For each orbit, the positions of the U, R and F colours.
    centres: [[u32; 3]; 2],
}

/// The middle edge phase: its turns, maps and tables.
pub(super) struct Gathering {
    moves: MoveSet,
    /// The midge slots of the U/D positions, and the high and low wing slots on each.
    positions: [usize; 8],
    slots: [[usize; 8]; 2],
    /// Where each turn takes each position index, and each class's slot index.
    position_to: [[u8; 8]; TURNS],
    slot_to: [[[u8; 8]; TURNS]; 2],
    /// The goal: the positions of the U/D edges off F and B.
    ring: u8,
    /// `moved[class][edges][m]`: a class's edges (as in [`State`]) after turn `m`.
    moved: [Vec<[u32; TURNS]>; 2],
    /// The tables (see [`Gathering::table_lens`]), once attached.
    tables: Vec<Nibbles>,
}

/// The tables, in order: over the midges' positions with both classes' wing slots
/// (`70·1,680²`); each orbit's centres; where the U and R colours of both orbits are on their
/// axes (`70⁴`: the last phase's placements tie each axis's x-centres to its t-centres); and
/// `JOINT[class][orbit]`, over the midges' positions with one class's wing slots and where one
/// orbit's U colour is on its axis (`70·1,680·70`).
const EDGES: usize = 0;
const CENTRES: [usize; 2] = [1, 2];
const COUPLED: usize = 3;
const JOINT: [[usize; 2]; 2] = [[4, 5], [6, 7]];

impl Gathering {
    /// Derives the maps; its tables not attached.
    pub fn new() -> Gathering {
        let model = Model::get();
        let moves = (0..TURNS)
            .filter(|&m| {
                let turn = model.turns[m];
                turn.quarters == 2 || (turn.is_single_layer() && turn.axis == Axis::Y)
            })
            .fold(0, |set, m| set | 1 << m);
        let orbits = Orbits::of(5);
        let midges = orbits.get(OrbitKind::Midges).expect("5×5 midges");
        let faces = |s: usize| midges.home(s).to_vec();
        let positions: [usize; 8] = (0..12)
            .filter(|&s| faces(s).iter().any(|f| f.axis() == Axis::Y))
            .collect::<Vec<_>>()
            .try_into()
            .expect("eight U/D edges");
        let ring = (0..8)
            .filter(|&i| faces(positions[i]).iter().any(|f| f.axis() == Axis::X))
            .fold(0, |mask, i| mask | 1 << i);
        let high = super::last_pairing::wing_classes(model);
        let slots = [true, false].map(|class| {
            positions.map(|p| {
                if high[2 * p] == class {
                    2 * p
                } else {
                    2 * p + 1
                }
            })
        });
        let index_in = |set: &[usize; 8], s: u8| {
            set.iter()
                .position(|&x| x == usize::from(s))
                .expect("the phase's turns keep the U/D pieces and the classes") as u8
        };
        let position_to = std::array::from_fn(|m| {
            if moves >> m & 1 == 0 {
                return [0; 8];
            }
            positions.map(|p| index_in(&positions, model.midge_to[m][p]))
        });
        let slot_to = [0, 1].map(|class| {
            std::array::from_fn(|m| {
                if moves >> m & 1 == 0 {
                    return [0; 8];
                }
                slots[class].map(|s| index_in(&slots[class], model.wing_to[m][s]))
            })
        });
        let mut phase = Gathering {
            moves,
            positions,
            slots,
            position_to,
            slot_to,
            ring,
            moved: Default::default(),
            tables: Vec::new(),
        };
        phase.moved = [0, 1].map(|class| {
            (0..SETS * TUPLES)
                .into_par_iter()
                .map(|i| {
                    let (set, tuple) = (numbered_set(i / TUPLES), unrank_picks::<4>(i % TUPLES));
                    let mut next = [0u32; TURNS];
                    for m in turns_in(moves) {
                        let (set, tuple) = phase.turn_edges(set, tuple, class, m);
                        next[m] = edges_number(set, tuple);
                    }
                    next
                })
                .collect()
        });
        phase
    }

    #[cfg(test)]
    /// How many entries each table has.
    pub fn table_lens(&self) -> Vec<usize> {
        let mut lens = vec![
            SETS * TUPLES * TUPLES,
            CENTRE_PLACEMENTS,
            CENTRE_PLACEMENTS,
            70 * 70 * 70 * 70,
        ];
        lens.extend([SETS * TUPLES * 70; 4]);
        lens
    }

    /// The tables' distances, by breadth-first search, the centres' goal being where `last`'s
    /// turns reach from solved.
    pub fn build_tables(&self, last: &LastPairing) -> Vec<Vec<u8>> {
        let moves = self.moves;
        let centre_goals = [0, 1].map(|o| {
            let orbit = Centre::BOTH[o];
            let mut goals: Vec<usize> = (last.placements().iter())
                .map(|c| centre_index(AXIS_COLOURS.map(|f| c.mask(orbit, &[f]))))
                .collect();
            goals.sort_unstable();
            goals.dedup();
            goals
        });
        let mut coupled_goals: Vec<usize> = (last.placements().iter())
            .map(|c| {
                coupled_index(Centre::BOTH.map(|o| [Face::U, Face::R].map(|f| c.mask(o, &[f]))))
            })
            .collect();
        coupled_goals.sort_unstable();
        coupled_goals.dedup();
        let goal = self.edge_goal();
        let edges = bfs(SETS * TUPLES * TUPLES, &[goal], moves, |i, m| {
            let (set, high, low) = (i / (TUPLES * TUPLES), i / TUPLES % TUPLES, i % TUPLES);
            let high = self.moved[0][set * TUPLES + high][m];
            let low = self.moved[1][set * TUPLES + low][m];
            edge_index([high, low])
        });
        let [x, t] = [0, 1].map(|o| {
            bfs(CENTRE_PLACEMENTS, &centre_goals[o], moves, |i, m| {
                turn_centre_index(o, i, m)
            })
        });
        let turns = half_turns();
        let joint = [0, 1].into_iter().flat_map(|class| {
            [0, 1].map(|orbit| {
                bfs(
                    SETS * TUPLES * 70,
                    &self.joint_goals(last, orbit),
                    moves,
                    |i, m| {
                        let (edges, half) = (i / 70, i % 70);
                        let half = turns[orbit][0][m][half];
                        joint_index(self.moved[class][edges][m], half.into())
                    },
                )
            })
        });
        let coupled = bfs(70 * 70 * 70 * 70, &coupled_goals, moves, |i, m| {
            let halves = [i / 343_000, i / 4_900 % 70, i / 70 % 70, i % 70];
            // x U, t U, x R, t R.
            let (orbit, colour) = ([0, 1, 0, 1], [0, 0, 1, 1]);
            let next: [usize; 4] =
                std::array::from_fn(|k| usize::from(turns[orbit[k]][colour[k]][m][halves[k]]));
            ((next[0] * 70 + next[1]) * 70 + next[2]) * 70 + next[3]
        });
        let mut tables = vec![edges, x, t, coupled];
        tables.extend(joint);
        tables
    }

    /// The goals of the joint tables of `orbit` (either class's): the edges gathered, that
    /// orbit's U colour on its axis as `last`'s turns take it from solved.
    pub fn joint_goals(&self, last: &LastPairing, orbit: usize) -> Vec<usize> {
        let gathered = edges_number(self.ring, self.goal_tuple());
        let mut goals: Vec<usize> = (last.placements().iter())
            .map(|c| axis_half(c.mask(Centre::BOTH[orbit], &[Face::U]), Face::U))
            .map(|half| joint_index(gathered, half))
            .collect();
        goals.sort_unstable();
        goals.dedup();
        goals
    }

    /// Reads its tables from `tables` (in [`Gathering::table_lens`] order).
    pub fn attach(&mut self, tables: Vec<Nibbles>) {
        self.tables = tables;
    }

    /// The entry of the goal in the edge table: the four edges paired.
    pub fn edge_goal(&self) -> usize {
        let goal = edges_number(self.ring, self.goal_tuple());
        edge_index([goal, goal])
    }

    /// The goal's wing slots: each chosen edge's on its midge's position (the ring's, in order).
    fn goal_tuple(&self) -> [u8; 4] {
        let mut tuple = [0; 4];
        let mut k = 0;
        for i in 0..8 {
            if self.ring >> i & 1 == 1 {
                tuple[k] = i as u8;
                k += 1;
            }
        }
        tuple
    }

    /// The midges' positions and one class's wing slots after turn `m`, renumbered in the
    /// midges' new position order.
    fn turn_edges(&self, midges: u8, wings: [u8; 4], class: usize, m: usize) -> (u8, [u8; 4]) {
        let mut moved = [0u8; 4];
        let mut k = 0;
        for i in 0..8 {
            if midges >> i & 1 == 1 {
                moved[k] = self.position_to[m][i];
                k += 1;
            }
        }
        let new_midges = moved.iter().fold(0u8, |mask, &p| mask | 1 << p);
        // Midge `k` is now the one of rank `rank(k)` among the new positions.
        let rank = |p: u8| (new_midges & ((1u8 << p) - 1)).count_ones() as usize;
        let mut out = [0u8; 4];
        for k in 0..4 {
            out[rank(moved[k])] = self.slot_to[class][m][usize::from(wings[k])];
        }
        (new_midges, out)
    }

    /// The states of `cube` (colours named by faces), one for each choice of four edges none
    /// of whose pieces is in the E slice, with the choices (a bit per edge).
    pub fn read(&self, cube: &FaceletCube) -> Option<Vec<(u16, State)>> {
        let orbits = Orbits::of(5);
        let midges = orbits.get(OrbitKind::Midges)?.read(cube);
        let wings = orbits.get(OrbitKind::Wings { depth: 1 })?.read(cube);
        let midges: Vec<usize> = midges
            .into_iter()
            .map(|p| p.map(|p| p.piece))
            .collect::<Option<_>>()?;
        let wings: Vec<usize> = wings
            .into_iter()
            .map(|p| p.map(|p| p.piece))
            .collect::<Option<_>>()?;
        let centres = super::model::Centres::read(cube);
        let centres = Centre::BOTH.map(|orbit| AXIS_COLOURS.map(|c| centres.mask(orbit, &[c])));
        // The edges with a piece off the U/D layers.
        let in_e = (0..12)
            .filter(|s| !self.positions.contains(s))
            .fold(0u16, |mask, s| mask | 1 << midges[s])
            | (0..24)
                .filter(|&s| !self.positions.contains(&(s / 2)))
                .fold(0u16, |mask, s| mask | 1 << (wings[s] / 2));
        let free = !in_e & 0xFFF;
        let mut states = Vec::new();
        for choice in 0..4096u16 {
            if choice & !free != 0 || choice.count_ones() != 4 {
                continue;
            }
            let mut mask = 0u8;
            for (i, &p) in self.positions.iter().enumerate() {
                if choice >> midges[p] & 1 == 1 {
                    mask |= 1 << i;
                }
            }
            let rank = |i: usize| (mask & ((1u8 << i) - 1)).count_ones() as usize;
            let mut tuples = [[0u8; 4]; 2];
            for (class, slots) in self.slots.iter().enumerate() {
                for (j, &s) in slots.iter().enumerate() {
                    let edge = wings[s] / 2;
                    if choice >> edge & 1 == 1 {
                        let i = self.positions.iter().position(|&p| midges[p] == edge)?;
                        tuples[class][rank(i)] = j as u8;
                    }
                }
            }
            states.push((
                choice,
                State {
                    edges: tuples.map(|tuple| edges_number(mask, tuple)),
                    centres,
                },
            ));
        }
        Some(states)
    }
}

/// Each orbit's centres are near; the edges and the coupled centres are far.
impl SplitBound for Gathering {
    type State = State;

    fn moves(&self) -> MoveSet {
        self.moves
    }

    fn turn(&self, state: &State, m: usize) -> State {
        State {
            edges: [0, 1].map(|class| self.moved[class][state.edges[class] as usize][m]),
            centres: turn_centres(state.centres, m),
        }
    }

    fn near(&self, state: &State) -> u8 {
        let halves = state.centres.map(|[u, ..]| axis_half(u, Face::U));
        let joint = |class: usize, orbit: usize| {
            let index = joint_index(state.edges[class], halves[orbit]);
            self.tables[JOINT[class][orbit]].get(index)
        };
        (orbits_bound(&self.tables, CENTRES, state.centres))
            .max(joint(0, 0).max(joint(0, 1)))
            .max(joint(1, 0).max(joint(1, 1)))
    }

    fn far(&self, state: &State) -> [usize; 2] {
        let [x, t] = state.centres;
        [
            edge_index(state.edges),
            coupled_index([[x[0], x[1]], [t[0], t[1]]]),
        ]
    }

    fn far_tables(&self) -> [&Nibbles; 2] {
        [&self.tables[EDGES], &self.tables[COUPLED]]
    }
}

/// The index of where the U and R colours (`masks[orbit]`) are on their axes, in the order
/// x U, t U, x R, t R.
fn coupled_index(masks: [[u32; 2]; 2]) -> usize {
    let [[xu, xr], [tu, tr]] = masks;
    let h = axis_half;
    ((h(xu, Face::U) * 70 + h(tu, Face::U)) * 70 + h(xr, Face::R)) * 70 + h(tr, Face::R)
}

/// The index in a joint table of a class's `edges` with an orbit's U colour at `half`.
fn joint_index(edges: u32, half: usize) -> usize {
    edges as usize * 70 + half
}

/// The number of a class's edges: the midges' positions `set` with the class's wing slots.
fn edges_number(set: u8, tuple: [u8; 4]) -> u32 {
    (set_rank(set) * TUPLES + rank_tuple(tuple)) as u32
}

/// The table index of both classes' edges (the midge set, then each class's tuple).
fn edge_index([high, low]: [u32; 2]) -> usize {
    high as usize * TUPLES + low as usize % TUPLES
}

/// The rank of a set of 4 of 8.
fn set_rank(mask: u8) -> usize {
    usize::from(set_number(mask))
}

/// The rank of 4 distinct values below 8, in order.
fn rank_tuple(values: [u8; 4]) -> usize {
    rank_picks(&values, 0xFF)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::reduction::phase_search::{Phase, Searcher, Wanted};

    #[test]
    fn tuples_round_trip() {
        for r in 0..TUPLES {
            assert_eq!(rank_tuple(unrank_picks::<4>(r)), r);
        }
        for r in 0..SETS {
            assert_eq!(set_rank(numbered_set(r)), r);
        }
    }

    /// Cubes the phase's turns reach are gathered, the centres where the last phase's turns
    /// reach; the last phase reads the result and pairs it.
    #[test]
    fn gathers_the_states_its_turns_reach() {
        let phases = super::super::tests::tables().0.edge_phases();
        let (phase, last) = (&phases.gathering, &phases.last);
        let model = Model::get();
        let after = |cube: &FaceletCube, turns: &[u8]| {
            let mut end = cube.clone();
            end.apply(turns.iter().map(|&m| model.turns[usize::from(m)]));
            end
        };
        let first = |max_depth| Wanted {
            extra: 0,
            count: 1,
            max_depth,
            patience: u64::MAX,
        };
        let budget = crate::search::Budget::default().start();
        let mut searcher = Searcher {
            budget: &budget,
            nodes: 0,
        };
        let mut rng = crate::seeded_rng(5);
        for _ in 0..4 {
            let cube = super::super::tests::scrambled_in(SplitBound::moves(phase), 100, &mut rng);
            let starts: Vec<(usize, State)> = (phase.read(&cube).expect("a state").iter())
                .map(|&(_, state)| (0, state))
                .collect();
            let found = searcher
                .by_total_length(phase, &starts, first(20), &mut |_, _| true)
                .unwrap();
            let gathered = after(&cube, &found[0].1);
            assert!(last.has_centres(&gathered));
            let state = last.read(&gathered).expect("a last-phase state");
            let paired = searcher
                .solutions(last, state, first(30), &mut |_| true)
                .unwrap();
            let end = last.read(&after(&gathered, &paired[0]));
            assert_eq!(end.map(|state| last.bound(&state)), Some(0));
        }
    }
}
