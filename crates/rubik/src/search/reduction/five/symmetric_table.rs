//! Tables over two coordinates of a phase, reduced by symmetries that commute with
//! its turns and keep its goal. The first coordinate's values fall into classes, each the
//! images of a representative under the symmetries; a pair is kept as its class and the second
//! coordinate seen from the representative (the least of those views when the representative
//! is itself symmetric), so the table has about `1/symmetries` of the plain one's entries.

use crate::search::reduction::distances::distances as bfs;
use crate::search::reduction::phase_search::{MoveSet, TURNS, turns_in};

/// Two coordinates of a phase and the symmetries acting on them.
pub(super) trait Coordinates: Sync {
    /// How many values the first and the second coordinate take (the second at most 65,536).
    fn counts(&self) -> [usize; 2];
    /// How many symmetries: at most 32, the identity first.
    fn symmetries(&self) -> usize;
    /// The first coordinate's value `p` seen through symmetry `s`.
    fn first_image(&self, s: usize, p: usize) -> usize;
    /// `p` seen through each symmetry in turn, into `images` (one a symmetry): for a
    /// coordinate that decodes `p` once for all of them.
    fn first_images(&self, p: usize, images: &mut [usize]) {
        for (s, image) in images.iter_mut().enumerate() {
            *image = self.first_image(s, p);
        }
    }
    /// The second coordinate's value `q` seen through symmetry `s`.
    fn second_image(&self, s: usize, q: usize) -> usize;
    /// The first coordinate after turn `m`.
    fn turn_first(&self, p: usize, m: usize) -> usize;
    /// The second coordinate after turn `m`.
    fn turn_second(&self, q: usize, m: usize) -> usize;
}

/// The index of every pair in a table reduced by symmetry: its class and the second
/// coordinate seen from the class's representative.
pub(super) struct SymmetricIndex {
    /// How many values the second coordinate takes.
    second: usize,
    /// `images[s · second + q]`: the second coordinate's `q` through symmetry `s`.
    images: Vec<u16>,
    /// The symmetry undoing each.
    inverse: Vec<u8>,
    /// Per first coordinate: its class and the symmetry taking the class's representative to
    /// it (`class << 5 | symmetry`).
    classes: Vec<u32>,
    /// Per class: the symmetries that fix its representative.
    fixing: Vec<u32>,
    /// Per class: its representative.
    representatives: Vec<usize>,
}

impl SymmetricIndex {
    /// The classes of `coords`'s first coordinate.
    pub fn new(coords: &impl Coordinates) -> SymmetricIndex {
        let [first, second] = coords.counts();
        let symmetries = coords.symmetries();
        assert!(symmetries <= 32 && second <= 1 << 16);
        let images: Vec<u16> = (0..symmetries * second)
            .map(|i| coords.second_image(i / second, i % second) as u16)
            .collect();
        let probes: Vec<usize> = (0..first).step_by(first.div_ceil(1_000)).collect();
        let inverse = (0..symmetries)
            .map(|s| {
                let undoes = |t: &usize| {
                    let t = *t;
                    (0..second).all(|q| coords.second_image(t, coords.second_image(s, q)) == q)
                        && (probes.iter())
                            .all(|&p| coords.first_image(t, coords.first_image(s, p)) == p)
                };
                (0..symmetries)
                    .find(undoes)
                    .expect("the symmetries form a group") as u8
            })
            .collect();
        let mut classes = vec![u32::MAX; first];
        let (mut representatives, mut fixing) = (Vec::new(), Vec::new());
        let mut seen = vec![0; symmetries];
        for p in 0..first {
            if classes[p] != u32::MAX {
                continue;
            }
            let class = representatives.len() as u32;
            let mut fixed = 0;
            coords.first_images(p, &mut seen);
            for (s, &image) in seen.iter().enumerate() {
                if classes[image] == u32::MAX {
                    classes[image] = class << 5 | s as u32;
                }
                if image == p {
                    fixed |= 1 << s;
                }
            }
            representatives.push(p);
            fixing.push(fixed);
        }
        SymmetricIndex {
            second,
            images,
            inverse,
            classes,
            fixing,
            representatives,
        }
    }

    /// How many entries a table over the index has.
    pub fn len(&self) -> usize {
        self.representatives.len() * self.second
    }

    /// The distance of each entry from the pairs `goals` under the turns `moves`, by
    /// breadth-first search (entries no pair is seen as: unreached).
    pub fn distances(
        &self,
        coords: &impl Coordinates,
        moves: MoveSet,
        goals: &[[usize; 2]],
    ) -> Vec<u8> {
        let list: Vec<usize> = turns_in(moves).collect();
        let second_moves: Vec<[u16; TURNS]> = (0..self.second)
            .map(|q| {
                let mut next = [0; TURNS];
                for &m in &list {
                    next[m] = coords.turn_second(q, m) as u16;
                }
                next
            })
            .collect();
        let class_moves: Vec<[u32; TURNS]> = (self.representatives.iter())
            .map(|&p| {
                let mut next = [0; TURNS];
                for &m in &list {
                    next[m] = self.classes[coords.turn_first(p, m)];
                }
                next
            })
            .collect();
        let goals: Vec<usize> = goals.iter().map(|&[p, q]| self.index(p, q)).collect();
        bfs(self.len(), &goals, moves, |i, m| {
            let (class, q) = (i / self.second, i % self.second);
            self.seen_from(class_moves[class][m], usize::from(second_moves[q][m]))
        })
    }

    /// The index of the pair (class and symmetry `at`, second coordinate `q`).
    fn seen_from(&self, at: u32, q: usize) -> usize {
        let (class, s) = ((at >> 5) as usize, (at & 31) as usize);
        let image = |s: usize, q: usize| self.images[s * self.second + q];
        let seen = image(usize::from(self.inverse[s]), q);
        let (mut least, mut fixing) = (seen, self.fixing[class] & !1);
        while fixing != 0 {
            let t = fixing.trailing_zeros() as usize;
            fixing &= fixing - 1;
            least = least.min(image(t, usize::from(seen)));
        }
        class * self.second + usize::from(least)
    }

    /// The entry of the pair (`p`, `q`).
    pub fn index(&self, p: usize, q: usize) -> usize {
        self.seen_from(self.classes[p], q)
    }

    /// How many classes the first coordinate's values fall into.
    #[cfg(test)]
    pub fn class_count(&self) -> usize {
        self.fixing.len()
    }
}
