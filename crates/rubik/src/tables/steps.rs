//! [`StepTable`]: for every entry of a symmetry-reduced distance table, which of the 18 face
//! turns take the distance down and which take it up. A search that knows a node's distance
//! then reads one entry per node it expands, instead of one per child it might keep, and makes
//! only the children it keeps.
//!
//! The three turns of one face lead to states one move apart from each other, so their changes
//! of distance never mix -1 and +1. Four bits say them: the high bit whether the changes are
//! rises (else falls), the low three which of the face's turns (clockwise, half, anticlockwise)
//! change the distance. Six faces fill 24 bits, stored in three bytes an entry.

use std::sync::LazyLock;

use rayon::prelude::*;

use super::moves::MoveFunction;
use super::pruning::{Pruning, Reduction};
use super::storage::Progress;
use crate::coord::Coordinate;
use crate::cubie::{ALL_TURNS, FaceTurn, UdSymmetry};
use crate::face::Face;

/// Bytes an entry.
const ENTRY: usize = 3;

/// How each face turn changes the distance of one state: the turns (bit masks over the
/// indices of [`FaceTurn::ALL`]) that take it one down and those that take it one up; the others keep it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Steps {
    down: u32,
    up: u32,
}

impl Steps {
    /// The turns that lead to a state at most `slack - 1` further from the goal than this one:
    /// the children a search keeps when it may still spend `slack` moves more than the distance.
    pub fn within(self, slack: u8) -> u32 {
        match slack {
            0 => self.down,
            1 => ALL_TURNS & !self.up,
            _ => ALL_TURNS,
        }
    }

    /// The distance after turn `m`, from a state at `distance`.
    pub fn after(self, distance: u8, m: usize) -> u8 {
        distance + (self.up >> m & 1) as u8 - (self.down >> m & 1) as u8
    }

    /// Some turn that takes the distance down, if any.
    pub fn some_down(self) -> Option<usize> {
        (self.down != 0).then(|| self.down.trailing_zeros() as usize)
    }

    /// The four-bit code of face `face`'s three turns.
    fn face_code(self, face: usize) -> u32 {
        let (down, up) = (self.down >> (3 * face) & 7, self.up >> (3 * face) & 7);
        if up != 0 { 8 | up } else { down }
    }
}

/// How a symmetry relabels the face turns: a state `x` with `x.conjugate(s)` = `r` changes by
/// turn `m` as `r` does by its image. The image of face `f`'s turn is a turn of face
/// `faces[s][f]`, in the opposite direction when `s` is a mirror.
struct FaceImages {
    faces: [[u8; 6]; UdSymmetry::COUNT],
}

static FACE_IMAGES: LazyLock<FaceImages> = LazyLock::new(|| {
    let mut faces = [[0u8; 6]; UdSymmetry::COUNT];
    for s in UdSymmetry::all() {
        for (face, image) in Face::ALL.into_iter().zip(&mut faces[s.index()]) {
            for quarters in 1..=3 {
                let seen = FaceTurn::new(face, quarters).cube().conjugate(s);
                let m = *FaceTurn::ALL
                    .iter()
                    .find(|m| m.cube() == seen)
                    .expect("a symmetry maps face turns to face turns");
                let expected = if s.is_mirror() {
                    4 - quarters
                } else {
                    quarters
                };
                assert_eq!(m.quarters(), expected, "a symmetry keeps or mirrors a turn");
                *image = m.face() as u8;
            }
        }
    }
    FaceImages { faces }
});

/// The turns (three bits) a four-bit face code says take the distance down and up, in the
/// order clockwise, half, anticlockwise; mirrored, anticlockwise first.
const fn decode_face(code: u32, mirror: bool) -> (u32, u32) {
    let turns = if mirror {
        (code & 1) << 2 | (code & 2) | (code >> 2 & 1)
    } else {
        code & 7
    };
    if code & 8 == 0 {
        (turns, 0)
    } else {
        (0, turns)
    }
}

/// The step codes over any byte storage (a `Vec` when built, a memory map when loaded).
pub struct StepTable<S = Vec<u8>> {
    bytes: S,
}

impl StepTable<Vec<u8>> {
    /// Builds the codes of every entry of `distances`, an exact distance table over the pairs
    /// (class of `A`, `B`) built with the 18 face turns by [`Pruning::build`] with the same
    /// reduction and moves. `progress` hears, as `stage`, the classes done out of all.
    pub fn build<A, B, R>(
        distances: &Pruning<impl AsRef<[u8]> + Sync>,
        reduction: &R,
        move_a: impl Fn(A, usize) -> A + Sync,
        move_b: &impl MoveFunction<B>,
        conjugate_b: impl Fn(B, UdSymmetry) -> B + Sync,
        stage: &'static str,
        progress: &mut dyn FnMut(Progress),
    ) -> StepTable<Vec<u8>>
    where
        A: Coordinate,
        B: Coordinate<Cube = A::Cube>,
        R: Reduction<A>,
    {
        assert_eq!(
            move_b.moves(),
            FaceTurn::ALL.len(),
            "step tables are over the face turns"
        );
        let width = B::COUNT;
        let classes = reduction.classes();
        let mut bytes = vec![0u8; StepTable::<&[u8]>::byte_len(classes * width)];
        let rows_per_part = classes.div_ceil(64);
        let part_bytes = rows_per_part * width * ENTRY;
        for (part, chunk) in bytes.chunks_mut(part_bytes).enumerate() {
            let first = part * rows_per_part;
            chunk
                .par_chunks_mut(width * ENTRY)
                .enumerate()
                .filter(|(_, row)| row.len() == width * ENTRY)
                .for_each(|(offset, row)| {
                    let class = first + offset;
                    let a = reduction.representative(class);
                    let mut steps = vec![Steps::default(); width];
                    for m in 0..FaceTurn::ALL.len() {
                        let (next_class, s) = reduction.class_of(move_a(a, m));
                        for (b, steps) in steps.iter_mut().enumerate() {
                            let here = distances.get(class * width + b);
                            let next = conjugate_b(move_b.apply(B::from_index(b), m), s);
                            let there = distances.get(next_class * width + next.index());
                            match there.cmp(&here) {
                                std::cmp::Ordering::Less => steps.down |= 1 << m,
                                std::cmp::Ordering::Greater => steps.up |= 1 << m,
                                std::cmp::Ordering::Equal => {}
                            }
                        }
                    }
                    for (entry, steps) in row.chunks_exact_mut(ENTRY).zip(&steps) {
                        let code = (0..6).fold(0, |code, f| code | steps.face_code(f) << (4 * f));
                        entry.copy_from_slice(&code.to_le_bytes()[..ENTRY]);
                    }
                });
            progress(Progress {
                stage,
                done: ((first + rows_per_part).min(classes)) as u64,
                total: classes as u64,
            });
        }
        StepTable { bytes }
    }

    /// The table's bytes, given up to be stored.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

impl<S: AsRef<[u8]>> StepTable<S> {
    /// The length in bytes of a table of `entries` entries: one spare byte, so that every entry
    /// can be read as a little-endian `u32`.
    pub const fn byte_len(entries: usize) -> usize {
        entries * ENTRY + 1
    }

    /// The table over stored bytes (as [`into_bytes`](StepTable::into_bytes) gave them).
    pub fn from_bytes(bytes: S) -> Self {
        StepTable { bytes }
    }

    /// The steps of the state stored at `index`, seen through `symmetry`: the steps of a state
    /// `x` whose entry is that of `x.conjugate(symmetry)`.
    pub fn get(&self, index: usize, symmetry: UdSymmetry) -> Steps {
        let bytes = &self.bytes.as_ref()[index * ENTRY..index * ENTRY + 4];
        let code = u32::from_le_bytes(bytes.try_into().expect("four bytes"));
        let faces = &FACE_IMAGES.faces[symmetry.index()];
        let mirror = symmetry.is_mirror();
        let mut steps = Steps::default();
        for (face, &image) in faces.iter().enumerate() {
            let (down, up) = decode_face(code >> (4 * image) & 15, mirror);
            steps.down |= down << (3 * face);
            steps.up |= up << (3 * face);
        }
        steps
    }

    /// Starts loading the entry at `index` (see [`prefetch`](super::prefetch)).
    pub fn prefetch(&self, index: usize) {
        super::prefetch(self.bytes.as_ref(), index * ENTRY);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::{CornerPerm, Twist};
    use crate::cubie::{CubieCube, MOVES};
    use crate::seeded_rng;
    use crate::tables::{Conjugation, MoveTable, SymmetryClasses};

    #[test]
    fn face_codes_round_trip_in_both_directions() {
        for down in 0..8 {
            for up in 0..8 {
                if down != 0 && up != 0 {
                    continue;
                }
                let steps = Steps { down, up };
                let code = steps.face_code(0);
                assert_eq!(decode_face(code, false), (down, up));
                let reversed = |t: u32| (t & 1) << 2 | (t & 2) | (t >> 2 & 1);
                assert_eq!(decode_face(code, true), (reversed(down), reversed(up)));
            }
        }
    }

    #[test]
    fn steps_agree_with_the_distances_of_the_neighbours_under_every_symmetry() {
        // The corner group (corner-permutation classes × twist): small, reduced by all 16
        // symmetries, and moved by all 18 turns.
        let corners = MoveTable::<CornerPerm>::build(&MOVES[..]);
        let twist = MoveTable::<Twist>::build(&MOVES[..]);
        let classes = SymmetryClasses::<CornerPerm>::build();
        let conjugation = Conjugation::<Twist>::build();
        let move_corners = |c, m| corners.apply(c, m);
        let conjugate = |t, s| conjugation.apply(t, s);
        let distances = <Pruning<Vec<u8>>>::build(
            &classes,
            move_corners,
            &twist,
            conjugate,
            "test",
            &mut |_| {},
        );
        let steps = StepTable::build(
            &distances,
            &classes,
            move_corners,
            &twist,
            conjugate,
            "test",
            &mut |_| {},
        );
        let locate = |cube: &CubieCube| {
            let (class, s) = classes.class_of(CornerPerm::of(cube));
            let t = conjugation.apply(Twist::of(cube), s);
            (class * Twist::COUNT + t.index(), s)
        };
        let mut rng = seeded_rng(5);
        let mut symmetries = 0u16;
        for _ in 0..2000 {
            let cube = CubieCube::random(&mut rng);
            let (index, s) = locate(&cube);
            symmetries |= 1 << s.index();
            let here = steps.get(index, s);
            let distance = distances.get(index);
            for (m, turn) in MOVES.iter().enumerate() {
                let next = distances.get(locate(&(cube * *turn)).0);
                assert_eq!(here.after(distance, m), next, "move {m} under {s:?}");
            }
        }
        assert_eq!(symmetries, u16::MAX, "every symmetry was tried");
    }
}
