// The 2D view: the cube's net on a canvas (U above L F R B, D below), the same layout as a
// facelet string. It is drawn beside the 3D view, alone where WebGL2 is missing, and it is where
// the facelet editor paints.

import { fitCanvas } from './canvas.js';
import { FACES } from './geometry.js';

/** Each face's place in the net, in face widths: U R F D L B. */
const NET = [[1, 0], [2, 1], [1, 1], [1, 2], [0, 1], [3, 1]];

/** The net of a cube on `canvas`. */
export class NetRenderer {
  constructor(canvas) {
    this.canvas = canvas;
    this.context = canvas.getContext('2d');
    this.palette = ['#ffffff', '#c41e3a', '#009e60', '#ffd500', '#ff5800', '#0051ba'];
    this.state = '';
    this.n = 1;
  }

  /** Six "#rrggbb" colours in face order U R F D L B. */
  setPalette(hexes) {
    this.palette = hexes;
    this.draw();
  }

  /** Shows a facelet string of a cube of size n. */
  setState(n, state) {
    this.n = n;
    this.state = state;
    this.draw();
  }

  /** The sticker size and the net's offset in CSS pixels, for the canvas's current box. */
  metrics() {
    const { n, canvas } = this;
    const gap = 4;
    const cell = Math.max(1, Math.min((canvas.clientWidth - 3 * gap) / (4 * n),
      (canvas.clientHeight - 2 * gap) / (3 * n)));
    const x0 = (canvas.clientWidth - (4 * n * cell + 3 * gap)) / 2;
    const y0 = (canvas.clientHeight - (3 * n * cell + 2 * gap)) / 2;
    return { cell, gap, x0, y0 };
  }

  /** The top-left corner (CSS pixels) of sticker (f, r, c). */
  origin(f, r, c, { cell, gap, x0, y0 }) {
    const [fx, fy] = NET[f];
    return [x0 + fx * (this.n * cell + gap) + c * cell, y0 + fy * (this.n * cell + gap) + r * cell];
  }

  draw() {
    const { canvas, context, n, state } = this;
    const scale = fitCanvas(canvas);
    context.setTransform(scale, 0, 0, scale, 0, 0);
    context.clearRect(0, 0, canvas.clientWidth, canvas.clientHeight);
    if (state.length !== 6 * n * n) return;
    const m = this.metrics();
    const inset = m.cell >= 6 ? Math.max(0.5, m.cell * 0.06) : 0;
    for (let f = 0; f < 6; f++) {
      const [x, y] = this.origin(f, 0, 0, m);
      context.fillStyle = '#141414';
      context.fillRect(x, y, n * m.cell, n * m.cell);
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
          const [sx, sy] = this.origin(f, r, c, m);
          context.fillStyle = this.palette[FACES.indexOf(state[f * n * n + r * n + c])] ?? '#888';
          context.fillRect(sx + inset, sy + inset, m.cell - 2 * inset, m.cell - 2 * inset);
        }
      }
    }
  }

  /** The index of the sticker under CSS pixel (x, y) of the canvas, or -1. */
  stickerAt(x, y) {
    const { n } = this;
    const m = this.metrics();
    for (let f = 0; f < 6; f++) {
      const [fx, fy] = this.origin(f, 0, 0, m);
      const c = Math.floor((x - fx) / m.cell);
      const r = Math.floor((y - fy) / m.cell);
      if (r >= 0 && r < n && c >= 0 && c < n) return f * n * n + r * n + c;
    }
    return -1;
  }
}
