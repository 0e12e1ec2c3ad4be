// The page's modules without a browser: geometry against the notation spec's reference states,
// the laws of turns, picking and projection, drags, the timeline, the share link and the keys.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Animator } from '../../web/animator.js';
import { Camera, hitFace } from '../../web/camera.js';
import * as g from '../../web/geometry.js';
import { keyMove } from '../../web/keys.js';
import { dragMove } from '../../web/pointer.js';
import { isSeed, linkQuery, packState, readQuery, unpackState } from '../../web/share.js';
import { Timeline, solutionEntries } from '../../web/timeline.js';

/** A small seeded generator (mulberry32), so failures repeat. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomTurn(rand, n) {
  const first = Math.floor(rand() * n);
  const last = first + Math.floor(rand() * (n - first));
  return { axis: 'xyz'[Math.floor(rand() * 3)], first, last, quarters: 1 + Math.floor(rand() * 3) };
}

function randomState(rand, n) {
  return Array.from({ length: 6 * n * n }, () => g.FACES[Math.floor(rand() * 6)]).join('');
}

// The reference states of docs/notation.md §1 (solved, then the move), each move as its turn.
const REFERENCE = [
  [3, { axis: 'x', first: 0, last: 0, quarters: 1 }, 'UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB'],
  [3, { axis: 'y', first: 0, last: 0, quarters: 1 }, 'UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB'],
  [3, { axis: 'z', first: 0, last: 0, quarters: 1 }, 'UUUUUULLLURRURRURRFFFFFFFFFRRRDDDDDDLLDLLDLLDBBBBBBBBB'],
  [3, { axis: 'x', first: 0, last: 2, quarters: 1 }, 'FFFFFFFFFRRRRRRRRRDDDDDDDDDBBBBBBBBBLLLLLLLLLUUUUUUUUU'],
  [3, { axis: 'y', first: 0, last: 2, quarters: 1 }, 'UUUUUUUUUBBBBBBBBBRRRRRRRRRDDDDDDDDDFFFFFFFFFLLLLLLLLL'],
  [3, { axis: 'x', first: 1, last: 1, quarters: 3 }, 'UBUUBUUBURRRRRRRRRFUFFUFFUFDFDDFDDFDLLLLLLLLLBDBBDBBDB'],
  [2, { axis: 'x', first: 0, last: 0, quarters: 1 }, 'UFUFRRRRFDFDDBDBLLLLUBUB'],
  [4, { axis: 'x', first: 0, last: 1, quarters: 1 },
    'UUFFUUFFUUFFUUFFRRRRRRRRRRRRRRRRFFDDFFDDFFDDFFDDDDBBDDBBDDBBDDBBLLLLLLLLLLLLLLLLUUBBUUBBUUBBUUBB'],
  [4, { axis: 'x', first: 1, last: 1, quarters: 1 },
    'UUFUUUFUUUFUUUFURRRRRRRRRRRRRRRRFFDFFFDFFFDFFFDFDDBDDDBDDDBDDDBDLLLLLLLLLLLLLLLLBUBBBUBBBUBBBUBB'],
];

test('turns move stickers as the notation spec says', () => {
  for (const [n, turn, expected] of REFERENCE) {
    assert.equal(g.turnColours(g.layout(n), g.solvedState(n), turn), expected, JSON.stringify(turn));
  }
});

test('a turn and its inverse cancel, four quarter turns are none, any size', () => {
  const rand = random(1);
  for (let n = 1; n <= 9; n++) {
    const cube = g.layout(n);
    for (let k = 0; k < 30; k++) {
      const state = randomState(rand, n);
      const turn = randomTurn(rand, n);
      const inverse = { ...turn, quarters: 4 - turn.quarters };
      assert.equal(g.turnColours(cube, g.turnColours(cube, state, turn), inverse), state);
      let four = state;
      for (let q = 0; q < 4; q++) four = g.turnColours(cube, four, { ...turn, quarters: 1 });
      assert.equal(four, state);
      assert.notEqual(g.turnColours(cube, g.solvedState(n), turn), g.solvedState(n));
    }
  }
});

test('every sticker is found at its own position', () => {
  for (let n = 1; n <= 7; n++) {
    const cube = g.layout(n);
    for (let i = 0; i < cube.count; i++) {
      const p = Array.from(cube.positions.subarray(3 * i, 3 * i + 3));
      const normal = Array.from(cube.normals.subarray(3 * i, 3 * i + 3));
      assert.equal(g.stickerAt(n, g.faceOfNormal(normal), p), i);
      const { f, r, c } = g.stickerCell(n, i);
      assert.deepEqual(g.stickerPosition(n, f, r, c).map((v) => v + 0), p); // -0 is 0
    }
  }
});

test('layer moves are written from the nearer face', () => {
  assert.equal(g.layerMove(3, 'x', 0, 1), 'R');
  assert.equal(g.layerMove(3, 'x', 2, 1), "L'");
  assert.equal(g.layerMove(3, 'x', 1, 3), "2R'");
  assert.equal(g.layerMove(4, 'y', 3, 2), 'D2');
  assert.equal(g.layerMove(5, 'z', 3, 3), '2B');
  assert.equal(g.layerMove(1, 'z', 0, 1), 'z');
});

test('solved states and sizes', () => {
  assert.equal(g.solvedState(2), 'UUUURRRRFFFFDDDDLLLLBBBB');
  assert.equal(g.sizeOfState(g.solvedState(17)), 17);
  assert.equal(g.sizeOfState('UUU'), 0);
  assert.ok(g.isSolved(g.solvedState(5)));
  assert.ok(!g.isSolved(REFERENCE[0][2]));
});

const VIEW = { clientWidth: 600, clientHeight: 500 };

test('the ray under a projected sticker hits that sticker', () => {
  const camera = new Camera();
  for (const n of [1, 3, 8]) {
    const cube = g.layout(n);
    for (let i = 0; i < cube.count; i++) {
      const p = Array.from(cube.positions.subarray(3 * i, 3 * i + 3));
      const normal = Array.from(cube.normals.subarray(3 * i, 3 * i + 3));
      const [x, y] = camera.project(n, p, VIEW.clientWidth, VIEW.clientHeight);
      const hit = hitFace(n, camera.ray(n, x, y, VIEW.clientWidth, VIEW.clientHeight));
      // The default view shows U, F and R: their stickers are hit, the others hidden.
      if (['U', 'F', 'R'].includes(g.FACES[g.faceOfNormal(normal)])) {
        assert.deepEqual(hit.normal, normal);
        assert.equal(g.stickerAt(n, g.faceOfNormal(hit.normal), hit.point), i);
      } else {
        assert.notDeepEqual(hit.normal, normal);
      }
    }
  }
});

test('drags turn the layer the sticker moves along', () => {
  const camera = new Camera();
  const at = (n, face, r, c) => {
    const f = g.FACES.indexOf(face);
    return { normal: g.NORMALS[f], point: g.stickerPosition(n, f, r, c) };
  };
  // F's right column dragged up is R, its middle column M' (2R), its top row dragged left U.
  assert.equal(dragMove(camera, 3, VIEW, at(3, 'F', 1, 2), 0, -40), 'R');
  assert.equal(dragMove(camera, 3, VIEW, at(3, 'F', 1, 1), 0, -40), "2R");
  assert.equal(dragMove(camera, 3, VIEW, at(3, 'F', 0, 1), -40, 0), 'U');
  assert.equal(dragMove(camera, 3, VIEW, at(3, 'F', 2, 1), 40, 0), 'D');
  // U's front row dragged toward R (right, a little down on the screen): F; its left column
  // dragged back (right and up): L'; R's top row dragged right, toward B: U'.
  assert.equal(dragMove(camera, 4, VIEW, at(4, 'U', 3, 1), 40, 15), 'F');
  assert.equal(dragMove(camera, 4, VIEW, at(4, 'U', 1, 0), 30, -20), "L'");
  assert.equal(dragMove(camera, 5, VIEW, at(5, 'R', 0, 2), 40, 0), "U'");
});

test('the timeline undoes whole actions and fetches unknown states from the last known one', async () => {
  const asked = [];
  const timeline = new Timeline('S0', async (state, alg) => {
    asked.push([state, alg]);
    return `${state}+${alg}`;
  });
  const turn = (axis, quarters) => ({ axis, first: 0, last: 0, quarters });
  timeline.push([{ alg: 'R U', turns: [turn('x', 1), turn('y', 1)], state: 'S1' }]);
  timeline.pos = 1;
  timeline.push(solutionEntries("U' R'", [turn('y', 3), turn('x', 3)],
    [{ name: 'a', moves: "U'" }, { name: 'b', moves: "R'" }], 'S3'));
  assert.equal(timeline.length, 3);
  assert.deepEqual(timeline.segments().map((s) => [s.stage, s.from, s.to]),
    [['', 0, 1], ['a', 1, 2], ['b', 2, 3]]);
  assert.equal(timeline.redoTarget(1), 3);
  assert.equal(timeline.undoTarget(3), 1);
  assert.equal(timeline.undoTarget(1), 0);
  assert.deepEqual(timeline.turnsBetween(1, 0), [turn('y', 3), turn('x', 3)]);
  assert.equal(timeline.moveCount(3, 3), 4);
  assert.equal(await timeline.stateAt(3), 'S3');
  assert.equal(await timeline.stateAt(2), "S1+U'");
  assert.deepEqual(asked, [['S1', "U'"]]);
  timeline.pos = 1;
  timeline.push([{ alg: 'F', turns: [turn('z', 1)], state: 'S2' }]);
  assert.equal(timeline.length, 2);
});

test('a solution whose moves and turns differ stays one entry', () => {
  const entries = solutionEntries('R U', [], [], 'S');
  assert.equal(entries.length, 1);
  assert.equal(entries[0].stage, 'solution');
});

test('packed states round-trip and links read back', () => {
  const rand = random(7);
  for (let n = 1; n <= 12; n++) {
    const state = randomState(rand, n);
    assert.equal(unpackState(packState(state), n), state);
    assert.equal(unpackState(packState(state), n + 1), null);
  }
  assert.equal(unpackState('!!', 1), null);
  const state = randomState(rand, 17);
  const view = { n: 17, scheme: 'YOGWRB', seed: 42, fromSolved: false, moves: "R U 3Rw'", state, anim: false };
  assert.deepEqual(readQuery(linkQuery(view)),
    { n: 17, scheme: 'YOGWRB', seed: '42', moves: "R U 3Rw'", packed: null, anim: false });
  const long = { ...view, moves: 'R '.repeat(600) };
  const packed = readQuery(linkQuery(long));
  assert.equal(unpackState(packed.packed, 17), state);
  assert.ok(linkQuery(long).length < 900);
  assert.ok(isSeed('0') && isSeed(String(Number.MAX_SAFE_INTEGER)));
  assert.ok(!isSeed(String(Number.MAX_SAFE_INTEGER + 1)) && !isSeed('12345678901234567') && !isSeed('-1'));
  assert.deepEqual(readQuery('?n=999&scheme=XX&seed=abc'),
    { n: 3, scheme: 'WRGYOB', seed: null, moves: '', packed: null, anim: true });
});

test('keys follow the common layout, digits choose the layer', () => {
  assert.equal(keyMove('i', ''), 'R');
  assert.equal(keyMove('k', ''), "R'");
  assert.equal(keyMove(';', ''), 'y');
  assert.equal(keyMove('a', ''), "y'");
  assert.equal(keyMove('h', '3'), '3F');
  assert.equal(keyMove('u', '4'), '4Rw');
  assert.equal(keyMove('t', '3'), 'x');
  assert.equal(keyMove('Z', ''), null);
});

test('the animator plays turns in order, ends each on its colours, and waits for none without motion', async () => {
  const cube = g.layout(3);
  const shown = [];
  const views = {
    showColours: (state) => shown.push(['colours', state]),
    showTurn: (turn, quarters) => shown.push(['turn', turn && turn.axis, quarters]),
  };
  let duration = 100;
  const animator = new Animator(views, () => {}, () => duration);
  animator.show(cube, g.solvedState(3));
  const r = { axis: 'x', first: 0, last: 0, quarters: 1 };
  const uPrime = { axis: 'y', first: 0, last: 0, quarters: 3 };
  shown.length = 0;
  animator.play([r, uPrime]);
  assert.ok(animator.busy);
  const start = animator.current.start;
  // Two turns queued: the first plays at full tempo (the backlog of one does not speed it up).
  assert.ok(animator.frame(start + 50));
  const halfway = shown[shown.length - 1];
  assert.equal(halfway[1], 'x');
  assert.ok(halfway[2] > 0.4 && halfway[2] < 0.6, String(halfway[2]));
  const done = animator.idle();
  // Just past each turn's end: start is a clock reading, and (start + 100) - start can round to
  // a hair under 100.
  animator.frame(start + 101);
  assert.equal(animator.colours, g.turnColours(cube, g.solvedState(3), r));
  const next = animator.current.start;
  animator.frame(next + 50);
  assert.ok(shown[shown.length - 1][2] < 0, 'a counter-clockwise turn turns the short way');
  assert.equal(animator.frame(next + 101), false);
  await done;
  assert.equal(animator.colours, g.turnColours(cube, g.turnColours(cube, g.solvedState(3), r), uPrime));
  assert.equal(animator.finalColours, animator.colours);
  // Without motion every turn shows at once.
  duration = 0;
  animator.play([{ ...uPrime, quarters: 1 }, { ...r, quarters: 3 }]);
  assert.ok(!animator.busy);
  assert.equal(animator.colours, g.solvedState(3));
});
