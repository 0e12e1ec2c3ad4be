// The orbit camera: the matrices that put the cube (doubled coordinates, see geometry.js) on the
// screen, the projection of a point to CSS pixels, and the ray under a pixel for picking.

const DEG = Math.PI / 180;

/** Column-major 4×4 product a·b. */
function multiply(a, b) {
  const out = new Float32Array(16);
  for (let col = 0; col < 4; col++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[k * 4 + row] * b[col * 4 + k];
      out[col * 4 + row] = sum;
    }
  }
  return out;
}

/** The rotation by `pitch` about x after `yaw` about y, as a column-major 3×3. */
function rotation(yaw, pitch) {
  const [cy, sy, cp, sp] = [Math.cos(yaw), Math.sin(yaw), Math.cos(pitch), Math.sin(pitch)];
  // Rx(pitch)·Ry(yaw), columns are the images of the x, y and z axes.
  return [cy, sp * sy, -cp * sy, 0, cp, sp, sy, -sp * cy, cp * cy];
}

/** A 3×3 (column-major) times a vector. */
function apply3(m, [x, y, z]) {
  return [
    m[0] * x + m[3] * y + m[6] * z,
    m[1] * x + m[4] * y + m[7] * z,
    m[2] * x + m[5] * y + m[8] * z,
  ];
}

/** The transpose of a column-major 3×3 times a vector (the inverse of a rotation). */
function applyTransposed3(m, [x, y, z]) {
  return [
    m[0] * x + m[1] * y + m[2] * z,
    m[3] * x + m[4] * y + m[5] * z,
    m[6] * x + m[7] * y + m[8] * z,
  ];
}

/** An orbit camera looking at the cube's centre; yaw and pitch in radians. */
export class Camera {
  constructor() {
    this.yaw = -35 * DEG;
    this.pitch = 28 * DEG;
    this.fov = 30 * DEG;
    this.distance = 6.6;
  }

  /** Orbits by a drag of (dx, dy) CSS pixels; the pitch stays within ±89°. */
  orbit(dx, dy) {
    this.yaw += dx * 0.4 * DEG;
    this.pitch = Math.max(-89 * DEG, Math.min(89 * DEG, this.pitch + dy * 0.4 * DEG));
  }

  /** The view rotation as a column-major 3×3. */
  rotation() {
    return rotation(this.yaw, this.pitch);
  }

  /** The half-extents of the view at unit distance, for a viewport of width/height `aspect`. */
  halfExtents(aspect) {
    // Fit the cube's bounding sphere into the shorter side.
    const t = Math.tan(this.fov / 2);
    return aspect >= 1 ? [t * aspect, t] : [t, t / aspect];
  }

  /** The matrix from doubled coordinates of a cube of size n to clip space. */
  matrix(n, aspect) {
    const [hx, hy] = this.halfExtents(aspect);
    const near = this.distance - 2;
    const far = this.distance + 2;
    const projection = new Float32Array([
      1 / hx, 0, 0, 0,
      0, 1 / hy, 0, 0,
      0, 0, -(far + near) / (far - near), -1,
      0, 0, (-2 * far * near) / (far - near), 0,
    ]);
    const r = this.rotation();
    const s = 1 / n;
    const view = new Float32Array([
      r[0] * s, r[1] * s, r[2] * s, 0,
      r[3] * s, r[4] * s, r[5] * s, 0,
      r[6] * s, r[7] * s, r[8] * s, 0,
      0, 0, -this.distance, 1,
    ]);
    return multiply(projection, view);
  }

  /** Point p (doubled coordinates) in CSS pixels of a width×height viewport. */
  project(n, p, width, height) {
    const [x, y, z] = apply3(this.rotation(), p).map((v) => v / n);
    const depth = this.distance - z;
    const [hx, hy] = this.halfExtents(width / height);
    return [((x / depth / hx + 1) / 2) * width, ((1 - y / depth / hy) / 2) * height];
  }

  /** The ray under CSS pixel (px, py), as origin and direction in doubled coordinates. */
  ray(n, px, py, width, height) {
    const [hx, hy] = this.halfExtents(width / height);
    const dir = [((2 * px) / width - 1) * hx, (1 - (2 * py) / height) * hy, -1];
    const r = this.rotation();
    const origin = applyTransposed3(r, [0, 0, this.distance]).map((v) => v * n);
    return { origin, dir: applyTransposed3(r, dir) };
  }
}

/** The sticker plane hit first by `ray` on a cube of size n: {normal, point}, or null. */
export function hitFace(n, { origin, dir }) {
  let best = null;
  for (let axis = 0; axis < 3; axis++) {
    for (const sign of [1, -1]) {
      if (dir[axis] * sign >= 0) continue; // the ray leaves through this plane, or runs along it
      const t = (sign * n - origin[axis]) / dir[axis];
      if (t <= 0 || (best && t >= best.t)) continue;
      const point = origin.map((o, i) => o + t * dir[i]);
      if (point.every((v, i) => i === axis || Math.abs(v) <= n)) {
        const normal = [0, 0, 0];
        normal[axis] = sign;
        best = { t, normal, point };
      }
    }
  }
  return best;
}
