//! Where each sticker sits in space, and the rings of stickers that a layer turn cycles.
//!
//! This is the 3D model of `notation.md` §1 in doubled integer coordinates: cubie layers sit at
//! `2i - (N - 1)` and sticker planes at `±N`. The turn engine never evaluates the model per move:
//! [`Layout::new`] derives from it, once per size, an affine formula for every ring strip, so a
//! layer turn costs O(N) index arithmetic and no allocation.

use crate::face::{Axis, Face};

/// A point (or normal) in doubled integer coordinates: +x toward R, +y toward U, +z toward F.
pub(super) type Vec3 = [i64; 3];

/// The position of sticker (face, row, col) on a cube of size `n`, and the face's outward normal.
pub(super) fn position(n: usize, face: Face, row: usize, col: usize) -> (Vec3, Vec3) {
    let n = n as i64;
    let a = 2 * col as i64 - (n - 1);
    let b = (n - 1) - 2 * row as i64;
    match face {
        Face::U => ([a, n, -b], [0, 1, 0]),
        Face::R => ([n, b, -a], [1, 0, 0]),
        Face::F => ([a, b, n], [0, 0, 1]),
        Face::D => ([a, -n, b], [0, -1, 0]),
        Face::L => ([-n, b, a], [-1, 0, 0]),
        Face::B => ([-a, b, -n], [0, 0, -1]),
    }
}

/// The sticker index at a position with the given outward normal: the inverse of [`position`].
fn index_at(n: usize, point: Vec3, normal: Vec3) -> usize {
    let [x, y, z] = point;
    let (face, a, b) = match normal {
        [0, 1, 0] => (Face::U, x, -z),
        [1, 0, 0] => (Face::R, -z, y),
        [0, 0, 1] => (Face::F, x, y),
        [0, -1, 0] => (Face::D, x, z),
        [-1, 0, 0] => (Face::L, z, y),
        _ => (Face::B, -x, y),
    };
    let ni = n as i64;
    let col = ((a + ni - 1) / 2) as usize;
    let row = ((ni - 1 - b) / 2) as usize;
    super::index(n, face, row, col)
}

/// A clockwise quarter turn about `axis` as seen from its positive end.
fn rotate(axis: Axis, [x, y, z]: Vec3) -> Vec3 {
    match axis {
        Axis::X => [x, z, -y],
        Axis::Y => [-z, y, x],
        Axis::Z => [y, -x, z],
    }
}

/// The stickers of one face that lie in layers of an axis, as `base + layer * per_layer + j *
/// along` for layer `0..N` (from the positive face) and `j` in `0..N` along the strip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Strip {
    base: isize,
    per_layer: isize,
    along: isize,
}

impl Strip {
    fn at(self, layer: usize, j: usize) -> usize {
        (self.base + layer as isize * self.per_layer + j as isize * self.along) as usize
    }
}

/// The derived geometry of one cube size: for each axis, the four strips that a layer's ring is
/// made of, ordered so that one clockwise quarter turn carries strip `i` onto strip `i + 1`
/// position by position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Layout {
    size: usize,
    rings: [[Strip; 4]; 3],
}

impl Layout {
    /// Derives the ring strips of a cube of size `size` from the 3D model.
    pub(super) fn new(size: usize) -> Layout {
        let strips = |axis: Axis| {
            // Start on a face beside the axis; list its stickers of layer 0 and layer 1.
            let start = [Face::U, Face::F, Face::U][axis.index()];
            let line = |layer: usize| -> Vec<(Vec3, Vec3)> {
                let coordinate = size as i64 - 1 - 2 * layer as i64;
                (0..size * size)
                    .map(|i| position(size, start, i / size, i % size))
                    .filter(|(point, _)| point[axis.index()] == coordinate)
                    .collect()
            };
            let layer0 = line(0);
            let layer1 = if size > 1 { line(1) } else { layer0.clone() };
            // Probe points: (layer 0, j 0), (layer 0, j 1), (layer 1, j 0), carried round the ring.
            let mut probes = [layer0[0], layer0[layer0.len().min(2) - 1], layer1[0]];
            std::array::from_fn(|_| {
                let [p00, p01, p10] = probes.map(|(p, normal)| index_at(size, p, normal) as isize);
                probes = probes.map(|(p, normal)| (rotate(axis, p), rotate(axis, normal)));
                Strip {
                    base: p00,
                    per_layer: if size > 1 { p10 - p00 } else { 0 },
                    along: if size > 1 { p01 - p00 } else { 0 },
                }
            })
        };
        Layout {
            size,
            rings: Axis::ALL.map(strips),
        }
    }

    /// The cube size this layout was derived for.
    pub(super) fn size(&self) -> usize {
        self.size
    }

    /// Turns one layer's ring of `4N` stickers by `quarters` clockwise quarter turns.
    pub(super) fn turn_ring<T: Copy>(
        &self,
        stickers: &mut [T],
        axis: Axis,
        layer: usize,
        quarters: u8,
    ) {
        for cycle in self.ring_cycles(axis, layer) {
            cycle4(stickers, cycle, quarters);
        }
    }

    /// Rotates the N×N grid of `face` by `quarters` clockwise quarter turns as seen from outside.
    pub(super) fn turn_face<T: Copy>(&self, stickers: &mut [T], face: Face, quarters: u8) {
        let n = self.size;
        for row in 0..n / 2 {
            for col in row..n - 1 - row {
                cycle4(stickers, self.face_cycle(face, row, col), quarters);
            }
        }
    }

    /// The `N` four-cycles of one layer's ring: a clockwise quarter turn about `axis` moves the
    /// sticker at `cycle[i]` to `cycle[i + 1]`.
    pub(super) fn ring_cycles(
        &self,
        axis: Axis,
        layer: usize,
    ) -> impl Iterator<Item = [usize; 4]> + '_ {
        let [s0, s1, s2, s3] = self.rings[axis.index()];
        (0..self.size).map(move |j| {
            [
                s0.at(layer, j),
                s1.at(layer, j),
                s2.at(layer, j),
                s3.at(layer, j),
            ]
        })
    }

    /// The four-cycles of the stickers of `face` (its centre, on odd sizes, is in none): a
    /// clockwise quarter turn of the face moves the sticker at `cycle[i]` to `cycle[i + 1]`.
    pub(super) fn face_cycles(&self, face: Face) -> impl Iterator<Item = [usize; 4]> + '_ {
        let n = self.size;
        (0..n / 2)
            .flat_map(move |row| (row..n - 1 - row).map(move |col| self.face_cycle(face, row, col)))
    }

    /// The four-cycle of the sticker at (row, col) of `face` under a clockwise face turn.
    fn face_cycle(&self, face: Face, row: usize, col: usize) -> [usize; 4] {
        let n = self.size;
        let at = |row: usize, col: usize| super::index(n, face, row, col);
        // Clockwise, the sticker at (r, c) moves to (c, n-1-r).
        [
            at(row, col),
            at(col, n - 1 - row),
            at(n - 1 - row, n - 1 - col),
            at(n - 1 - col, row),
        ]
    }
}

/// Moves the sticker at `cycle[i]` to `cycle[(i + quarters) % 4]`.
fn cycle4<T: Copy>(stickers: &mut [T], cycle: [usize; 4], quarters: u8) {
    let values = cycle.map(|i| stickers[i]);
    for (i, value) in values.into_iter().enumerate() {
        stickers[cycle[(i + quarters as usize) % 4]] = value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_at_inverts_position_on_every_sticker() {
        for n in 1..=6 {
            for face in Face::ALL {
                for row in 0..n {
                    for col in 0..n {
                        let (point, normal) = position(n, face, row, col);
                        assert_eq!(
                            index_at(n, point, normal),
                            super::super::index(n, face, row, col)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn every_strip_stays_on_one_face_and_in_its_layer() {
        for n in 1..=7 {
            let layout = Layout::new(n);
            for axis in Axis::ALL {
                for strip in layout.rings[axis.index()] {
                    for layer in 0..n {
                        let faces: Vec<usize> =
                            (0..n).map(|j| strip.at(layer, j) / (n * n)).collect();
                        assert!(faces.windows(2).all(|w| w[0] == w[1]), "n={n} {axis:?}");
                        for j in 0..n {
                            let i = strip.at(layer, j);
                            let face = Face::from_index(i / (n * n)).unwrap();
                            let (point, _) = position(n, face, i % (n * n) / n, i % n);
                            assert_eq!(point[axis.index()], n as i64 - 1 - 2 * layer as i64);
                        }
                    }
                }
            }
        }
    }
}
