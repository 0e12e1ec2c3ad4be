// The share link: size, colour scheme and either the scramble's seed with the moves made since,
// or a compact encoding of the state (three stickers a byte, base64url), whichever is shorter.

import { FACES } from './geometry.js';

/** The Western scheme, which the link leaves out. */
export const DEFAULT_SCHEME = 'WRGYOB';

/** A facelet string as base64url, three stickers (base 6) a byte. */
export function packState(state) {
  const bytes = [];
  for (let i = 0; i < state.length; i += 3) {
    let byte = 0;
    for (let k = 0; k < 3; k++) byte = byte * 6 + Math.max(0, FACES.indexOf(state[i + k] ?? 'U'));
    bytes.push(byte);
  }
  const binary = String.fromCharCode(...bytes);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The facelet string of a cube of size n packed by packState, or null when it is not one. */
export function unpackState(packed, n) {
  const length = 6 * n * n;
  let binary;
  try {
    binary = atob(packed.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  if (binary.length !== Math.ceil(length / 3)) return null;
  let state = '';
  for (let i = 0; i < binary.length; i++) {
    const byte = binary.charCodeAt(i);
    if (byte >= 216) return null;
    state += FACES[Math.floor(byte / 36)] + FACES[Math.floor(byte / 6) % 6] + FACES[byte % 6];
  }
  return state.slice(0, length);
}

/**
 * The query string for a view: `{n, scheme, seed, moves, state, anim}`: the seed and moves when
 * the cube came from a seeded scramble (or from solved, seed null) and the moves are shorter
 * than the packed state, else the packed state.
 */
export function linkQuery({ n, scheme, seed, fromSolved, moves, state, anim }) {
  const params = new URLSearchParams();
  params.set('n', String(n));
  if (scheme !== DEFAULT_SCHEME) params.set('scheme', scheme);
  const packed = packState(state);
  if ((seed !== null || fromSolved) && moves.length <= packed.length) {
    if (seed !== null) params.set('seed', String(seed));
    if (moves) params.set('m', moves);
  } else {
    params.set('s', packed);
  }
  if (!anim) params.set('anim', '0');
  return `?${params}`;
}

/** Whether `text` is a seed: a whole number that JSON numbers hold exactly. */
export function isSeed(text) {
  return /^\d{1,16}$/.test(text) && Number.isSafeInteger(Number(text));
}

/**
 * The view a query string asks for: `{n, scheme, seed, moves, packed, anim}` (seed and packed
 * null when absent); a bad size or scheme gives the default.
 */
export function readQuery(search) {
  const params = new URLSearchParams(search);
  const n = Number(params.get('n') ?? '3');
  const scheme = params.get('scheme') ?? DEFAULT_SCHEME;
  const seed = params.get('seed');
  return {
    n: Number.isInteger(n) && n >= 1 && n <= 128 ? n : 3,
    scheme: /^[WRGYOB]{6}$/.test(scheme) ? scheme : DEFAULT_SCHEME,
    seed: seed !== null && isSeed(seed) ? seed : null,
    moves: params.get('m') ?? '',
    packed: params.get('s'),
    anim: params.get('anim') !== '0',
  };
}
