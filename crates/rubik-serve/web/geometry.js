// The cube's geometry for drawing and animating: where each sticker of an N×N×N cube sits,
// which stickers a turn carries and where to, and the notation of a layer turn. No cube logic
// beyond that: every state the page keeps comes from the server.
//
// Coordinates are doubled integers (notation.md §1): +x toward R, +y toward U, +z toward F,
// cubie layers at 2i-(N-1), sticker planes at ±N. Sticker (face f, row r, col c) has the index
// f·N² + r·N + c in a facelet string, faces in the order U R F D L B.

/** Face letters in facelet-string order. */
export const FACES = 'URFDLB';

/** Each face's outward normal, in face order. */
export const NORMALS = [
  [0, 1, 0], [1, 0, 0], [0, 0, 1], [0, -1, 0], [-1, 0, 0], [0, 0, -1],
];

/** Each axis's positive and negative face letters (x: R/L, y: U/D, z: F/B). */
const AXIS_FACES = { x: ['R', 'L'], y: ['U', 'D'], z: ['F', 'B'] };

/** The axis index (0, 1, 2) of an axis name. */
export const AXIS_INDEX = { x: 0, y: 1, z: 2 };

/** The position (doubled coordinates) of sticker (f, r, c) on a cube of size n. */
export function stickerPosition(n, f, r, c) {
  const a = 2 * c - (n - 1);
  const b = n - 1 - 2 * r;
  switch (f) {
    case 0: return [a, n, -b];
    case 1: return [n, b, -a];
    case 2: return [a, b, n];
    case 3: return [a, -n, b];
    case 4: return [-n, b, a];
    default: return [-a, b, -n];
  }
}

/** The face whose normal is `normal` (a unit axis vector), or -1. */
export function faceOfNormal(normal) {
  return NORMALS.findIndex((m) => m[0] === normal[0] && m[1] === normal[1] && m[2] === normal[2]);
}

/**
 * The index of the sticker of face `f` at point `p` (doubled coordinates, on or near the face's
 * plane), or -1 when p is off the face. Inverse of stickerPosition for points inside a sticker.
 */
export function stickerAt(n, f, p) {
  const [x, y, z] = p;
  let a;
  let b;
  switch (f) {
    case 0: a = x; b = -z; break;
    case 1: a = -z; b = y; break;
    case 2: a = x; b = y; break;
    case 3: a = x; b = z; break;
    case 4: a = z; b = y; break;
    default: a = -x; b = y; break;
  }
  if (Math.abs(a) > n || Math.abs(b) > n) return -1;
  const c = Math.min(n - 1, Math.floor((a + n) / 2));
  const r = Math.min(n - 1, Math.floor((n - b) / 2));
  return f * n * n + r * n + c;
}

/** The face, row and column of sticker `index` on a cube of size n. */
export function stickerCell(n, index) {
  const f = Math.floor(index / (n * n));
  const rest = index % (n * n);
  return { f, r: Math.floor(rest / n), c: rest % n };
}

/** The layer (0 = at the axis's positive face) that a point with coordinate v on an axis is in. */
export function layerOf(n, v) {
  const clamped = Math.max(-(n - 1), Math.min(n - 1, v));
  return (n - 1 - clamped) / 2;
}

/** `p` turned by one clockwise quarter turn about `axis` (0, 1, 2) seen from its positive end. */
export function quarterTurn(axis, [x, y, z]) {
  if (axis === 0) return [x, z, -y];
  if (axis === 1) return [-z, y, x];
  return [y, -x, z];
}

/**
 * The sticker positions and normals of a cube of size n, derived once per size: `positions` and
 * `normals` are Int32Arrays of 3 values per sticker, in facelet-string order.
 */
export function layout(n) {
  const count = 6 * n * n;
  const positions = new Int32Array(3 * count);
  const normals = new Int32Array(3 * count);
  for (let f = 0; f < 6; f++) {
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const i = f * n * n + r * n + c;
        positions.set(stickerPosition(n, f, r, c), 3 * i);
        normals.set(NORMALS[f], 3 * i);
      }
    }
  }
  return { n, count, positions, normals };
}

/** Whether sticker i of `cube` (a layout) is in the block of `turn` ({axis, first, last}). */
export function inBlock(cube, turn, i) {
  const k = layerOf(cube.n, cube.positions[3 * i + AXIS_INDEX[turn.axis]]);
  return k >= turn.first && k <= turn.last;
}

/**
 * The stickers of `colours` (a facelet string) after `turn` ({axis, first, last, quarters}), as
 * the renderer shows them once the turn's animation ends.
 */
export function turnColours(cube, colours, turn) {
  const { n } = cube;
  const axis = AXIS_INDEX[turn.axis];
  const quarters = ((turn.quarters % 4) + 4) % 4;
  const out = colours.split('');
  for (let i = 0; i < cube.count; i++) {
    if (!inBlock(cube, turn, i)) continue;
    let p = Array.from(cube.positions.subarray(3 * i, 3 * i + 3));
    let normal = Array.from(cube.normals.subarray(3 * i, 3 * i + 3));
    for (let q = 0; q < quarters; q++) {
      p = quarterTurn(axis, p);
      normal = quarterTurn(axis, normal);
    }
    out[stickerAt(n, faceOfNormal(normal), p)] = colours[i];
  }
  return out.join('');
}

/**
 * The notation of one layer `layer` (0 = at the positive face) turned `quarters` clockwise
 * quarter turns about `axis` seen from its positive face, on a cube of size n: written from the
 * nearer face (`R`, `3R`, `2L'`), or as a rotation on a 1×1.
 */
export function layerMove(n, axis, layer, quarters) {
  const q = ((quarters % 4) + 4) % 4;
  const amount = (k) => ['0', '', '2', "'"][k];
  if (n === 1) return axis + amount(q);
  const [positive, negative] = AXIS_FACES[axis];
  if (layer <= n - 1 - layer) {
    return (layer === 0 ? '' : String(layer + 1)) + positive + amount(q);
  }
  const fromNegative = n - 1 - layer;
  return (fromNegative === 0 ? '' : String(fromNegative + 1)) + negative + amount((4 - q) % 4);
}

/** The solved facelet string of a cube of size n. */
export function solvedState(n) {
  return [...FACES].map((face) => face.repeat(n * n)).join('');
}

/** The size of a facelet string (6N² letters), or 0 when its length is no such number. */
export function sizeOfState(state) {
  const n = Math.round(Math.sqrt(state.length / 6));
  return n >= 1 && 6 * n * n === state.length ? n : 0;
}

/** Whether every face of `state` shows one colour. */
export function isSolved(state) {
  const n = sizeOfState(state);
  for (let f = 0; f < 6; f++) {
    const face = state.slice(f * n * n, (f + 1) * n * n);
    if (face !== face[0].repeat(n * n)) return false;
  }
  return true;
}
