// The keyboard: the common virtual-cube layout (Ryan Heise's, as csTimer uses it), with digits
// typed first as the depth of the next move (`3` then `i` is 3R, `3` then `u` is 3Rw).

/** Each key's move, as notation for the outer layer (or the rotation). */
export const KEY_MOVES = {
  i: 'R', k: "R'", d: 'L', e: "L'", j: 'U', f: "U'", s: 'D', l: "D'",
  h: 'F', g: "F'", w: 'B', o: "B'",
  u: 'Rw', m: "Rw'", v: 'Lw', r: "Lw'",
  t: 'x', y: 'x', b: "x'", n: "x'", ';': 'y', a: "y'", p: 'z', q: "z'",
  x: "M'", '.': "M'",
};

/**
 * The notation for `key` at `depth` (the digits typed before it, '' for none), or null when
 * the key turns nothing: a face key turns layer `depth` alone, a wide key layers 1 to `depth`.
 */
export function keyMove(key, depth) {
  const move = KEY_MOVES[key];
  if (!move) return null;
  if (!depth || depth === '1' || !/^[RLUDFB]/.test(move)) return move;
  return depth + move;
}
