// Sizing shared by both views: a canvas's backing store follows its CSS box and the screen's
// pixel ratio.

/** Resizes `canvas`'s backing store to its CSS box; returns the device pixels per CSS pixel. */
export function fitCanvas(canvas) {
  const scale = window.devicePixelRatio || 1;
  const width = Math.max(1, Math.round(canvas.clientWidth * scale));
  const height = Math.max(1, Math.round(canvas.clientHeight * scale));
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  return scale;
}
