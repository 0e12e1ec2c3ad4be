// The 3D view: WebGL2, one instanced draw of a unit quad for every sticker and for the black
// body (one box per slab while a block of layers turns). The turning block is rotated in the
// vertex shader, so an animation frame changes one uniform.

import { fitCanvas } from './canvas.js';
import { AXIS_INDEX, FACES, inBlock } from './geometry.js';

const VERTEX_SHADER = `#version 300 es
in vec2 a_corner;
in vec3 a_center;
in vec3 a_edge1;
in vec3 a_edge2;
in vec3 a_normal;
in vec2 a_paint; // colour index, 1 when in the turning block
uniform mat4 u_matrix;
uniform mat3 u_view;
uniform mat3 u_turn;
uniform vec3 u_palette[7];
out vec3 v_colour;
out vec2 v_uv;
out float v_light;
flat out int v_sticker;
void main() {
  vec3 p = a_center + a_corner.x * a_edge1 + a_corner.y * a_edge2;
  vec3 n = a_normal;
  if (a_paint.y > 0.5) { p = u_turn * p; n = u_turn * n; }
  gl_Position = u_matrix * vec4(p, 1.0);
  vec3 seen = u_view * n;
  v_light = 0.6 + 0.4 * max(dot(seen, normalize(vec3(0.35, 0.6, 1.0))), 0.0);
  int colour = int(a_paint.x + 0.5);
  v_colour = u_palette[colour];
  v_uv = a_corner;
  v_sticker = colour < 6 ? 1 : 0;
}`;

const FRAGMENT_SHADER = `#version 300 es
precision mediump float;
in vec3 v_colour;
in vec2 v_uv;
in float v_light;
flat in int v_sticker;
uniform vec3 u_plastic;
out vec4 colour;
void main() {
  vec3 c = v_colour;
  if (v_sticker == 1) {
    // A rounded square inside the cell; the plastic shows around it.
    vec2 q = abs(v_uv) - vec2(0.7);
    float d = length(max(q, 0.0)) - 0.2;
    float w = max(fwidth(d), 1e-4); // smoothstep needs edge0 < edge1
    c = mix(c, u_plastic, smoothstep(-w, w, d));
  }
  colour = vec4(c * v_light, 1.0);
}`;

/** Floats per instance in the geometry buffer: centre, two half-edges, normal. */
const GEOMETRY_FLOATS = 12;
/** Index of the plastic colour in the palette. */
const PLASTIC = 6;
/** At most three slabs of six faces each. */
const BODY_QUADS = 18;

function compile(gl, type, source) {
  const shader = gl.createShader(type);
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
    throw new Error(`shader: ${gl.getShaderInfoLog(shader)}`);
  }
  return shader;
}

/** "#rrggbb" as three floats in 0..1. */
export function rgb(hex) {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
}

/** The rotation of `angle` radians about `axis` (0, 1, 2), right-handed, column-major 3×3. */
function axisRotation(axis, angle) {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  if (axis === 0) return [1, 0, 0, 0, c, s, 0, -s, c];
  if (axis === 1) return [c, 0, -s, 0, 1, 0, s, 0, c];
  return [c, s, 0, -s, c, 0, 0, 0, 1];
}

/** The six faces of the box lo..hi (doubled coordinates, per axis) as quads. */
function boxQuads(lo, hi) {
  const quads = [];
  const centre = lo.map((l, i) => (l + hi[i]) / 2);
  const half = lo.map((l, i) => (hi[i] - l) / 2);
  for (let axis = 0; axis < 3; axis++) {
    for (const sign of [1, -1]) {
      const [u, v] = [0, 1, 2].filter((a) => a !== axis);
      const c = [...centre];
      c[axis] += sign * half[axis];
      const e1 = [0, 0, 0];
      const e2 = [0, 0, 0];
      const normal = [0, 0, 0];
      e1[u] = half[u];
      e2[v] = half[v];
      normal[axis] = sign;
      quads.push([...c, ...e1, ...e2, ...normal]);
    }
  }
  return quads;
}

/** The WebGL2 cube view on `canvas`; throws when WebGL2 is missing. */
export class GlRenderer {
  constructor(canvas) {
    const gl = canvas.getContext('webgl2', { antialias: true });
    if (!gl) throw new Error('WebGL2 is not available');
    this.canvas = canvas;
    this.gl = gl;
    const program = gl.createProgram();
    gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX_SHADER));
    gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT_SHADER));
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
      throw new Error(`program: ${gl.getProgramInfoLog(program)}`);
    }
    this.program = program;
    this.uniforms = {};
    for (const name of ['u_matrix', 'u_view', 'u_turn', 'u_palette', 'u_plastic']) {
      this.uniforms[name] = gl.getUniformLocation(program, name);
    }
    this.vao = gl.createVertexArray();
    gl.bindVertexArray(this.vao);
    const corners = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, corners);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
    this.attribute('a_corner', 2, 0, 0, 0);
    this.geometryBuffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this.geometryBuffer);
    const stride = GEOMETRY_FLOATS * 4;
    ['a_center', 'a_edge1', 'a_edge2', 'a_normal'].forEach((name, i) => {
      this.attribute(name, 3, stride, i * 12, 1);
    });
    this.paintBuffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this.paintBuffer);
    this.attribute('a_paint', 2, 8, 0, 1);
    gl.enable(gl.DEPTH_TEST);
    this.cube = null;
    this.turn = null;
    this.angle = 0;
    this.setPalette(['#ffffff', '#c41e3a', '#009e60', '#ffd500', '#ff5800', '#0051ba']);
  }

  attribute(name, size, stride, offset, divisor) {
    const { gl } = this;
    const location = gl.getAttribLocation(this.program, name);
    gl.enableVertexAttribArray(location);
    gl.vertexAttribPointer(location, size, gl.FLOAT, false, stride, offset);
    gl.vertexAttribDivisor(location, divisor);
  }

  /** Shows a cube of the given layout (geometry.js), every sticker in the plastic colour. */
  setCube(cube) {
    const { gl } = this;
    this.cube = cube;
    this.instances = cube.count + BODY_QUADS;
    const geometry = new Float32Array(this.instances * GEOMETRY_FLOATS);
    for (let i = 0; i < cube.count; i++) {
      const p = cube.positions.subarray(3 * i, 3 * i + 3);
      const normal = cube.normals.subarray(3 * i, 3 * i + 3);
      const axis = normal.findIndex((v) => v !== 0);
      const [u, v] = [0, 1, 2].filter((a) => a !== axis);
      const base = i * GEOMETRY_FLOATS;
      geometry.set(p, base);
      geometry[base + axis] += normal[axis] * 0.02; // just above the body
      geometry[base + 3 + u] = 0.98;
      geometry[base + 6 + v] = 0.98;
      geometry.set(normal, base + 9);
    }
    gl.bindBuffer(gl.ARRAY_BUFFER, this.geometryBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, geometry, gl.DYNAMIC_DRAW);
    this.paint = new Float32Array(this.instances * 2);
    this.colours = 'U'.repeat(cube.count);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.paintBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, this.paint, gl.DYNAMIC_DRAW);
    this.setTurn(null);
  }

  /** Six "#rrggbb" colours in face order U R F D L B. */
  setPalette(hexes) {
    this.palette = new Float32Array([...hexes.flatMap(rgb), ...rgb('#141414')]);
  }

  /** Paints the stickers with a facelet string. */
  setColours(state) {
    this.colours = state;
    for (let i = 0; i < this.cube.count; i++) this.paint[2 * i] = FACES.indexOf(state[i]);
    this.uploadPaint();
  }

  uploadPaint() {
    const { gl } = this;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.paintBuffer);
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, this.paint);
  }

  /**
   * Starts showing `turn` ({axis, first, last}) turned by setAngle, or none: marks the stickers
   * of its block and splits the body into the slabs before, in and after it.
   */
  setTurn(turn) {
    const { gl, cube } = this;
    this.turn = turn;
    this.angle = 0;
    const n = cube.n;
    const axis = turn ? AXIS_INDEX[turn.axis] : 0;
    // Slabs as layer ranges along the axis (layer 0 at the positive face).
    const slabs = turn
      ? [[0, turn.first - 1], [turn.first, turn.last], [turn.last + 1, n - 1]]
      : [[0, n - 1]];
    const quads = [];
    for (const [first, last] of slabs) {
      if (first > last) continue;
      const lo = [-n, -n, -n];
      const hi = [n, n, n];
      lo[axis] = n - 2 * (last + 1);
      hi[axis] = n - 2 * first;
      const moving = turn && first === turn.first ? 1 : 0;
      for (const quad of boxQuads(lo, hi)) quads.push({ quad, moving });
    }
    this.bodyQuads = quads.length;
    const geometry = new Float32Array(BODY_QUADS * GEOMETRY_FLOATS);
    quads.forEach(({ quad, moving }, k) => {
      geometry.set(quad, k * GEOMETRY_FLOATS);
      this.paint[2 * (cube.count + k)] = PLASTIC;
      this.paint[2 * (cube.count + k) + 1] = moving;
    });
    gl.bindBuffer(gl.ARRAY_BUFFER, this.geometryBuffer);
    gl.bufferSubData(gl.ARRAY_BUFFER, cube.count * GEOMETRY_FLOATS * 4, geometry);
    for (let i = 0; i < cube.count; i++) {
      this.paint[2 * i + 1] = turn && inBlock(cube, turn, i) ? 1 : 0;
    }
    this.uploadPaint();
  }

  /** The turning block's angle, in clockwise quarter turns seen from the axis's positive face. */
  setAngle(quarters) {
    this.angle = quarters;
  }

  /** Draws the cube as `camera` sees it, sized to the canvas's CSS box. */
  draw(camera) {
    const { gl, canvas, cube } = this;
    fitCanvas(canvas);
    const { width, height } = canvas;
    gl.viewport(0, 0, width, height);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    if (!cube) return;
    gl.useProgram(this.program);
    gl.uniformMatrix4fv(this.uniforms.u_matrix, false, camera.matrix(cube.n, width / height));
    gl.uniformMatrix3fv(this.uniforms.u_view, false, new Float32Array(camera.rotation()));
    const axis = this.turn ? AXIS_INDEX[this.turn.axis] : 0;
    const turn = axisRotation(axis, (-this.angle * Math.PI) / 2);
    gl.uniformMatrix3fv(this.uniforms.u_turn, false, new Float32Array(turn));
    gl.uniform3fv(this.uniforms.u_palette, this.palette);
    gl.uniform3fv(this.uniforms.u_plastic, this.palette.subarray(18, 21));
    gl.bindVertexArray(this.vao);
    gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, cube.count + this.bodyQuads);
  }
}
