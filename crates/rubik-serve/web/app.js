// The page's wiring: it keeps the timeline of moves, sends every move, check, scramble and
// solve to the server (api.js), and shows the answers on the 3D view and the net, animated.
// Testing contract: body[data-ready] is "1" once the page takes input, body[data-state] is the
// server's facelet string whenever nothing is pending or playing, `?anim=0` turns motion off.

import * as api from './api.js';
import { Animator } from './animator.js';
import { Camera } from './camera.js';
import { isSolved, layout, solvedState } from './geometry.js';
import { keyMove } from './keys.js';
import { listen } from './pointer.js';
import { GlRenderer } from './render-gl.js';
import { NetRenderer } from './render-net.js';
import { isSeed, linkQuery, readQuery, unpackState } from './share.js';
import { Timeline, solutionEntries } from './timeline.js';

/** The library's sticker colours by letter. */
const COLOURS = {
  W: ['white', '#ffffff'], R: ['red', '#c41e3a'], G: ['green', '#009e60'],
  Y: ['yellow', '#ffd500'], O: ['orange', '#ff5800'], B: ['blue', '#0051ba'],
};
/** The largest cube the page offers (the solver's limit). */
const MAX_SIZE = 128;
/** Jumps longer than this many turns are shown at once instead of animated. */
const MAX_ANIMATED_TURNS = 40;

const $ = (id) => document.getElementById(id);
const query = readQuery(window.location.search);
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const page = {
  n: query.n,
  cube: layout(query.n),
  scheme: query.scheme,
  seed: null, // the seed of the scramble the timeline starts from
  fromSolved: true, // whether it starts from solved (else from a painted or linked state)
  timeline: null,
  playing: false,
  editing: false,
  paint: 'U',
  timer: { start: null, end: null },
  tempo: 1,
};

// ---------------------------------------------------------------- views and animation

const camera = new Camera();
const net = new NetRenderer($('net'));
let gl = null;
try {
  gl = new GlRenderer($('cube3d'));
} catch (error) {
  document.querySelector('.views').classList.add('flat');
  console.warn(`3D view off (${error.message}); the net alone is shown`);
}

let shownTurn = null;
const views = {
  showColours(state) {
    gl?.setColours(state);
    net.setState(page.n, state);
    redraw();
  },
  showTurn(turn, quarters) {
    if (gl && turn !== shownTurn) gl.setTurn(turn);
    shownTurn = turn;
    gl?.setAngle(quarters);
    redraw();
  },
};

/** A quarter turn's duration in ms: longer on bigger cubes, none without motion. */
function tempo(n) {
  return query.anim && !reducedMotion ? (110 + 9 * Math.min(n, 30)) / page.tempo : 0;
}

let frameRequested = false;
function redraw() {
  if (frameRequested) return;
  frameRequested = true;
  window.requestAnimationFrame((now) => {
    frameRequested = false;
    if (animator.frame(now)) redraw();
    gl?.draw(camera);
  });
}

const animator = new Animator(views, redraw, tempo);

function setCube(n) {
  page.n = n;
  page.cube = layout(n);
  gl?.setCube(page.cube);
  shownTurn = null;
  $('size').value = String(n);
}

// ---------------------------------------------------------------- the task queue and settling

let pending = 0;
let queue = Promise.resolve();

/** Runs `task` after the tasks before it; the page settles once none is left. */
function run(task) {
  pending += 1;
  document.body.dataset.busy = '1';
  queue = queue
    .then(task)
    .catch((error) => {
      console.error(error);
      showStatus(String(error), true);
    })
    .finally(() => {
      pending -= 1;
      settle();
    });
  return queue;
}

/**
 * Once nothing is pending or playing: shows the server's state for the current position,
 * publishes it in data-state, the text view and the link, and stops the timer on a solved cube.
 */
async function settle() {
  await animator.idle();
  const timeline = page.timeline;
  const pos = timeline.pos;
  if (pending > 0 || animator.busy || page.playing) return;
  const state = await timeline.stateAt(pos);
  if (pending > 0 || animator.busy || page.playing || timeline !== page.timeline || pos !== timeline.pos) return;
  if (state !== null) {
    if (state !== animator.colours) {
      console.error(`the drawn cube ${animator.colours} differs from the server's ${state}`);
      animator.show(page.cube, state);
    }
    if (page.timer.start !== null && page.timer.end === null && isSolved(state)) {
      page.timer.end = performance.now();
    }
    document.body.dataset.state = state;
    $('state-text').value = state;
    const moves = timeline.algBetween(0, pos);
    const link = linkQuery({ ...page, moves, state, anim: query.anim });
    window.history.replaceState(null, '', link);
    $('share').href = link;
  }
  updateCounters();
  document.body.dataset.busy = '0';
}

// ---------------------------------------------------------------- status and errors

function showStatus(text, error = false) {
  $('status').textContent = text;
  $('status').classList.toggle('error', error);
}

window.addEventListener('unhandledrejection', (event) => showStatus(String(event.reason), true));

/** Asks the server for the state `alg` makes from `state`; null (and a message) on failure. */
async function fetchState(state, alg) {
  const answer = await api.apply({ state, alg });
  if (answer.ok) return answer.state;
  showStatus(answer.error, true);
  return null;
}

// ---------------------------------------------------------------- the timeline

/** Starts a new timeline at `base` on a cube of size n. */
function startFrom(n, base, { seed = null, fromSolved = false } = {}) {
  page.playing = false;
  if (n !== page.n || !page.timeline) setCube(n);
  page.seed = seed;
  page.fromSolved = fromSolved;
  page.timeline = new Timeline(base, fetchState);
  page.timer = { start: null, end: null };
  animator.show(page.cube, base);
  renderTimeline();
}

/** Moves the cube to position p, turning it when `animate` and the way is short. */
async function goTo(p, animate) {
  const timeline = page.timeline;
  if (p === timeline.pos || p < 0 || p > timeline.length) return;
  const turns = animate ? timeline.turnsBetween(timeline.pos, p) : null;
  if (turns && turns.length <= MAX_ANIMATED_TURNS) {
    timeline.pos = p;
    animator.play(turns);
  } else {
    const state = await timeline.stateAt(p);
    if (state === null || timeline !== page.timeline) return;
    timeline.pos = p;
    animator.show(page.cube, state);
  }
  markPosition();
}

/**
 * Applies `alg` to the cube as one action; returns the server's error answer, or null when
 * it was applied.
 */
async function userMove(alg, animate = true) {
  const timeline = page.timeline;
  const state = await timeline.stateAt(timeline.pos);
  if (state === null) return { error: 'the current state is unknown' };
  const answer = await api.apply({ state, alg });
  if (!answer.ok) return answer;
  if (answer.turns.length === 0) return null;
  if (page.timer.start === null && !isSolved(state)) page.timer.start = performance.now();
  timeline.push([{ alg: alg.trim().replace(/\s+/g, ' '), turns: answer.turns, state: answer.state }]);
  renderTimeline();
  await goTo(timeline.pos + 1, animate);
  return null;
}

/** A move from a key or a drag: applied, or its error shown in the status line. */
function turn(move) {
  stopPlaying();
  run(async () => {
    const failed = await userMove(move);
    if (failed) showStatus(failed.error, true);
  });
}

/** The scrubber and stage bar for the whole timeline, the move list around the position. */
function renderTimeline() {
  const timeline = page.timeline;
  const stages = $('stages');
  stages.replaceChildren();
  for (const { stage, from, to } of timeline.segments()) {
    const label = stage ? `${stage} (${to - from})` : 'moves';
    const bar = document.createElement('span');
    bar.textContent = label;
    bar.title = label;
    bar.style.flex = `${to - from} 1 0`;
    stages.append(bar);
  }
  $('scrubber').max = String(timeline.length);
  renderMoveList();
  markPosition();
}

/** How many entries either side of the position the move list holds (a big cube's solution
 *  has up to hundreds of thousands). */
const LIST_WINDOW = 250;
let listRange = [0, 0];

/** The move list: the entries near the position, under their stage's heading. */
function renderMoveList() {
  const { pos, length, entries } = page.timeline;
  const from = Math.max(0, pos - LIST_WINDOW);
  const to = Math.min(length, pos + LIST_WINDOW);
  listRange = [from, to];
  const list = $('move-list');
  list.replaceChildren();
  const note = (text) => {
    const item = document.createElement('li');
    item.className = 'stage';
    item.textContent = text;
    list.append(item);
  };
  if (from > 0) note(`… ${from} moves before`);
  for (let i = from; i < to; i++) {
    const { stage, action } = entries[i];
    const previous = entries[i - 1];
    if (stage && (i === from || previous.stage !== stage || previous.action !== action)) note(stage);
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = entries[i].alg;
    button.dataset.index = String(i);
    item.append(button);
    list.append(item);
  }
  if (to < length) note(`… ${length - to} moves after`);
}

let currentMove = null;
/** Shows the position: scrubber, highlighted move, counters and which buttons can act. */
function markPosition() {
  const timeline = page.timeline;
  const { pos, length } = timeline;
  const scrubber = $('scrubber');
  scrubber.value = String(pos);
  const stage = pos > 0 ? timeline.entries[pos - 1].stage : '';
  scrubber.setAttribute('aria-valuetext', `move ${pos} of ${length}${stage ? `, ${stage}` : ''}`);
  const [from, to] = listRange;
  if ((pos <= from && from > 0) || (pos >= to && to < length)) renderMoveList();
  currentMove?.removeAttribute('aria-current');
  currentMove = pos > 0 ? $('move-list').querySelector(`button[data-index="${pos - 1}"]`) : null;
  currentMove?.setAttribute('aria-current', 'step');
  currentMove?.scrollIntoView({ block: 'nearest' });
  for (const id of ['undo', 'back']) $(id).disabled = pos === 0;
  for (const id of ['redo', 'step', 'end']) $(id).disabled = pos === length;
  $('play').disabled = pos === length && !page.playing;
  updateCounters();
}

function updateCounters() {
  const count = page.timeline.moveCount(page.timeline.pos, page.n);
  $('move-count').textContent = `${count} move${count === 1 ? '' : 's'}`;
  const { start, end } = page.timer;
  const seconds = start === null ? 0 : ((end ?? performance.now()) - start) / 1000;
  $('timer').textContent = `${seconds.toFixed(1)} s`;
}
window.setInterval(() => {
  if (page.timer.start !== null && page.timer.end === null) updateCounters();
}, 100);

// ---------------------------------------------------------------- the Moves box

const movesBox = $('moves');

function showMovesError(answer, text) {
  movesBox.setAttribute('aria-invalid', 'true');
  const column = answer.column;
  $('moves-error').textContent = column && !/^column/.test(answer.error)
    ? `column ${column}: ${answer.error}`
    : answer.error;
  $('moves-caret').textContent = column ? `${text}\n${' '.repeat(column - 1)}^` : '';
}

function clearMovesError() {
  movesBox.setAttribute('aria-invalid', 'false');
  $('moves-error').textContent = '';
  $('moves-caret').textContent = '';
}

let checkTimer = 0;
movesBox.addEventListener('input', () => {
  window.clearTimeout(checkTimer);
  checkTimer = window.setTimeout(async () => {
    const text = movesBox.value;
    if (!text.trim()) {
      clearMovesError();
      return;
    }
    const answer = await api.apply({ size: page.n, alg: text });
    if (movesBox.value !== text) return;
    if (answer.ok) clearMovesError();
    else showMovesError(answer, text);
  }, 150);
});

// Escape leaves the box, so that keys turn the cube again.
movesBox.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') movesBox.blur();
});

$('moves-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const text = movesBox.value;
  if (!text.trim()) return;
  window.clearTimeout(checkTimer);
  stopPlaying();
  run(async () => {
    const failed = await userMove(text);
    if (failed) {
      showMovesError(failed, text);
    } else if (movesBox.value === text) {
      movesBox.value = '';
      clearMovesError();
    }
  });
});

// ---------------------------------------------------------------- buttons

function stopPlaying() {
  page.playing = false;
  $('play').setAttribute('aria-pressed', 'false');
}

async function playLoop() {
  const timeline = page.timeline;
  while (page.playing && timeline === page.timeline && timeline.pos < timeline.length) {
    await goTo(timeline.pos + 1, true);
    await animator.idle();
    // Without motion, a pause shows each move (a test's ?anim=0 only yields to the page).
    await new Promise((resolve) => {
      window.setTimeout(resolve, query.anim && reducedMotion ? 300 / page.tempo : 0);
    });
  }
  stopPlaying();
  markPosition();
}

$('play').addEventListener('click', () => {
  if (page.playing) {
    stopPlaying();
    return;
  }
  page.playing = true;
  $('play').setAttribute('aria-pressed', 'true');
  run(playLoop);
});

const timelineButtons = {
  back: (t) => [t.pos - 1, true],
  step: (t) => [t.pos + 1, true],
  end: (t) => [t.length, false],
  undo: (t) => [t.undoTarget(t.pos), true],
  redo: (t) => [t.redoTarget(t.pos), true],
};
for (const [id, target] of Object.entries(timelineButtons)) {
  $(id).addEventListener('click', () => {
    stopPlaying();
    run(() => goTo(...target(page.timeline)));
  });
}

let scrubTarget = null;
$('scrubber').addEventListener('input', (event) => {
  stopPlaying();
  scrubTarget = Number(event.target.value);
  run(async () => {
    if (scrubTarget === null) return;
    const p = scrubTarget;
    scrubTarget = null;
    await goTo(p, Math.abs(p - page.timeline.pos) === 1);
  });
});

$('move-list').addEventListener('click', (event) => {
  const button = event.target.closest('button[data-index]');
  if (!button) return;
  stopPlaying();
  const p = Number(button.dataset.index) + 1;
  run(() => goTo(p, Math.abs(p - page.timeline.pos) === 1));
});

$('tempo').addEventListener('input', (event) => {
  page.tempo = Number(event.target.value);
});

$('scramble').addEventListener('click', () => {
  stopPlaying();
  run(async () => {
    const text = $('seed').value.trim();
    if (text && !isSeed(text)) {
      showStatus(`A seed is a whole number up to ${Number.MAX_SAFE_INTEGER}.`, true);
      return;
    }
    // A seed of the page's own when none is given: one that JSON numbers hold exactly, so the
    // share link can name it.
    const seed = text ? Number(text) : Math.floor(Math.random() * Number.MAX_SAFE_INTEGER);
    const answer = await api.scramble({ size: page.n, seed });
    if (!answer.ok) {
      showStatus(answer.error, true);
      return;
    }
    startFrom(page.n, answer.state, { seed: answer.seed });
    showStatus(`Scrambled with seed ${answer.seed}.`);
  });
});

$('reset').addEventListener('click', () => {
  stopPlaying();
  run(async () => {
    startFrom(page.n, solvedState(page.n), { fromSolved: true });
    showStatus('');
  });
});

$('size').addEventListener('change', () => {
  const n = Number($('size').value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_SIZE) {
    showStatus(`A size is a whole number from 1 to ${MAX_SIZE}.`, true);
    $('size').value = String(page.n);
    return;
  }
  stopPlaying();
  run(async () => {
    if (n !== page.n) startFrom(n, solvedState(n), { fromSolved: true });
  });
});

$('solve').addEventListener('click', () => {
  stopPlaying();
  run(async () => {
    const timeline = page.timeline;
    const state = await timeline.stateAt(timeline.pos);
    if (state === null) return;
    showStatus('Solving…');
    const answer = await api.solve({ state });
    if (!answer.ok) {
      showStatus(answer.error, true);
      return;
    }
    if (!answer.solution.trim()) {
      showStatus('The cube is solved already.');
      return;
    }
    const applied = await api.apply({ state, alg: answer.solution });
    if (!applied.ok) {
      showStatus(applied.error, true);
      return;
    }
    timeline.push(solutionEntries(answer.solution, applied.turns, answer.stages, applied.state));
    renderTimeline();
    const shortened = answer.budget_ran_out ? ' (the best found in the time allowed)' : '';
    showStatus(`Solution: ${answer.obtm} moves (OBTM), ${answer.stm} slice turns, found in ` +
      `${answer.time_ms.toFixed(1)} ms${shortened}. Play, Step or End follows it.`);
  });
});

// ---------------------------------------------------------------- keyboard and pointer

let depth = '';
function showDepth() {
  $('depth').textContent = depth ? `Next move turns layer ${depth}.` : '';
}

window.addEventListener('keydown', (event) => {
  if (event.target.closest('input, select, textarea')) return;
  if (event.ctrlKey || event.metaKey) {
    const key = event.key.toLowerCase();
    const id = key === 'y' || (key === 'z' && event.shiftKey) ? 'redo' : key === 'z' ? 'undo' : null;
    if (id) {
      event.preventDefault();
      if (!$(id).disabled) $(id).click();
    }
    return;
  }
  if (event.altKey) return;
  if (/^[0-9]$/.test(event.key)) {
    depth = (depth + event.key).replace(/^0+/, '').slice(0, 3);
    showDepth();
    return;
  }
  if (event.key === 'Escape') {
    depth = '';
    showDepth();
    return;
  }
  const move = keyMove(event.key, depth);
  if (!move) return;
  event.preventDefault();
  depth = '';
  showDepth();
  turn(move);
});

listen($('cube3d'), {
  camera: () => camera,
  size: () => page.n,
  editing: () => page.editing,
  onTurn: turn,
  onOrbit: redraw,
  onPaint: (index) => run(() => paintSticker(index)),
});

// ---------------------------------------------------------------- facelet editor and colours

async function paintSticker(index) {
  const timeline = page.timeline;
  const state = await timeline.stateAt(timeline.pos);
  if (state === null) return;
  const painted = state.slice(0, index) + page.paint + state.slice(index + 1);
  startFrom(page.n, painted);
  const answer = await api.validate({ state: painted });
  if (!answer.ok) $('validity').textContent = answer.error;
  else $('validity').textContent = answer.valid ? 'A valid cube: Solve can solve it.' : answer.reason;
}

$('net').addEventListener('click', (event) => {
  if (!page.editing) return;
  const rect = $('net').getBoundingClientRect();
  const index = net.stickerAt(event.clientX - rect.left, event.clientY - rect.top);
  if (index >= 0) run(() => paintSticker(index));
});

$('edit').addEventListener('click', () => {
  page.editing = !page.editing;
  $('edit').setAttribute('aria-pressed', String(page.editing));
  $('palette').hidden = !page.editing;
  $('validity').textContent = '';
});

function renderPalette() {
  const colours = $('palette-colours');
  colours.replaceChildren();
  [...'URFDLB'].forEach((face, i) => {
    const [name, hex] = COLOURS[page.scheme[i]];
    const button = document.createElement('button');
    button.type = 'button';
    button.style.background = hex;
    button.setAttribute('aria-label', `Paint ${name} (${face})`);
    button.setAttribute('aria-pressed', String(page.paint === face));
    button.addEventListener('click', () => {
      page.paint = face;
      renderPalette();
    });
    colours.append(button);
  });
}

/** Shows the cube in `scheme` (six colour letters in face order U R F D L B). */
function setScheme(scheme) {
  page.scheme = scheme;
  const hexes = [...scheme].map((letter) => COLOURS[letter][1]);
  gl?.setPalette(hexes);
  net.setPalette(hexes);
  redraw();
  const preset = $('scheme');
  preset.value = [...preset.options].some((o) => o.value === scheme) ? scheme : '';
  [...'URFDLB'].forEach((face, i) => {
    $(`colour-${face}`).value = scheme[i];
  });
  renderPalette();
}

function buildSchemeControls() {
  const custom = document.createElement('option');
  custom.value = '';
  custom.textContent = 'Custom';
  custom.hidden = true;
  $('scheme').append(custom);
  for (const face of 'URFDLB') {
    const label = document.createElement('label');
    label.textContent = face;
    const select = document.createElement('select');
    select.id = `colour-${face}`;
    label.htmlFor = select.id;
    select.setAttribute('aria-label', `${face} face colour`);
    for (const [letter, [name]] of Object.entries(COLOURS)) {
      select.append(new Option(name, letter));
    }
    select.addEventListener('change', () => {
      const letters = [...'URFDLB'].map((f) => $(`colour-${f}`).value).join('');
      setScheme(letters);
      settle();
    });
    $('face-colours').append(label, select);
  }
  $('scheme').addEventListener('change', (event) => {
    if (event.target.value) {
      setScheme(event.target.value);
      settle();
    }
  });
}

$('copy').addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText(window.location.href);
    showStatus('Link copied.');
  } catch {
    showStatus('Copying was refused: use the link instead.', true);
  }
});

window.addEventListener('resize', () => {
  net.draw();
  redraw();
});

// ---------------------------------------------------------------- test hooks and start

/** For tests and the console: the state, and where a sticker is drawn on the page. */
window.__rubik = {
  state: () => document.body.dataset.state,
  /** The page coordinates of sticker `index`'s centre on the 3D view. */
  stickerPoint(index) {
    const canvas = $('cube3d');
    const rect = canvas.getBoundingClientRect();
    const p = Array.from(page.cube.positions.subarray(3 * index, 3 * index + 3));
    const [x, y] = camera.project(page.n, p, canvas.clientWidth, canvas.clientHeight);
    return [rect.left + x, rect.top + y];
  },
};

async function start() {
  buildSchemeControls();
  setScheme(page.scheme);
  let base = solvedState(query.n);
  let seed = null;
  if (query.packed !== null) {
    const state = unpackState(query.packed, query.n);
    if (state === null) showStatus("The link's state is damaged: this is a solved cube.", true);
    else base = state;
  } else if (query.seed !== null) {
    const answer = await api.scramble({ size: query.n, seed: Number(query.seed) });
    if (answer.ok) {
      base = answer.state;
      seed = answer.seed;
    } else {
      showStatus(answer.error, true);
    }
  }
  const fromSolved = query.packed === null && seed === null;
  startFrom(query.n, base, { seed, fromSolved });
  if (query.moves && (seed !== null || fromSolved)) {
    const failed = await userMove(query.moves, false);
    if (failed) showStatus(`The link's moves: ${failed.error}`, true);
  }
  document.body.dataset.ready = '1';
}

run(start);
