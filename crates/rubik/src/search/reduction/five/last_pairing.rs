//! The 5×5's last edge phase, for an axis (the solver's: F/B): with the four edges around it
//! paired, pair the eight edges of its two faces and solve the centres, with those faces'
//! turns, the other outer half turns and the other four two-layer blocks by two (14 turns).
//! Below, "U/D" stands for the axis's faces, as in its test on the U/D axis.
//!
//! These turns keep every wing in its class (*low* or *high*: the two orbits of the wing slots
//! under U, D, F, B, R2, L2 and every block by two, the two wings of an edge in different
//! ones) and every piece of the U and D layers in them; the E-slice edges only move whole.
//! The state:
//! - for each U/D high wing slot (numbered as the U/D midge positions, whose edge it is on),
//!   the position of the midge its wing belongs with: a permutation of 8, turned by the turn's
//!   maps of high slots and of midge positions; the same for the low slots; paired is both the
//!   identity;
//! - the centres: one of the 176,400 placements these turns reach from solved, numbered by
//!   breadth-first search.
//!
//! The bound is the largest of the centres' distance and a distance over a permutation with
//! where the U colour's x- and t-centres are on U and D, for each class: one table
//! (`8! · 70²` pairs reduced by the 8 symmetries that keep the axis and the classes, 5,288
//! classes of permutations), the low class's pair seen through a mirror, which exchanges the
//! classes.

use foldhash::HashMap;

use super::model::{Centre, Centres, Model, face_mask};
use super::separation::{axis_half, expand_half};
use super::symmetric_table::{Coordinates, SymmetricIndex};
use super::symmetry::{Symmetry, keeping};
use crate::face::{Axis, Face};
use crate::facelet::FaceletCube;
use crate::facelet::pieces::{OrbitKind, Orbits};
use crate::search::reduction::distances::Nibbles;
use crate::search::reduction::four::pairing::{rank_order, unrank_order};
use crate::search::reduction::phase_search::{MoveSet, SplitBound, TURNS, turns_in};

/// Permutations of 8.
const ORDERS: usize = 40_320;
/// Sets of 4 of 8 U/D centre positions.
const HALVES: usize = 70;
/// Every wing with its midge.
const IDENTITY: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// The phase's state: the high and low slots' permutations (ranks) and the centres' number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    high: u16,
    low: u16,
    centres: u32,
}

/// The last edge phase: its turns, their maps and its tables.
pub(super) struct LastPairing {
    /// The axis whose faces' edges it pairs.
    axis: Axis,
    moves: MoveSet,
    /// How many they are.
    turn_count: usize,
    /// Each turn's number among the phase's turns.
    number: [usize; TURNS],
    /// The midge slots of the U/D positions, in order.
    positions: [usize; 8],
    /// The high and low wing slots on each U/D position.
    slots: [[usize; 8]; 2],
    /// `orders[class][rank · turns + k]`: the permutation after the phase's `k`-th turn.
    orders: [Vec<u16>; 2],
    /// `centres[index · turns + k]`: the centres' number after the `k`-th turn.
    centres: Vec<u32>,
    /// The centres' distances, and each placement's U/D halves (x, t).
    centre_distance: Vec<u8>,
    halves: Vec<[u8; 2]>,
    /// The numbers of the reached centre placements, by key, and the placements.
    numbers: HashMap<u64, u32>,
    placements: Vec<Centres>,
    /// The high permutation and the halves as coordinates, and their index.
    pairs: Pairs,
    index: SymmetricIndex,
    /// The low permutations and the halves seen through a mirror, as high ones.
    mirrored_orders: Vec<u16>,
    mirrored_halves: Vec<u16>,
    /// The distance of each entry of the index to paired and home, once attached.
    tables: Vec<Nibbles>,
}

/// A symmetry as it acts on the phase's coordinates: where it takes each slot of a class (as
/// an index among the high slots) and each position, and each orbit's halves.
struct Action {
    slots: [u8; 8],
    positions: [u8; 8],
    halves: [[u8; HALVES]; 2],
}

impl Action {
    /// `symmetry` taking the slots of `class` to the high ones, if it does (for the phase of
    /// `axis`, its positions and slots).
    fn new(
        (axis, positions, slots): (Axis, &[usize; 8], &[[usize; 8]; 2]),
        symmetry: &Symmetry,
        class: usize,
    ) -> Option<Action> {
        let index_in = |set: &[usize; 8], s: u8| set.iter().position(|&x| x == usize::from(s));
        let slots = slots[class].map(|s| index_in(&slots[0], symmetry.wing[s]));
        let slots: Vec<u8> = slots
            .iter()
            .map(|i| i.map(|i| i as u8))
            .collect::<Option<_>>()?;
        let positions = positions
            .map(|p| index_in(positions, symmetry.midge[p]).expect("the axis is kept") as u8);
        let colour = axis.positive_face();
        let on_axis = face_mask(&[colour, colour.opposite()]);
        let halves = [0, 1].map(|o| {
            let kept = usize::from(symmetry.centre[o][4 * colour.index()]) / 4 == colour.index();
            std::array::from_fn(|h| {
                let mask = expand_half(h, colour);
                let moved = (0..24)
                    .filter(|p| mask >> p & 1 == 1)
                    .fold(0, |out, p| out | 1 << symmetry.centre[o][p]);
                half(if kept { moved } else { moved ^ on_axis }, axis)
            })
        });
        Some(Action {
            slots: slots.try_into().expect("eight slots"),
            positions,
            halves,
        })
    }

    fn order(&self, rank: usize) -> usize {
        let order = unrank_order(rank);
        let mut image = [0u8; 8];
        for i in 0..8 {
            image[usize::from(self.slots[i])] = self.positions[usize::from(order[i])];
        }
        rank_order(&image)
    }

    fn centres(&self, q: usize) -> usize {
        let (x, t) = (q / HALVES, q % HALVES);
        usize::from(self.halves[0][x]) * HALVES + usize::from(self.halves[1][t])
    }
}

/// The phase's high permutation and both orbits' halves as two coordinates.
struct Pairs {
    actions: Vec<Action>,
    /// The high permutations' ranks after each turn, as [`LastPairing::orders`].
    orders: Vec<u16>,
    /// Each turn's number among the phase's turns, and how many they are.
    number: [usize; TURNS],
    turn_count: usize,
    /// `half_next[h · turns + k]`: half `h` (as x and as t) after the `k`-th turn.
    half_next: Vec<[u8; 2]>,
}

impl Coordinates for Pairs {
    fn counts(&self) -> [usize; 2] {
        [ORDERS, HALVES * HALVES]
    }

    fn symmetries(&self) -> usize {
        self.actions.len()
    }

    fn first_image(&self, s: usize, p: usize) -> usize {
        self.actions[s].order(p)
    }

    fn second_image(&self, s: usize, q: usize) -> usize {
        self.actions[s].centres(q)
    }

    fn turn_first(&self, p: usize, m: usize) -> usize {
        usize::from(self.orders[p * self.turn_count + self.number[m]])
    }

    fn turn_second(&self, q: usize, m: usize) -> usize {
        let (k, n) = (self.number[m], self.turn_count);
        let (x, t) = (q / HALVES, q % HALVES);
        usize::from(self.half_next[x * n + k][0]) * HALVES
            + usize::from(self.half_next[t * n + k][1])
    }
}

impl LastPairing {
    /// Derives the maps and builds the tables, for the edges on the faces of `axis` (the
    /// others paired already).
    pub fn new(axis: Axis) -> LastPairing {
        let model = Model::get();
        let moves = phase_moves(model, axis);
        let list: Vec<usize> = turns_in(moves).collect();
        let mut number = [usize::MAX; TURNS];
        for (k, &m) in list.iter().enumerate() {
            number[m] = k;
        }
        let orbits = Orbits::of(5);
        let midges = orbits.get(OrbitKind::Midges).expect("5×5 midges");
        let on_ud = |s: usize| midges.home(s).iter().any(|f| f.axis() == axis);
        let positions: [usize; 8] = (0..12)
            .filter(|&s| on_ud(s))
            .collect::<Vec<_>>()
            .try_into()
            .expect("eight U/D edges");
        let high = wing_classes(model);
        let slots = [true, false].map(|class| {
            positions.map(|p| {
                if high[2 * p] == class {
                    2 * p
                } else {
                    2 * p + 1
                }
            })
        });
        let index_of = |set: &[usize; 8], s: usize| set.iter().position(|&x| x == s);
        // Gather form of each turn on positions and slots: which index goes to `j`.
        let position_to: Vec<[u8; 8]> = list
            .iter()
            .map(|&m| {
                positions.map(|p| {
                    index_of(&positions, usize::from(model.midge_to[m][p]))
                        .expect("the phase's turns keep the U/D midges") as u8
                })
            })
            .collect();
        let orders = [0, 1].map(|class| {
            let slot_from: Vec<[u8; 8]> = list
                .iter()
                .map(|&m| {
                    let mut from = [0u8; 8];
                    for (i, &s) in slots[class].iter().enumerate() {
                        let j = index_of(&slots[class], usize::from(model.wing_to[m][s]))
                            .expect("the phase's turns keep the classes and the U/D wings");
                        from[j] = i as u8;
                    }
                    from
                })
                .collect();
            let mut next = vec![0u16; ORDERS * list.len()];
            for rank in 0..ORDERS {
                let order = unrank_order(rank);
                for k in 0..list.len() {
                    let turned: [u8; 8] = std::array::from_fn(|j| {
                        position_to[k][usize::from(order[usize::from(slot_from[k][j])])]
                    });
                    next[rank * list.len() + k] = rank_order(&turned) as u16;
                }
            }
            next
        });
        let symmetries = keeping(axis);
        let geometry = (axis, &positions, &slots);
        let pairs = Pairs {
            actions: (symmetries.iter())
                .filter_map(|s| Action::new(geometry, s, 0))
                .collect(),
            orders: orders[0].clone(),
            number,
            turn_count: list.len(),
            half_next: half_next(axis, &list),
        };
        let mirror = (symmetries.iter())
            .find_map(|s| Action::new(geometry, s, 1))
            .expect("a mirror exchanges the classes");
        let mut phase = LastPairing {
            axis,
            moves,
            turn_count: list.len(),
            number,
            positions,
            slots,
            orders,
            centres: Vec::new(),
            centre_distance: Vec::new(),
            halves: Vec::new(),
            numbers: HashMap::default(),
            placements: Vec::new(),
            index: SymmetricIndex::new(&pairs),
            pairs,
            mirrored_orders: (0..ORDERS).map(|r| mirror.order(r) as u16).collect(),
            mirrored_halves: (0..HALVES * HALVES)
                .map(|q| mirror.centres(q) as u16)
                .collect(),
            tables: Vec::new(),
        };
        phase.reach_centres(&list);
        phase
    }

    #[cfg(test)]
    /// How many entries each table has: the one over the high permutation and the halves.
    pub fn table_lens(&self) -> Vec<usize> {
        vec![self.index.len()]
    }

    /// The tables' distances, by breadth-first search.
    pub fn build_tables(&self) -> Vec<Vec<u8>> {
        let solved = usize::from(half(solved_mask(self.axis), self.axis)) * (HALVES + 1);
        let goal = [rank_order(&IDENTITY), solved];
        vec![self.index.distances(&self.pairs, self.moves, &[goal])]
    }

    /// Reads its tables from `tables` (in [`LastPairing::table_lens`] order).
    pub fn attach(&mut self, tables: Vec<Nibbles>) {
        self.tables = tables;
    }

    /// Numbers the centre placements the turns reach from solved, by breadth-first search,
    /// with their distances and transitions.
    fn reach_centres(&mut self, list: &[usize]) {
        let solved = Centres::read(&FaceletCube::solved(5));
        let mut placements = vec![solved.clone()];
        self.numbers.insert(key(&solved), 0);
        self.centre_distance.push(0);
        let mut at = 0;
        while at < placements.len() {
            let distance = self.centre_distance[at] + 1;
            for &m in list {
                let next = placements[at].turn(m);
                let count = placements.len() as u32;
                let number = *self.numbers.entry(key(&next)).or_insert(count);
                if number == count {
                    placements.push(next);
                    self.centre_distance.push(distance);
                }
                self.centres.push(number);
            }
            at += 1;
        }
        let colour = self.axis.positive_face();
        self.halves = placements
            .iter()
            .map(|c| Centre::BOTH.map(|orbit| half(c.mask(orbit, &[colour]), self.axis)))
            .collect();
        self.placements = placements;
    }

    /// The state of `cube` (colours named by faces), if its E-slice edges are whole and its
    /// centres reachable.
    pub fn read(&self, cube: &FaceletCube) -> Option<State> {
        let orbits = Orbits::of(5);
        let piece = |kind, s: usize| -> Option<usize> {
            let orbit = orbits.get(kind).expect("a 5×5 orbit");
            orbit.read(cube)[s].map(|p| p.piece)
        };
        let mut midge_at = [0usize; 12];
        for s in 0..12 {
            let edge = piece(OrbitKind::Midges, s)?;
            midge_at[edge] = s;
        }
        let mut ranks = [0u16; 2];
        for (class, slots) in self.slots.iter().enumerate() {
            let mut order = [0u8; 8];
            for (i, &s) in slots.iter().enumerate() {
                let edge = piece(OrbitKind::Wings { depth: 1 }, s)? / 2;
                let at = self.positions.iter().position(|&p| p == midge_at[edge])?;
                order[i] = at as u8;
            }
            ranks[class] = rank_order(&order) as u16;
        }
        let centres = *self.numbers.get(&key(&Centres::read(cube)))?;
        Some(State {
            high: ranks[0],
            low: ranks[1],
            centres,
        })
    }

    #[cfg(test)]
    pub fn has_centres(&self, cube: &FaceletCube) -> bool {
        self.numbers.contains_key(&key(&Centres::read(cube)))
    }

    /// The table entries of `state`'s high and low permutations with its halves.
    fn entries(&self, state: &State) -> [usize; 2] {
        let [x, t] = self.halves[state.centres as usize];
        let q = usize::from(x) * HALVES + usize::from(t);
        [
            self.index.index(usize::from(state.high), q),
            self.index.index(
                usize::from(self.mirrored_orders[usize::from(state.low)]),
                usize::from(self.mirrored_halves[q]),
            ),
        ]
    }

    /// The centre placements it starts from (those its turns reach from solved).
    pub fn placements(&self) -> &[Centres] {
        &self.placements
    }
}

/// The centres are near; the two wing classes' entries, in the one table, are far.
impl SplitBound for LastPairing {
    type State = State;

    fn moves(&self) -> MoveSet {
        self.moves
    }

    fn turn(&self, state: &State, m: usize) -> State {
        let (k, n) = (self.number[m], self.turn_count);
        State {
            high: self.orders[0][usize::from(state.high) * n + k],
            low: self.orders[1][usize::from(state.low) * n + k],
            centres: self.centres[state.centres as usize * n + k],
        }
    }

    fn near(&self, state: &State) -> u8 {
        self.centre_distance[state.centres as usize]
    }

    fn far(&self, state: &State) -> [usize; 2] {
        self.entries(state)
    }

    fn far_tables(&self) -> [&Nibbles; 2] {
        [&self.tables[0], &self.tables[0]]
    }
}

/// The faces of `axis` by any amount, the other faces' outer layers by two, the other blocks
/// by two.
fn phase_moves(model: &Model, axis: Axis) -> MoveSet {
    (0..TURNS)
        .filter(|&m| {
            let turn = model.turns[m];
            let on_y = turn.axis == axis;
            if turn.is_single_layer() {
                on_y || turn.quarters == 2
            } else {
                !on_y && turn.quarters == 2
            }
        })
        .fold(0, |set, m| set | 1 << m)
}

/// Each wing slot's class (true: high): low are the slots U, D, F, B, R2, L2 and every block by
/// two reach from slot 0.
pub(super) fn wing_classes(model: &Model) -> [bool; 24] {
    let keeps = |m: usize| {
        let turn = model.turns[m];
        turn.quarters == 2 || (turn.is_single_layer() && turn.axis != Axis::X)
    };
    let mut high = [true; 24];
    high[0] = false;
    let mut stack = vec![0usize];
    while let Some(s) = stack.pop() {
        for m in (0..TURNS).filter(|&m| keeps(m)) {
            let t = usize::from(model.wing_to[m][s]);
            if high[t] {
                high[t] = false;
                stack.push(t);
            }
        }
    }
    for e in 0..12 {
        assert_ne!(high[2 * e], high[2 * e + 1], "an edge's wings in one class");
    }
    high
}

/// A key of a staged centre placement: for each orbit, where the U, R and F colours are among
/// their axis's eight positions.
fn key(centres: &Centres) -> u64 {
    let mut key = 0u64;
    for orbit in Centre::BOTH {
        for colour in [Face::U, Face::R, Face::F] {
            let mask = centres.mask(orbit, &[colour]);
            let on = |f: Face| u64::from(mask >> (4 * f.index()) & 0xF);
            key = key << 8 | on(colour) | on(colour.opposite()) << 4;
        }
    }
    key
}

/// `[h · turns + k]`: half `h` of `axis`'s positive colour, as x-centres and as t-centres,
/// after the `k`-th of the turns `list`.
fn half_next(axis: Axis, list: &[usize]) -> Vec<[u8; 2]> {
    let model = Model::get();
    (0..HALVES * list.len())
        .map(|i| {
            let (h, k) = (i / list.len(), i % list.len());
            let mask = expand_half(h, axis.positive_face());
            Centre::BOTH.map(|orbit| half(model.turn_mask(orbit, list[k], mask), axis))
        })
        .collect()
}

/// The positions of the colour of `axis`'s positive face when solved.
fn solved_mask(axis: Axis) -> u32 {
    0xF << (4 * axis.positive_face().index())
}

/// The number (0..70) of the positions of `axis`'s positive colour on `axis`.
fn half(mask: u32, axis: Axis) -> u8 {
    axis_half(mask, axis.positive_face()) as u8
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::search::reduction::phase_search::{Phase, Searcher, Wanted};

    /// Whether every edge of `cube` has its midge and both wings together.
    pub(in crate::search::reduction::five) fn paired(cube: &FaceletCube) -> bool {
        let orbits = Orbits::of(5);
        let read = |kind| -> Vec<usize> {
            let orbit = orbits.get(kind).expect("orbit");
            orbit
                .read(cube)
                .into_iter()
                .map(|p| p.unwrap().piece)
                .collect()
        };
        let (midges, wings) = (read(OrbitKind::Midges), read(OrbitKind::Wings { depth: 1 }));
        (0..12).all(|e| wings[2 * e] / 2 == midges[e] && wings[2 * e + 1] / 2 == midges[e])
    }

    /// The reduced table against a plain breadth-first search over each class's whole
    /// (permutation, halves) space, on random entries.
    #[test]
    fn the_reduced_table_is_the_plain_one() {
        let phase = &crate::search::reduction::five::tests::tables()
            .0
            .edge_phases()
            .last;
        assert_eq!(phase.index.class_count(), 5_288);
        let table = &phase.tables[0];
        let list: Vec<usize> = turns_in(phase.moves).collect();
        let half_next = half_next(phase.axis, &list);
        let n = list.len();
        let both = HALVES * HALVES;
        let solved = usize::from(half(solved_mask(phase.axis), phase.axis)) * (HALVES + 1);
        let mut rng = crate::seeded_rng(9);
        for class in 0..2 {
            let goal = rank_order(&IDENTITY) * both + solved;
            let plain = crate::search::reduction::distances::distances(
                ORDERS * both,
                &[goal],
                phase.moves,
                |i, m| {
                    let k = phase.number[m];
                    let (rank, x, t) = (i / both, i / HALVES % HALVES, i % HALVES);
                    let r = usize::from(phase.orders[class][rank * n + k]);
                    let x = usize::from(half_next[x * n + k][0]);
                    let t = usize::from(half_next[t * n + k][1]);
                    (r * HALVES + x) * HALVES + t
                },
            );
            for _ in 0..200_000 {
                let i = crate::random::below(&mut rng, (ORDERS * both) as u32) as usize;
                let (rank, q) = (i / both, i % both);
                let reduced = table.get(match class {
                    0 => phase.index.index(rank, q),
                    _ => phase.index.index(
                        usize::from(phase.mirrored_orders[rank]),
                        usize::from(phase.mirrored_halves[q]),
                    ),
                });
                // As kept: four bits.
                let plain = plain[i].min(15);
                assert_eq!(reduced, plain, "class {class}, rank {rank}, halves {q}");
            }
        }
    }

    /// The phase for `axis`, its tables built and attached.
    pub(in crate::search::reduction::five) fn with_tables(axis: Axis) -> LastPairing {
        let mut phase = LastPairing::new(axis);
        let tables = phase.build_tables();
        phase.attach(tables.iter().map(|t| Nibbles::in_memory(t)).collect());
        phase
    }

    #[test]
    fn pairs_the_states_its_turns_reach() {
        let phase = with_tables(Axis::Y);
        let model = Model::get();
        let mut rng = crate::seeded_rng(5);
        let budget = crate::search::Budget::default().start();
        let mut searcher = Searcher {
            budget: &budget,
            nodes: 0,
        };
        for _ in 0..20 {
            let mut cube = crate::search::reduction::five::tests::scrambled_in(
                SplitBound::moves(&phase),
                60,
                &mut rng,
            );
            let state = phase.read(&cube).expect("a state of the phase");
            let wanted = Wanted {
                extra: 0,
                count: 1,
                max_depth: 30,
                patience: u64::MAX,
            };
            let solutions = searcher
                .solutions(&phase, state, wanted, &mut |_| true)
                .unwrap();
            let turns = &solutions[0];
            cube.apply(turns.iter().map(|&m| model.turns[usize::from(m)]));
            assert!(paired(&cube));
            assert_eq!(phase.read(&cube).map(|s| phase.bound(&s)), Some(0));
            let centres = Centres::read(&cube);
            for orbit in Centre::BOTH {
                for face in Face::ALL {
                    assert_eq!(centres.mask(orbit, &[face]), 0xF << (4 * face.index()));
                }
            }
        }
    }
}
