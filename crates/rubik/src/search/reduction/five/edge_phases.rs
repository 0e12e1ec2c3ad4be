//! The 5×5's last three reduction phases, after the centres are staged (the order of
//! phases learnt from Tsai's reduction as cube555 implements it; the code is ours):
//!
//! | phase | turns | goal |
//! |---|---|---|
//! | [`Separation`] | outer any, blocks by two (24) | the wings in their classes and the midges oriented about L/R, for one of 2,048 flips; centres where the later turns reach |
//! | [`Gathering`] | U, D any, other outer halves, every block by two (16) | four edges with no piece in the E slice paired on UL, UR, DL and DR; centres where the last phase's turns reach |
//! | [`LastPairing`] (F/B axis) | F, B any, other outer halves, the U, D, R, L blocks by two (14) | the eight edges of F and B paired, centres solved |
//!
//! The later turns (U, D, F, B, R2, L2 and every block by two) split the wing slots into two
//! classes, one wing of each edge in each, and keep a midge's orientation about the L/R axis.
//! An edge may be paired either way round (its midge flipped, its wings in each other's
//! classes): a *flip* names which, and the separation searches from every flip at once. The
//! gathering's turns never move a piece into or out of the E slice, so a separation is only
//! kept when four edges have no piece there. Facts found by breadth-first search that shape the
//! goals: the last phase's turns reach 176,400 centre placements from solved (their half turns
//! tie each axis's x-centres to its t-centres), so the gathering's centre table covers both
//! orbits together; U, D, F, B, R2, L2 and the blocks by two reach 58,800 x- and 176,400
//! t-placements per orbit.
//!
//! Each phase is searched over all the results of the one before together, by total length,
//! and passes its best few on.

use super::gathering::Gathering;
use super::last_pairing::LastPairing;
use super::model::Model;
use super::separation::{CENTRE_PLACEMENTS, Separation};
use crate::face::Axis;
use crate::facelet::FaceletCube;
use crate::search::Stop;
use crate::search::budget::Running;
use crate::search::reduction::distances::Nibbles;
use crate::search::reduction::phase_search::{Phase, Searcher, Wanted};

/// How widely the three phases search.
#[derive(Clone, Copy)]
pub(super) struct Widths {
    /// The results each phase passes on.
    pub keep: [usize; 3],
    /// How far past the total of its first solutions each phase looks.
    pub extra: [u8; 3],
}

/// The three phases and their tables.
pub(super) struct EdgePhases {
    pub separation: Separation,
    pub gathering: Gathering,
    pub last: LastPairing,
}

/// A cube on its way: the turns spent on it so far (by phase, as turn indices) and the cube
/// they leave.
#[derive(Clone)]
pub(super) struct Partial {
    /// Which of the caller's cubes it came from.
    pub origin: usize,
    pub phases: Vec<Vec<u8>>,
    pub cube: FaceletCube,
}

impl Partial {
    /// `cube`, nothing done to it yet, as `origin`.
    pub fn start(origin: usize, cube: &FaceletCube) -> Partial {
        Partial {
            origin,
            phases: Vec::new(),
            cube: cube.clone(),
        }
    }

    /// With each of `phases` done in turn.
    pub fn then_all(self, phases: &[Vec<u8>]) -> Partial {
        phases.iter().fold(self, |p, turns| p.then(turns))
    }

    fn length(&self) -> usize {
        self.phases.iter().map(Vec::len).sum()
    }

    fn then(&self, turns: &[u8]) -> Partial {
        let model = Model::get();
        let mut cube = self.cube.clone();
        cube.apply(turns.iter().map(|&m| model.turns[usize::from(m)]));
        let mut phases = self.phases.clone();
        phases.push(turns.to_vec());
        Partial {
            origin: self.origin,
            phases,
            cube,
        }
    }
}

impl EdgePhases {
    /// How many entries each of the phases' tables has, in order: the separation's (its
    /// edges, each orbit's centres, the midges' orientation with the R/L halves), the
    /// gathering's (its edges, each orbit's centres, both orbits' U/D and R/L halves, each
    /// class's edges with each orbit's U/D half) and the last pairing's.
    pub const TABLE_LENS: [usize; 13] = [
        86_048 * 2_048,
        CENTRE_PLACEMENTS,
        CENTRE_PLACEMENTS,
        2_048 * 4_900,
        70 * 1_680 * 1_680,
        CENTRE_PLACEMENTS,
        CENTRE_PLACEMENTS,
        70 * 70 * 70 * 70,
        70 * 1_680 * 70,
        70 * 1_680 * 70,
        70 * 1_680 * 70,
        70 * 1_680 * 70,
        5_288 * 4_900,
    ];

    /// `log2` of the indices an entry of the `k`-th table (in [`EdgePhases::TABLE_LENS`])
    /// stands for in small tables: the two largest, the separation's and the gathering's edges
    /// (88 and 99 MB exact), by 8; the gathering's joint tables (4 MB each) by 4; the rest
    /// exact.
    pub fn small_shift(k: usize) -> u32 {
        match k {
            0 | 4 => 3,
            8..12 => 2,
            _ => 0,
        }
    }

    /// The entries of the goal (distance 0) in the `k`-th table, for the tables small tables
    /// keep coarsely ([`EdgePhases::small_shift`]); empty for the others.
    pub fn coarse_goals(&self, k: usize) -> Vec<usize> {
        match k {
            0 => self.separation.edges.goal_entries(),
            4 => vec![self.gathering.edge_goal()],
            // The gathering's joint tables, class by class, each class's orbit by orbit.
            8..12 => self.gathering.joint_goals(&self.last, k % 2),
            _ => Vec::new(),
        }
    }

    /// The phases' maps, derived from the model; their tables not attached.
    pub fn derive() -> EdgePhases {
        let (last, (separation, gathering)) = rayon::join(
            || LastPairing::new(Axis::Z),
            || (Separation::new(), Gathering::new()),
        );
        EdgePhases {
            separation,
            gathering,
            last,
        }
    }

    /// How many entries each of the phases' tables has, as they count them.
    #[cfg(test)]
    fn table_lens(&self) -> Vec<usize> {
        let mut lens = self.separation.table_lens();
        lens.extend(self.gathering.table_lens());
        lens.extend(self.last.table_lens());
        lens
    }

    /// The phases' tables, in [`EdgePhases::TABLE_LENS`] order, each passed to `keep` as it is
    /// built.
    pub fn build_tables(&self, keep: &mut dyn FnMut(Vec<u8>)) {
        self.separation
            .build_tables(&self.last, self.gathering.moves())
            .into_iter()
            .for_each(&mut *keep);
        self.gathering
            .build_tables(&self.last)
            .into_iter()
            .for_each(&mut *keep);
        self.last.build_tables().into_iter().for_each(keep);
    }

    /// The phases reading their tables from `tables` (in [`EdgePhases::TABLE_LENS`] order).
    pub fn attach(&mut self, mut tables: Vec<Nibbles>) {
        let rest = tables.split_off(4);
        self.separation.attach(tables);
        let mut tables = rest;
        let rest = tables.split_off(8);
        self.gathering.attach(tables);
        self.last.attach(rest);
    }

    /// `staged` (centres staged, wings even against the midges; colours named by faces)
    /// reduced: the best results, each with three more phases, shortest first; each phase
    /// searches as `widths` says. Each separated cube goes on as it is and as
    /// `twin` sees it, if it does: the cube turned a way that keeps the separation's goal for
    /// the edges (about the L/R axis), so that the gathering and the last pairing swap axes.
    pub fn reduce(
        &self,
        staged: &[Partial],
        widths: Widths,
        twin: impl Fn(&Partial) -> Option<Partial>,
        budget: &Running,
    ) -> Result<Vec<Partial>, Stop> {
        let mut searcher = Searcher { budget, nodes: 0 };
        let wanted = |k: usize| Wanted {
            extra: widths.extra[k],
            count: widths.keep[k],
            max_depth: 20,
            patience: u64::MAX,
        };
        // Separated from every flip, leaving four edges with no piece in the E slice (the cube,
        // its twin, or both go on).
        let gathers = |p: &Partial| self.gathering.read(&p.cube).is_some_and(|c| !c.is_empty());
        let separated = next(
            &mut searcher,
            &self.separation,
            staged,
            |cube| self.separation.read(cube).unwrap_or_default(),
            wanted(0),
            |p| {
                let t = twin(&p);
                [Some(p), t].into_iter().flatten().filter(gathers).collect()
            },
        )?;
        // Four edges gathered, from every choice of them.
        let gathered = next(
            &mut searcher,
            &self.gathering,
            &separated,
            |cube| self.gathering.read(cube).unwrap_or_default(),
            wanted(1),
            |p| match self.last.read(&p.cube) {
                Some(_) => vec![p],
                None => Vec::new(),
            },
        )?;
        // The rest paired.
        let mut reduced = next(
            &mut searcher,
            &self.last,
            &gathered,
            |cube| self.last.read(cube).into_iter().map(|s| ((), s)).collect(),
            wanted(2),
            |p| vec![p],
        )?;
        reduced.sort_by_key(Partial::length);
        Ok(reduced)
    }
}

/// The best results of `phase` from all of `partials` together, each read by `read` (as
/// states, each with a label): what `going_on` makes of each, a result counting where it
/// makes something.
fn next<P: Phase, L>(
    searcher: &mut Searcher<'_, '_>,
    phase: &P,
    partials: &[Partial],
    read: impl Fn(&FaceletCube) -> Vec<(L, P::State)>,
    wanted: Wanted,
    going_on: impl Fn(Partial) -> Vec<Partial>,
) -> Result<Vec<Partial>, Stop> {
    let (mut origins, mut starts) = (Vec::new(), Vec::new());
    for (i, partial) in partials.iter().enumerate() {
        for (_, state) in read(&partial.cube) {
            origins.push(i);
            starts.push((partial.length(), state));
        }
    }
    let mut kept = Vec::new();
    searcher.by_total_length(phase, &starts, wanted, &mut |k, turns| {
        let going = going_on(partials[origins[k]].then(turns));
        let counts = !going.is_empty();
        kept.extend(going);
        counts
    })?;
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_phases_count_their_tables_as_the_file_does() {
        assert_eq!(EdgePhases::derive().table_lens(), EdgePhases::TABLE_LENS);
    }
}
