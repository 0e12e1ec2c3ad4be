//! One orbit of a real N×N×N cube, seen through its [`Kind`]'s proxy cube, and the greedy
//! placement of its pieces by pure 3-cycles.

use super::ReductionError;
use super::library::{Kind, KindName, Library, MOST_SLOTS, Op};
use crate::face::Face;
use crate::facelet::FaceletCube;
use crate::search::budget::Running;
use crate::turn::Turn;

/// How many of the best next operations [`Orbit::place`] looks one step past on a cube of
/// size `size`: 16 up to 20×20 (a wider look saves a few moves more for proportionally more
/// time: 8, 16 and 24 measured on 10×10s gave centres + edges 1,041, about 1,025 and 1,010),
/// then fewer as the orbits grow in number (N²), down to the best alone, so that the time
/// stays near linear in the number of pieces.
fn look_width(size: usize) -> usize {
    (16 * 20 * 20 / (size * size)).clamp(1, 16)
}

/// The most wrong pieces [`Orbit::place`] looks for a finish of one or two operations for.
const FINISH_WRONG: usize = 8;

/// An orbit of a cube of size `size`: its kind, and the real layer of each proxy layer.
pub(super) struct Orbit {
    /// The orbit type, with its pieces and cycles.
    pub kind: &'static Kind,
    layers: Vec<usize>,
    size: usize,
    /// Whether it is placed to make bars of one colour ([`Orbit::on_bars`]).
    bars: bool,
}

impl Orbit {
    /// The orbit whose U-face sticker is at (row, col): the layers {0, row, col} and their
    /// mirrors are its proxy's layers.
    fn new(size: usize, name: KindName, row: usize, col: usize) -> Orbit {
        let mut layers = vec![0, row, col, size - 1 - row, size - 1 - col, size - 1];
        layers.sort_unstable();
        layers.dedup();
        let kind = Kind::get(name);
        debug_assert_eq!(layers.len(), kind.size);
        Orbit {
            kind,
            layers,
            size,
            bars: false,
        }
    }

    /// The orbit, placed to make bars of one colour: by its kind's
    /// [bar library](Kind::bar_library), whose operations leave turns of its depth's slices
    /// undone as well as face turns, for those carry bars whole.
    pub(super) fn on_bars(self) -> Orbit {
        Orbit { bars: true, ..self }
    }

    /// The operations its placement takes.
    fn library(&self) -> &'static Library {
        match self.bars {
            false => self.kind.library(),
            true => self.kind.bar_library(),
        }
    }

    /// The 5×5 a cube of size `size` reduces its depth `depth` on (outside the innermost):
    /// the outer layers, the two layers at that depth, and as the middle slice the layer
    /// inside it, standing for the whole block of layers between. Once the depths inside are
    /// reduced and this depth's bars paired, that block's centres and the bars of centres
    /// beside it are each one colour and its edges paired, and only the outer layers,
    /// the blocks reaching the depth and whole-cube turns are turned: a 5×5 whose fixed centres
    /// are the inner block's, its t-centres the bars and its midges the inner edges.
    pub(super) fn inner_block_proxy(size: usize, depth: usize) -> Orbit {
        let layers = vec![0, depth, depth + 1, size - 1 - depth, size - 1];
        Orbit {
            kind: Kind::get(KindName::TCentre),
            layers,
            size,
            bars: false,
        }
    }

    /// Its depth: the first inner layer of its proxy.
    pub fn depth(&self) -> usize {
        self.layers[1]
    }

    /// The real sticker index of a proxy sticker.
    pub fn sticker(&self, proxy: usize) -> usize {
        let m = self.kind.size;
        let (face, row, col) = (proxy / (m * m), proxy / m % m, proxy % m);
        (face * self.size + self.layers[row]) * self.size + self.layers[col]
    }

    /// The orbit's proxy cube as `cube` shows it, each colour renamed to the face that
    /// `colours` says shows it when solved.
    pub fn proxy(
        &self,
        cube: &FaceletCube,
        colours: [Face; 6],
    ) -> Result<FaceletCube, ReductionError> {
        let unsolvable = |error: String| ReductionError::Unsolvable(error);
        let m = self.kind.size;
        let stickers = (0..6 * m * m)
            .map(|s| {
                let colour = cube.stickers()[self.sticker(s)];
                let face = colours.iter().position(|&c| c == colour);
                face.map(|f| Face::ALL[f])
                    .ok_or_else(|| unsolvable(format!("no fixed centre shows the colour {colour}")))
            })
            .collect::<Result<_, _>>()?;
        FaceletCube::from_stickers(m, stickers).map_err(|error| unsolvable(error.to_string()))
    }

    /// The real face a proxy sticker lies on.
    pub fn face(&self, proxy: usize) -> Face {
        Face::ALL[proxy / (self.kind.size * self.kind.size)]
    }

    /// The real turn a proxy single-layer turn stands for.
    pub fn turn(&self, turn: Turn) -> Turn {
        Turn {
            first: self.layers[turn.first],
            last: self.layers[turn.last],
            ..turn
        }
    }

    /// The proxy stickers of the orbit, piece by piece (the order of [`Orbit::read`]).
    pub fn stickers(&self) -> impl Iterator<Item = usize> + '_ {
        self.kind.pieces.iter().flatten().copied()
    }

    /// The colours of the orbit's stickers on `cube`, piece by piece.
    pub fn read(&self, cube: &FaceletCube) -> Vec<Face> {
        let stickers = cube.stickers();
        self.stickers().map(|s| stickers[self.sticker(s)]).collect()
    }

    /// Brings every slot to its colours `homes[slot]` (pieces of equal colours are
    /// interchangeable), greedily with a look one step ahead: each step, of the few
    /// ([`look_width`]) pure operations that put the most pieces right per move, the one that
    /// does so best
    /// together with the best operation after it (it may take a right piece out of a slot for
    /// an equal one). An operation's closing face turns are left out ([`super::library::Op`]):
    /// they turn the slots' wanted colours where those come from the cube (midges), and the
    /// other orbits' pieces on those faces, which the caller reads afterwards. Appends the real
    /// turns. Stops when `budget`'s clock or cancel flag says so.
    pub fn place(
        &self,
        state: &mut Vec<Face>,
        homes: &mut Vec<[Face; 2]>,
        out: &mut Vec<Turn>,
        budget: &Running,
    ) -> Result<(), ReductionError> {
        let kind = self.kind;
        let k = kind.piece_len();
        let code = |colours: &[Face]| colours.iter().fold(0u8, |c, f| c * 6 + f.index() as u8);
        loop {
            if let Some(stop) = budget.interrupted() {
                return Err(ReductionError::Stopped(stop));
            }
            let piece: Vec<u8> = state.chunks(k).map(code).collect();
            let want: Vec<u8> = homes.iter().map(|h| code(&h[..k])).collect();
            // Near the end, the shortest finish where it is cheaper than the greedy's way from
            // here, else the greedy's next step (and the question asked again after it).
            if let Some(finish) = self.finish(&piece, &want, out.last().copied()) {
                let mut greedy = self.greedy(&piece, &want, out.last().copied());
                let last = out.last().copied();
                let ops = match self.cost(&finish, last) < self.cost(&greedy, last) {
                    true => finish,
                    false => {
                        greedy.truncate(1);
                        greedy
                    }
                };
                for op in ops {
                    *state = permute(state, &op.from, k);
                    *homes = op.turned.iter().map(|&f| homes[f as usize]).collect();
                    out.extend(op.turns.iter().map(|&t| self.turn(t)));
                }
                continue;
            }
            let Some(op) = self.step(&piece, &want, out.last().copied()) else {
                return match (0..kind.len()).find(|&s| piece[s] != want[s]) {
                    None => Ok(()),
                    Some(slot) => Err(ReductionError::Unsolvable(format!(
                        "no piece can be brought to sticker {}",
                        crate::facelet::sticker_name(self.size, self.sticker(kind.pieces[slot][0])),
                    ))),
                };
            };
            *state = permute(state, &op.from, k);
            *homes = op.turned.iter().map(|&f| homes[f as usize]).collect();
            out.extend(op.turns.iter().map(|&t| self.turn(t)));
        }
    }

    /// The greedy's next operation: of the few ([`look_width`]) that put the most pieces right
    /// per move, the one that does so best together with the best one after it.
    fn step(&self, piece: &[u8], want: &[u8], last: Option<Turn>) -> Option<&'static Op> {
        let firsts = self.best_ops(piece, want, last, look_width(self.size));
        // (pieces per move over this op and the best after it, op); one alone needs no look.
        let mut best: Option<(f64, &Op)> = None;
        for &(gain, cost, op) in &firsts {
            if firsts.len() == 1 {
                best = Some((0.0, op));
                break;
            }
            let piece = permute(piece, &op.from, 1);
            let want: Vec<u8> = op.turned.iter().map(|&f| want[f as usize]).collect();
            let last = op.turns.last().map(|&t| self.turn(t));
            let (gain, cost) = match self.best_ops(&piece, &want, last, 1).first() {
                Some(&(next_gain, next_cost, _)) => (gain + next_gain, cost + next_cost),
                None => (gain, cost),
            };
            let rate = f64::from(gain) / f64::from(cost);
            if best.is_none_or(|(b, _)| rate > b) {
                best = Some((rate, op));
            }
        }
        best.map(|(_, op)| op)
    }

    /// The operations the greedy ([`Orbit::step`] after step) takes from here.
    fn greedy(&self, piece: &[u8], want: &[u8], last: Option<Turn>) -> Vec<&'static Op> {
        let (mut piece, mut want, mut last) = (piece.to_vec(), want.to_vec(), last);
        let mut ops = Vec::new();
        while let Some(op) = self.step(&piece, &want, last) {
            piece = permute(&piece, &op.from, 1);
            want = op.turned.iter().map(|&f| want[f as usize]).collect();
            ops.push(op);
            last = op.turns.last().map(|&t| self.turn(t));
        }
        ops
    }

    /// The moves `ops` take one after the other after the real turn `last`.
    fn cost(&self, ops: &[&Op], mut last: Option<Turn>) -> u32 {
        let mut cost = 0;
        for op in ops {
            cost += op.cost - self.merged(last, op.turns[0]);
            last = op.turns.last().map(|&t| self.turn(t));
        }
        cost
    }

    /// Where at most [`FINISH_WRONG`] pieces are wrong and every slot wants a different piece:
    /// the cheapest one or two operations that put every piece right, if there are any.
    fn finish(&self, piece: &[u8], want: &[u8], last: Option<Turn>) -> Option<Vec<&'static Op>> {
        let wrong = (0..self.kind.len())
            .filter(|&s| piece[s] != want[s])
            .count();
        let mut wanted = want.to_vec();
        wanted.sort_unstable();
        wanted.dedup();
        if wrong == 0 || wrong > FINISH_WRONG || wanted.len() != want.len() {
            return None;
        }
        let mut best =
            (self.finishing(piece, want, None)).map(|op| (self.cost(&[op], last), vec![op]));
        let savings = self.savings(last);
        let library = self.library();
        for (op, head) in library.ops.iter().zip(&library.heads) {
            let cost = u32::from(head.cost) - savings[usize::from(head.first)];
            if best.as_ref().is_some_and(|(b, _)| cost >= *b) {
                continue;
            }
            if let Some(next) = self.finishing(piece, want, Some(op)) {
                let total = self.cost(&[op, next], last);
                if best.as_ref().is_none_or(|(b, _)| total < *b) {
                    best = Some((total, vec![op, next]));
                }
            }
        }
        best.map(|(_, ops)| ops)
    }

    /// The one operation that puts every piece right, if there is one, where the slots hold
    /// `piece` and want `want` after `first` (as they are without).
    fn finishing(&self, piece: &[u8], want: &[u8], first: Option<&Op>) -> Option<&'static Op> {
        let library = self.library();
        let len = self.kind.len();
        let (mut now, mut wanted) = ([0; MOST_SLOTS], [0; MOST_SLOTS]);
        for s in 0..len {
            (now[s], wanted[s]) = match first {
                Some(op) => (piece[op.from[s] as usize], want[op.turned[s] as usize]),
                None => (piece[s], want[s]),
            };
        }
        let mut moves = [(0, 0); MOST_SLOTS];
        let mut count = 0;
        for to in 0..len {
            if now[to] != wanted[to] {
                if count == library.most_moved {
                    return None;
                }
                let from = now[..len].iter().position(|&p| p == wanted[to])?;
                moves[count] = (to as u8, from as u8);
                count += 1;
            }
        }
        let index = *library.finishing.get(&moves[..count])?;
        Some(&library.ops[index as usize])
    }

    /// The `count` operations that put the most pieces (each coded as one byte) right per
    /// move, best first, as `(pieces, moves, op)`: only those that put some right; an
    /// operation's first turn merging with `last` (the real turn before it) saves its moves.
    fn best_ops(
        &self,
        piece: &[u8],
        want: &[u8],
        last: Option<Turn>,
        count: usize,
    ) -> Vec<(i32, u32, &'static Op)> {
        // (gain, cost, index): the more pieces per move first, then the cheaper, then the
        // earlier in the library (the order its cheapest-first derivation gave).
        type Scored = (i32, u32, u32);
        let before = |a: &Scored, b: &Scored| {
            let (x, y) = (
                i64::from(a.0) * i64::from(b.1),
                i64::from(b.0) * i64::from(a.1),
            );
            x > y || (x == y && (a.1, a.2) < (b.1, b.2))
        };
        let library = self.library();
        let mut best: Vec<Scored> = Vec::with_capacity(count + 1);
        // Puts the operation `index` (costing `cost`, putting at most `most` pieces right)
        // among the best.
        let mut consider = |index: u32, cost: u32, most: usize| {
            if best.len() == count && !before(&(most as i32, cost, 0), &best[count - 1]) {
                return;
            }
            let gain: i32 = (library.moves_of(index as usize).iter())
                .map(|&(to, from)| {
                    let (to, from) = (to as usize, from as usize);
                    i32::from(piece[from] == want[to]) - i32::from(piece[to] == want[to])
                })
                .sum();
            let candidate = (gain, cost, index);
            if gain > 0 && (best.len() < count || before(&candidate, &best[count - 1])) {
                let at = best.partition_point(|b| before(b, &candidate));
                best.insert(at, candidate);
                best.truncate(count);
            }
        };
        // Only an operation that brings some slot its wanted piece can put pieces right, and
        // it puts at most as many right as it brings slots their wanted pieces (its hits).
        let len = self.kind.len();
        let mut hits = vec![0u8; library.ops.len()];
        let mut hit = Vec::new();
        for to in (0..len).filter(|&to| piece[to] != want[to]) {
            for from in (0..len).filter(|&from| piece[from] == want[to]) {
                for &index in &library.by_move[to * len + from] {
                    if hits[index as usize] == 0 {
                        hit.push(index);
                    }
                    hits[index as usize] += 1;
                }
            }
        }
        let savings = self.savings(last);
        // Those with more than one hit first, so that the best fill early and most of the
        // operations with one hit are passed over by their bound.
        let many = |index: &&u32| hits[**index as usize] > 1;
        for &index in hit
            .iter()
            .filter(many)
            .chain(hit.iter().filter(|i| !many(i)))
        {
            let head = library.heads[index as usize];
            let cost = u32::from(head.cost) - savings[usize::from(head.first)];
            consider(index, cost, usize::from(hits[index as usize]));
        }
        best.into_iter()
            .map(|(gain, cost, index)| (gain, cost, &library.ops[index as usize]))
            .collect()
    }
}

impl Orbit {
    /// What an operation saves after the real turn `last`, for each of the kind's
    /// [first turns](super::library::Library::first_turns) ([`Orbit::merged`]).
    fn savings(&self, last: Option<Turn>) -> Vec<u32> {
        let firsts = &self.library().first_turns;
        firsts
            .iter()
            .map(|&first| self.merged(last, first))
            .collect()
    }

    /// What an operation starting with the proxy turn `first` saves when it follows the real
    /// turn `last`: the cost of one, where they merge into one turn, of both where they cancel.
    fn merged(&self, last: Option<Turn>, first: Turn) -> u32 {
        let first = self.turn(first);
        match last {
            Some(last)
                if (last.axis, last.first, last.last) == (first.axis, first.first, first.last) =>
            {
                let cost = first.obtm(self.size) as u32;
                if (last.quarters + first.quarters) % 4 == 0 {
                    2 * cost
                } else {
                    cost
                }
            }
            _ => 0,
        }
    }
}

/// The stickers (`k` per slot) with slot `s` given the piece of slot `from[s]`.
fn permute<T: Copy>(state: &[T], from: &[u8], k: usize) -> Vec<T> {
    from.iter()
        .flat_map(|&f| &state[f as usize * k..(f as usize + 1) * k])
        .copied()
        .collect()
}

/// Every centre orbit of a cube of size `size` (the fixed centres of odd sizes excepted).
pub(super) fn centre_orbits(size: usize) -> Vec<Orbit> {
    let half = size / 2;
    let odd = size % 2 == 1;
    let mut orbits = Vec::new();
    for row in 1..half {
        for col in 1..half {
            match row.cmp(&col) {
                std::cmp::Ordering::Equal => {
                    orbits.push(Orbit::new(size, KindName::XCentre, row, col))
                }
                std::cmp::Ordering::Less => {
                    orbits.push(Orbit::new(size, KindName::Obliques, row, col))
                }
                std::cmp::Ordering::Greater => {}
            }
        }
        if odd {
            orbits.push(Orbit::new(size, KindName::TCentre, row, half));
        }
    }
    orbits
}

/// The x-centre orbit of depth `depth` on a cube of size `size`, seen on a 4×4.
pub(super) fn x_centre_orbit(size: usize, depth: usize) -> Orbit {
    Orbit::new(size, KindName::XCentre, depth, depth)
}

/// The t-centre orbit of depth `depth` on a cube of odd size `size`, seen on a 5×5 with the
/// x-centre orbit of its depth.
pub(super) fn t_centre_orbit(size: usize, depth: usize) -> Orbit {
    Orbit::new(size, KindName::TCentre, depth, size / 2)
}

/// The orbits whose pieces lie on the bars of depth `depth` on a cube of size `size` (the
/// centres of rows and columns `depth` and `size - 1 - depth` between those): the oblique
/// orbits whose U-face stickers lie in row `depth`, further in than it and off the middle,
/// and on an odd size the t-centre orbit of that depth.
pub(super) fn bar_orbits(size: usize, depth: usize) -> Vec<Orbit> {
    let mut orbits: Vec<Orbit> = (depth + 1..size / 2)
        .map(|col| Orbit::new(size, KindName::Obliques, depth, col).on_bars())
        .collect();
    if size % 2 == 1 {
        orbits.push(t_centre_orbit(size, depth).on_bars());
    }
    orbits
}

/// Every wing orbit of a cube of size `size`, outermost first (the U-face sticker at row 0,
/// column k for k = 1, 2, ... below the middle).
pub(super) fn wing_orbits(size: usize) -> Vec<Orbit> {
    (1..=(size - 2) / 2)
        .map(|k| Orbit::new(size, KindName::Wing, 0, k))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_cover_every_centre_and_edge_sticker_once() {
        for size in 4..=9 {
            let mut count = vec![0; 6 * size * size];
            for orbit in centre_orbits(size).iter().chain(&wing_orbits(size)) {
                for s in orbit.stickers() {
                    count[orbit.sticker(s)] += 1;
                }
            }
            for (i, &c) in count.iter().enumerate() {
                let (r, col) = (i / size % size, i % size);
                let outer = |x: usize| x == 0 || x == size - 1;
                let middle = |x: usize| size % 2 == 1 && x == size / 2;
                // Not a corner, fixed centre or midge: every other sticker is in one orbit.
                let frame = |x: usize| outer(x) || middle(x);
                let expected = usize::from(!(frame(r) && frame(col)));
                assert_eq!(c, expected, "size {size} sticker {i}");
            }
        }
    }

    #[test]
    fn wings_a_three_cycle_from_right_are_finished_for_no_more_than_its_inverse() {
        let orbit = &wing_orbits(7)[1];
        let library = orbit.kind.library();
        let right: Vec<u8> = (0..orbit.kind.len() as u8).collect();
        // 3-cycles that keep the outer layers (so that the slots keep their wanted pieces).
        let three_cycles = library
            .ops
            .iter()
            .filter(|op| op.moves.len() == 3 && op.turned == right);
        let mut checked = 0;
        for op in three_cycles.step_by(37) {
            checked += 1;
            let piece = permute(&right, &op.from, 1);
            let want = permute(&right, &op.turned, 1);
            let ops = orbit
                .finish(&piece, &want, None)
                .expect("a 3-cycle undoes it");
            let (mut p, mut w) = (piece.clone(), want.clone());
            for o in &ops {
                p = permute(&p, &o.from, 1);
                w = permute(&w, &o.turned, 1);
            }
            assert_eq!(p, w, "{:?}", op.turns);
            // The 3-cycle that undoes it: each slot given back the piece it lost.
            let mut undo: Vec<(u8, u8)> = op.moves.iter().map(|&(to, from)| (from, to)).collect();
            undo.sort_unstable();
            let inverse = &library.ops[library.finishing[&undo] as usize];
            assert!(orbit.cost(&ops, None) <= inverse.cost);
        }
        assert!(checked > 10, "{checked}");
    }

    #[test]
    fn every_op_is_pure_and_every_triple_has_a_three_cycle() {
        let pure = [
            KindName::XCentre,
            KindName::TCentre,
            KindName::Obliques,
            KindName::Wing,
        ]
        .map(|name| (name, false));
        let bars = [KindName::TCentre, KindName::Obliques].map(|name| (name, true));
        for (name, bars) in pure.into_iter().chain(bars) {
            let kind = Kind::get(name);
            let library = match bars {
                false => kind.library(),
                true => kind.bar_library(),
            };
            // The turns left out: face turns, and for bars the slices at the depth.
            let left_out = |layer: usize| match bars {
                false => layer == 0 || layer + 1 == kind.size,
                true => layer <= 1 || layer + 2 >= kind.size,
            };
            let orbits = kind.len() / 24;
            let mut triples = std::collections::HashSet::new();
            for (index, op) in library.ops.iter().enumerate() {
                // Replayed on the proxy's stickers, it moves exactly the pieces it says, each
                // sticker of a piece with the piece, and nothing else.
                let whole: Vec<Turn> = op.turns.iter().chain(&op.rest).copied().collect();
                let perm = crate::facelet::permutation(kind.size, &whole);
                let mut expected: Vec<u32> = (0..perm.len() as u32).collect();
                for &(to, from) in &op.moves {
                    let (to, from) = (&kind.pieces[to as usize], &kind.pieces[from as usize]);
                    for (&t, &f) in to.iter().zip(from) {
                        expected[t] = f as u32;
                    }
                }
                assert_eq!(perm, expected, "{name:?} {:?}", op.turns);
                let cost: u32 = op.turns.iter().map(|t| t.obtm(kind.size) as u32).sum();
                assert_eq!(cost, op.cost, "{name:?}");
                // Its packed head says the same.
                let head = library.heads[index];
                let first = library.first_turns[usize::from(head.first)];
                assert_eq!(u32::from(head.cost), op.cost);
                assert_eq!(
                    (first, library.moves_of(index)),
                    (op.turns[0], &op.moves[..])
                );
                assert!(op.moves.len() <= library.most_moved);
                assert!(
                    op.rest
                        .iter()
                        .all(|t| t.first == t.last && left_out(t.first))
                );
                if op.moves.len() == 3 {
                    triples.insert(op.moves.clone());
                }
            }
            // Every 3-cycle of pieces of one orbit of 24: 24·23·22 / 3 of them.
            assert_eq!(triples.len(), orbits * 24 * 23 * 22 / 3, "{name:?}");
        }
    }

    #[test]
    fn leaving_slices_at_the_depth_undone_makes_cheaper_three_cycles() {
        for name in [KindName::TCentre, KindName::Obliques] {
            let kind = Kind::get(name);
            let cheapest = |library: &Library| {
                let three = library.ops.iter().filter(|op| op.moves.len() == 3);
                three.map(|op| op.cost).min()
            };
            // `[r, U l U']` with its closing `U'` left out costs 11; with `U l' U'`, 8.
            assert_eq!(cheapest(kind.library()), Some(11), "{name:?}");
            assert_eq!(cheapest(kind.bar_library()), Some(8), "{name:?}");
        }
    }
}
