//! The first part of the centre stage: block commutators that move many orbits at once.
//!
//! The commutator `[X, Y] = X Y X' Y'` of an inner block `X` (layers `a..=b` of one axis) and
//! an inner block `Y` (layers `c..=d` of another) costs 8 moves (OBTM) whatever the widths, and
//! moves only centre stickers: for each *cell* `(i, j)` of the rectangle `a..=b × c..=d`, the
//! six stickers the single-layer commutator `[x_i, y_j]` moves (two 3-cycles), each cell in
//! its own orbit and apart from the others. So one such commutator can put dozens of centre
//! pieces on their faces. One outer face turn before it (9 moves) lets it reach other stickers.
//!
//! A [`Family`] fixes the setup, the two axes and the two amounts; it knows, for the cube's
//! size, each cell's sticker moves. Each step scores every cell of every family against the
//! cube (how many stickers the cell's moves bring onto their face, less those they take off),
//! takes each family's best-sum rectangle (Kadane over rows), and makes the commutator that
//! gains the most per move; it stops when none gains at least [`MIN_GAIN`] stickers, and
//! leaves the rest to the per-orbit 3-cycles ([`super::orbit`]). The time per step grows as
//! N³ (the rectangles), the steps as N².

use super::ReductionError;
use crate::face::{Axis, Face};
use crate::facelet::{FaceletCube, cycles, for_each_quarter_turn, permutation};
use crate::search::budget::Running;
use crate::turn::Turn;

/// The least gain (centre stickers brought onto their face, net) a block commutator must make
/// to be taken (measured best: fewer leaves more to the 3-cycles, which cost more per piece
/// than 8 or 9 moves for this many).
const MIN_GAIN: i32 = 7;

/// The largest size the block commutators are tried on: their search grows as N⁵ in all (a
/// 33×33×33 takes about 5 s of it), and bigger cubes are left to the 3-cycles alone.
pub(super) const MAX_SIZE: usize = 33;

/// The block commutators `[X, Y]` of one pair of axes and amounts on a cube of one size, after
/// one outer face turn `S` or none (`S [X, Y] S'`, made without its closing `S'`: an outer face
/// turn keeps every centre sticker on its face, so it costs nothing to leave the face turned).
pub(super) struct Family {
    setup: Option<Turn>,
    x: (Axis, u8),
    y: (Axis, u8),
    /// Inner layers per axis: `size - 2`.
    inner: usize,
    /// The sticker moves `(to, from)` of cell `(i, j)` (inner layers `i + 1` of `x`, `j + 1`
    /// of `y`) at `i * inner + j`: the sticker at `from` goes to `to`; `None` for a cell that
    /// would move a fixed centre (odd sizes), which no rectangle may hold.
    cells: Vec<Option<Vec<(u32, u32)>>>,
}

/// The gain of a cell no rectangle may hold.
const NEVER: i32 = -1_000_000;

impl Family {
    /// The turns of the commutator of the layers `rows` of `x` and `cols` of `y` (inner layer
    /// numbers), after the setup.
    fn turns(&self, rows: (usize, usize), cols: (usize, usize)) -> Vec<Turn> {
        let block = |(axis, quarters): (Axis, u8), (first, last): (usize, usize)| Turn {
            axis,
            first,
            last,
            quarters,
        };
        let (x, y) = (block(self.x, rows), block(self.y, cols));
        self.setup
            .into_iter()
            .chain([x, y, x.inverse(), y.inverse()])
            .collect()
    }

    /// Its cost (OBTM).
    fn cost(&self) -> i32 {
        8 + i32::from(self.setup.is_some())
    }

    /// The sum of the cells' gains over the best rectangle of `gains` (cell `(i, j)` at
    /// `i * inner + j`), with its rows and columns as inner layer numbers.
    fn best_rectangle(&self, gains: &[i32]) -> (i32, (usize, usize), (usize, usize)) {
        let n = self.inner;
        let mut best = (i32::MIN, (1, 1), (1, 1));
        let mut column = vec![0; n];
        for top in 0..n {
            column.fill(0);
            for bottom in top..n {
                for (sum, gain) in column.iter_mut().zip(&gains[bottom * n..(bottom + 1) * n]) {
                    *sum += gain;
                }
                // Kadane: the best run of columns ending at each column.
                let (mut run, mut start) = (0, 0);
                for (j, &sum) in column.iter().enumerate() {
                    if run <= 0 {
                        (run, start) = (sum, j);
                    } else {
                        run += sum;
                    }
                    if run > best.0 {
                        best = (run, (top + 1, bottom + 1), (start + 1, j + 1));
                    }
                }
            }
        }
        best
    }
}

/// Every family of block commutators on a cube of size `size` (at least 4): the ordered pairs
/// of axes, each with quarter turns either way, after each outer face turn or none.
pub(super) fn families(size: usize) -> Vec<Family> {
    let inner = size - 2;
    // The inner layer of each sticker along each axis, where it has one.
    let mut layer_of = vec![[usize::MAX; 3]; 6 * size * size];
    for_each_quarter_turn(size, |axis, layer, moves| {
        if (1..=inner).contains(&layer) {
            for &(from, _) in moves {
                layer_of[from][axis.index()] = layer;
            }
        }
    });
    let fixed = |s: u32| {
        let s = s as usize;
        size % 2 == 1 && s / size % size == size / 2 && s % size == size / 2
    };
    let setups: Vec<Option<Turn>> = std::iter::once(None)
        .chain(
            Turn::single_layer_turns(size)
                .filter(|t| t.first == 0 || t.last + 1 == size)
                .map(Some),
        )
        .collect();
    let mut families = Vec::new();
    for x in Axis::ALL {
        for y in Axis::ALL.into_iter().filter(|&y| y != x) {
            for (qx, qy) in [(1, 1), (1, 3), (3, 1), (3, 3)] {
                let mut family = Family {
                    setup: None,
                    x: (x, qx),
                    y: (y, qy),
                    inner,
                    cells: vec![Some(Vec::new()); inner * inner],
                };
                // The whole rectangle at once: every cell's moves, told apart by their layers.
                let perm = permutation(size, &family.turns((1, inner), (1, inner)));
                for cycle in cycles(&perm) {
                    let layer = |axis: Axis| {
                        cycle
                            .iter()
                            .map(|&at| layer_of[at as usize][axis.index()])
                            .find(|&l| l != usize::MAX)
                            .expect("a quarter-turn block commutator moves stickers of both blocks")
                    };
                    let cell = &mut family.cells[(layer(x) - 1) * inner + layer(y) - 1];
                    match cycle.iter().any(|&at| fixed(at)) {
                        true => *cell = None,
                        false => cell.iter_mut().for_each(|c| {
                            c.extend(cycle.iter().map(|&at| (at, perm[at as usize])))
                        }),
                    }
                }
                // After the setup S, a move (to, from) of the commutator is one of S' carried
                // positions: S' takes position p to `undo[p]`.
                for &setup in &setups {
                    let undo = setup.map(|s| permutation(size, &[s]));
                    let carry = |p: u32| undo.as_ref().map_or(p, |undo| undo[p as usize]);
                    families.push(Family {
                        setup,
                        cells: family
                            .cells
                            .iter()
                            .map(|cell| {
                                cell.as_ref().map(|moves| {
                                    moves.iter().map(|&(t, f)| (carry(t), carry(f))).collect()
                                })
                            })
                            .collect(),
                        ..family
                    });
                }
            }
        }
    }
    families
}

/// Block commutators that bring centre stickers of `cube` onto the faces whose colours
/// `colours` names, as long as each gains at least [`MIN_GAIN`]; appended to `out`, `cube`
/// turned with them. Stops when `budget`'s clock or cancel flag says so.
pub(super) fn place(
    cube: &mut FaceletCube,
    colours: [Face; 6],
    out: &mut Vec<Turn>,
    budget: &Running,
) -> Result<(), ReductionError> {
    let size = cube.size();
    let families = families(size);
    let want: Vec<Face> = (0..6 * size * size)
        .map(|i| colours[i / (size * size)])
        .collect();
    let mut gains = vec![0; (size - 2) * (size - 2)];
    loop {
        if let Some(stop) = budget.interrupted() {
            return Err(ReductionError::Stopped(stop));
        }
        let stickers = cube.stickers();
        let right = |at: u32, from: u32| stickers[from as usize] == want[at as usize];
        let mut best: Option<(f64, i32, Vec<Turn>)> = None;
        for family in &families {
            for (gain, moves) in gains.iter_mut().zip(&family.cells) {
                *gain = moves.as_ref().map_or(NEVER, |moves| {
                    moves
                        .iter()
                        .map(|&(to, from)| i32::from(right(to, from)) - i32::from(right(to, to)))
                        .sum()
                });
            }
            let (gain, rows, cols) = family.best_rectangle(&gains);
            let rate = f64::from(gain) / f64::from(family.cost());
            if best.as_ref().is_none_or(|(b, ..)| rate > *b) {
                best = Some((rate, gain, family.turns(rows, cols)));
            }
        }
        match best {
            Some((_, gain, turns)) if gain >= MIN_GAIN => {
                cube.apply(turns.iter().copied());
                out.extend(turns);
            }
            _ => return Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// A block commutator moves exactly the stickers its cells claim, each as they say, and
        /// only centre stickers.
        #[test]
        fn a_block_commutator_moves_only_its_cells(
            size in 4usize..11,
            family in 0usize..24 * 19,
            corners in proptest::array::uniform4(0usize..64),
        ) {
            let families = families(size);
            let family = &families[family];
            let inner = size - 2;
            let range = |a: usize, b: usize| {
                let (a, b) = (a % inner + 1, b % inner + 1);
                (a.min(b), a.max(b))
            };
            let (rows, cols) = (range(corners[0], corners[1]), range(corners[2], corners[3]));
            let cells: Option<Vec<&Vec<(u32, u32)>>> = (rows.0..=rows.1)
                .flat_map(|i| (cols.0..=cols.1).map(move |j| (i - 1) * inner + j - 1))
                .map(|cell| family.cells[cell].as_ref())
                .collect();
            prop_assume!(cells.is_some(), "the rectangle holds the fixed centres");
            // The commutator after its setup, and the setup undone.
            let mut turns = family.turns(rows, cols);
            turns.extend(family.setup.map(Turn::inverse));
            let perm = permutation(size, &turns);
            let mut expected: Vec<u32> = (0..perm.len() as u32).collect();
            for &(to, from) in cells.into_iter().flatten().flatten() {
                expected[to as usize] = from;
            }
            prop_assert_eq!(&perm, &expected);
            let centre = |s: usize| (1..size - 1).contains(&(s / size % size))
                && (1..size - 1).contains(&(s % size));
            prop_assert!((0..perm.len()).all(|s| perm[s] as usize == s || centre(s)));
        }
    }

    #[test]
    fn every_cell_moves_six_stickers_but_the_fixed_centres_one() {
        for size in [4, 5, 6, 9] {
            let families = families(size);
            assert_eq!(families.len(), 24 * 19);
            let inner = size - 2;
            let middle = (size / 2 - 1) * inner + size / 2 - 1;
            for family in &families {
                for (cell, moves) in family.cells.iter().enumerate() {
                    match moves {
                        Some(moves) => assert_eq!(moves.len(), 6, "size {size}"),
                        None => assert!(size % 2 == 1 && cell == middle, "size {size}"),
                    }
                }
            }
        }
    }

    proptest! {
        /// Kadane's rectangle has the largest sum of any rectangle, found by trying them all.
        #[test]
        fn the_best_rectangle_has_the_largest_sum(gains in proptest::collection::vec(-6i32..7, 25)) {
            let family = &families(7)[0];
            let sum = |(a, b): (usize, usize), (c, d): (usize, usize)| -> i32 {
                (a..=b).flat_map(|i| (c..=d).map(move |j| (i, j)))
                    .map(|(i, j)| gains[(i - 1) * 5 + j - 1])
                    .sum()
            };
            let ranges: Vec<(usize, usize)> =
                (1..=5).flat_map(|a| (a..=5).map(move |b| (a, b))).collect();
            let brute = ranges.iter()
                .flat_map(|&r| ranges.iter().map(move |&c| sum(r, c)))
                .max();
            let (best, rows, cols) = family.best_rectangle(&gains);
            prop_assert_eq!(Some(best), brute);
            prop_assert_eq!(sum(rows, cols), best);
        }
    }
}
