//! Pairing a depth's centres into bars, for the 5×5 that reduces that depth of a cube
//! ([`super::orbit::Orbit::inner_block_proxy`]).
//!
//! That 5×5's t-centres are the bars between the depth's x-centres: on each face, the
//! stickers of rows `d` and `N-1-d` and of columns `d` and `N-1-d` strictly between them (the
//! obliques of that depth, and on an odd size the t-centre in the middle of each bar).
//! The proxy only needs each bar one colour (any colour, four bars of each); its own phases
//! then put the bars on their faces. So cheap *cuts* ([`cuts`]) first make bars as one-coloured
//! as they can for their moves; then the bars' colours are chosen to keep the most pieces
//! where they are (an exact assignment), and 3-cycles bring the rest, about half as many
//! pieces as placing every one on its face: 3-cycles whose closing turns of the depth's
//! slices, which carry bars whole, are left out as well as their closing face turns
//! ([`super::library::Kind::bar_library`]), 8 moves where a pure one takes 11. What the
//! greedy 3-cycles cost differs a lot between assignments that keep as many: more are tried,
//! each the best with one bar (then two) made to change its colour, and the cheapest placement
//! is kept (on 6×6s the pairing took 59 moves instead of 70 with 24 assignments).

mod cuts;

use cuts::Cuts;
use rayon::prelude::*;

use super::ReductionError;
use super::orbit::{Orbit, bar_orbits};
use crate::face::Face;
use crate::facelet::FaceletCube;
use crate::search::budget::Running;
use crate::turn::Turn;

/// Bars on a cube: four on each face.
const BARS: usize = 24;

/// A weight that makes [`assign`] avoid a colour for a bar (and the worth of a count of
/// colours no bars can take): far below any sum of weights, far above overflow.
const NEVER: i32 = -1_000_000;

/// Orbit placements a depth's pairing tries, at most: so that the assignments tried,
/// [`TRIED`] over the orbits of a depth (at most [`MOST_TRIES`]), cost a depth about the same
/// time whatever the size. 96 instead of 24 made 3 10×10s 649.7 → 631.3 moves (8.0 → 14.7 s a
/// cube) and 2 20×20s 3,506 → 3,439 (20.5 → 26.3 s); 192 instead of 96, with up to 96
/// assignments a depth instead of 24, made 10 7×7s 228.8 → 225.5 moves (1.9 → 3.1 s), 10
/// 6×6s 154.2 → 152.8 (1.8 → 2.6 s), 5 10×10s 636.8 → 624.8 (about 6 → 10.6 s) and one
/// 20×20 3,393 → 3,398 (21.6 → 35.3 s).
pub(super) const TRIED: usize = 192;

/// The most assignments a depth's pairing tries: the best, then each with one bar made to
/// change its colour, then with two.
const MOST_TRIES: usize = 4 * BARS;

/// The bars of one depth of one size, and what pairs them.
pub(super) struct Bars {
    /// The centre orbits the bars are made of ([`super::orbit::bar_orbits`]).
    orbits: Vec<Orbit>,
    /// The bar of each slot of each orbit (a slot is one sticker).
    bars: Vec<Vec<usize>>,
    /// None past [`cuts::MAX_SIZE`].
    cuts: Option<Cuts>,
}

impl Bars {
    /// The bars of depth `depth` on a cube of `size` layers.
    pub(super) fn new(size: usize, depth: usize) -> Bars {
        let orbits = bar_orbits(size, depth);
        let bars = (orbits.iter())
            .map(|orbit| {
                slots(orbit)
                    .into_iter()
                    .map(|s| bar(size, depth, s))
                    .collect()
            })
            .collect();
        let cuts = (size <= cuts::MAX_SIZE).then(|| Cuts::new(size, depth, &orbits));
        Bars { orbits, bars, cuts }
    }

    /// Makes every bar one colour, by cuts ([`cuts`]) and then 3-cycles of the orbits on
    /// it, in the fewest moves of the assignments of colours to bars it tries, as many as
    /// `tried` orbit placements allow (at least one): appends the turns to `turns` and makes
    /// them on `work`. Stops when `budget`'s clock or cancel flag says so.
    pub(super) fn pair(
        &self,
        work: &mut FaceletCube,
        tried: usize,
        turns: &mut Vec<Turn>,
        budget: &Running,
    ) -> Result<(), ReductionError> {
        let size = work.size();
        if let Some(cuts) = &self.cuts {
            cuts.pair(work, turns);
        }
        let (orbits, bars) = (&self.orbits, &self.bars);
        let mut shown = [[0u8; 6]; BARS];
        for (orbit, bars) in orbits.iter().zip(bars) {
            for (colour, &bar) in orbit.read(work).iter().zip(bars) {
                shown[bar][colour.index()] += 1;
            }
        }
        let kept = shown.map(|bar| bar.map(i32::from));
        let best = assign(&kept);
        let tries = (tried / orbits.len().max(1)).clamp(1, MOST_TRIES);
        // The placements are independent: side by side on the current pool, the first
        // cheapest kept, as one after the other would.
        let placements = ((0..tries).into_par_iter())
            .map(|i| {
                let target = changed(&kept, &best, &changing(i, tries));
                let (mut paired, mut moves) = (work.clone(), Vec::new());
                pair_to(&mut paired, orbits, bars, target, &mut moves, budget)?;
                let cost: usize = moves.iter().map(|turn| turn.obtm(size)).sum();
                Ok((cost, paired, moves))
            })
            .collect::<Result<Vec<_>, ReductionError>>()?;
        let (_, paired, moves) = (placements.into_iter())
            .min_by_key(|&(cost, ..)| cost)
            .expect("one assignment is tried");
        *work = paired;
        turns.extend(moves);
        Ok(())
    }
}

/// The bars the `i`th of `tries` assignments tried makes change colour from the best (none
/// for the first): one bar, spread over the bars while there are more bars than tries; then
/// every bar, and then every bar with a second one, a round's distance on.
fn changing(i: usize, tries: usize) -> Vec<usize> {
    match i {
        0 => Vec::new(),
        _ if tries <= BARS => vec![(i - 1) * BARS / tries],
        _ => match ((i - 1) / BARS, (i - 1) % BARS) {
            (0, bar) => vec![bar],
            (round, bar) => vec![bar, (bar + 1 + 5 * round) % BARS],
        },
    }
}

/// The assignment of the greatest weight `kept` in which the bars `changing` do not have
/// their colours of `best` (the assignment of the greatest weight), the other bars keeping
/// theirs where they can.
fn changed(kept: &[[i32; 6]; BARS], best: &[Face; BARS], changing: &[usize]) -> [Face; BARS] {
    if changing.is_empty() {
        return *best;
    }
    let mut weights: [[i32; 6]; BARS] = std::array::from_fn(|bar| {
        std::array::from_fn(|c| 2 * kept[bar][c] + i32::from(best[bar].index() == c))
    });
    for &b in changing {
        weights[b][best[b].index()] = NEVER;
    }
    assign(&weights)
}

/// Makes every bar one colour, `target[bar]`, the orbits `orbits` one after the other, the
/// slots of each on the bars `bars` says: appends the turns to `turns` and makes them on
/// `work`.
fn pair_to(
    work: &mut FaceletCube,
    orbits: &[Orbit],
    bars: &[Vec<usize>],
    mut target: [Face; BARS],
    turns: &mut Vec<Turn>,
    budget: &Running,
) -> Result<(), ReductionError> {
    for (index, (orbit, slots)) in orbits.iter().zip(bars).enumerate() {
        if index > 0 {
            // The orbits placed so far have made every bar one colour, and their closing face
            // turns and slices have turned the bars with the pieces in them: each bar's colour
            // now.
            for (&colour, &bar) in orbits[0].read(work).iter().zip(&bars[0]) {
                target[bar] = colour;
            }
        }
        let mut state = orbit.read(work);
        let mut homes: Vec<[Face; 2]> = slots.iter().map(|&bar| [target[bar]; 2]).collect();
        let done = turns.len();
        orbit.place(&mut state, &mut homes, turns, budget)?;
        work.apply(turns[done..].iter().copied());
    }
    Ok(())
}

/// The sticker of each slot of `orbit` (a slot is one sticker).
fn slots(orbit: &Orbit) -> Vec<usize> {
    (orbit.kind.pieces.iter())
        .map(|piece| orbit.sticker(piece[0]))
        .collect()
}

/// The bar (face × 4 + side: the top, bottom, left or right one) the sticker `sticker` of a
/// cube of size `size` lies on, among the bars of depth `depth`.
fn bar(size: usize, depth: usize, sticker: usize) -> usize {
    let (face, row, col) = (
        sticker / (size * size),
        sticker / size % size,
        sticker % size,
    );
    let far = size - 1 - depth;
    let between = |x: usize| depth < x && x < far;
    let side = match (row, col) {
        (r, c) if r == depth && between(c) => 0,
        (r, c) if r == far && between(c) => 1,
        (r, c) if c == depth && between(r) => 2,
        (r, c) if c == far && between(r) => 3,
        _ => unreachable!("sticker {sticker} is on no bar of depth {depth}"),
    };
    face * 4 + side
}

/// The counts of bars per colour [`assign`] tracks (each 0..=4), each a number in base 5.
const STATES: usize = 5usize.pow(6);

/// How many bars of colour `colour` the count `state` holds.
fn digit(state: usize, colour: usize) -> usize {
    state / 5usize.pow(colour as u32) % 5
}

/// The counts that `bars` bars can have taken (their digits summing to `bars`): the only
/// ones [`assign`] looks at for bar `bars`. Listed once, on first use.
fn taking(bars: usize) -> &'static [usize] {
    static TAKING: std::sync::OnceLock<Vec<Vec<usize>>> = std::sync::OnceLock::new();
    &TAKING.get_or_init(|| {
        let mut taking = vec![Vec::new(); BARS + 1];
        for state in 0..STATES {
            taking[(0..6).map(|c| digit(state, c)).sum::<usize>()].push(state);
        }
        taking
    })[bars]
}

/// A colour for each bar, four bars of each colour, of the greatest total weight,
/// `weights[bar][colour]` (in [`Bars::pair`], the stickers of that colour the bar holds, which a
/// bar of that colour keeps): exact, by dynamic programming over the bars in turn and how many
/// of each colour they have taken.
fn assign(weights: &[[i32; 6]; BARS]) -> [Face; BARS] {
    // best[i][state]: the greatest weight of bars i.. when bars ..i took `state`.
    let mut best = vec![[0i32; STATES]; BARS + 1];
    for i in (0..BARS).rev() {
        for &state in taking(i) {
            best[i][state] = (0..6)
                .filter(|&c| digit(state, c) < 4)
                .map(|c| weights[i][c] + best[i + 1][state + 5usize.pow(c as u32)])
                .max()
                .unwrap_or(NEVER);
        }
    }
    let mut state = 0;
    std::array::from_fn(|i| {
        let c = (0..6)
            .filter(|&c| digit(state, c) < 4)
            .max_by_key(|&c| {
                (
                    weights[i][c] + best[i + 1][state + 5usize.pow(c as u32)],
                    std::cmp::Reverse(c),
                )
            })
            .expect("a colour is left for every bar");
        state += 5usize.pow(c as u32);
        Face::ALL[c]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Budget;
    use crate::search::reduction::orbit::bar_orbits;

    /// How many stickers of each colour each bar of depth `depth` shows on `cube`, read
    /// straight off the stickers.
    fn shown(cube: &FaceletCube, depth: usize) -> [[u8; 6]; BARS] {
        let size = cube.size();
        let mut shown = [[0; 6]; BARS];
        for orbit in bar_orbits(size, depth) {
            for piece in &orbit.kind.pieces {
                let sticker = orbit.sticker(piece[0]);
                shown[bar(size, depth, sticker)][cube.stickers()[sticker].index()] += 1;
            }
        }
        shown
    }

    fn kept(shown: &[[u8; 6]; BARS], colours: &[Face; BARS]) -> u32 {
        (0..BARS)
            .map(|b| u32::from(shown[b][colours[b].index()]))
            .sum()
    }

    #[test]
    fn the_orbits_of_a_depth_fill_its_24_bars() {
        for size in 6..=11 {
            for depth in 1..(size - 1) / 2 {
                let solved = shown(&FaceletCube::solved(size), depth);
                let length = (size - 2 - 2 * depth) as u8;
                for (b, colours) in solved.iter().enumerate() {
                    // Solved, each bar shows its face's colour alone, on all its stickers.
                    let mut expected = [0; 6];
                    expected[b / 4] = length;
                    assert_eq!(*colours, expected, "size {size} depth {depth} bar {b}");
                }
            }
        }
    }

    #[test]
    fn bars_already_one_colour_keep_their_colours() {
        let colours: [Face; BARS] = std::array::from_fn(|b| Face::ALL[(b * 7 + b / 6) % 6]);
        let mut shown = [[0; 6]; BARS];
        for (b, colour) in colours.iter().enumerate() {
            shown[b][colour.index()] = 2;
        }
        assert_eq!(assign(&shown), colours);
        // Unless a bar is told to change: then it takes another colour, and one other bar
        // takes its colour.
        shown[5][colours[5].index()] = NEVER;
        let changed = assign(&shown);
        let differ: Vec<usize> = (0..BARS).filter(|&b| changed[b] != colours[b]).collect();
        assert_eq!(differ.len(), 2, "{differ:?}");
        assert!(differ.contains(&5));
    }

    proptest::proptest! {
        /// The assignment takes every colour four times, and no exchange of two bars' colours
        /// keeps more stickers (which an optimum must satisfy).
        #[test]
        fn the_assignment_is_fair_and_no_swap_improves_it(
            seed in proptest::prelude::any::<u64>(),
        ) {
            let cube = crate::bigcube::random_state(8, &mut crate::seeded_rng(seed));
            let shown = shown(&cube, 1);
            let mut colours = assign(&shown.map(|bar| bar.map(i32::from)));
            for face in Face::ALL {
                proptest::prop_assert_eq!(colours.iter().filter(|&&c| c == face).count(), 4);
            }
            let best = kept(&shown, &colours);
            for a in 0..BARS {
                for b in 0..a {
                    colours.swap(a, b);
                    proptest::prop_assert!(kept(&shown, &colours) <= best);
                    colours.swap(a, b);
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// Every assignment tried takes each colour four times and changes the colours of the
        /// bars it names, one or two different bars a try.
        #[test]
        fn each_assignment_tried_changes_the_bars_it_names(
            seed in proptest::prelude::any::<u64>(),
            tries in 1..=MOST_TRIES,
        ) {
            let cube = crate::bigcube::random_state(7, &mut crate::seeded_rng(seed));
            let kept = shown(&cube, 1).map(|bar| bar.map(i32::from));
            let best = assign(&kept);
            for i in 0..tries {
                let bars = changing(i, tries);
                proptest::prop_assert_eq!(bars.len(), match i { 0 => 0, _ if i <= BARS => 1, _ => 2 });
                proptest::prop_assert!(bars.iter().all(|&b| b < BARS));
                proptest::prop_assert!(bars.len() < 2 || bars[0] != bars[1]);
                let colours = changed(&kept, &best, &bars);
                for face in Face::ALL {
                    proptest::prop_assert_eq!(colours.iter().filter(|&&c| c == face).count(), 4);
                }
                proptest::prop_assert!(bars.iter().all(|&b| colours[b] != best[b]));
            }
        }
    }

    #[test]
    fn pairing_makes_every_bar_one_colour() {
        let budget = Budget::default().start();
        for (size, depth) in [(6, 1), (7, 1), (8, 1), (8, 2), (9, 2), (10, 2)] {
            let mut cube = crate::bigcube::random_state(size, &mut crate::seeded_rng(size as u64));
            let before = cube.clone();
            let mut turns = Vec::new();
            (Bars::new(size, depth))
                .pair(&mut cube, TRIED, &mut turns, &budget)
                .unwrap();
            let mut replayed = before;
            replayed.apply(turns.iter().copied());
            assert_eq!(replayed, cube);
            for (b, colours) in shown(&cube, depth).iter().enumerate() {
                let one = colours.iter().filter(|&&n| n > 0).count();
                assert_eq!(one, 1, "size {size} depth {depth} bar {b}: {colours:?}");
            }
        }
    }
}
