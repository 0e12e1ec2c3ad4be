//! A 4×4's centres alone, by the centre tables of phases 1 to 3: how a bigger cube solves an
//! x-centre orbit, which its outer layers and the block reaching the orbit's inner layer move
//! exactly as a 4×4's outer layers and two-layer blocks move its centres.
//!
//! Phase 1 stages the L/R centres, phase 2 the U/D centres with an even number of quarter
//! turns of two-layer blocks in all (so every wing orbit such a block reaches keeps its
//! parity), phase 3 solves the centres with half turns of blocks. Phase 3's table also says
//! whether a 4×4 would have "PLL parity"; a centre orbit has no such thing, so its bound is the
//! least over both. Each phase searches the solutions of the phase before by total length.

use super::coords::{Centres3, State2};
use super::model::{Model, centre_stickers};
use super::{FourTables, MAX_PHASE, Phase1, Phase2, within_phase};
use crate::face::Face;
use crate::facelet::FaceletCube;
use crate::search::Stop;
use crate::search::reduction::phase_search::{MoveSet, Phase, Searcher, Wanted};
use crate::turn::Turn;

/// Phase 1 solutions searched on, and phase 2 solutions.
const KEEP: usize = 8;

/// Centres partly solved: the face each position's centre belongs on, the turns so far, and
/// whether those turned the two-layer blocks an odd number of quarters.
#[derive(Clone)]
struct Staged {
    home: [Face; 24],
    turns: Vec<u8>,
    odd: bool,
}

impl Staged {
    /// The positions of the centres that belong on `faces`, as a mask.
    fn mask(&self, faces: &[Face]) -> u32 {
        (0..24)
            .filter(|&p| faces.contains(&self.home[p]))
            .fold(0, |mask, p| mask | 1 << p)
    }

    /// This after the turns `moves`.
    fn then(&self, moves: &[u8]) -> Staged {
        let model = Model::get();
        let mut next = self.clone();
        for &m in moves {
            let before = next.home;
            for (p, &face) in before.iter().enumerate() {
                next.home[model.centre_to[m as usize][p] as usize] = face;
            }
            next.odd ^= model.wing_odd[m as usize];
        }
        next.turns.extend_from_slice(moves);
        next
    }
}

/// Phase 3 for the centres alone.
struct Centres<'t>(&'t FourTables);

impl Phase for Centres<'_> {
    type State = Centres3;
    fn moves(&self) -> MoveSet {
        self.0.moves3.all
    }
    fn turn(&self, state: &Centres3, m: usize) -> Centres3 {
        self.0.moves3.turn(*state, m)
    }
    fn bound(&self, state: &Centres3) -> u8 {
        self.0
            .centres(*state, false)
            .min(self.0.centres(*state, true))
    }
}

/// Turns that solve the centres of `cube`, a 4×4 whose centres' colours name the faces they
/// belong on, with an even number of quarter turns of two-layer blocks; `Err` when the
/// searcher's budget stops the search.
pub(in crate::search::reduction) fn solve(
    four: &FourTables,
    cube: &FaceletCube,
    searcher: &mut Searcher,
) -> Result<Vec<Turn>, Stop> {
    let start = Staged {
        home: centre_stickers().map(|sticker| cube.stickers()[sticker]),
        turns: Vec::new(),
        odd: false,
    };
    let wanted = Wanted {
        extra: 1,
        count: KEEP,
        max_depth: MAX_PHASE as u8,
    };
    let state1 = start.mask(&[Face::R, Face::L]);
    let first: Vec<Staged> = searcher
        .solutions(&Phase1(four), state1, wanted, &mut |_| true)?
        .iter()
        .map(|moves| start.then(moves))
        .collect();
    let moves2 = &four.moves2;
    let starts2: Vec<(usize, State2)> = first
        .iter()
        .map(|s| {
            let state = State2 {
                ud: moves2.ud.of(s.mask(&[Face::U, Face::D])),
                r: moves2.r.of(s.mask(&[Face::R])),
                odd: s.odd,
            };
            (s.turns.len(), state)
        })
        .collect();
    let second: Vec<Staged> = searcher
        .by_total_length(
            &Phase2(four),
            &starts2,
            within_phase(KEEP, 1),
            &mut |_, _| true,
        )?
        .into_iter()
        .map(|(i, moves)| first[i].then(&moves))
        .collect();
    let starts3: Vec<(usize, Centres3)> = second
        .iter()
        .map(|s| {
            let masks = [Face::U, Face::F, Face::R].map(|f| s.mask(&[f]));
            (s.turns.len(), four.moves3.centres(masks))
        })
        .collect();
    let third =
        searcher.by_total_length(&Centres(four), &starts3, within_phase(1, 0), &mut |_, _| {
            true
        })?;
    let (i, moves) = third
        .into_iter()
        .next()
        .expect("phase 3 solves every staged centre");
    let model = Model::get();
    let turns = second[i].then(&moves).turns;
    Ok(turns.iter().map(|&m| model.turns[m as usize]).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::budget::Budget;

    /// Random centres are solved, with the two-layer blocks turned an even number of quarters.
    #[test]
    fn random_centres_are_solved_with_even_block_turns() {
        let four = FourTables::build(&mut |_| {});
        let mut rng = crate::seeded_rng(11);
        for _ in 0..20 {
            let cube = crate::bigcube::random_state(4, &mut rng);
            let budget = Budget::default().start();
            let mut searcher = Searcher {
                budget: &budget,
                nodes: 0,
            };
            let turns = solve(&four, &cube, &mut searcher).unwrap();
            let mut solved = cube.clone();
            solved.apply(turns.iter().copied());
            let centres = centre_stickers().map(|s| solved.stickers()[s]);
            assert!(
                centres
                    .iter()
                    .enumerate()
                    .all(|(p, &c)| c == Face::ALL[p / 4])
            );
            let block_quarters = turns
                .iter()
                .filter(|t| !t.is_single_layer() && t.quarters % 2 == 1);
            assert_eq!(block_quarters.count() % 2, 0);
            assert!(turns.len() <= 3 * MAX_PHASE);
        }
    }
}
