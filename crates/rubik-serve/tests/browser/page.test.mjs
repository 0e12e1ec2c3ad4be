// The page in headless Chromium (playwright-core, the system's Chromium), against a running
// `rubik serve` at $RUBIK_URL; expected states come from the CLI at $RUBIK_BIN (`rubik apply`),
// never from the page itself. run.sh starts the server and sets both.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';

import { chromium } from 'playwright-core';

const BASE = process.env.RUBIK_URL;
const RUBIK = process.env.RUBIK_BIN;
const SHOTS = process.env.RUBIK_SHOTS; // a folder to keep screenshots in, if set
if (!BASE || !RUBIK) throw new Error('RUBIK_URL and RUBIK_BIN must be set (run.sh sets them)');

/** The CLI's answer, trimmed. */
function cli(...args) {
  return execFileSync(RUBIK, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** Whether every face of a facelet string shows one colour. */
function solved(state) {
  const n = Math.round(Math.sqrt(state.length / 6));
  return [...Array(6).keys()].every((f) => {
    const face = state.slice(f * n * n, (f + 1) * n * n);
    return face === face[0].repeat(n * n);
  });
}

let browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-dev-shm-usage'],
  });
});
after(async () => {
  await browser?.close();
});

/** Makes `page` find no WebGL2, as a browser without it does. */
async function withoutWebgl2(page) {
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
      return type === 'webgl2' ? null : getContext.call(this, type, ...rest);
    };
  });
}

/**
 * A new page at `query`, ready; `errors` collects page errors, console errors and failed loads
 * of anything but the API.
 */
async function open(query, { viewport = { width: 1100, height: 800 }, webgl2 = true } = {}) {
  const page = await browser.newPage({ viewport });
  if (!webgl2) await withoutWebgl2(page);
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    // A refused API request is an answer the page shows; any other failed load is an error.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.status() >= 400 && !pathname.startsWith('/api/')) {
      errors.push(`${response.status()} ${pathname}`);
    }
  });
  await page.goto(BASE + query);
  await page.waitForFunction(() => document.body.dataset.ready === '1');
  await idle(page);
  return { page, errors };
}

/** Waits until nothing is pending or playing; returns data-state. */
async function idle(page) {
  await page.waitForFunction(() => document.body.dataset.busy === '0' && document.body.dataset.state);
  return page.evaluate(() => document.body.dataset.state);
}

/** Types `alg` into "Moves", presses Enter and returns the settled state. */
async function typeMoves(page, alg) {
  const box = page.getByRole('textbox', { name: 'Moves' });
  await box.fill(alg);
  await box.press('Enter');
  return idle(page);
}

/** Drags from sticker `index`'s centre on the 3D view by (dx, dy) pixels. */
async function dragSticker(page, index, dx, dy) {
  const [x, y] = await page.evaluate((i) => window.__rubik.stickerPoint(i), index);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let k = 1; k <= 5; k++) await page.mouse.move(x + (dx * k) / 5, y + (dy * k) / 5);
  await page.mouse.up();
  return idle(page);
}

const button = (page, name) => page.getByRole('button', { name, exact: true });

test('the page loads solved, with every control named, and no errors', async () => {
  const { page, errors } = await open('/');
  assert.equal(await idle(page), cli('apply', ''));
  for (const name of ['Scramble', 'Solve', 'Reset', 'Undo', 'Redo', 'Play', 'Back', 'Step', 'End']) {
    assert.equal(await button(page, name).count(), 1, name);
  }
  assert.equal(await page.getByRole('textbox', { name: 'Moves' }).count(), 1);
  assert.equal(await page.getByRole('spinbutton', { name: 'Size' }).count(), 1);
  const webgl = await page.evaluate(() => !document.querySelector('.views').classList.contains('flat'));
  assert.ok(webgl, 'the 3D view runs (WebGL2)');
  assert.deepEqual(errors, []);
  await page.close();
});

const TYPED = [
  [2, "R U2 F' x y' R2 [R, U]"],
  [3, "R U R' U' M2 E S' [R, U] (F D)2 x 2R' Rw"],
  [4, "Rw U2 3Fw' 2-3r m' Lw2 d x 4R"],
  [7, "3Rw 2-5u' M E2 S 4F 7L' [3R, U2] m"],
  [17, "9R 2-16u' 5Fw2 M' 17D x [8Lw: 3U] s2"],
];

for (const [n, alg] of TYPED) {
  test(`typed moves on a ${n}×${n} give the CLI's state`, async () => {
    const { page, errors } = await open(`/?n=${n}&anim=0`);
    assert.equal(await idle(page), cli('apply', '--size', String(n), ''));
    assert.equal(await typeMoves(page, alg), cli('apply', '--size', String(n), alg));
    assert.equal(await page.getByRole('textbox', { name: 'Moves' }).inputValue(), '');
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('animated turns end on the server state (the drawn colours are checked against it)', async () => {
  const { page, errors } = await open('/?n=4');
  const alg = "Rw U' 2-3r x 3F2 D'";
  assert.equal(await typeMoves(page, alg), cli('apply', '--size', '4', alg));
  // Keys, once Escape has left the Moves box: i j k f is R U R' U'; a digit first picks the
  // layer (2 then i: 2R).
  await page.getByRole('textbox', { name: 'Moves' }).press('Escape');
  for (const key of ['i', 'j', 'k', 'f', '2', 'i']) await page.keyboard.press(key);
  assert.equal(await idle(page), cli('apply', '--size', '4', `${alg} R U R' U' 2R`));
  assert.deepEqual(errors, [], 'the page reports a drawn cube that differs from the server');
  await page.close();
});

test('dragging a sticker turns its layer, and a slice its slice', async () => {
  const { page, errors } = await open('/?anim=0');
  // F (row 1, column 2) is on the R layer: dragged up, R. F's centre is on the middle slice: M'.
  const f = (n, r, c) => 2 * n * n + r * n + c;
  assert.equal(await dragSticker(page, f(3, 1, 2), 0, -60), cli('apply', 'R'));
  assert.equal(await dragSticker(page, f(3, 1, 1), 0, -60), cli('apply', "R M'"));
  // F's top row dragged left: U (which takes F's stickers to L).
  assert.equal(await dragSticker(page, f(3, 0, 1), -60, 0), cli('apply', "R M' U"));
  await page.getByRole('spinbutton', { name: 'Size' }).fill('5');
  await page.getByRole('spinbutton', { name: 'Size' }).press('Enter');
  await page.waitForFunction(() => document.body.dataset.state?.length === 150);
  // On a 5×5, F's second column dragged down is the second layer from L, clockwise: 2L.
  assert.equal(await dragSticker(page, f(5, 2, 1), 0, 60), cli('apply', '--size', '5', '2L'));
  // Dragging the background orbits the view and turns nothing.
  await page.mouse.move(20, 120);
  await page.mouse.down();
  await page.mouse.move(120, 160);
  await page.mouse.up();
  assert.equal(await idle(page), cli('apply', '--size', '5', '2L'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('invalid notation shows the parser error and leaves the cube', async () => {
  const { page, errors } = await open('/?anim=0');
  assert.equal(await typeMoves(page, 'R U'), cli('apply', 'R U'));
  const box = page.getByRole('textbox', { name: 'Moves' });
  await box.fill("F R X'");
  // The error shows while typing, before Enter.
  await page.waitForFunction(() => document.getElementById('moves').getAttribute('aria-invalid') === 'true');
  await box.press('Enter');
  const alert = page.getByRole('alert');
  await page.waitForFunction(() => document.querySelector('[role=alert]').textContent.includes('X'));
  assert.match(await alert.textContent(), /column 5/);
  assert.equal(await box.getAttribute('aria-invalid'), 'true');
  assert.equal(await idle(page), cli('apply', 'R U'));
  assert.equal(await box.inputValue(), "F R X'");
  // Fixing it clears the error and applies.
  assert.equal(await typeMoves(page, "F R x'"), cli('apply', "R U F R x'"));
  assert.equal(await box.getAttribute('aria-invalid'), 'false');
  assert.equal(await alert.textContent(), '');
  assert.deepEqual(errors, []);
  await page.close();
});

test('undo and redo take back and replay whole actions', async () => {
  const { page } = await open('/?anim=0');
  await typeMoves(page, 'R U');
  await typeMoves(page, 'F');
  await button(page, 'Undo').click();
  assert.equal(await idle(page), cli('apply', 'R U'));
  await button(page, 'Undo').click();
  assert.equal(await idle(page), cli('apply', ''));
  await button(page, 'Redo').click();
  assert.equal(await idle(page), cli('apply', 'R U'));
  await page.locator('#cube3d').focus();
  await page.keyboard.press('Control+y');
  assert.equal(await idle(page), cli('apply', 'R U F'));
  await page.close();
});

for (const n of [3, 4]) {
  test(`scramble, solve and End give a solved ${n}×${n}; the playback steps through it`, async () => {
    const { page, errors } = await open(`/?n=${n}&anim=0`);
    await page.getByRole('textbox', { name: 'Seed' }).fill('11');
    await button(page, 'Scramble').click();
    const scrambled = await idle(page);
    const alg = cli('scramble', '--size', String(n), '--seed', '11');
    assert.equal(scrambled, cli('apply', '--size', String(n), alg));
    await button(page, 'Solve').click();
    await page.waitForFunction(() => document.querySelectorAll('#move-list button').length > 0,
      null, { timeout: 60_000 });
    assert.equal(await idle(page), scrambled, 'Solve alone does not move the cube');
    const moves = await page.locator('#move-list button').allTextContents();
    const stages = await page.locator('#stages span').allTextContents();
    assert.ok(stages.length >= 1 && stages.every((s) => s.length > 0), String(stages));
    await button(page, 'Step').click();
    assert.equal(await idle(page), cli('apply', '--from', scrambled, moves[0]));
    await button(page, 'End').click();
    const end = await idle(page);
    assert.ok(solved(end), end);
    assert.equal(end, cli('apply', '--from', scrambled, moves.join(' ')));
    await button(page, 'Back').click();
    assert.ok(!solved(await idle(page)));
    // Clicking a move jumps to the state after it; the scrubber jumps too.
    await page.locator('#move-list button').nth(2).click();
    assert.equal(await idle(page), cli('apply', '--from', scrambled, moves.slice(0, 3).join(' ')));
    assert.equal(await page.getByRole('listitem').locator('[aria-current=step]').textContent(), moves[2]);
    await page.getByRole('slider', { name: 'Position' }).fill('0');
    assert.equal(await idle(page), scrambled);
    await button(page, 'Play').click();
    await page.waitForFunction(() => document.getElementById('play').getAttribute('aria-pressed') === 'false');
    assert.ok(solved(await idle(page)));
    assert.deepEqual(errors, []);
    await page.close();
  });
}

/** How many pixels of a PNG (decoded in `page`) are near each colour times a light factor. */
async function colourCounts(page, png, hexes, minLight) {
  return page.evaluate(async ({ b64, hexes, minLight }) => {
    const image = new Image();
    image.src = `data:image/png;base64,${b64}`;
    await image.decode();
    const context = new OffscreenCanvas(image.width, image.height).getContext('2d');
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const colours = hexes.map((h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)));
    const counts = colours.map(() => 0);
    for (let p = 0; p < data.length; p += 4) {
      const px = [data[p], data[p + 1], data[p + 2]];
      colours.forEach((c, k) => {
        // px ≈ light·c with light in [minLight, 1.05] (the 3D view shades faces).
        const light = (px[0] * c[0] + px[1] * c[1] + px[2] * c[2]) / (c[0] ** 2 + c[1] ** 2 + c[2] ** 2);
        const off = Math.hypot(...px.map((v, i) => v - light * c[i]));
        if (light >= minLight && light <= 1.05 && off < 14) counts[k] += 1;
      });
    }
    return counts;
  }, { b64: png.toString('base64'), hexes, minLight });
}

const WESTERN = ['#ffffff', '#c41e3a', '#009e60', '#ffd500', '#ff5800', '#0051ba'];

test('a screenshot shows the cube: all six colours in the 3D view and the net', async () => {
  const { page, errors } = await open('/?n=3&seed=5&anim=0');
  const cube = await page.locator('#cube3d').screenshot();
  const counts3d = await colourCounts(page, cube, WESTERN, 0.55);
  const net = await page.locator('#net').screenshot();
  const countsNet = await colourCounts(page, net, WESTERN, 0.98);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/page-3.png` });
  }
  for (let k = 0; k < 6; k++) {
    assert.ok(counts3d[k] > 200, `3D view: colour ${WESTERN[k]}: ${counts3d}`);
    assert.ok(countsNet[k] > 200, `net: colour ${WESTERN[k]}: ${countsNet}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('big cubes draw every colour too (7×7 and 17×17)', async () => {
  for (const n of [7, 17]) {
    const { page, errors } = await open(`/?n=${n}&seed=2&anim=0`);
    const counts = await colourCounts(page, await page.locator('#cube3d').screenshot(), WESTERN, 0.55);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/page-${n}.png` });
    assert.ok(counts.every((c) => c > 100), `${n}: ${counts}`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the share link reloads to the same view', async () => {
  const { page } = await open('/?n=5&anim=0');
  await page.getByRole('combobox', { name: 'Scheme' }).selectOption('YOGWRB');
  await page.getByRole('textbox', { name: 'Seed' }).fill('7');
  await button(page, 'Scramble').click();
  await idle(page);
  const state = await typeMoves(page, "R U 2Rw'");
  const link = await page.evaluate(() => window.location.href);
  assert.ok(link.length < 200, link);
  const { page: again } = await open(new URL(link).search);
  assert.equal(await idle(again), state);
  assert.equal(await again.getByRole('combobox', { name: 'Scheme' }).inputValue(), 'YOGWRB');
  // A painted cube has no seed: its link holds the packed state, short even on a 17×17.
  await again.close();
  const big = await open('/?n=17&anim=0');
  await button(big.page, 'Paint').click();
  const [x, y] = await big.page.evaluate(() => window.__rubik.stickerPoint(2 * 289 + 5));
  await big.page.mouse.click(x, y);
  const painted = await idle(big.page);
  assert.notEqual(painted, cli('apply', '--size', '17', ''));
  const bigLink = await big.page.evaluate(() => window.location.href);
  assert.ok(bigLink.length < 900, bigLink);
  const { page: reloaded } = await open(new URL(bigLink).search);
  assert.equal(await idle(reloaded), painted);
  await big.page.close();
  await reloaded.close();
  await page.close();
});

test("the facelet editor shows the library's reason for an invalid cube", async () => {
  const { page, errors } = await open('/?anim=0');
  await button(page, 'Paint').click();
  await button(page, 'Paint red (R)').click();
  // Paint U's first sticker (a corner sticker) red: no such corner exists.
  const [x, y] = await page.evaluate(() => window.__rubik.stickerPoint(0));
  await page.mouse.click(x, y);
  const state = await idle(page);
  assert.equal(state, `R${cli('apply', '').slice(1)}`);
  await page.waitForFunction(() => document.getElementById('validity').textContent.length > 0);
  const reason = await page.locator('#validity').textContent();
  let cliMessage = '';
  try {
    cli('validate', state);
  } catch (error) {
    cliMessage = String(error.stderr);
  }
  assert.ok(reason.length > 0 && cliMessage.includes(reason), `${reason} / ${cliMessage}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('without WebGL2 the net alone shows the cube, and painting works on it', async () => {
  const { page, errors } = await open('/?n=3&anim=0', { webgl2: false });
  assert.ok(await page.evaluate(() => document.querySelector('.views').classList.contains('flat')));
  assert.equal(await typeMoves(page, "R U'"), cli('apply', "R U'"));
  const counts = await colourCounts(page, await page.locator('#net').screenshot(), WESTERN, 0.98);
  assert.ok(counts.every((c) => c > 200), String(counts));
  // Paint F's centre white: a cube with two white centres is refused, and says why.
  await button(page, 'Paint').click();
  await button(page, 'Paint white (U)').click();
  const box = await page.locator('#net').boundingBox();
  const centre = await page.evaluate(() => {
    const net = document.getElementById('net');
    const n = 3;
    const cell = Math.min((net.clientWidth - 12) / (4 * n), (net.clientHeight - 8) / (3 * n));
    const x0 = (net.clientWidth - (4 * n * cell + 12)) / 2;
    const y0 = (net.clientHeight - (3 * n * cell + 8)) / 2;
    // F is the second face of the middle row; its centre is 1.5 cells into it.
    return [x0 + (n * cell + 4) + 1.5 * cell, y0 + (n * cell + 4) + 1.5 * cell];
  });
  await page.mouse.click(box.x + centre[0], box.y + centre[1]);
  const state = await idle(page);
  const before = cli('apply', "R U'");
  assert.equal(state, `${before.slice(0, 22)}U${before.slice(23)}`);
  await page.waitForFunction(() => document.getElementById('validity').textContent.length > 0);
  assert.ok((await page.locator('#validity').textContent()).length > 0);
  assert.deepEqual(errors, []);
  await page.close();
});
