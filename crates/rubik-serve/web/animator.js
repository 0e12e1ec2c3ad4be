// Turn animation: a queue of turns played one after another on the views, each block rotated
// through its quarter turns and then repainted with the colours it carried (geometry.js). The
// tempo slows with the cube's size and speeds up while turns wait; a duration of 0 shows each
// turn at once.

import { turnColours } from './geometry.js';

/** Smooth start and stop. */
const ease = (t) => t * t * (3 - 2 * t);

export class Animator {
  /**
   * Plays on `views` ({showColours(state), showTurn(turn, quarters)}); `redraw()` asks for a
   * frame; `tempo(n)` is a quarter turn's duration in ms on a cube of size n (0: no motion).
   */
  constructor(views, redraw, tempo) {
    this.views = views;
    this.redraw = redraw;
    this.tempo = tempo;
    this.queue = [];
    this.current = null;
    this.waiting = [];
  }

  /** Shows `colours` on a cube of the given layout at once, dropping queued turns. */
  show(cube, colours) {
    this.cube = cube;
    this.queue = [];
    this.current = null;
    this.colours = colours;
    this.tail = colours;
    this.views.showTurn(null, 0);
    this.views.showColours(colours);
    this.settled();
  }

  /** Whether turns are playing or waiting. */
  get busy() {
    return this.current !== null || this.queue.length > 0;
  }

  /** The colours shown once every queued turn has played. */
  get finalColours() {
    return this.tail;
  }

  /** Queues `turns` ({axis, first, last, quarters}) after those already waiting. */
  play(turns) {
    for (const turn of turns) {
      if (turn.quarters % 4 === 0) continue;
      this.tail = turnColours(this.cube, this.tail, turn);
      this.queue.push({ turn, after: this.tail });
    }
    if (this.tempo(this.cube.n) === 0) {
      this.queue = [];
      this.colours = this.tail;
      this.views.showColours(this.tail);
      this.settled();
    } else if (this.queue.length > 0 && this.current === null) {
      this.next(performance.now());
    }
  }

  /** Resolves once no turn is playing or waiting. */
  idle() {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  next(now) {
    this.current = this.queue.shift() ?? null;
    if (this.current === null) {
      this.views.showTurn(null, 0);
      this.settled();
      return;
    }
    const { turn } = this.current;
    const speedup = Math.max(1, this.queue.length / 2);
    this.current.start = now;
    this.current.duration = (this.tempo(this.cube.n) * (turn.quarters === 2 ? 1.5 : 1)) / speedup;
    this.views.showTurn(turn, 0);
    this.redraw();
  }

  /** Advances the playing turn to time `now` (a frame); returns whether frames are still needed. */
  frame(now) {
    if (this.current === null) return false;
    const { turn, after, start, duration } = this.current;
    const t = Math.min(1, (now - start) / duration);
    if (t >= 1) {
      this.colours = after;
      this.views.showColours(after);
      this.next(now);
      return this.current !== null;
    }
    const quarters = turn.quarters === 3 ? -1 : turn.quarters;
    this.views.showTurn(turn, quarters * ease(t));
    return true;
  }

  settled() {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
