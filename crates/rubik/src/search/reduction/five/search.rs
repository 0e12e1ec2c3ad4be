//! Iterative-deepening A* over one centre phase, bounded by its tables ([`FiveTables::bound`]): every solution up to a few turns past the shortest, the turns about one
//! axis taken in one order only (they commute).

use super::coords::{Phase, State};
use super::model::{Model, TURNS};
use super::tables::FiveTables;
use crate::search::Stop;
use crate::search::budget::Running;

/// What a phase search looks for.
#[derive(Clone, Copy, Debug)]
pub(super) struct Quest {
    /// Lengths past the shortest still searched.
    pub slack: u8,
    /// Stop after this many solutions.
    pub most: usize,
    /// Never longer than this.
    pub longest: u8,
}

/// One phase searched over the tables, counting nodes against a budget.
pub(super) struct PhaseSearch<'t, 'b, 'c> {
    pub tables: &'t FiveTables,
    pub phase: Phase,
    pub budget: &'b Running<'c>,
    pub nodes: u64,
    turns: Vec<usize>,
}

impl<'t, 'b, 'c> PhaseSearch<'t, 'b, 'c> {
    pub fn new(tables: &'t FiveTables, phase: Phase, budget: &'b Running<'c>) -> Self {
        let set = phase.turns();
        PhaseSearch {
            tables,
            phase,
            budget,
            nodes: 0,
            turns: (0..TURNS).filter(|m| set >> m & 1 == 1).collect(),
        }
    }

    /// A lower bound on the turns from `state` to the phase's goal (0 exactly there).
    pub fn bound(&self, state: &State) -> u8 {
        self.tables.bound(self.phase, state)
    }

    /// The solutions from `start` as `quest` asks, shortest first (as turn indices); `Err`
    /// when the budget stops the search.
    pub fn solve(&mut self, start: State, quest: Quest) -> Result<Vec<Vec<u8>>, Stop> {
        if let Some(stop) = self.budget.interrupted() {
            return Err(stop);
        }
        let mut found = Vec::new();
        let mut path = Vec::new();
        let shortest = self.bound(&start);
        let mut first_hit = None;
        for length in shortest..=quest.longest {
            self.extend(start, length, &mut path, &mut found, quest.most)?;
            if first_hit.is_none() && !found.is_empty() {
                first_hit = Some(length);
            }
            if found.len() >= quest.most || first_hit.is_some_and(|h| length >= h + quest.slack) {
                break;
            }
        }
        Ok(found)
    }

    /// Depth-first: every way to reach the goal in exactly `left` more turns after `path`.
    fn extend(
        &mut self,
        state: State,
        left: u8,
        path: &mut Vec<u8>,
        found: &mut Vec<Vec<u8>>,
        most: usize,
    ) -> Result<(), Stop> {
        self.nodes += 1;
        if self.nodes & 0xFFF == 0
            && let Some(stop) = self.budget.stop(self.nodes)
        {
            return Err(stop);
        }
        if left == 0 {
            found.push(path.clone());
            return Ok(());
        }
        let previous = path.last().map(|&m| Model::axis_rank(m as usize));
        for i in 0..self.turns.len() {
            let m = self.turns[i];
            let (axis, rank) = Model::axis_rank(m);
            if previous.is_some_and(|(a, r)| a == axis && r >= rank) {
                continue;
            }
            let next = state.turn(m);
            let bound = self.bound(&next);
            // Reaching the goal early is a shorter solution, found at its own length.
            if bound >= left || (bound == 0 && left > 1) {
                continue;
            }
            path.push(m as u8);
            self.extend(next, left - 1, path, found, most)?;
            path.pop();
            if found.len() >= most {
                break;
            }
        }
        Ok(())
    }
}
