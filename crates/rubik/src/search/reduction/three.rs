//! The last stage: the reduced cube's outer layers as a 3×3, solved by two-phase.

use super::{ReductionError, ReductionOptions, moves};
use crate::cubie::{CubieCube, InvalidCube};
use crate::face::Face;
use crate::facelet::FaceletCube;
use crate::search::Budget;
use crate::search::Solution;
use crate::search::budget::Running;
use crate::search::two_phase::{self, Limits, TwoPhase};
use crate::turn::Turn;

/// The 3×3 a reduced cube stands for: its corners, and of each edge and centre the stickers
/// next to the corner (even N) or in the middle (odd N).
pub(super) fn reduced(cube: &FaceletCube) -> Result<CubieCube, InvalidCube> {
    let size = cube.size();
    let inner = if size % 2 == 1 { size / 2 } else { 1 };
    let layer = [0, inner, size - 1];
    let stickers = (0..54)
        .map(|i| {
            let (face, row, col) = (i / 9, i / 3 % 3, i % 3);
            cube.stickers()[(face * size + layer[row]) * size + layer[col]]
        })
        .collect::<Vec<Face>>();
    CubieCube::try_from(&FaceletCube::from_stickers(3, stickers)?)
}

/// The outer face turns that solve the reduced cube: the first two-phase solution of at most
/// `max_length` moves, shortened for `improve_nodes` more nodes, within `budget`.
pub(super) fn solve(
    cube: &FaceletCube,
    three: &TwoPhase<'_>,
    max_length: usize,
    improve_nodes: u64,
    budget: Budget<'_>,
) -> Result<two_phase::Found, ReductionError> {
    let limits = Limits {
        max_length: Some(max_length),
        improve_nodes: Some(improve_nodes),
        budget,
    };
    Ok(three.solve(&reduced(cube)?, &limits)?)
}

/// How far the 3×3 stage searches a reduced candidate.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reach {
    /// The longest 3×3 solution accepted.
    pub max_length: usize,
    /// The nodes spent shortening the first solution found.
    pub improve_nodes: u64,
    /// The most nodes the candidate may take in all, if limited.
    pub nodes: Option<u64>,
}

impl Reach {
    /// The first solution of at most 20 moves, shortened for `improve_nodes` more nodes.
    pub fn first(improve_nodes: u64) -> Reach {
        Reach {
            max_length: 20,
            improve_nodes,
            nodes: None,
        }
    }
}

/// The solution made of `phases`, each stage's turns in order as `stages` names them (the
/// 3×3 stage last, perhaps not yet there), cancelled across the stages.
pub(super) fn solution(size: usize, stages: &[&'static str], phases: Vec<Vec<Turn>>) -> Solution {
    Solution {
        size,
        stages: moves::cancel(stages.iter().copied().zip(phases).collect()),
        budget_ran_out: false,
        nodes: 0,
    }
}

/// The 3×3 stage of a reduction: the solver, the options (their node limit), the budget, and
/// the cube's size and its stages' names (the 3×3's last).
pub(super) struct LastStage<'a> {
    /// The two-phase solver.
    pub three: &'a TwoPhase<'a>,
    /// The solve's options, whose node limit bounds each 3×3 search.
    pub options: &'a ReductionOptions<'a>,
    /// The solve's budget under way.
    pub budget: &'a Running<'a>,
    /// The cube's layers.
    pub size: usize,
    /// The names of the stages, the 3×3's last.
    pub stages: &'a [&'static str],
}

impl LastStage<'_> {
    /// The length in OBTM of a reduction made of `phases`, moves cancelled across them.
    pub fn length(&self, phases: Vec<Vec<Turn>>) -> usize {
        solution(self.size, self.stages, phases).obtm()
    }

    /// A reduced `cube`, reached by `phases` (the turns of each stage but the 3×3's), finished
    /// by the 3×3 stage as far as `reach` says, within the budget and the options' node limit.
    pub fn finish(
        &self,
        cube: &FaceletCube,
        mut phases: Vec<Vec<Turn>>,
        reach: Reach,
    ) -> Result<Solution, ReductionError> {
        let limit = self.options.budget.nodes.unwrap_or(u64::MAX);
        let rest = self
            .budget
            .left(reach.nodes.map_or(limit, |nodes| nodes.min(limit)));
        let last = solve(
            cube,
            self.three,
            reach.max_length,
            reach.improve_nodes,
            rest,
        )?;
        phases.push(last.moves.iter().map(|m| m.turn(self.size)).collect());
        Ok(Solution {
            budget_ran_out: last.budget_ran_out,
            nodes: last.nodes,
            ..solution(self.size, self.stages, phases)
        })
    }
}

/// The shortest whole solution of reduced candidates, the most promising first, each finished
/// by `finish(candidate, reach)` ([`LastStage::finish`]). The first is finished within 20 moves
/// and shortened for `nodes` more nodes; each later one only looks, for `nodes` nodes in all,
/// for a solution shorter than the best so far (its reduction, `reduction(candidate)` turns in
/// OBTM once cancelled, plus the 3×3's), so that none spends its nodes on solutions that could
/// not win. The first one's error is the answer; a later one finding nothing in its nodes, or
/// stopped by `budget`, is passed over.
pub(super) fn best_finished<C>(
    candidates: &[C],
    nodes: u64,
    budget: &Running,
    reduction: impl Fn(&C) -> usize,
    mut finish: impl FnMut(&C, Reach) -> Result<Solution, ReductionError>,
) -> Result<Solution, ReductionError> {
    let (first, later) = candidates
        .split_first()
        .ok_or_else(|| ReductionError::Unsolvable("no reduction found".into()))?;
    let mut best = finish(first, Reach::first(nodes))?;
    for candidate in later {
        let Some(max_length) = best.obtm().checked_sub(reduction(candidate) + 1) else {
            continue;
        };
        let reach = Reach {
            max_length: max_length.min(20),
            improve_nodes: nodes,
            nodes: Some(nodes),
        };
        if let Ok(solution) = finish(candidate, reach)
            && solution.obtm() < best.obtm()
        {
            // Its own nodes running out is how a challenge ends, not the budget.
            let budget_ran_out = budget.interrupted().is_some();
            best = Solution {
                budget_ran_out,
                ..solution
            };
        }
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::face::Axis;
    use crate::search::Budget;

    /// A solution of `n` turns, none of which cancel.
    fn of_length(n: usize) -> Solution {
        let axes = [Axis::X, Axis::Y];
        let turns = (0..n)
            .map(|i| Turn {
                axis: axes[i % 2],
                first: 0,
                last: 0,
                quarters: 1,
            })
            .collect();
        solution(4, &["all"], vec![turns])
    }

    /// Candidates `(reduction, 3×3)`: the 3×3 stage finds that many moves if the reach allows.
    fn finished(
        candidates: &[(usize, usize)],
        asked: &mut Vec<(usize, u64, Option<u64>)>,
    ) -> Result<Solution, ReductionError> {
        let budget = Budget::default().start();
        best_finished(
            candidates,
            3,
            &budget,
            |c| c.0,
            |c, reach| {
                asked.push((reach.max_length, reach.improve_nodes, reach.nodes));
                match c.1 <= reach.max_length {
                    true => Ok(of_length(c.0 + c.1)),
                    false => Err(ReductionError::Unsolvable("none within the reach".into())),
                }
            },
        )
    }

    #[test]
    fn later_candidates_only_look_for_shorter_whole_solutions() {
        let mut asked = Vec::new();
        let candidates = [(25, 19), (26, 17), (24, 20), (50, 1), (30, 13), (20, 22)];
        let best = finished(&candidates, &mut asked).unwrap();
        assert_eq!(best.obtm(), 43);
        // 44 first; then 43 (at most 17 asked of 26); 20 > 18 and 13 > 12 found nothing; a
        // reduction of 50 is not searched; and a 3×3 stage is never asked for more than 20.
        let (first, challenge) = ((20, 3, None), Some(3));
        let challenged = [17, 18, 12, 20].map(|max| (max, 3, challenge));
        assert_eq!(asked, [&[first][..], &challenged].concat());
    }

    #[test]
    fn the_first_candidates_error_is_the_answer() {
        let mut asked = Vec::new();
        assert!(finished(&[(25, 21), (20, 15)], &mut asked).is_err());
        assert_eq!(asked.len(), 1);
    }
}
