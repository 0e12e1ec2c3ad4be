//! The spec's 3D model of the stickers (`notation.md` §1), in `const fn`s, so that the moves can be
//! derived from geometry at compile time instead of typed in.
//!
//! Coordinates are doubled integers: +x toward R, +y toward U, +z toward F; cubie layers sit at
//! `2i-(N-1)` and sticker planes at ±N.

use crate::face::{Axis, Face};

/// A point or a direction in doubled coordinates.
pub(crate) type Point = [i32; 3];

/// Where sticker (`face`, `row`, `col`) of a cube of size `size` sits, and its outward normal.
pub(crate) const fn sticker_place(
    face: Face,
    row: usize,
    col: usize,
    size: usize,
) -> (Point, Point) {
    let n = size as i32;
    let a = 2 * col as i32 - (n - 1);
    let b = (n - 1) - 2 * row as i32;
    match face {
        Face::U => ([a, n, -b], [0, 1, 0]),
        Face::R => ([n, b, -a], [1, 0, 0]),
        Face::F => ([a, b, n], [0, 0, 1]),
        Face::D => ([a, -n, b], [0, -1, 0]),
        Face::L => ([-n, b, a], [-1, 0, 0]),
        Face::B => ([-a, b, -n], [0, 0, -1]),
    }
}

/// `point` turned a quarter clockwise as seen from the positive end of `axis`.
pub(crate) const fn quarter_turn(point: Point, axis: Axis) -> Point {
    let [x, y, z] = point;
    match axis {
        Axis::X => [x, z, -y],
        Axis::Y => [-z, y, x],
        Axis::Z => [y, -x, z],
    }
}

/// Whether a sticker at `place` belongs to the outer layer under `face` on a cube of size `size`.
pub(crate) const fn in_outer_layer(place: Point, face: Face, size: usize) -> bool {
    let limit = size as i32 - 1;
    let v = place[face.axis().index()];
    let layer = if v > limit {
        limit
    } else if v < -limit {
        -limit
    } else {
        v
    };
    layer == if face.is_positive() { limit } else { -limit }
}

/// Whether two points are equal (`==` on arrays is not yet usable in `const fn`).
pub(crate) const fn same(a: Point, b: Point) -> bool {
    a[0] == b[0] && a[1] == b[1] && a[2] == b[2]
}
