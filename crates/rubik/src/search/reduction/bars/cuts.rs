//! Cuts: the cheap start of pairing a depth's bars, before the 3-cycles finish it.
//!
//! The bars need only be one colour each, wherever they are, and the depth's 5×5 then solves
//! its x-centres, wings and outer layers from wherever they are. So a turn that carries bars
//! whole (a face turn, or a slice at the depth) costs the pairing nothing, and neither does
//! anything done to the depth's x-centres or wings. A *cut* `h g h'`, where `h` is a block
//! that holds an outer layer and ends inside the bars or a single slice that crosses them,
//! around a turn `g` of one or both slices at the depth on another axis (and after a face
//! turn, in some), leaves every piece inside the depth where it was (`g` touches only the
//! depth's pieces, wherever `h` has put them), and is the commutator `h g h' g'` followed by
//! `g`, which carries bars whole: it does to the bars what the commutator does, a 3-cycle or
//! two of their stickers, in 4 to 7 moves where a 3-cycle takes 8. The cuts are taken
//! greedily while one keeps at least one more sticker in its bar per two moves (the stickers
//! a bar keeps counted as in [`super::assign`]); the 3-cycles do the rest.

use std::collections::HashMap;

use super::{BARS, assign, bar, slots};
use crate::face::Axis;
use crate::facelet::{FaceletCube, permutation};
use crate::search::reduction::orbit::Orbit;
use crate::turn::Turn;

/// The cuts of one depth of one size, each with what it does to the bars.
pub(super) struct Cuts {
    /// The bars' stickers (every sticker of the depth's bar orbits).
    cells: Vec<usize>,
    /// The bar of each of [`Cuts::cells`].
    bar_of: Vec<usize>,
    /// One cut for each different thing cuts do to the bars, the cheapest.
    cuts: Vec<Cut>,
}

/// A cut: its turns and cost, and what it does to the bars up to moving bars whole: the
/// bars it breaks up, and the bars it makes of their stickers instead.
struct Cut {
    turns: Vec<Turn>,
    /// Its length in OBTM.
    cost: usize,
    /// The bars whose stickers it does not keep together.
    broken: Vec<usize>,
    /// The new bars it makes, as many: the cells (indices into [`Cuts::cells`]) whose
    /// stickers each takes, bar after bar.
    made: Vec<u16>,
}

/// The cuts go on while the best keeps at least one more sticker in its bar per this many
/// moves. With single slices and the 3-cycles that leave slices at the depth undone
/// ([`crate::search::reduction::library::Kind::bar_library`]), on 6 random 10×10s the whole
/// solution took 537.2 moves without cuts, 517.2 with cuts down to 1 sticker per 1.5 moves,
/// 514.8 per 2, 522.2 per 2.5 and 3; on 16 random 7×7s, 194.9 per 2 and 194.8 per 2.5.
const MOVES_PER_STICKER: usize = 2;

/// The largest cube whose bars are cut: the cuts of a depth grow with the size and so does
/// each one's work, so their whole work grows as the fourth power of the size. One random
/// 33×33 took 40 s (37.8 s without cuts) and 10,076 moves (10,862); a 64×64 took 180 s with cuts
/// instead of 29 s, for 45,542 moves instead of 48,998.
pub(super) const MAX_SIZE: usize = 33;

impl Cuts {
    /// The cuts of depth `depth` on a cube of `size` layers, whose bars are made of the
    /// orbits `orbits`.
    pub(super) fn new(size: usize, depth: usize, orbits: &[Orbit]) -> Cuts {
        let cells: Vec<usize> = orbits.iter().flat_map(slots).collect();
        let bar_of: Vec<usize> = cells.iter().map(|&s| bar(size, depth, s)).collect();
        let mut members = vec![Vec::new(); BARS];
        for (cell, &bar) in bar_of.iter().enumerate() {
            members[bar].push(cell as u16);
        }
        let mut index = vec![u16::MAX; 6 * size * size];
        for (i, &s) in cells.iter().enumerate() {
            index[s] = i as u16;
        }
        // What each turn does to the cells (a turn carries the bars' orbits onto themselves).
        let mut moves: HashMap<Turn, Vec<u16>> = HashMap::new();
        let mut restricted = |turn: Turn| -> Vec<u16> {
            (moves.entry(turn).or_insert_with(|| {
                let sticker = permutation(size, &[turn]);
                cells.iter().map(|&s| index[sticker[s] as usize]).collect()
            }))
            .clone()
        };
        // The cheapest turns and their cost for each thing cuts do (the bars broken, then
        // those made, each sorted), by the order of the list where costs tie.
        let mut cheapest = HashMap::new();
        for (turns, carried) in sequences(size, depth) {
            // The cut with the turns that carry bars whole undone after it: `from[cell]` is
            // the cell whose sticker it brings to `cell`.
            let undone = carried.iter().rev().map(|turn| turn.inverse());
            let mut from: Vec<u16> = (0..cells.len() as u16).collect();
            for turn in turns.iter().copied().chain(undone) {
                let step = restricted(turn);
                from = step.iter().map(|&i| from[i as usize]).collect();
            }
            let (mut broken, mut made, mut kept) = (Vec::new(), Vec::new(), Vec::new());
            for (bar, cells) in members.iter().enumerate() {
                let mut sources: Vec<u16> = cells.iter().map(|&c| from[c as usize]).collect();
                if sources == *cells {
                    continue;
                }
                broken.push(bar);
                let whole = bar_of[sources[0] as usize];
                match sources.iter().all(|&c| bar_of[c as usize] == whole) {
                    true => kept.push(whole),
                    false => {
                        sources.sort_unstable();
                        made.push(sources);
                    }
                }
            }
            broken.retain(|bar| !kept.contains(bar));
            debug_assert_eq!(broken.len(), made.len());
            made.sort_unstable();
            if broken.is_empty() {
                continue;
            }
            let cost = turns.iter().map(|turn| turn.obtm(size)).sum();
            let best = (cheapest.entry((broken, made.concat())))
                .or_insert_with(|| (Vec::new(), usize::MAX));
            if cost < best.1 {
                *best = (turns, cost);
            }
        }
        let cuts = cheapest
            .into_iter()
            .map(|((broken, made), (turns, cost))| Cut {
                turns,
                cost,
                broken,
                made,
            });
        let mut cuts: Vec<Cut> = cuts.collect();
        cuts.sort_by(|a, b| (a.cost, &a.broken, &a.made).cmp(&(b.cost, &b.broken, &b.made)));
        Cuts {
            cells,
            bar_of,
            cuts,
        }
    }

    /// Makes cuts on `work` while the best keeps enough more stickers in their bars per move
    /// ([`MOVES_PER_STICKER`]): appends their turns to `turns`.
    pub(super) fn pair(&self, work: &mut FaceletCube, turns: &mut Vec<Turn>) {
        while let Some(cut) = self.best(work) {
            work.apply(cut.turns.iter().copied());
            turns.extend(&cut.turns);
        }
    }

    /// The cut that keeps the most more stickers in their bars per move on `work`, the first
    /// of those, if it is worth making.
    fn best(&self, work: &FaceletCube) -> Option<&Cut> {
        let bars = Shown::new(self, work);
        let now = kept(&bars.shown);
        // No cut keeps more than the most common colour of each bar it makes: try them in
        // the order of that bound, until it cannot beat the best.
        let mut promising: Vec<(i32, &Cut)> = (self.cuts.iter())
            .map(|cut| (bars.bound(cut), cut))
            .filter(|&(gain, cut)| worth(gain, cut.cost))
            .collect();
        promising.sort_by(|(a, x), (b, y)| (b * x.cost as i32).cmp(&(a * y.cost as i32)));
        let rate = |gain: i32, cut: &Cut| (gain, cut.cost as i32);
        let beats = |(gain, cost): (i32, i32), (best, best_cost): (i32, i32)| {
            gain * best_cost > best * cost
        };
        let mut best: Option<((i32, i32), &Cut)> = None;
        for (bound, cut) in promising {
            if best.is_some_and(|(b, _)| !beats(rate(bound, cut), b)) {
                break;
            }
            let gain = kept(&bars.after(cut)) - now;
            if worth(gain, cut.cost) && best.is_none_or(|(b, _)| beats(rate(gain, cut), b)) {
                best = Some((rate(gain, cut), cut));
            }
        }
        best.map(|(_, cut)| cut)
    }
}

/// The colours of a cube's bar stickers, and how many of each colour each bar shows.
struct Shown {
    /// The colour of each of [`Cuts::cells`].
    colours: Vec<usize>,
    shown: [[i32; 6]; BARS],
    /// The stickers a bar holds.
    length: usize,
}

impl Shown {
    fn new(cuts: &Cuts, cube: &FaceletCube) -> Shown {
        let colours: Vec<usize> = (cuts.cells.iter())
            .map(|&s| cube.stickers()[s].index())
            .collect();
        let mut shown = [[0i32; 6]; BARS];
        for (&bar, &colour) in cuts.bar_of.iter().zip(&colours) {
            shown[bar][colour] += 1;
        }
        let length = colours.len() / BARS;
        Shown {
            colours,
            shown,
            length,
        }
    }

    /// The colours the bars `cut` makes show.
    fn made<'a>(&'a self, cut: &'a Cut) -> impl Iterator<Item = [i32; 6]> + 'a {
        cut.made.chunks(self.length).map(|cells| {
            let mut counts = [0; 6];
            for &c in cells {
                counts[self.colours[c as usize]] += 1;
            }
            counts
        })
    }

    /// What the bars show after `cut`, up to where they are (bars are interchangeable: the
    /// bars made take the places of those broken).
    fn after(&self, cut: &Cut) -> [[i32; 6]; BARS] {
        let mut after = self.shown;
        for (&bar, counts) in cut.broken.iter().zip(self.made(cut)) {
            after[bar] = counts;
        }
        after
    }

    /// At least as many more stickers as `cut` keeps in their bars: what the most common
    /// colours of the bars it makes hold, less those of the bars it breaks.
    fn bound(&self, cut: &Cut) -> i32 {
        let most = |counts: [i32; 6]| counts.into_iter().max().unwrap_or(0);
        let lost: i32 = cut.broken.iter().map(|&b| most(self.shown[b])).sum();
        self.made(cut).map(most).sum::<i32>() - lost
    }
}

/// Whether a cut of `cost` moves that keeps `gain` more stickers in their bars is worth it.
fn worth(gain: i32, cost: usize) -> bool {
    gain > 0 && gain as usize * MOVES_PER_STICKER >= cost
}

/// The stickers that bars showing `shown` keep in the best assignment of colours to bars.
fn kept(shown: &[[i32; 6]; BARS]) -> i32 {
    let colours = assign(shown);
    (0..BARS).map(|b| shown[b][colours[b].index()]).sum()
}

/// Every cut of depth `depth` of a cube of `size` layers, with the turns in it that carry bars
/// whole (its face turn and the slice turns `g`): a block holding an outer layer that ends
/// between two stickers of a bar, or a single slice between a bar's ends, any amount, around
/// one slice at the depth on another axis (after a face turn or not) or both of that axis's
/// slices at the depth.
fn sequences(size: usize, depth: usize) -> Vec<(Vec<Turn>, Vec<Turn>)> {
    let layer = |axis, first, last, quarters| Turn {
        axis,
        first,
        last,
        quarters,
    };
    let faces: Vec<Turn> = (Axis::ALL.into_iter())
        .flat_map(|axis| [0, size - 1].map(|l| (axis, l)))
        .flat_map(|(axis, l)| (1..=3).map(move |q| layer(axis, l, l, q)))
        .collect();
    let mut sequences = Vec::new();
    for axis in Axis::ALL {
        let blocks = (depth + 1..size - 2 - depth).flat_map(|k| [(0, k), (k + 1, size - 1)]);
        // Wider inner blocks were taken too seldom to pay for their number (it grows as the
        // square of the size): on 12 random 10×10s 560.6 moves against 565.3, but a 20×20 took
        // 53 s instead of 36 s and 1.11 GB.
        let slices = (depth + 1..size - 1 - depth).map(|k| (k, k));
        let blocks = blocks.chain(slices);
        for (first, last) in blocks {
            for q in 1..=3 {
                let h = layer(axis, first, last, q);
                for across in Axis::ALL.into_iter().filter(|&a| a != axis) {
                    let (near, far) = (depth, size - 1 - depth);
                    for q1 in 1..=3 {
                        for slice in [near, far] {
                            let g = layer(across, slice, slice, q1);
                            sequences.push((vec![h, g, h.inverse()], vec![g]));
                            for &face in &faces {
                                sequences.push((vec![face, h, g, h.inverse()], vec![face, g]));
                            }
                        }
                        for q2 in 1..=3 {
                            let (g1, g2) =
                                (layer(across, near, near, q1), layer(across, far, far, q2));
                            sequences.push((vec![h, g1, g2, h.inverse()], vec![g1, g2]));
                        }
                    }
                }
            }
        }
    }
    sequences
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::reduction::orbit::bar_orbits;

    /// The cuts of depth `depth` of a cube of `size` layers, as [`super::super::Bars`] makes them.
    fn cuts(size: usize, depth: usize) -> Cuts {
        Cuts::new(size, depth, &bar_orbits(size, depth))
    }

    /// Whether the sticker `sticker` of a cube of `size` layers is of a piece inside depth
    /// `depth` (a corner, an edge piece further in, a centre with both coordinates further in).
    fn inside(size: usize, depth: usize, sticker: usize) -> bool {
        let from_edge = |x: usize| x.min(size - 1 - x);
        let (row, col) = (from_edge(sticker / size % size), from_edge(sticker % size));
        match (row, col) {
            (0, 0) => true,
            (0, other) | (other, 0) => other > depth,
            _ => row.min(col) > depth,
        }
    }

    #[test]
    fn a_cut_moves_nothing_inside_its_depth_but_for_turns_that_carry_bars_whole() {
        for (size, depth) in [(6, 1), (7, 1), (9, 2), (10, 1)] {
            let bars = |sticker: usize| -> Option<usize> {
                let from_edge = |x: usize| x.min(size - 1 - x);
                let (row, col) = (sticker / size % size, sticker % size);
                let on = from_edge(row).min(from_edge(col)) == depth
                    && from_edge(row).max(from_edge(col)) > depth;
                on.then(|| bar(size, depth, sticker))
            };
            for (turns, carried) in sequences(size, depth) {
                let undone = carried.iter().rev().map(|turn| turn.inverse());
                let cut: Vec<Turn> = turns.iter().copied().chain(undone).collect();
                let from = permutation(size, &cut);
                for (to, &from) in from.iter().enumerate() {
                    assert!(
                        to == from as usize || !inside(size, depth, to),
                        "{size} {depth} {turns:?}: sticker {to} moved"
                    );
                }
                // The turns carried are face turns or slices at the depth: they keep every
                // depth inside whole, and carry each bar onto one bar.
                for turn in carried {
                    let layer = turn.first.min(size - 1 - turn.last);
                    assert_eq!(turn.first, turn.last);
                    assert!(layer == 0 || layer == depth, "{turn:?}");
                    let from = permutation(size, &[turn]);
                    let mut onto = HashMap::new();
                    for (to, &from) in from.iter().enumerate() {
                        if let (Some(to), Some(from)) = (bars(to), bars(from as usize)) {
                            assert_eq!(*onto.entry(from).or_insert(to), to, "{turn:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn what_a_cut_is_taken_to_do_is_what_it_does() {
        for (size, depth, seed) in [(7, 1, 1), (8, 2, 2), (9, 1, 3)] {
            let cuts = cuts(size, depth);
            let cube = crate::bigcube::random_state(size, &mut crate::seeded_rng(seed));
            let before = Shown::new(&cuts, &cube);
            let now = kept(&before.shown);
            for cut in &cuts.cuts {
                let mut turned = cube.clone();
                turned.apply(cut.turns.iter().copied());
                let after = kept(&Shown::new(&cuts, &turned).shown);
                assert_eq!(kept(&before.after(cut)), after, "{:?}", cut.turns);
                assert!(before.bound(cut) >= after - now, "{:?}", cut.turns);
                let cost: usize = cut.turns.iter().map(|turn| turn.obtm(size)).sum();
                assert_eq!(cut.cost, cost);
            }
        }
    }

    #[test]
    fn each_cut_made_keeps_more_stickers_in_their_bars_than_half_its_moves() {
        let (size, depth) = (8, 1);
        let cuts = cuts(size, depth);
        for seed in 0..4 {
            let mut cube = crate::bigcube::random_state(size, &mut crate::seeded_rng(seed));
            let mut made = 0;
            while let Some(cut) = cuts.best(&cube) {
                let before = kept(&Shown::new(&cuts, &cube).shown);
                cube.apply(cut.turns.iter().copied());
                let gain = kept(&Shown::new(&cuts, &cube).shown) - before;
                assert!(gain > 0 && gain as usize * MOVES_PER_STICKER >= cut.cost);
                made += 1;
            }
            assert!(made > 0, "seed {seed}: a random cube has cuts worth making");
        }
    }
}
