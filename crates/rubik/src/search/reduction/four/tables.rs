//! The 4×4 tables: for each phase, every index's distance in turns to the phase's goal, built
//! by breadth-first search from the goals and kept in one cached file (48.9 MB).
//!
//! | table | entries | bytes |
//! |---|---|---|
//! | phase 1: the L/R centres | 735,471 | 0.7 MB |
//! | phase 2: U/D and R centres, wing parity | 1,801,800 | 1.8 MB |
//! | phase 3: U, F and R centres, "PLL parity", the cube held any of four ways | 686,000 | 0.7 MB |
//! | phase 2: U/D centres and one edge's two wings, to [separated](super::separation) | 3,552,120 | 1.8 MB |
//! | phase 3: the centres and one edge's two wings, to [solved and paired](super::edge_pairing), with each "PLL parity" | 8,467,200 | 5.3 MB |
//! | phase 3: the wings' [matching](super::pairing) by rotation class, with each "PLL parity" | 61,689,600 | 38.6 MB |
//!
//! One byte an entry, [`UNREACHED`] where the goal cannot be reached, but the separation's (four
//! bits) and the edge pairing's and the matching's: five bits, a [code] of the distances to the
//! goal with each parity. A matching with the parity that needs the more turns to end even is often
//! a turn further than the other; with that turn in its bound, a 4×4 was solved in 25-40% less
//! time. The edge pairing's distances are at most 11; the matching's are 11 meaning 11 or more (the
//! breadth-first search stops there, which keeps the build to about 4 s; most matchings are
//! further. The deepest are 13 turns from paired; an exact table without the parities took 16 s to
//! build for the same mean length on 50 random cubes, one exact to 9 turns gave 0.2 moves more a
//! cube). Phase 3's goals are the cube reduced and held as it is or turned by a whole-cube half
//! turn (x2, y2 or z2): the 3×3 stage takes it whichever way up. Phase 2's goal keeps only the
//! placements of the R centres from which phase 3 can solve every placement of the U and F centres
//! with either parity, by the exact centres held as they are (built for that, not kept).

use std::path::Path;

use super::coords::{self, Centres3, Moves2, Moves3, State2};
use super::edge_pairing::{self, EdgePairing};
use super::model::Model;
use super::pairing::{self, Matching, Pairing};
use super::separation::{self, EdgePairs, Separation};
use crate::search::reduction::distances::{self, distances_of_states};
use crate::search::reduction::phase_search::{ALL_MOVES, MoveSet, TURNS};
use crate::tables::cache::obtain_sized;
use crate::tables::storage::{LoadReport, Memory, Progress, Table, TableSpec};

/// Bumped whenever the builder would produce different bytes.
const TABLES_VERSION: u64 = 11;
const SPEC: TableSpec = TableSpec::new("four", TABLES_VERSION);

pub(super) use crate::search::reduction::distances::UNREACHED;

/// The deepest distance of a matching the table holds exactly.
const DEEPEST_MATCHING: u8 = 10;

const PHASE2: usize = coords::COUNT1;
const HELD3: usize = PHASE2 + coords::COUNT2;
const SEPARATION: usize = HELD3 + 2 * coords::CENTRES3;
const EDGE_PAIRING: usize = SEPARATION + distances::packed_len(separation::COUNT);
const MATCHINGS: usize = EDGE_PAIRING + codes_len(edge_pairing::COUNT);
/// The matchings' entries: the classes of their prefixes (3,060) times the orders of the rest.
const MATCHING_COUNT: usize = 3_060 * pairing::ORDERS;
/// Bits of a code.
const CODE_BITS: usize = 5;
const LEN: usize = MATCHINGS + codes_len(MATCHING_COUNT);

/// The bytes of `count` codes, and one more so that every code is read as two bytes.
const fn codes_len(count: usize) -> usize {
    (count * CODE_BITS).div_ceil(8) + 1
}

/// Below this distance a code holds one distance for both parities, the nearer.
const SHARED_BELOW: u8 = 2;
const _: () = assert!(
    (SHARED_BELOW + 3 * (DEEPEST_MATCHING + 1 - SHARED_BELOW) + 2) as usize >> CODE_BITS == 0,
    "every code fits its bits"
);

/// The code of a state (a matching, or an edge with the centres) `even` turns from its goal
/// with even "PLL parity" and `odd` with odd: the nearer distance and which parity, if
/// either, is further (by one turn: further by more still reads one); below
/// [`SHARED_BELOW`] turns, the nearer distance alone.
fn code(even: u8, odd: u8) -> u8 {
    let near = even.min(odd);
    if near < SHARED_BELOW {
        return near;
    }
    let further = match even.cmp(&odd) {
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
        std::cmp::Ordering::Less => 2,
    };
    SHARED_BELOW + 3 * (near - SHARED_BELOW) + further
}

/// The bounds a [`code`] gives, `[even, odd]`, for each code.
const BOUNDS: [[u8; 2]; 1 << CODE_BITS] = {
    let mut bounds = [[0; 2]; 1 << CODE_BITS];
    let mut code = 0;
    while code < bounds.len() {
        let c = code as u8;
        bounds[code] = if c < SHARED_BELOW {
            [c, c]
        } else {
            let near = SHARED_BELOW + (c - SHARED_BELOW) / 3;
            match (c - SHARED_BELOW) % 3 {
                1 => [near + 1, near],
                2 => [near, near + 1],
                _ => [near, near],
            }
        };
        code += 1;
    }
    bounds
};

/// The 4×4 reduction's distance tables (48.9 MB), with the phases' move tables (derived, not
/// cached: a few milliseconds).
pub struct FourTables {
    table: Table,
    /// Phase 1's search turns.
    pub(super) moves1: MoveSet,
    pub(super) moves2: Moves2,
    pub(super) moves3: Moves3,
    pub(super) pairing: Pairing,
    pub(super) separation: Separation,
    edge_pairing: EdgePairing,
    /// Whether each of phase 3's turns changes "PLL parity".
    pub(super) flips_pll: [bool; TURNS],
}

impl FourTables {
    /// The file the tables keep in the cache.
    pub fn specs() -> Vec<TableSpec> {
        vec![SPEC]
    }

    /// Builds the tables from the code alone, in memory.
    pub fn build(progress: &mut dyn FnMut(Progress)) -> FourTables {
        Self::load_or_build(None, progress).0
    }

    /// Loads the tables from the cache directory `dir`, building and saving them if they are
    /// missing or fail their checks. With no directory, builds them in memory.
    pub fn load_or_build(
        dir: Option<&Path>,
        progress: &mut dyn FnMut(Progress),
    ) -> (FourTables, LoadReport) {
        let model = Model::get();
        // The two slowest to derive, phase 2's move table and the edge pairing's numbering
        // (about 5 ms each), side by side: a one-move 4×4's `rubik solve`, 14.1 → 11.9 ms.
        let (moves2, (moves3, pairing, edge_pairing)) = rayon::join(
            || Moves2::new(model),
            || {
                let moves3 = Moves3::new(model);
                let pairing = Pairing::new(model, moves3.all);
                let edge_pairing = EdgePairing::new(model, &moves3, &pairing);
                (moves3, pairing, edge_pairing)
            },
        );
        let flips_pll = pairing.pll_flips(model);
        let separation = Separation::new(model, &moves2, &pairing);
        let mut report = LoadReport::new();
        let table = obtain_sized(
            dir,
            &SPEC,
            Memory::Mapped,
            LEN,
            |_| {
                let tables = (&pairing, &separation, &edge_pairing);
                build_bytes(model, &moves2, &moves3, tables, &flips_pll)
            },
            progress,
            &mut report,
        );
        let tables = FourTables {
            table,
            moves1: coords::moves1(model),
            moves2,
            flips_pll,
            pairing,
            separation,
            edge_pairing,
            moves3,
        };
        (tables, report)
    }

    fn at(&self, offset: usize, index: usize) -> u8 {
        self.table.payload()[offset + index]
    }

    /// The four-bit entry `index` of the entries packed from byte `offset`.
    fn nibble_at(&self, offset: usize, index: usize) -> u8 {
        self.at(offset, index / 2) >> (4 * (index & 1)) & 0xF
    }

    /// Phase 1's distance.
    pub(super) fn phase1(&self, state: coords::State1) -> u8 {
        self.at(0, coords::index1(state))
    }

    /// Phase 2's distance.
    pub(super) fn phase2(&self, state: State2) -> u8 {
        self.at(PHASE2, coords::index2(state))
    }

    /// Phase 2's bound on separating the wings ([`separation`]): with the U/D centres at `ud`
    /// and the edges' wings at `pairs`, the largest edge's distance, or the first found at
    /// least `left`.
    pub(super) fn separation(&self, ud: u16, pairs: &EdgePairs, left: u8) -> u8 {
        let entry = |index| self.nibble_at(SEPARATION, index);
        self.separation.bound(ud, pairs, left, entry)
    }

    /// Phase 3's distance for the centres, to any of its four holds, with `pll_odd` saying
    /// whether the reduced cube would have "PLL parity".
    pub(super) fn phase3(&self, state: Centres3, pll_odd: bool) -> u8 {
        self.at(HELD3, index3(state, pll_odd))
    }

    /// Phase 3's bound an edge at a time ([`edge_pairing`]): with the centres at `centres`,
    /// "PLL parity" as `pll_odd` says and the wings matched as `matching` says, the largest
    /// edge's distance (or a little less), or the first found at least `left`.
    pub(super) fn edge_pairing(
        &self,
        (centres, pll_odd): (Centres3, bool),
        matching: &Matching,
        left: u8,
    ) -> u8 {
        let entry = |index| self.coded_bound(EDGE_PAIRING, index, pll_odd);
        self.edge_pairing.bound(centres, matching, left, entry)
    }

    /// Phase 3's bound for the wings: their matching's distance to paired with "PLL parity"
    /// as `pll_odd` says, or a little less (11 means 11 or more).
    pub(super) fn matching(&self, matching: &Matching, pll_odd: bool) -> u8 {
        self.matching_at(self.pairing.index(matching), pll_odd)
    }

    /// [`matching`](Self::matching) of the matching with table index `index`.
    pub(super) fn matching_at(&self, index: usize, pll_odd: bool) -> u8 {
        self.coded_bound(MATCHINGS, index, pll_odd)
    }

    /// The bound with "PLL parity" as `pll_odd` says of the [`code`] at index `index` of the
    /// codes from byte `offset`.
    fn coded_bound(&self, offset: usize, index: usize, pll_odd: bool) -> u8 {
        BOUNDS[self.code_at(offset, index) as usize][usize::from(pll_odd)]
    }

    /// The [`code`] at index `index` of the codes from byte `offset`.
    fn code_at(&self, offset: usize, index: usize) -> u8 {
        let bit = index * CODE_BITS;
        let at = offset + bit / 8;
        let bytes = &self.table.payload()[at..at + 2];
        let two = u16::from_le_bytes([bytes[0], bytes[1]]);
        (two >> (bit % 8)) as u8 & ((1 << CODE_BITS) - 1)
    }

    /// Starts loading [`matching_at`](Self::matching_at)'s entry `index` into the cache.
    pub(super) fn prefetch_matching(&self, index: usize) {
        crate::tables::prefetch(self.table.payload(), MATCHINGS + index * CODE_BITS / 8);
    }
}

/// Every table's bytes, in file order (`flips`: whether each turn changes "PLL parity").
fn build_bytes(
    model: &Model,
    moves2: &Moves2,
    moves3: &Moves3,
    (pairing, separation, edge_pairing): (&Pairing, &Separation, &EdgePairing),
    flips: &[bool; TURNS],
) -> Vec<u8> {
    let (((phase1, (phase2, held3)), edges), (separated, matchings)) = rayon::join(
        || {
            rayon::join(
                || {
                    rayon::join(
                        || phase1(model),
                        || {
                            let exact = centres3(model, moves3, flips, false);
                            let held = centres3(model, moves3, flips, true);
                            (phase2(moves2, &exact), held)
                        },
                    )
                },
                || edge_pairing.distances(model, moves3, flips),
            )
        },
        || {
            rayon::join(
                || separation.distances(moves2, pairing),
                || pairing::distances(pairing, moves3.all, flips, DEEPEST_MATCHING),
            )
        },
    );
    assert_eq!(
        matchings.len(),
        2 * MATCHING_COUNT,
        "the matchings' classes"
    );
    let mut bytes = Vec::with_capacity(LEN);
    for table in [phase1, phase2, held3, distances::packed(&separated)] {
        bytes.extend(table);
    }
    bytes.extend(coded(&edges));
    bytes.extend(coded(&matchings));
    bytes
}

/// Distances with each "PLL parity" (`2 · index + odd`), as [`code`]s, each capped at
/// [`DEEPEST_MATCHING`] + 1.
fn coded(distances: &[u8]) -> Vec<u8> {
    let mut codes = vec![0u8; codes_len(distances.len() / 2)];
    let deepest = DEEPEST_MATCHING + 1;
    for (index, both) in distances.chunks(2).enumerate() {
        let code = code(both[0].min(deepest), both[1].min(deepest));
        let (bit, code) = (index * CODE_BITS, u16::from(code));
        let two = code << (bit % 8);
        codes[bit / 8] |= two as u8;
        codes[bit / 8 + 1] |= (two >> 8) as u8;
    }
    codes
}

fn phase1(model: &Model) -> Vec<u8> {
    distances_of_states(
        coords::COUNT1,
        &[coords::goal1()],
        |&s| coords::index1(s),
        ALL_MOVES,
        |&s, m| coords::turn1(model, s, m),
    )
}

fn phase2(moves2: &Moves2, centres3: &[u8]) -> Vec<u8> {
    let solvable = |r: u16| {
        let reached = |u, f, odd| centres3[index3(Centres3 { u, f, r }, odd)] != UNREACHED;
        (0..70).all(|u| (0..70).all(|f| reached(u, f, false) && reached(u, f, true)))
    };
    distances_of_states(
        coords::COUNT2,
        &moves2.goals(solvable),
        |&s| coords::index2(s),
        moves2.all,
        |&s, m| moves2.turn(s, m),
    )
}

/// The centres' distances with "PLL parity": to solved as held, by phase 3's turns; or, if
/// `held`, to solved held any of four ways (as it is, and turned by each whole-cube half turn:
/// both two-layer blocks of an axis by two), by the turns its search takes.
fn centres3(model: &Model, moves3: &Moves3, flips: &[bool; TURNS], held: bool) -> Vec<u8> {
    let turn = |&(s, odd): &(Centres3, bool), m: usize| (moves3.turn(s, m), odd != flips[m]);
    let solved = (moves3.goal(), false);
    let (goals, moves) = match held {
        true => (moves3.held(model, solved, turn).to_vec(), moves3.reducing),
        false => (vec![solved], moves3.all),
    };
    distances_of_states(
        2 * coords::CENTRES3,
        &goals,
        |&(s, odd)| index3(s, odd),
        moves,
        turn,
    )
}

fn index3(state: Centres3, pll_odd: bool) -> usize {
    2 * coords::index_centres3(state) + usize::from(pll_odd)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::reduction::phase_search::turns_in;

    /// The matching's goal entries are exactly the paired matching's, and a matching's bound
    /// is never more than the turns that made it from paired with even parity (the matching and
    /// the parity read off the stickers: a parity a rotation of the index changed would show).
    #[test]
    fn matching_bounds_are_zero_only_when_paired_and_never_too_high() {
        let tables = FourTables::build(&mut |_| {});
        let zeros = (0..MATCHING_COUNT).filter(|&i| tables.code_at(MATCHINGS, i) == 0);
        assert_eq!(zeros.count(), 1);
        assert_eq!(tables.matching(&pairing::PAIRED, false), 0);
        let model = Model::get();
        let moves: Vec<usize> = turns_in(tables.moves3.all).collect();
        let mut rng = crate::seeded_rng(6);
        let mut raised = 0;
        for walk in 0..3_000 {
            let mut cube = crate::facelet::FaceletCube::solved(4);
            let length = 1 + walk % 12;
            for _ in 0..length {
                let m = moves[crate::random::below(&mut rng, moves.len() as u32) as usize];
                cube.turn(model.turns[m]);
            }
            let pieces = super::super::model::Pieces::read(&cube).unwrap();
            let matching = tables.pairing.read(&pieces.wings).unwrap();
            let corners_odd = super::super::model::Pieces::corners_odd(&cube);
            let odd = tables.pairing.pll_odd(&pieces.wings, corners_odd);
            let bound = tables.matching(&matching, odd);
            assert!(bound as usize <= length, "{bound} after {length} turns");
            raised += usize::from(bound > tables.matching(&matching, !odd));
        }
        assert!(raised > 0, "the parity raises some bounds");
    }

    /// A code's bounds are never above the distances it codes, and equal to them where it
    /// can hold them: from two turns on, the parities at most a turn apart.
    #[test]
    fn codes_keep_what_they_can_of_the_distances() {
        for even in 0..=DEEPEST_MATCHING + 1 {
            for odd in 0..=DEEPEST_MATCHING + 1 {
                let code = code(even, odd);
                let [e, o] = BOUNDS[code as usize];
                assert!(e <= even && o <= odd, "{even} {odd}: {e} {o}");
                if even.min(odd) >= SHARED_BELOW && even.abs_diff(odd) <= 1 {
                    assert_eq!([e, o], [even, odd]);
                }
            }
        }
    }

    /// Every reachable entry but a goal has a neighbour one nearer, and none a neighbour more
    /// than one nearer: the tables are distances (the matching's, coded, are checked above and
    /// in [`pairing`]).
    #[test]
    fn every_entry_is_one_more_than_its_nearest_neighbour() {
        let tables = FourTables::build(&mut |_| {});
        let model = Model::get();
        let mut rng = crate::seeded_rng(5);
        for _ in 0..300 {
            let state = crate::random::below(&mut rng, 1 << 24);
            let ud = crate::random::below(&mut rng, 12_870) as u16;
            let r = crate::random::below(&mut rng, 70) as u16;
            let odd = crate::random::below(&mut rng, 2) == 1;
            let two = State2 { ud, r, odd };
            let here = tables.phase2(two);
            let moves2 = &tables.moves2;
            for moves in [moves2.all, moves2.reducing] {
                let near = turns_in(moves)
                    .map(|m| tables.phase2(moves2.turn(two, m)))
                    .min()
                    .unwrap();
                assert!(here == 0 || near + 1 == here, "{here} {near}");
            }
            let pair = crate::random::below(&mut rng, separation::PAIRS as u32) as u16;
            let entry =
                |ud: u16, pair: u16| tables.nibble_at(SEPARATION, Separation::index(ud, pair));
            let here = entry(ud, pair);
            let near = turns_in(moves2.all)
                .map(|m| {
                    entry(
                        moves2.ud.turn(ud, m),
                        tables.separation.turn(&[pair; 12], m)[0],
                    )
                })
                .min()
                .unwrap();
            assert!(here == 0 || near + 1 == here, "{here} {near}");
            let centres = Centres3 {
                u: crate::random::below(&mut rng, 70) as u16,
                f: crate::random::below(&mut rng, 70) as u16,
                r: crate::random::below(&mut rng, 70) as u16,
            };
            let moves3 = &tables.moves3;
            let here = tables.phase3(centres, odd);
            let near = turns_in(moves3.reducing)
                .map(|m| tables.phase3(moves3.turn(centres, m), odd != tables.flips_pll[m]))
                .min()
                .unwrap();
            let unreached = here == UNREACHED && near == UNREACHED;
            assert!(here == 0 || unreached || near + 1 == here, "{here} {near}");
            if state.count_ones() == 8 {
                let here = tables.phase1(state);
                for moves in [ALL_MOVES, tables.moves1] {
                    let near = turns_in(moves)
                        .map(|m| tables.phase1(coords::turn1(model, state, m)))
                        .min()
                        .unwrap();
                    assert!(here == 0 || near + 1 == here);
                }
            }
        }
    }

    /// The edge pairing's distances, with each parity, are distances (every entry but a goal
    /// has a neighbour one nearer, none one more than one nearer), and the coded table's
    /// bounds never above them.
    #[test]
    fn edge_pairing_entries_are_distances_and_coded_below_them() {
        let tables = FourTables::build(&mut |_| {});
        let (model, moves3, pairing) = (Model::get(), &tables.moves3, &tables.edge_pairing);
        let distances = pairing.distances(model, moves3, &tables.flips_pll);
        let mut rng = crate::seeded_rng(8);
        for _ in 0..2_000 {
            let number = crate::random::below(&mut rng, 58_800) as usize;
            let (high, low) = (number % 12, number / 12 % 12);
            let odd = crate::random::below(&mut rng, 2) == 1;
            let centres = pairing.placement(number);
            let index = |centres: Centres3, high: usize, low: usize| {
                EdgePairing::index(pairing.number(centres), high as u8, low as u8)
            };
            let distance = |centres: Centres3, odd: bool, high: usize, low: usize| {
                distances[2 * index(centres, high, low) + usize::from(odd)]
            };
            let here = distance(centres, odd, high, low);
            let near = turns_in(moves3.reducing)
                .map(|m| {
                    let (high, low) = pairing.wings_after(high, low, m);
                    distance(
                        moves3.turn(centres, m),
                        odd != tables.flips_pll[m],
                        high,
                        low,
                    )
                })
                .min()
                .unwrap();
            assert!(here == 0 || near + 1 == here, "{here} {near}");
            let bound = tables.coded_bound(EDGE_PAIRING, index(centres, high, low), odd);
            assert!(
                bound <= here && (bound == 0) == (here == 0),
                "{bound} {here}"
            );
        }
    }
}
