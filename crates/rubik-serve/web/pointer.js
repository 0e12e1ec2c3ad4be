// Pointer input on the 3D view: a drag that starts on a sticker turns the layer the sticker
// moves along (slices included), a drag on the background orbits the camera, and a click on a
// sticker paints it while the facelet editor is open.

import { hitFace } from './camera.js';
import { faceOfNormal, layerMove, stickerAt } from './geometry.js';

/** How far (CSS pixels) a press must move before it is a drag. */
const DRAG_THRESHOLD = 8;

/** The sticker under CSS pixel (x, y) of the canvas: {index, face, point}, or null. */
export function pick(camera, n, canvas, x, y) {
  const ray = camera.ray(n, x, y, canvas.clientWidth, canvas.clientHeight);
  const hit = hitFace(n, ray);
  if (!hit) return null;
  const face = faceOfNormal(hit.normal);
  const index = stickerAt(n, face, hit.point);
  return index < 0 ? null : { index, normal: hit.normal, point: hit.point };
}

/**
 * The move a drag of screen vector (dx, dy) on the sticker `picked` asks for: the sticker
 * moves along the face direction nearest the drag, so its layer turns about the face's other
 * in-plane axis.
 */
export function dragMove(camera, n, canvas, picked, dx, dy) {
  const { normal, point } = picked;
  const axis = normal.findIndex((v) => v !== 0);
  const [w, h] = [canvas.clientWidth, canvas.clientHeight];
  const from = camera.project(n, point, w, h);
  let best = null;
  for (const along of [0, 1, 2].filter((a) => a !== axis)) {
    const to = point.slice();
    to[along] += 1;
    const [sx, sy] = camera.project(n, to, w, h).map((v, i) => v - from[i]);
    const length = Math.hypot(sx, sy) || 1;
    const cos = (dx * sx + dy * sy) / (length * Math.hypot(dx, dy));
    if (!best || Math.abs(cos) > Math.abs(best.cos)) best = { along, cos };
  }
  // The drag direction d (a unit axis); the layer turns about n × d, which moves the sticker
  // along d when turned by a positive (counter-clockwise) angle.
  const d = [0, 0, 0];
  d[best.along] = Math.sign(best.cos) || 1;
  const turnAxis = [
    normal[1] * d[2] - normal[2] * d[1],
    normal[2] * d[0] - normal[0] * d[2],
    normal[0] * d[1] - normal[1] * d[0],
  ];
  const index = turnAxis.findIndex((v) => v !== 0);
  const name = 'xyz'[index];
  // The layer whose cells the point is in (layer 0 at the positive face).
  const layer = Math.min(n - 1, Math.max(0, Math.floor((n - point[index]) / 2)));
  // Counter-clockwise about the positive axis is three clockwise quarters seen from it.
  const quarters = turnAxis[index] > 0 ? 3 : 1;
  return layerMove(n, name, layer, quarters);
}

/**
 * Listens on `canvas`: `camera()` and `size()` give the current camera and cube size,
 * `editing()` whether a click paints; calls `onTurn(move)`, `onOrbit()` or `onPaint(index)`.
 */
export function listen(canvas, { camera, size, editing, onTurn, onOrbit, onPaint }) {
  let press = null;
  canvas.addEventListener('pointerdown', (event) => {
    const rect = canvas.getBoundingClientRect();
    const x = event.clientX - rect.left;
    const y = event.clientY - rect.top;
    press = { x, y, last: [x, y], picked: pick(camera(), size(), canvas, x, y), done: false };
    canvas.setPointerCapture(event.pointerId);
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!press || press.done) return;
    const rect = canvas.getBoundingClientRect();
    const x = event.clientX - rect.left;
    const y = event.clientY - rect.top;
    if (!press.picked) {
      camera().orbit(x - press.last[0], y - press.last[1]);
      press.last = [x, y];
      onOrbit();
      return;
    }
    const [dx, dy] = [x - press.x, y - press.y];
    if (editing() || Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    press.done = true;
    onTurn(dragMove(camera(), size(), canvas, press.picked, dx, dy));
  });
  const release = () => {
    if (press && press.picked && !press.done && editing()) onPaint(press.picked.index);
    press = null;
  };
  canvas.addEventListener('pointerup', release);
  canvas.addEventListener('pointercancel', () => {
    press = null;
  });
}
