/**
 * Draws every image the site ships as flat SVG illustrations and renders them
 * with sharp into `public/images/`.
 *
 * The site must not depend on stock photos or downloads, so every picture is
 * code: re-run `node --import tsx scripts/make-images.ts` after editing a
 * scene. Paths, sizes and captions come from `src/shared/images.ts`, so the
 * pages and the files on disk cannot disagree. Output is deterministic (no
 * Math.random) so re-running does not churn the committed binaries.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  aboutImage,
  appleTouchIcon,
  couponImage,
  faviconSvg,
  heroImage,
  localExpertsImage,
  serviceSlugs,
  shareImage,
  shareImageMeta,
  type ServiceSlug,
} from '../src/shared/images.ts';
import { serviceGalleries } from '../src/shared/service-galleries.ts';

const PUBLIC_DIR = fileURLToPath(new URL('../public', import.meta.url));

/* ------------------------------------------------------------------ */
/* Palette                                                             */
/* ------------------------------------------------------------------ */

const C = {
  navy: '#0b1a45',
  blue900: '#132a6b',
  blue800: '#1e3c95',
  blue600: '#2563eb',
  blue400: '#60a5fa',
  blue200: '#bfdbfe',
  blue100: '#dbeafe',
  blue50: '#eff6ff',
  orange: '#f97316',
  orangeDark: '#c2410c',
  orangeLight: '#fdba74',
  ink: '#0f172a',
  slate800: '#1e293b',
  slate700: '#334155',
  slate600: '#475569',
  slate500: '#64748b',
  slate400: '#94a3b8',
  slate300: '#cbd5e1',
  slate200: '#e2e8f0',
  slate100: '#f1f5f9',
  white: '#ffffff',
  red: '#dc2626',
  brass: '#d4a72c',
  grass: '#4caf50',
  grassDark: '#2f7d32',
  soil: '#8b5a3c',
  soilDark: '#5f3b25',
  sky: '#bae6fd',
} as const;

const SKIN = ['#8d5524', '#e0ac69', '#c68642', '#f1c27d'] as const;

/* ------------------------------------------------------------------ */
/* SVG plumbing (the markup kind)                                      */
/* ------------------------------------------------------------------ */

// Gradient ids must be unique within one document; a global counter is
// simplest and stays deterministic because scenes are built in a fixed order.
let idCounter = 0;
const uid = (prefix: string): string => `${prefix}${++idCounter}`;

type Stop = readonly [offset: number, color: string, opacity?: number];

interface Paint {
  readonly url: string;
  readonly def: string;
}

function stopsMarkup(stops: readonly Stop[]): string {
  return stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('');
}

/** Linear gradient; default runs top to bottom of the filled shape. */
function lg(
  stops: readonly Stop[],
  [x1, y1, x2, y2]: readonly [number, number, number, number] = [0, 0, 0, 1],
): Paint {
  const id = uid('g');
  return {
    url: `url(#${id})`,
    def: `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsMarkup(stops)}</linearGradient>`,
  };
}

function rg(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): Paint {
  const id = uid('r');
  return {
    url: `url(#${id})`,
    def: `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsMarkup(stops)}</radialGradient>`,
  };
}

const defs = (...paints: readonly Paint[]): string => `<defs>${paints.map((p) => p.def).join('')}</defs>`;

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ''): string =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`;
const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}" ${extra}/>`;
const stroke = (d: string, color: string, width: number, extra = ''): string =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" ${extra}/>`;
const g = (transform: string, ...children: readonly string[]): string =>
  `<g transform="${transform}">${children.join('')}</g>`;
const at = (x: number, y: number, s = 1): string => `translate(${x} ${y}) scale(${s})`;

function svgDoc(width: number, height: number, body: string, viewW = width, viewH = height): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${viewW} ${viewH}">` +
    body +
    `</svg>`
  );
}

/** Mixes a hex colour towards black (amount < 0) or white (amount > 0). */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  const mix = (c: number): number => Math.round(c + (target - c) * t);
  const r = mix((n >> 16) & 255);
  const gr = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `#${((r << 16) | (gr << 8) | b).toString(16).padStart(6, '0')}`;
}

/** Small seeded PRNG so scattered details (stars, pebbles, houses) are stable between runs. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/* ------------------------------------------------------------------ */
/* Reusable pieces                                                     */
/* ------------------------------------------------------------------ */

interface PipeStyle {
  readonly base: string;
  readonly shade: string;
  readonly shine: string;
}

const PIPE = {
  copper: { base: '#c7783f', shade: '#8a4b1f', shine: '#f0b27a' },
  pvc: { base: '#f1f5f9', shade: '#94a3b8', shine: '#ffffff' },
  blue: { base: '#2f6fe0', shade: '#1e3c95', shine: '#93c5fd' },
  iron: { base: '#4b5563', shade: '#1f2937', shine: '#9ca3af' },
  clay: { base: '#a0522d', shade: '#6b3419', shine: '#d08a5c' },
  chrome: { base: '#cbd5e1', shade: '#64748b', shine: '#ffffff' },
  pexRed: { base: '#ef4444', shade: '#991b1b', shine: '#fca5a5' },
  pexBlue: { base: '#3b82f6', shade: '#1e40af', shine: '#bfdbfe' },
} as const satisfies Record<string, PipeStyle>;

/** Three stacked strokes read as a rounded tube at any size. */
function pipe(d: string, width: number, s: PipeStyle): string {
  const common = 'fill="none" stroke-linejoin="round"';
  return (
    `<path d="${d}" ${common} stroke="${s.shade}" stroke-width="${width}"/>` +
    `<path d="${d}" ${common} stroke="${s.base}" stroke-width="${width * 0.72}"/>` +
    `<path d="${d}" ${common} stroke="${s.shine}" stroke-width="${width * 0.16}" opacity="0.75"/>`
  );
}

function fitting(x: number, y: number, width: number, s: PipeStyle): string {
  const f = width * 1.4;
  return (
    rect(x - f / 2, y - f / 2, f, f, s.shade, `rx="${f * 0.22}"`) +
    rect(x - f / 2 + 3, y - f / 2 + 3, f - 6, f - 6, s.base, `rx="${f * 0.18}"`)
  );
}

/** Quarter-turn ball valve; `angle` rotates the lever (0 = lever along +x). */
function valve(x: number, y: number, size: number, handle: string, angle = 0): string {
  return g(
    `translate(${x} ${y})`,
    rect(-size * 0.8, -size * 0.6, size * 1.6, size * 1.2, '#a9841f', `rx="${size * 0.25}"`),
    rect(-size * 0.65, -size * 0.48, size * 1.3, size * 0.96, C.brass, `rx="${size * 0.2}"`),
    g(
      `rotate(${angle})`,
      rect(-size * 0.2, -size * 0.25, size * 2.4, size * 0.5, handle, `rx="${size * 0.25}"`),
      circle(0, 0, size * 0.32, shade(handle, -0.3)),
    ),
  );
}

/**
 * Combination wrench outline in units of the head radius (head at origin,
 * handle along +x, box end at `len`). One path so it can take a single
 * outline stroke via paint-order.
 */
function wrenchPath(len: number): string {
  const R = 1;
  const a = 0.42; // half-width of the open jaw
  const s = +Math.sqrt(R * R - a * a).toFixed(3);
  const jawDepth = 0.25;
  const hw = 0.3;
  const ro = 0.75;
  const ri = 0.4;
  const handleEnd = +(len - (Math.sqrt(ro * ro - hw * hw) + Math.sqrt(ri * ri - hw * hw)) / 2).toFixed(3);
  const head = `M${-s} ${-a}L${jawDepth} ${-a}L${jawDepth} ${a}L${-s} ${a}A${R} ${R} 0 1 0 ${-s} ${-a}Z`;
  const handle = `M${jawDepth + 0.2} ${-hw}L${jawDepth + 0.2} ${hw}L${handleEnd} ${hw}L${handleEnd} ${-hw}Z`;
  const ring =
    `M${len + ro} 0A${ro} ${ro} 0 1 0 ${len - ro} 0A${ro} ${ro} 0 1 0 ${len + ro} 0Z` +
    `M${len + ri} 0A${ri} ${ri} 0 1 1 ${len - ri} 0A${ri} ${ri} 0 1 1 ${len + ri} 0Z`;
  // Trim float noise such as 5.6000000000000005 from the shipped favicon.svg.
  return (head + handle + ring).replace(/\d+\.\d{4,}/g, (n) => String(+Number(n).toFixed(3)));
}

function wrench(x: number, y: number, angle: number, scale: number, fill: string, outline?: string): string {
  const outlineAttr = outline
    ? `stroke="${outline}" stroke-width="${0.28}" paint-order="stroke" stroke-linejoin="round"`
    : '';
  return g(`translate(${x} ${y}) rotate(${angle}) scale(${scale})`, path(wrenchPath(5.2), fill, outlineAttr));
}

/**
 * Pipe wrench (the plumber's classic). Local origin is the centre of the
 * gripped pipe (radius up to ~30); the jaws open towards -x and the handle
 * runs along +x, offset below the pipe as on the real tool.
 */
function pipeWrench(x: number, y: number, angle: number, scale: number): string {
  const jaw = '#6b7280';
  const jawLight = '#9ca3af';
  const teeth = (y0: number, dir: 1 | -1): string =>
    [0, 1, 2, 3, 4, 5].map((i) => path(`M${-44 + i * 14} ${y0}l7 ${dir * 7}l7 ${-dir * 7}z`, jaw)).join('');
  return g(
    `translate(${x} ${y}) rotate(${angle}) scale(${scale})`,
    // handle and the frame that carries the heel jaw
    rect(80, 38, 320, 32, C.orange, 'rx="16"'),
    rect(96, 44, 280, 7, C.orangeLight, 'rx="3.5" opacity="0.7"'),
    rect(372, 36, 40, 36, C.orangeDark, 'rx="12"'),
    rect(28, 30, 84, 46, jaw, 'rx="8"'),
    path('M-50 30 L40 30 L40 52 L-40 52 Q-50 52 -50 42 Z', jaw),
    rect(-46, 30, 84, 5, jawLight),
    teeth(30, -1),
    // hook jaw: shank right of the pipe, jaw over the top of it
    rect(40, -66, 26, 100, jaw, 'rx="5"'),
    path('M-50 -66 L66 -66 L66 -36 L-40 -36 Q-50 -36 -50 -46 Z', jaw),
    rect(-46, -41, 84, 5, jawLight),
    teeth(-36, 1),
    // knurled adjusting nut on the shank
    rect(32, -16, 42, 30, '#4b5563', 'rx="6"'),
    ...[0, 1, 2, 3].map((i) => rect(32, -12 + i * 7, 42, 3, '#374151')),
  );
}

const DROP_D = 'M0 -50 C14 -30 34 -8 34 14 A34 34 0 0 1 -34 14 C-34 -8 -14 -30 0 -50 Z';

function drop(x: number, y: number, scale: number, fill: string, extra = ''): string {
  return g(
    at(x, y, scale),
    path(DROP_D, fill, extra),
    ellipse(-14, 12, 6, 11, '#ffffff', 'opacity="0.45" transform="rotate(20 -14 12)"'),
  );
}

/** Four-point sparkle, used to say "clean / fixed" without words. */
function sparkle(x: number, y: number, size: number, fill = '#ffffff'): string {
  const s = size;
  const q = size * 0.22;
  return path(
    `M${x} ${y - s}Q${x + q} ${y - q} ${x + s} ${y}Q${x + q} ${y + q} ${x} ${y + s}Q${x - q} ${y + q} ${x - s} ${y}Q${x - q} ${y - q} ${x} ${y - s}Z`,
    fill,
  );
}

type Pose = 'stand' | 'wave' | 'wrench' | 'clipboard';

interface PersonOptions {
  readonly skin: string;
  readonly pose?: Pose;
  readonly shirt?: string;
  readonly pants?: string;
  readonly cap?: string;
}

/**
 * Friendly flat technician, about 370 units tall, origin at the feet.
 * Simple dot eyes and a smile keep it approachable without a detailed face.
 */
function technician(x: number, y: number, scale: number, o: PersonOptions): string {
  const shirt = o.shirt ?? C.blue600;
  const sleeve = shade(shirt, -0.12);
  const pants = o.pants ?? C.slate800;
  const cap = o.cap ?? C.blue800;
  const pose = o.pose ?? 'stand';

  const leftArm = pose === 'clipboard' ? 'M-54 -262 Q-74 -215 -30 -200' : 'M-54 -262 Q-78 -210 -70 -154';
  const leftHand: readonly [number, number] = pose === 'clipboard' ? [-24, -200] : [-70, -146];
  let rightArm = 'M54 -262 Q78 -210 70 -154';
  let rightHand: readonly [number, number] = [70, -146];
  let prop = '';
  if (pose === 'wave') {
    rightArm = 'M54 -262 Q96 -290 98 -352';
    rightHand = [98, -362];
  } else if (pose === 'wrench') {
    rightArm = 'M54 -262 Q92 -230 84 -190';
    rightHand = [84, -184];
    prop = wrench(84, -184, -62, 15, '#9ca3af', '#475569');
  }
  if (pose === 'clipboard') {
    prop =
      rect(-44, -250, 66, 86, '#b45309', 'rx="6" transform="rotate(-8 -11 -207)"') +
      rect(-38, -242, 54, 72, '#ffffff', 'rx="3" transform="rotate(-8 -11 -207)"') +
      rect(-20, -256, 20, 12, C.slate500, 'rx="3" transform="rotate(-8 -11 -207)"') +
      [0, 1, 2, 3]
        .map((i) =>
          rect(-32, -228 + i * 14, 40 - (i % 2) * 12, 4, C.slate300, 'transform="rotate(-8 -11 -207)"'),
        )
        .join('');
  }

  return g(
    at(x, y, scale),
    ellipse(0, 0, 80, 12, '#000000', 'opacity="0.16"'),
    // legs and shoes
    rect(-44, -156, 40, 148, pants, 'rx="14"'),
    rect(4, -156, 40, 148, pants, 'rx="14"'),
    rect(-52, -18, 52, 18, '#111827', 'rx="9"'),
    rect(2, -18, 52, 18, '#111827', 'rx="9"'),
    // torso, collar, belt and chest patch
    path('M-60 -150 L-60 -248 Q-60 -282 -28 -284 L28 -284 Q60 -282 60 -248 L60 -150 Z', shirt),
    path('M-18 -284 L0 -258 L18 -284 Z', shade(shirt, 0.25)),
    rect(-60, -164, 120, 16, '#1f2937'),
    rect(-10, -166, 20, 20, C.orange, 'rx="3"'),
    rect(16, -250, 28, 16, C.orange, 'rx="4"'),
    rect(-60, -150, 120, 8, pants),
    // arms (darker sleeves so they separate from the torso)
    stroke(leftArm, sleeve, 28),
    stroke(rightArm, sleeve, 28),
    prop,
    circle(leftHand[0], leftHand[1], 14, o.skin),
    circle(rightHand[0], rightHand[1], 14, o.skin),
    // neck, head, ears, face
    rect(-12, -304, 24, 24, shade(o.skin, -0.12)),
    circle(-37, -326, 8, shade(o.skin, -0.08)),
    circle(37, -326, 8, shade(o.skin, -0.08)),
    circle(0, -328, 37, o.skin),
    circle(-13, -322, 4, '#1f2937'),
    circle(13, -322, 4, '#1f2937'),
    stroke('M-13 -306 Q0 -296 13 -306', '#1f2937', 3.5),
    circle(-24, -310, 6, '#f87171', 'opacity="0.25"'),
    circle(24, -310, 6, '#f87171', 'opacity="0.25"'),
    // cap with brim
    path('M-39 -334 A39 39 0 0 1 39 -334 Z', cap),
    ellipse(0, -334, 46, 8, shade(cap, -0.25)),
    circle(0, -368, 5, C.orange),
  );
}

/** Service van facing right, origin at ground below the rear bumper, ~440 long. */
function van(x: number, y: number, scale: number): string {
  const body = lg([
    [0, '#ffffff'],
    [1, '#dfe6f0'],
  ]);
  const glass = lg([
    [0, '#9cc3f5'],
    [1, '#3f6fb5'],
  ]);
  const wheel = (cx: number): string =>
    circle(cx, -32, 40, '#1f2937') +
    circle(cx, -32, 32, '#111827') +
    circle(cx, -32, 15, '#9ca3af') +
    circle(cx, -32, 6, '#4b5563');
  return g(
    at(x, y, scale),
    defs(body, glass),
    ellipse(220, 0, 240, 12, '#000000', 'opacity="0.18"'),
    // ladder rack
    rect(40, -232, 230, 7, C.slate400, 'rx="3"'),
    rect(60, -226, 6, 12, C.slate500),
    rect(240, -226, 6, 12, C.slate500),
    path(
      'M0 -40 L0 -200 Q0 -215 15 -215 L292 -215 Q310 -215 322 -200 L372 -132 L424 -120 Q440 -116 440 -100 L440 -46 Q440 -40 434 -40 Z',
      body.url,
      `stroke="${C.slate300}" stroke-width="2"`,
    ),
    path('M300 -202 L350 -134 L300 -134 Z', glass.url),
    rect(238, -202, 52, 62, glass.url, 'rx="6"'),
    rect(290, -200, 3, 150, C.slate300),
    rect(234, -130, 2, 80, C.slate300),
    // brand stripes
    rect(0, -114, 432, 20, C.blue600),
    rect(0, -92, 432, 8, C.orange),
    // round logo badge: drop and wrench, no lettering
    circle(130, -160, 34, C.blue800),
    drop(130, -158, 0.6, '#ffffff'),
    rect(420, -104, 16, 12, '#fde68a', 'rx="3"'),
    rect(0, -104, 6, 14, C.red),
    rect(404, -52, 36, 12, C.slate400, 'rx="4"'),
    rect(-4, -52, 30, 12, C.slate400, 'rx="4"'),
    wheel(90),
    wheel(350),
  );
}

interface HouseOptions {
  readonly wall: string;
  readonly roof: string;
  readonly door: string;
  readonly glass: string;
  readonly trim?: string;
}

/** Two-window craftsman house, origin bottom-left, 420 wide x ~360 tall. */
function house(x: number, y: number, scale: number, o: HouseOptions): string {
  const trim = o.trim ?? '#ffffff';
  const win = (wx: number): string =>
    rect(wx - 16, -178, 14, 92, shade(o.roof, 0.1)) +
    rect(wx + 82, -178, 14, 92, shade(o.roof, 0.1)) +
    rect(wx, -178, 80, 92, trim) +
    rect(wx + 6, -172, 32, 38, o.glass) +
    rect(wx + 42, -172, 32, 38, o.glass) +
    rect(wx + 6, -130, 32, 38, o.glass) +
    rect(wx + 42, -130, 32, 38, o.glass);
  return g(
    at(x, y, scale),
    rect(318, -350, 36, 90, shade(o.wall, -0.35)),
    rect(312, -356, 48, 12, shade(o.wall, -0.45)),
    rect(0, -232, 420, 232, o.wall),
    rect(0, -232, 420, 14, '#000000', 'opacity="0.08"'),
    path('M-32 -226 L210 -362 L452 -226 Z', o.roof),
    path('M-32 -226 L210 -362 L452 -226 L440 -226 L210 -350 L-20 -226 Z', shade(o.roof, 0.18)),
    circle(210, -276, 22, trim),
    circle(210, -276, 16, o.glass),
    win(48),
    win(292),
    rect(176, -142, 68, 142, trim),
    rect(184, -134, 52, 134, o.door),
    circle(226, -66, 4, C.brass),
    rect(160, -12, 100, 12, shade(o.wall, -0.2)),
  );
}

function roundTree(x: number, y: number, scale: number, leaf: string): string {
  return g(
    at(x, y, scale),
    rect(-9, -80, 18, 80, '#6b4226'),
    circle(0, -120, 52, shade(leaf, -0.12)),
    circle(-34, -96, 38, leaf),
    circle(32, -100, 40, leaf),
    circle(0, -140, 40, shade(leaf, 0.12)),
  );
}

/** Georgia loblolly-style pine: stacked triangles. */
function pine(x: number, y: number, scale: number, leaf: string): string {
  return g(
    at(x, y, scale),
    rect(-8, -50, 16, 50, '#5b3a22'),
    path('M0 -260 L50 -170 L-50 -170 Z', shade(leaf, 0.1)),
    path('M0 -210 L62 -110 L-62 -110 Z', leaf),
    path('M0 -150 L74 -46 L-74 -46 Z', shade(leaf, -0.1)),
  );
}

function cloud(x: number, y: number, scale: number, fill = '#ffffff', opacity = 1): string {
  return g(
    at(x, y, scale),
    `<g opacity="${opacity}">` +
      ellipse(0, 0, 70, 26, fill) +
      circle(-26, -14, 28, fill) +
      circle(18, -22, 34, fill) +
      `</g>`,
  );
}

function shrub(x: number, y: number, scale: number, leaf: string): string {
  return g(
    at(x, y, scale),
    circle(-30, -24, 30, shade(leaf, -0.1)),
    circle(30, -24, 30, shade(leaf, -0.1)),
    circle(0, -36, 38, leaf),
  );
}

/** Cylinder shading: light band left of centre, dark edges. */
function cylinderPaint(base: string): Paint {
  return lg(
    [
      [0, shade(base, -0.28)],
      [0.32, shade(base, 0.35)],
      [0.55, base],
      [1, shade(base, -0.35)],
    ],
    [0, 0, 1, 0],
  );
}

interface HeaterOptions {
  readonly body: string;
  readonly kind: 'gas' | 'electric';
}

/** Tank water heater, origin at floor centre, ~180 wide, ~400 tall (gas vent adds more). */
function waterHeater(x: number, y: number, scale: number, o: HeaterOptions): string {
  const body = cylinderPaint(o.body);
  const top = shade(o.body, -0.08);
  const parts: string[] = [defs(body)];
  parts.push(ellipse(0, -4, 118, 12, '#000000', 'opacity="0.15"'));
  parts.push(rect(-112, -22, 224, 22, C.slate400, 'rx="4"'), rect(-112, -22, 224, 6, C.slate300, 'rx="3"'));
  parts.push(rect(-90, -380, 180, 362, body.url, 'rx="22"'));
  parts.push(ellipse(0, -378, 88, 14, top));
  parts.push(stroke('M-90 -344 Q0 -330 90 -344', shade(o.body, -0.3), 3, 'opacity="0.6"'));
  parts.push(stroke('M-90 -50 Q0 -36 90 -50', shade(o.body, -0.3), 3, 'opacity="0.6"'));
  // rating plate: grey bars stand in for text
  parts.push(rect(-48, -290, 84, 96, '#ffffff', `rx="6" stroke="${C.slate300}" stroke-width="2"`));
  parts.push(
    rect(-38, -276, 50, 8, C.blue600),
    ...[0, 1, 2, 3, 4].map((i) => rect(-38, -258 + i * 12, 64 - (i % 3) * 12, 5, C.slate300)),
  );
  // T&P relief valve and its discharge pipe down the side
  parts.push(pipe('M108 -300 L108 -40', 12, PIPE.copper));
  parts.push(rect(82, -312, 30, 22, C.brass, 'rx="4"'), rect(96, -328, 8, 18, C.brass));
  // supply lines on top with coloured shut-off handles
  parts.push(pipe('M-50 -384 L-50 -520', 18, PIPE.copper), pipe('M50 -384 L50 -520', 18, PIPE.copper));
  parts.push(valve(-50, -460, 14, C.blue600, -90), valve(50, -460, 14, C.red, -90));
  if (o.kind === 'gas') {
    parts.push(rect(-14, -480, 28, 96, C.slate400), rect(-24, -404, 48, 18, C.slate500, 'rx="3"'));
    parts.push(rect(-14, -560, 28, 80, C.slate400));
    parts.push(
      rect(-32, -120, 64, 52, '#1f2937', 'rx="8"'),
      circle(-6, -94, 12, C.red),
      rect(14, -110, 10, 30, '#4b5563', 'rx="3"'),
    );
    parts.push(rect(-44, -62, 88, 30, shade(o.body, -0.2), 'rx="4"'));
    parts.push(pipe('M-32 -92 L-150 -92', 14, PIPE.iron), valve(-118, -92, 10, '#facc15', -90));
  } else {
    parts.push(
      rect(-34, -410, 40, 30, C.slate400, 'rx="4"'),
      stroke('M-14 -410 Q-14 -470 -40 -520', C.slate500, 8),
    );
    parts.push(
      rect(-36, -140, 72, 44, shade(o.body, -0.18), 'rx="6"'),
      rect(-36, -80, 72, 40, shade(o.body, -0.18), 'rx="6"'),
    );
  }
  return g(at(x, y, scale), ...parts);
}

/** Wall-hung tankless unit, origin top-left of the case, 200 x 280. */
function tanklessUnit(x: number, y: number, scale: number, accent: string): string {
  const body = lg(
    [
      [0, '#ffffff'],
      [1, '#d5dce6'],
    ],
    [0, 0, 1, 1],
  );
  return g(
    at(x, y, scale),
    defs(body),
    rect(8, 10, 200, 280, '#000000', 'rx="18" opacity="0.12"'),
    rect(0, 0, 200, 280, body.url, `rx="18" stroke="${C.slate300}" stroke-width="3"`),
    rect(16, 16, 168, 248, 'none', `rx="12" stroke="${C.slate200}" stroke-width="3"`),
    rect(0, 200, 200, 10, accent),
    rect(50, 64, 100, 60, '#0f172a', 'rx="10"'),
    // flame icon and level bars on the display, no digits
    path('M78 112 C66 100 70 88 80 78 C80 90 88 92 88 84 C96 92 96 106 86 112 Z', C.orange),
    ...[0, 1, 2, 3].map((i) => rect(102 + i * 10, 104 - i * 8, 6, 10 + i * 8, C.blue400, 'rx="2"')),
    circle(80, 150, 9, C.slate300),
    circle(120, 150, 9, C.slate300),
    rect(64, 236, 72, 8, C.slate300, 'rx="4"'),
  );
}

/** Soil cross-section band with scattered pebbles. */
function soil(y: number, h: number, width: number, seed: number): string {
  const paint = lg([
    [0, '#9a6240'],
    [0.5, '#7c4a2d'],
    [1, '#5b3520'],
  ]);
  const rand = rng(seed);
  const pebbles: string[] = [];
  for (let i = 0; i < 70; i++) {
    const px = rand() * width;
    const py = y + 30 + rand() * (h - 40);
    const r = 3 + rand() * 7;
    pebbles.push(ellipse(px, py, r * 1.3, r, rand() > 0.5 ? '#a9745a' : '#4a2c1a', 'opacity="0.55"'));
  }
  return defs(paint) + rect(0, y, width, h, paint.url) + pebbles.join('');
}

function grassStrip(y: number, width: number, h = 26): string {
  const blades: string[] = [];
  for (let x = 0; x < width; x += 14) {
    blades.push(`M${x} ${y + 4} l6 -14 l6 14`);
  }
  return (
    rect(0, y, width, h, C.grass) + path(blades.join(''), C.grass) + rect(0, y + h - 6, width, 6, C.grassDark)
  );
}

function tilePattern(size: number, tile: string, grout: string): Paint {
  const id = uid('p');
  return {
    url: `url(#${id})`,
    def:
      `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${size}" height="${size}">` +
      rect(0, 0, size, size, grout) +
      rect(1.5, 1.5, size - 3, size - 3, tile, `rx="2"`) +
      `</pattern>`,
  };
}

function brickPattern(): Paint {
  const id = uid('p');
  const brick = (x: number, y: number, c: string): string => rect(x + 2, y + 2, 76, 26, c, 'rx="2"');
  return {
    url: `url(#${id})`,
    def:
      `<pattern id="${id}" patternUnits="userSpaceOnUse" width="160" height="60">` +
      rect(0, 0, 160, 60, '#d6c6b8') +
      brick(0, 0, '#b5533c') +
      brick(80, 0, '#a44a35') +
      brick(-40, 30, '#a84d37') +
      brick(40, 30, '#bb5a42') +
      brick(120, 30, '#ad4f39') +
      `</pattern>`,
  };
}

/** Interior: painted wall gradient over a floor, with a baseboard. */
function room(wallTop: string, wallBottom: string, floor: string, floorY: number, w = 960, h = 640): string {
  const wall = lg([
    [0, wallTop],
    [1, wallBottom],
  ]);
  const fl = lg([
    [0, floor],
    [1, shade(floor, -0.18)],
  ]);
  return (
    defs(wall, fl) +
    rect(0, 0, w, floorY, wall.url) +
    rect(0, floorY, w, h - floorY, fl.url) +
    rect(0, floorY - 14, w, 14, '#ffffff', 'opacity="0.85"')
  );
}

function sky(w: number, h: number, top: string, bottom: string): string {
  const p = lg([
    [0, top],
    [1, bottom],
  ]);
  return defs(p) + rect(0, 0, w, h, p.url);
}

function toolbox(x: number, y: number, scale: number): string {
  return g(
    at(x, y, scale),
    ellipse(70, 0, 80, 8, '#000000', 'opacity="0.15"'),
    rect(0, -80, 140, 80, C.red, 'rx="8"'),
    rect(0, -80, 140, 22, shade(C.red, -0.2), 'rx="8"'),
    stroke('M40 -80 L40 -100 L100 -100 L100 -80', C.slate700, 8),
    rect(60, -64, 20, 10, C.slate300, 'rx="2"'),
  );
}

/* ------------------------------------------------------------------ */
/* Scenes: service galleries (960 x 640)                               */
/* ------------------------------------------------------------------ */

const GW = 960;
const GH = 640;

type Scene = () => string;

const residential: readonly Scene[] = [
  // Pipe wrench on a copper fitting against a tiled wall.
  () => {
    const tiles = tilePattern(80, '#eaf1fb', '#c9d6ea');
    const vignette = rg(
      [
        [0.6, '#0b1a45', 0],
        [1, '#0b1a45', 0.35],
      ],
      0.5,
      0.5,
      0.75,
    );
    return [
      defs(tiles, vignette),
      rect(0, 0, GW, GH, tiles.url),
      pipe('M-20 300 L980 300', 44, PIPE.copper),
      pipe('M240 -20 L240 300', 40, PIPE.copper),
      pipe('M560 300 L560 660', 40, PIPE.copper),
      fitting(240, 300, 44, PIPE.copper),
      fitting(560, 300, 44, PIPE.copper),
      valve(560, 470, 26, C.orange, 180),
      rect(40, 250, 16, 100, C.slate400, 'rx="4"'),
      rect(900, 250, 16, 100, C.slate400, 'rx="4"'),
      // tee whose branch points at the viewer, so the wrench can grip it end-on
      fitting(720, 300, 58, PIPE.copper),
      circle(720, 298, 31, PIPE.copper.shade),
      circle(720, 298, 25, PIPE.copper.base),
      circle(720, 298, 14, '#5b2f12'),
      pipeWrench(720, 298, 50, 1.0),
      drop(640, 392, 0.34, C.blue400, 'opacity="0.9"'),
      drop(612, 440, 0.24, C.blue400, 'opacity="0.7"'),
      sparkle(800, 200, 16, C.orange),
      sparkle(690, 180, 10, C.orange),
      rect(0, 0, GW, GH, vignette.url),
    ].join('');
  },
  // Bathroom remodel: vanity, faucet, mirror, toilet.
  () => {
    const tiles = tilePattern(64, '#ffffff', '#d5e3e2');
    const mirror = lg([
      [0, '#e0f2fe'],
      [1, '#9ccbe8'],
    ]);
    const vanityWood = lg([
      [0, '#2a4a8a'],
      [1, C.blue900],
    ]);
    return [
      defs(tiles, mirror, vanityWood),
      rect(0, 0, GW, 300, '#cfe8e6'),
      rect(0, 300, GW, 280, tiles.url),
      rect(0, 296, GW, 8, '#9cc7c3'),
      rect(0, 580, GW, 60, '#b9a48d'),
      rect(0, 580, GW, 6, '#9c8670'),
      // mirror and light
      ellipse(340, 200, 120, 140, '#c9a96e'),
      ellipse(340, 200, 108, 128, mirror.url),
      path('M270 120 L300 100 L290 170 Z', '#ffffff', 'opacity="0.4"'),
      rect(250, 20, 180, 20, C.slate300, 'rx="10"'),
      ...[280, 340, 400].map((cx) => circle(cx, 46, 12, '#fef3c7')),
      // vanity with counter and vessel sink
      rect(160, 380, 360, 200, vanityWood.url, 'rx="6"'),
      rect(176, 396, 160, 170, 'none', `stroke="${C.blue600}" stroke-width="4" rx="4"`),
      rect(344, 396, 160, 170, 'none', `stroke="${C.blue600}" stroke-width="4" rx="4"`),
      rect(310, 470, 16, 40, C.brass, 'rx="4"'),
      rect(354, 470, 16, 40, C.brass, 'rx="4"'),
      rect(140, 360, 400, 24, '#f8fafc', `rx="6" stroke="${C.slate300}" stroke-width="2"`),
      path(
        'M270 360 Q270 318 340 318 Q410 318 410 360 Z',
        '#ffffff',
        `stroke="${C.slate300}" stroke-width="3"`,
      ),
      // chrome faucet
      rect(420, 300, 14, 60, C.slate400, 'rx="5"'),
      stroke('M427 304 Q427 270 395 270 L380 272', C.slate400, 14),
      rect(420, 322, 36, 8, C.slate500, 'rx="4"'),
      sparkle(380, 250, 14, C.orange),
      sparkle(455, 282, 9, C.orange),
      // toilet
      rect(700, 330, 140, 90, '#ffffff', `rx="12" stroke="${C.slate300}" stroke-width="3"`),
      rect(690, 320, 160, 16, '#f1f5f9', `rx="6" stroke="${C.slate300}" stroke-width="3"`),
      rect(812, 350, 20, 8, C.slate400, 'rx="4"'),
      path(
        'M690 440 Q690 420 720 420 L860 420 Q880 420 880 440 Q880 490 820 500 L800 580 L740 580 L730 500 Q690 490 690 440 Z',
        '#ffffff',
        `stroke="${C.slate300}" stroke-width="3"`,
      ),
      ellipse(782, 428, 86, 12, '#e2e8f0'),
      // towel ring and plant
      circle(610, 300, 22, 'none', `stroke="${C.slate400}" stroke-width="5"`),
      path('M588 302 L632 302 L640 420 L580 420 Z', C.orange),
      rect(580, 400, 60, 8, C.orangeDark),
      path('M60 540 L120 540 L112 580 L68 580 Z', '#e7e5e4'),
      path(
        'M90 540 Q60 470 40 450 M90 540 Q90 460 96 430 M90 540 Q120 480 140 460',
        'none',
        `stroke="${C.grassDark}" stroke-width="10" stroke-linecap="round"`,
      ),
    ].join('');
  },
  // Technician beside an open kitchen sink cabinet.
  () => {
    const cab = '#f5e6cc';
    const cabShade = '#d9c29e';
    return [
      room('#fff7ed', '#fde7cf', '#c8a27a', 560),
      // upper cabinets and window
      rect(40, 40, 200, 150, cab, `rx="6" stroke="${cabShade}" stroke-width="4"`),
      rect(140, 40, 2, 150, cabShade),
      rect(290, 60, 200, 170, '#ffffff', 'rx="6"'),
      rect(302, 72, 176, 146, C.sky),
      circle(440, 110, 24, '#fde68a'),
      cloud(350, 150, 0.5),
      rect(388, 72, 4, 146, '#ffffff'),
      rect(540, 40, 120, 150, cab, `rx="6" stroke="${cabShade}" stroke-width="4"`),
      // counter and sink
      rect(20, 300, 660, 24, '#334155', 'rx="4"'),
      rect(30, 324, 640, 236, cab),
      rect(320, 260, 14, 44, C.slate400, 'rx="5"'),
      stroke('M327 264 Q327 232 360 232 L372 236', C.slate400, 12),
      // left closed doors
      rect(46, 340, 120, 200, cab, `rx="6" stroke="${cabShade}" stroke-width="4"`),
      rect(150, 430, 8, 30, C.slate500, 'rx="3"'),
      // open cabinet interior with trap and supplies
      rect(200, 336, 300, 214, '#3b2f25'),
      rect(200, 520, 300, 30, '#2b221b'),
      pipe('M350 330 L350 400 Q350 446 390 446 Q430 446 430 400 L430 390 L500 390', 26, PIPE.pvc),
      pipe('M260 336 L260 420', 12, PIPE.chrome),
      pipe('M300 336 L300 420', 12, PIPE.chrome),
      valve(260, 430, 12, C.blue600, 90),
      valve(300, 430, 12, C.red, 90),
      rect(380, 470, 80, 60, C.blue600, 'rx="8"'),
      ellipse(420, 470, 40, 8, C.blue800),
      drop(400, 460, 0.2, C.blue400),
      // open door swung toward the viewer
      path('M500 336 L560 350 L560 540 L500 550 Z', cab, `stroke="${cabShade}" stroke-width="4"`),
      toolbox(560, 600, 0.9),
      technician(800, 610, 1.2, { skin: SKIN[0], pose: 'wrench' }),
    ].join('');
  },
];

const sewer: readonly Scene[] = [
  // Camera inspection cutaway with monitor above ground.
  () => {
    const cone = lg(
      [
        [0, '#fef08a', 0.85],
        [1, '#fef08a', 0],
      ],
      [0, 0, 1, 0],
    );
    const screen = rg([
      [0, '#1e293b'],
      [0.35, '#334155'],
      [0.7, '#475569'],
      [1, '#0f172a'],
    ]);
    return [
      sky(GW, 260, '#93c5fd', '#e0f2fe'),
      defs(cone, screen),
      cloud(760, 70, 0.8),
      house(-150, 240, 0.7, { wall: '#fcd9b6', roof: '#7c2d12', door: C.blue800, glass: '#bfdbfe' }),
      soil(236, 404, GW, 11),
      grassStrip(230, GW),
      // sewer pipe cutaway
      rect(0, 470, GW, 110, '#cbd5e1'),
      rect(0, 486, GW, 78, '#1e293b'),
      rect(0, 486, GW, 10, '#0f172a', 'opacity="0.5"'),
      // root intrusion
      path(
        'M780 486 C770 510 800 520 790 540 C780 556 820 560 830 540 C840 520 820 500 840 486 Z',
        '#a16207',
      ),
      stroke('M810 470 C800 430 820 400 800 360', '#a16207', 7),
      stroke('M790 500 C760 520 750 540 770 560', '#a16207', 5),
      // camera head and light cone
      path('M520 525 L780 488 L780 562 Z', cone.url),
      rect(470, 510, 60, 30, C.slate300, 'rx="14"'),
      circle(526, 525, 10, '#fef9c3'),
      // cable from cleanout
      rect(150, 200, 36, 290, '#e2e8f0'),
      rect(142, 192, 52, 16, '#cbd5e1', 'rx="4"'),
      stroke('M168 180 L168 470 Q168 525 230 525 L470 525', C.orange, 6),
      stroke('M168 180 Q168 140 240 150', C.orange, 6),
      // reel and monitor on the lawn
      circle(270, 170, 50, C.blue800),
      circle(270, 170, 36, C.blue600),
      circle(270, 170, 10, C.slate300),
      rect(228, 212, 84, 18, C.slate700, 'rx="4"'),
      rect(380, 60, 220, 150, C.slate800, 'rx="14"'),
      rect(394, 74, 192, 122, screen.url, 'rx="6"'),
      circle(490, 135, 20, '#0f172a'),
      path('M530 110 C520 130 540 140 530 160', 'none', 'stroke="#a16207" stroke-width="6"'),
      rect(470, 210, 20, 24, C.slate700),
    ].join('');
  },
  // Drum machine feeding cable into a floor drain.
  () => {
    const drum = cylinderPaint(C.orange);
    return [
      room('#dbe4ee', '#c2cfdd', '#9ca3af', 420),
      defs(drum),
      // block wall lines for a basement feel
      ...[0, 1, 2, 3, 4, 5].map((i) => rect(0, 60 + i * 60, GW, 3, '#aab7c6')),
      ...Array.from({ length: 36 }, (_, i) =>
        rect(
          ((i % 6) * 160 + (Math.floor(i / 6) % 2) * 80) % GW,
          Math.floor(i / 6) * 60 + 3,
          3,
          57,
          '#aab7c6',
        ),
      ),
      // water pipe on the wall
      pipe('M-20 120 L980 120', 22, PIPE.pvc),
      // floor drain
      ellipse(640, 540, 110, 34, '#6b7280'),
      ellipse(640, 540, 90, 26, '#374151'),
      ...[-60, -30, 0, 30, 60].map((dx) => rect(640 + dx - 4, 522, 8, 36, '#9ca3af', 'rx="3"')),
      ellipse(640, 540, 120, 40, '#60a5fa', 'opacity="0.18"'),
      // machine: frame, drum, motor, wheels
      stroke('M160 560 L220 320 L420 320 L460 560', '#374151', 14),
      ellipse(310, 410, 120, 120, drum.url),
      ellipse(310, 410, 80, 80, shade(C.orange, -0.2)),
      ellipse(310, 410, 26, 26, C.slate700),
      rect(360, 470, 90, 60, C.blue800, 'rx="10"'),
      rect(372, 482, 30, 10, C.blue400, 'rx="3"'),
      circle(170, 572, 28, '#111827'),
      circle(170, 572, 10, '#9ca3af'),
      circle(450, 572, 28, '#111827'),
      circle(450, 572, 10, '#9ca3af'),
      stroke('M200 320 L160 220 L120 210', '#374151', 12),
      // cable into drain
      stroke('M420 420 C520 430 600 460 630 530', C.slate800, 10),
      stroke('M420 420 C520 430 600 460 630 530', '#94a3b8', 3),
      // bucket and gloves
      path('M780 470 L880 470 L868 580 L792 580 Z', C.blue600),
      ellipse(830, 470, 50, 10, C.blue800),
      stroke('M786 470 Q830 410 874 470', C.slate500, 4),
      path('M720 560 q10 -30 30 -24 l10 20 q-10 14 -40 4z', C.orange),
    ].join('');
  },
  // Yard cutaway: house to street main with a cleanout riser.
  () =>
    [
      sky(GW, 300, '#7dd3fc', '#e0f2fe'),
      circle(860, 80, 40, '#fde68a'),
      cloud(520, 90, 0.9),
      cloud(200, 60, 0.6, '#ffffff', 0.8),
      house(-40, 280, 0.8, { wall: '#e7e5e4', roof: C.slate700, door: C.orange, glass: '#bfdbfe' }),
      pine(520, 280, 0.7, '#2f6b3a'),
      shrub(410, 280, 0.6, '#3f8f47'),
      soil(276, 364, GW, 23),
      grassStrip(270, GW),
      // curb and street on the right
      rect(800, 258, 160, 26, '#4b5563'),
      rect(788, 252, 16, 32, '#9ca3af', 'rx="3"'),
      stroke('M830 270 L960 270', '#facc15', 4, 'stroke-dasharray="26 18"'),
      // sewer lateral sloping from the house to the main
      pipe('M140 340 L140 400 L860 500', 30, PIPE.pvc),
      // city main in cross-section
      circle(880, 510, 70, '#64748b'),
      circle(880, 510, 56, '#1f2937'),
      ellipse(880, 540, 48, 14, '#1e3a8a', 'opacity="0.8"'),
      // cleanout riser with cap in the lawn
      pipe('M420 442 L420 262', 26, PIPE.pvc),
      rect(402, 250, 36, 18, C.slate600, 'rx="4"'),
      rect(408, 244, 24, 8, C.slate500, 'rx="2"'),
      circle(420, 442, 22, '#cbd5e1'),
      // flow dashes inside the lateral
      stroke('M200 410 L820 496', C.blue400, 5, 'stroke-dasharray="18 22" opacity="0.9"'),
      sparkle(460, 222, 14, C.orange),
    ].join(''),
];

const filtration: readonly Scene[] = [
  // Reverse osmosis under the sink.
  () => {
    const housing = lg(
      [
        [0, '#dbeafe'],
        [0.4, '#ffffff'],
        [1, '#93c5fd'],
      ],
      [0, 0, 1, 0],
    );
    const tank = cylinderPaint(C.blue600);
    return [
      room('#eef6ff', '#dbeafe', '#e2e8f0', 600),
      defs(housing, tank),
      rect(0, 0, GW, 90, '#1f2937'),
      rect(0, 80, GW, 16, '#111827'),
      rect(340, 30, 14, 50, C.slate400, 'rx="5"'),
      rect(600, 40, 10, 40, C.slate400, 'rx="4"'),
      stroke('M605 44 Q605 20 585 20', C.slate400, 8),
      // cabinet interior
      rect(60, 96, 840, 500, '#f8fafc'),
      rect(60, 96, 840, 500, 'none', `stroke="${C.slate300}" stroke-width="6"`),
      // drain and supply behind
      pipe('M300 96 L300 200 Q300 240 340 240 L420 240', 24, PIPE.pvc),
      pipe('M200 96 L200 300', 12, PIPE.chrome),
      // membrane on top, three canisters below
      rect(420, 150, 330, 52, housing.url, `rx="26" stroke="${C.slate300}" stroke-width="2"`),
      rect(420, 150, 30, 52, C.blue800, 'rx="10"'),
      rect(720, 150, 30, 52, C.blue800, 'rx="10"'),
      rect(410, 226, 350, 20, C.slate400, 'rx="6"'),
      ...[460, 560, 660].map(
        (cx, i) =>
          rect(cx - 38, 246, 76, 40, C.blue800, 'rx="8"') +
          rect(cx - 32, 286, 64, 210, housing.url, `rx="14" stroke="${C.slate300}" stroke-width="2"`) +
          rect(
            cx - 18,
            310,
            36,
            160,
            i === 0 ? '#fde68a' : i === 1 ? '#9ca3af' : '#e2e8f0',
            'rx="8" opacity="0.85"',
          ),
      ),
      // storage tank
      rect(790, 330, 90, 220, tank.url, 'rx="44"'),
      rect(822, 310, 26, 24, C.slate400, 'rx="4"'),
      // tubing
      stroke('M200 300 C200 360 260 380 422 380', '#ffffff', 8, `stroke-opacity="1"`),
      stroke('M200 300 C200 360 260 380 422 380', C.blue400, 4),
      stroke('M698 380 C760 380 780 330 835 316', C.blue400, 6),
      stroke('M750 176 C820 176 840 120 605 80', C.blue400, 6),
      sparkle(860, 200, 14, C.orange),
      sparkle(380, 300, 9, C.orange),
    ].join('');
  },
  // Whole-house softener and filter in a garage.
  () => {
    const tankA = cylinderPaint(C.blue800);
    const tankB = cylinderPaint('#1f2937');
    const brine = cylinderPaint('#e5e7eb');
    return [
      room('#e5e7eb', '#d1d5db', '#9ca3af', 540),
      defs(tankA, tankB, brine),
      // garage door edge and pegboard
      rect(0, 0, 150, 540, '#f3f4f6'),
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => rect(0, 40 + i * 60, 150, 4, '#d1d5db')),
      rect(150, 0, 10, 540, '#9ca3af'),
      rect(700, 120, 220, 160, '#c8a27a', 'rx="4"'),
      ...Array.from({ length: 40 }, (_, i) =>
        circle(716 + (i % 10) * 21, 136 + Math.floor(i / 10) * 36, 3, '#8b6b4a'),
      ),
      path('M740 170 l20 -20 l8 8 l-20 20 z', C.slate600),
      wrench(820, 200, 30, 10, '#9ca3af', C.slate600),
      // main line with bypass loop
      pipe('M160 200 L300 200 L300 330 M300 200 L620 200 L620 330 M620 200 L980 200', 26, PIPE.copper),
      valve(250, 200, 16, C.blue600, -90),
      valve(460, 200, 16, C.red, 0),
      valve(680, 200, 16, C.blue600, -90),
      // tanks
      rect(250, 330, 100, 210, tankA.url, 'rx="48"'),
      rect(262, 300, 76, 40, C.slate800, 'rx="8"'),
      rect(280, 312, 28, 14, C.blue400, 'rx="3"'),
      rect(570, 330, 100, 210, tankB.url, 'rx="48"'),
      rect(582, 300, 76, 40, C.slate800, 'rx="8"'),
      rect(600, 312, 28, 14, '#4ade80', 'rx="3"'),
      // brine tank
      rect(390, 380, 140, 160, brine.url, 'rx="14"'),
      ellipse(460, 380, 70, 12, '#f9fafb'),
      stroke('M338 330 C360 300 400 330 440 380', C.slate500, 4),
      ellipse(460, 548, 260, 10, '#000000', 'opacity="0.12"'),
      drop(760, 430, 0.9, C.blue600),
      sparkle(820, 380, 16, C.orange),
    ].join('');
  },
  // Faucet filling a glass in front of a window.
  () => {
    const win = lg([
      [0, '#7dd3fc'],
      [1, '#e0f2fe'],
    ]);
    const water = lg([
      [0, '#bfdbfe', 0.7],
      [1, '#60a5fa', 0.85],
    ]);
    const stream = lg(
      [
        [0, '#e0f2fe', 0.9],
        [1, '#93c5fd', 0.9],
      ],
      [0, 0, 1, 0],
    );
    return [
      defs(win, water, stream),
      rect(0, 0, GW, GH, '#f0fdfa'),
      rect(120, 40, 720, 400, '#ffffff', 'rx="10"'),
      rect(140, 60, 680, 360, win.url, 'rx="4"'),
      rect(476, 60, 8, 360, '#ffffff'),
      circle(700, 150, 50, '#fef3c7', 'opacity="0.9"'),
      cloud(300, 160, 1.1),
      roundTree(250, 420, 1.1, '#86c98a'),
      roundTree(680, 420, 0.9, '#5fb368'),
      // counter
      rect(0, 440, GW, 200, '#e2e8f0'),
      rect(0, 440, GW, 18, '#cbd5e1'),
      // faucet
      rect(200, 300, 44, 150, C.slate400, 'rx="12"'),
      stroke('M222 310 Q222 200 330 200 Q420 200 420 270', C.slate400, 34),
      stroke('M222 310 Q222 200 330 200 Q420 200 420 270', '#e2e8f0', 8, 'opacity="0.7"'),
      rect(400, 270, 40, 16, C.slate500, 'rx="6"'),
      rect(160, 330, 60, 14, C.slate500, 'rx="6"'),
      // water stream into glass
      rect(410, 286, 20, 200, stream.url, 'rx="8"'),
      // glass
      path('M340 380 L500 380 L486 590 L354 590 Z', '#ffffff', 'opacity="0.45"'),
      path('M344 440 L496 440 L486 590 L354 590 Z', water.url),
      path('M340 380 L500 380 L486 590 L354 590 Z', 'none', `stroke="${C.slate400}" stroke-width="4"`),
      rect(360, 400, 10, 170, '#ffffff', 'opacity="0.6" rx="5"'),
      ...[
        [400, 520, 6],
        [450, 550, 8],
        [430, 490, 5],
        [470, 470, 4],
        [390, 560, 4],
      ].map(([cx, cy, r]) => circle(cx ?? 0, cy ?? 0, r ?? 0, '#ffffff', 'opacity="0.7"')),
      ellipse(420, 620, 110, 10, '#000000', 'opacity="0.1"'),
      // lemon and leaves
      ellipse(680, 560, 60, 44, '#facc15'),
      ellipse(660, 545, 16, 10, '#fef08a'),
      path('M720 520 Q760 480 800 500 Q770 540 720 520 Z', '#4caf50'),
      sparkle(540, 350, 18, C.orange),
      sparkle(300, 420, 10, C.orange),
    ].join('');
  },
];

const underground: readonly Scene[] = [
  // Trench with a new water line, shovel and cone.
  () =>
    [
      sky(GW, 250, '#93c5fd', '#e0f2fe'),
      cloud(200, 80, 1),
      cloud(700, 60, 0.7, '#ffffff', 0.9),
      pine(880, 240, 0.8, '#2f6b3a'),
      roundTree(80, 240, 0.9, '#4f9d5b'),
      soil(240, 400, GW, 5),
      grassStrip(236, GW),
      // trench carved out of the soil
      path('M300 236 L660 236 L640 560 L320 560 Z', '#3f2616'),
      path('M300 236 L330 236 L345 560 L320 560 Z', '#4a2d1b'),
      rect(320, 540, 320, 20, '#c2a27c'),
      // bedding sand and new pipe running into the distance
      pipe('M-20 520 L980 520', 36, PIPE.blue),
      // spoil pile
      path('M680 240 Q760 120 880 240 Z', '#8b5a3c'),
      path('M700 240 Q760 150 820 240 Z', '#9a6240'),
      // shovel
      g(
        'translate(770 150) rotate(20)',
        rect(-6, -130, 12, 150, '#92400e', 'rx="5"'),
        rect(-24, -150, 48, 20, '#92400e', 'rx="6"'),
        path('M-30 20 L30 20 L26 80 Q0 104 -26 80 Z', C.slate500),
      ),
      // safety cone
      path('M200 236 L240 120 L280 236 Z', C.orange),
      rect(216, 160, 48, 16, '#ffffff'),
      rect(206, 196, 68, 14, '#ffffff'),
      rect(186, 230, 108, 12, C.orangeDark, 'rx="4"'),
      sparkle(480, 470, 16, '#ffffff'),
    ].join(''),
  // Mini excavator digging a trench in a back yard.
  () => {
    const body = lg([
      [0, '#fb923c'],
      [1, C.orangeDark],
    ]);
    return [
      sky(GW, 400, '#60a5fa', '#dbeafe'),
      defs(body),
      circle(140, 100, 44, '#fde68a'),
      cloud(480, 90, 0.9),
      house(560, 400, 0.85, { wall: '#fef3c7', roof: '#334155', door: C.blue800, glass: '#bfdbfe' }),
      // wooden fence
      ...Array.from({ length: 14 }, (_, i) => rect(i * 40, 300, 32, 100, '#d6b48c', 'rx="3"')),
      rect(0, 330, 560, 10, '#b89066'),
      rect(0, 370, 560, 10, '#b89066'),
      rect(0, 396, GW, 244, '#5fae5f'),
      rect(0, 396, GW, 10, '#4a964a'),
      // trench and spoil
      path('M40 470 L360 470 L340 600 L60 600 Z', '#3f2616'),
      ellipse(200, 470, 160, 16, '#5f3b25'),
      pipe('M60 580 L340 580', 26, PIPE.clay),
      path('M420 480 Q520 380 620 500 Z', '#8b5a3c'),
      // excavator: tracks, body, cab, boom, arm, bucket
      rect(560, 520, 300, 60, '#1f2937', 'rx="30"'),
      ...[600, 660, 720, 780, 830].map((cx) => circle(cx, 550, 18, '#4b5563')),
      rect(590, 420, 240, 100, body.url, 'rx="14"'),
      path('M700 420 L700 300 Q700 290 710 290 L800 290 Q830 290 830 320 L830 420 Z', body.url),
      path('M716 306 L800 306 Q814 306 814 322 L814 400 L716 400 Z', '#bae6fd', 'opacity="0.9"'),
      rect(590, 430, 40, 80, '#9a3412', 'rx="6"'),
      stroke('M640 440 L520 320 L390 420', '#ea580c', 34),
      stroke('M640 440 L520 320 L390 420', '#fdba74', 6, 'opacity="0.6"'),
      circle(520, 320, 14, C.slate700),
      circle(640, 440, 14, C.slate700),
      path('M390 400 L330 420 Q320 470 370 480 L410 440 Z', C.slate600),
      ...[0, 1, 2].map((i) => path(`M${338 + i * 14} 478 l-6 14 l12 -2 z`, C.slate600)),
      circle(390, 420, 10, C.slate800),
      ellipse(710, 590, 200, 10, '#000000', 'opacity="0.15"'),
    ].join('');
  },
  // Trenchless replacement: two pits, pipe pulled underground.
  () =>
    [
      sky(GW, 260, '#a5f3fc', '#ecfeff'),
      cloud(760, 90, 1),
      roundTree(480, 240, 1, '#4caf50'),
      soil(240, 400, GW, 42),
      grassStrip(234, GW),
      // flower bed left untouched between the pits
      ...[380, 420, 520, 560, 600].map(
        (fx, i) =>
          stroke(`M${fx} 236 L${fx} 206`, C.grassDark, 4) +
          circle(fx, 200, 10, i % 2 ? '#f472b6' : '#facc15') +
          circle(fx, 200, 4, '#ffffff'),
      ),
      // access pits
      path('M120 236 L260 236 L250 500 L130 500 Z', '#3f2616'),
      path('M700 236 L840 236 L830 500 L710 500 Z', '#3f2616'),
      // old pipe being replaced and new pipe pulled through
      pipe('M-20 460 L980 460', 30, PIPE.clay),
      pipe('M190 470 L600 470', 36, PIPE.pvc),
      path('M600 448 L650 470 L600 492 Z', C.slate500),
      stroke('M650 470 L770 470', C.slate800, 6),
      // winch on the far pit
      rect(740, 180, 80, 56, C.blue800, 'rx="8"'),
      circle(780, 208, 20, C.blue600),
      stroke('M780 228 L780 470', C.slate800, 4),
      stroke('M650 470 L780 470', C.slate800, 4),
      // arrow showing pull direction
      path('M380 560 L560 560 L560 540 L600 570 L560 600 L560 580 L380 580 Z', C.orange, 'opacity="0.95"'),
      sparkle(300, 300, 12, '#ffffff'),
    ].join(''),
];

const waterHeaterScenes: readonly Scene[] = [
  // Gas water heater with technician.
  () =>
    [
      room('#e0e7ff', '#c7d2fe', '#a8a29e', 560),
      // ceiling vent run
      rect(0, 0, GW, 30, '#cbd5e1'),
      pipe('M-20 60 L980 60', 20, PIPE.copper),
      rect(360, 30, 28, 60, C.slate400),
      waterHeater(374, 600, 1.05, { body: '#e5e7eb', kind: 'gas' }),
      pipe('M321 54 L321 70', 18, PIPE.copper),
      pipe('M427 54 L427 70', 18, PIPE.copper),
      // expansion tank hanging off the cold side
      rect(170, 160, 70, 110, C.blue600, 'rx="30"'),
      pipe('M205 160 L205 120 L321 120', 12, PIPE.copper),
      technician(700, 610, 1.15, { skin: SKIN[1], pose: 'wrench' }),
      toolbox(60, 610, 0.8),
    ].join(''),
  // Electric heater with pan and expansion tank, laundry room.
  () => {
    const washer = lg([
      [0, '#ffffff'],
      [1, '#e5e7eb'],
    ]);
    return [
      room('#ecfdf5', '#d1fae5', '#d6d3d1', 560),
      defs(washer),
      rect(0, 0, GW, 24, '#a7f3d0'),
      pipe('M300 -20 L300 100 L440 100', 18, PIPE.copper),
      pipe('M600 -20 L600 100 L520 100', 18, PIPE.copper),
      waterHeater(480, 600, 1.1, { body: '#f8fafc', kind: 'electric' }),
      // expansion tank on cold line
      pipe('M300 100 L300 160', 12, PIPE.copper),
      rect(262, 160, 76, 120, C.blue600, 'rx="34"'),
      rect(292, 150, 16, 16, C.brass),
      // washer and dryer
      rect(660, 330, 200, 230, washer.url, `rx="12" stroke="${C.slate300}" stroke-width="3"`),
      rect(660, 330, 200, 40, '#e2e8f0', 'rx="12"'),
      circle(760, 460, 70, C.slate300),
      circle(760, 460, 54, '#bae6fd'),
      circle(700, 350, 8, C.blue600),
      circle(730, 350, 8, C.slate400),
      rect(60, 380, 140, 180, washer.url, `rx="12" stroke="${C.slate300}" stroke-width="3"`),
      rect(80, 420, 100, 70, 'none', `rx="8" stroke="${C.slate300}" stroke-width="3"`),
      sparkle(600, 260, 16, C.orange),
      sparkle(640, 220, 9, C.orange),
    ].join('');
  },
  // Flushing a tank: hose to floor drain.
  () =>
    [
      room('#fff7ed', '#fed7aa', '#a8a29e', 520),
      rect(0, 0, GW, 520, '#f97316', 'opacity="0.05"'),
      waterHeater(300, 580, 1.0, { body: C.blue800, kind: 'gas' }),
      // drain valve and garden hose coiling to the floor drain
      rect(330, 480, 40, 22, C.brass, 'rx="4"'),
      stroke(
        'M370 492 C460 492 420 580 520 580 C620 580 600 520 700 540 C760 552 780 580 800 586',
        '#16a34a',
        18,
      ),
      stroke(
        'M370 492 C460 492 420 580 520 580 C620 580 600 520 700 540 C760 552 780 580 800 586',
        '#4ade80',
        5,
        'opacity="0.7"',
      ),
      ellipse(830, 596, 60, 18, '#6b7280'),
      ellipse(830, 596, 46, 12, '#374151'),
      // murky-to-clear water leaving the hose
      ...[0, 1, 2].map((i) =>
        drop(800 + i * 20, 560 - i * 26, 0.22 - i * 0.04, i === 0 ? '#a16207' : C.blue400, 'opacity="0.9"'),
      ),
      // bucket of sediment
      path('M560 420 L660 420 L648 520 L572 520 Z', C.slate500),
      ellipse(610, 420, 50, 10, C.slate700),
      ellipse(610, 424, 42, 6, '#a16207'),
      // wall clock hinting at a yearly routine, no numerals
      circle(740, 170, 70, '#ffffff', `stroke="${C.slate700}" stroke-width="8"`),
      stroke('M740 170 L740 120 M740 170 L780 190', C.slate800, 6),
      ...Array.from({ length: 12 }, (_, i) => {
        const a = (i * Math.PI) / 6;
        return circle(740 + Math.cos(a) * 54, 170 + Math.sin(a) * 54, 3.5, C.slate500);
      }),
      circle(740, 170, 6, C.orange),
    ].join(''),
];

const tankless: readonly Scene[] = [
  // Indoor wall-mounted unit.
  () =>
    [
      room('#f1f5f9', '#e2e8f0', '#94a3b8', 580),
      // studded drywall seams
      ...[160, 480, 800].map((x) => rect(x, 0, 3, 566, '#e2e8f0')),
      // vent pipe through the ceiling
      pipe('M480 -20 L480 120', 56, PIPE.pvc),
      tanklessUnit(380, 120, 1.0, C.blue600),
      // gas / cold / hot lines with isolation valves
      pipe('M430 400 L430 520 L300 520 L300 600', 18, PIPE.iron),
      pipe('M480 400 L480 600', 20, PIPE.copper),
      pipe('M530 400 L530 520 L660 520 L660 600', 20, PIPE.copper),
      valve(430, 460, 12, '#facc15', 0),
      valve(480, 460, 12, C.blue600, 0),
      valve(530, 460, 12, C.red, 0),
      rect(294, 566, 12, 14, '#1f2937'),
      // condensate neutraliser
      rect(700, 470, 90, 40, '#ffffff', `rx="12" stroke="${C.slate300}" stroke-width="2"`),
      stroke('M560 380 C620 380 640 490 700 490', '#ffffff', 6),
      stroke('M560 380 C620 380 640 490 700 490', C.slate300, 2),
      sparkle(640, 150, 16, C.orange),
      sparkle(690, 190, 9, C.orange),
      drop(200, 300, 1.0, C.blue600, 'opacity="0.12"'),
    ].join(''),
  // Outdoor unit on brick with shrubs.
  () => {
    const bricks = brickPattern();
    return [
      defs(bricks),
      rect(0, 0, GW, 560, bricks.url),
      rect(0, 0, GW, GH, '#000000', 'opacity="0.04"'),
      // eave shadow at the top
      rect(0, 0, GW, 40, '#1f2937'),
      rect(0, 40, GW, 24, '#000000', 'opacity="0.18"'),
      // window on the left
      rect(60, 130, 200, 220, '#f8fafc'),
      rect(74, 144, 172, 192, '#93c5fd'),
      rect(158, 144, 4, 192, '#f8fafc'),
      rect(74, 238, 172, 4, '#f8fafc'),
      rect(50, 350, 220, 16, '#e7e5e4'),
      tanklessUnit(500, 150, 1.0, C.orange),
      // pipe cover down to the ground
      rect(530, 430, 140, 130, '#e2e8f0', `rx="8" stroke="${C.slate300}" stroke-width="3"`),
      rect(546, 446, 108, 4, C.slate300),
      // mulch bed and shrubs
      rect(0, 560, GW, 80, '#6b4226'),
      rect(0, 556, GW, 8, '#9ca3af'),
      shrub(170, 600, 1.2, '#3f8f47'),
      shrub(360, 606, 0.9, '#4caf50'),
      shrub(820, 600, 1.3, '#3f8f47'),
      ...[120, 230, 780].map((fx) => circle(fx, 560, 8, '#f472b6')),
      sparkle(740, 150, 16, '#ffffff'),
    ].join('');
  },
  // Shower with steam.
  () => {
    const tiles = tilePattern(96, '#f0f9ff', '#bae6fd');
    const steamBlur = uid('f');
    const warm = lg(
      [
        [0, C.orange, 0.0],
        [1, C.orange, 0.22],
      ],
      [0, 0, 1, 0],
    );
    const streams: string[] = [];
    for (let i = 0; i < 9; i++) {
      const x0 = 520 + i * 14;
      const x1 = 420 + i * 40;
      streams.push(
        stroke(
          `M${x0} 210 Q${(x0 + x1) / 2} 400 ${x1} 640`,
          C.blue400,
          4,
          'opacity="0.75" stroke-dasharray="40 14"',
        ),
      );
    }
    return [
      defs(tiles, warm),
      rect(0, 0, GW, GH, tiles.url),
      rect(0, 0, GW, GH, warm.url),
      // shower arm and head
      pipe('M900 120 L700 120 L640 160', 18, PIPE.chrome),
      g(
        'translate(580 190) rotate(-20)',
        ellipse(0, 0, 90, 26, C.slate400),
        ellipse(0, 8, 80, 16, C.slate300),
      ),
      ...streams,
      // mixing valve with hot side marked
      circle(820, 360, 60, C.slate300),
      circle(820, 360, 44, '#e2e8f0'),
      rect(810, 300, 20, 80, C.slate500, 'rx="10" transform="rotate(40 820 360)"'),
      circle(786, 328, 8, C.red),
      circle(854, 328, 8, C.blue600),
      // steam: blurred so it reads as vapour rather than white ribbons
      `<filter id="${steamBlur}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="9"/></filter>`,
      `<g filter="url(#${steamBlur})" opacity="0.85">`,
      ...[0, 1, 2, 3].map((i) =>
        stroke(
          `M${160 + i * 90} 540 C${120 + i * 90} 440 ${220 + i * 90} 400 ${170 + i * 90} 320 C${130 + i * 90} 260 ${200 + i * 90} 220 ${180 + i * 90} 140`,
          '#ffffff',
          34,
        ),
      ),
      `</g>`,
      // shelf with bottles
      rect(60, 560, 240, 14, C.slate300, 'rx="6"'),
      rect(90, 480, 40, 80, C.blue600, 'rx="10"'),
      rect(150, 500, 36, 60, C.orange, 'rx="10"'),
      rect(206, 470, 34, 90, '#ffffff', 'rx="10"'),
      rect(96, 466, 28, 16, C.blue800, 'rx="4"'),
    ].join('');
  },
];

const galleryScenes: Readonly<Record<ServiceSlug, readonly Scene[]>> = {
  'residential-plumbing': residential,
  'sewer-drain': sewer,
  'filtration-system': filtration,
  'underground-plumbing': underground,
  'water-heater': waterHeaterScenes,
  'tankless-water': tankless,
};

/* ------------------------------------------------------------------ */
/* Scenes: hero, share, about, local, coupon, icons                    */
/* ------------------------------------------------------------------ */

const HERO_W = 1600;
const HERO_H = 900;

function heroScene(): string {
  const skyPaint = lg([
    [0, '#0b1a45'],
    [0.55, '#1e3c95'],
    [1, '#4f74d6'],
  ]);
  const glow = rg(
    [
      [0, '#fdba74', 0.55],
      [1, '#fdba74', 0],
    ],
    0.5,
    0.5,
    0.5,
  );
  // Keeps the left half dark so white headline text stays readable.
  const scrim = lg(
    [
      [0, '#0b1a45', 0.97],
      [0.45, '#0b1a45', 0.9],
      [0.56, '#0b1a45', 0.45],
      [0.68, '#0b1a45', 0],
    ],
    [0, 0, 1, 0],
  );
  const lawn = lg([
    [0, '#1f6b3f'],
    [1, '#0f3d25'],
  ]);
  const rand = rng(7);
  const stars = Array.from({ length: 40 }, () =>
    circle(
      rand() * HERO_W,
      rand() * 360,
      1 + rand() * 1.6,
      '#ffffff',
      `opacity="${(0.3 + rand() * 0.5).toFixed(2)}"`,
    ),
  );
  return [
    defs(skyPaint, glow, scrim, lawn),
    rect(0, 0, HERO_W, HERO_H, skyPaint.url),
    ...stars,
    ellipse(1250, 760, 700, 300, glow.url),
    path('M0 700 Q300 600 620 680 T1200 650 T1600 640 L1600 780 L0 780 Z', '#1a3478'),
    path('M0 740 Q400 680 800 730 T1600 700 L1600 800 L0 800 Z', '#16306b'),
    pine(1010, 790, 1.3, '#123a2a'),
    pine(1560, 790, 1.5, '#123a2a'),
    house(1120, 790, 1.0, {
      wall: '#cbd5e1',
      roof: '#1e293b',
      door: C.blue800,
      glass: '#fde68a',
      trim: '#e2e8f0',
    }),
    rect(0, 780, HERO_W, 120, lawn.url),
    path('M1300 790 L1360 790 L1420 900 L1250 900 Z', '#64748b', 'opacity="0.7"'),
    van(860, 880, 1.0),
    technician(1440, 884, 0.88, { skin: SKIN[2], pose: 'wave' }),
    roundTree(1600, 800, 1.4, '#1b5e34'),
    rect(0, 0, HERO_W, HERO_H, scrim.url),
    // faint pipe motif keeps the dark side from looking empty
    `<g opacity="0.10">${stroke('M-20 200 L260 200 Q300 200 300 240 L300 520 Q300 560 340 560 L700 560', C.blue400, 22)}${stroke('M-20 640 L180 640 Q220 640 220 600 L220 380', C.blue400, 22)}</g>`,
  ].join('');
}

const SHARE_W = 1200;
const SHARE_H = 630;

function shareScene(): string {
  const bg = lg(
    [
      [0, C.blue800],
      [1, C.blue600],
    ],
    [0, 0, 1, 1],
  );
  const ground = lg([
    [0, '#dbeafe'],
    [1, '#bfdbfe'],
  ]);
  return [
    defs(bg, ground),
    rect(0, 0, SHARE_W, SHARE_H, bg.url),
    // concentric rings behind the emblem
    ...[230, 180, 130].map((r, i) => circle(270, 300, r, '#ffffff', `opacity="${0.05 + i * 0.04}"`)),
    circle(270, 300, 110, '#ffffff'),
    drop(270, 306, 2.3, C.blue600),
    wrench(198, 372, -45, 22, C.orange, '#ffffff'),
    // pipes framing the top right
    pipe('M540 -20 L540 70 Q540 100 570 100 L1220 100', 30, PIPE.copper),
    fitting(900, 100, 30, PIPE.copper),
    valve(1060, 100, 18, C.orange, -90),
    house(760, 560, 0.85, {
      wall: '#e0e7ff',
      roof: '#1e3a8a',
      door: C.orange,
      glass: '#bfdbfe',
      trim: '#ffffff',
    }),
    rect(0, 556, SHARE_W, 74, ground.url),
    van(520, 610, 0.95),
    technician(1040, 612, 1.05, { skin: SKIN[0], pose: 'wrench' }),
  ].join('');
}

function aboutScene(): string {
  return [
    sky(GW, 460, '#60a5fa', '#e0f2fe'),
    circle(120, 90, 46, '#fde68a'),
    cloud(380, 80, 0.9),
    cloud(760, 110, 0.7, '#ffffff', 0.85),
    pine(40, 470, 1.0, '#2f6b3a'),
    house(440, 470, 1.05, { wall: '#fef3c7', roof: '#7c2d12', door: C.blue800, glass: '#bfdbfe' }),
    roundTree(930, 480, 1.2, '#4caf50'),
    rect(0, 460, GW, 180, '#6cbf6c'),
    rect(0, 460, GW, 8, '#4a964a'),
    path('M640 470 L720 470 L820 640 L560 640 Z', '#cbd5e1'),
    shrub(400, 470, 0.7, '#3f8f47'),
    van(30, 600, 0.95),
    technician(560, 612, 0.8, { skin: SKIN[1], pose: 'clipboard', shirt: C.blue600 }),
    technician(700, 620, 0.85, { skin: SKIN[0], pose: 'wave', shirt: C.blue800, cap: C.orange }),
    technician(850, 612, 0.8, { skin: SKIN[3], pose: 'stand', shirt: C.blue600 }),
  ].join('');
}

function localScene(): string {
  const land = '#eef2e2';
  const rand = rng(2024);
  const blocks: string[] = [];
  for (let bx = 0; bx < 6; bx++) {
    for (let by = 0; by < 4; by++) {
      const x = 30 + bx * 150;
      const y = 40 + by * 150;
      // leave the lake corner and the town square open
      if ((bx >= 4 && by <= 1) || (bx === 2 && by === 2)) continue;
      for (let k = 0; k < 4; k++) {
        const hx = x + 14 + (k % 2) * 56 + rand() * 10;
        const hy = y + 20 + Math.floor(k / 2) * 50 + rand() * 8;
        const roof = rand() > 0.5 ? '#f97316' : '#94a3b8';
        blocks.push(
          rect(hx, hy + 10, 34, 24, '#ffffff', `stroke="${C.slate300}" stroke-width="2"`),
          path(`M${hx - 4} ${hy + 12} L${hx + 17} ${hy - 4} L${hx + 38} ${hy + 12} Z`, roof),
        );
      }
      if (rand() > 0.5) blocks.push(circle(x + 110, y + 100, 14, '#86c98a'));
    }
  }
  const pins = [
    [140, 170],
    [700, 520],
    [250, 460],
    [560, 130],
    [860, 430],
  ] as const;
  return [
    rect(0, 0, GW, GH, land),
    // lake in the top-right corner, like the lake north-east of town
    path(
      'M640 -20 C660 60 700 90 760 120 C820 150 800 240 880 270 C930 290 980 260 980 240 L980 -20 Z',
      '#93c5fd',
    ),
    path(
      'M640 -20 C660 60 700 90 760 120 C820 150 800 240 880 270 C930 290 980 260 980 240',
      'none',
      `stroke="#60a5fa" stroke-width="6"`,
    ),
    path('M820 40 q30 -10 50 10 q-20 10 -50 -10z', '#ffffff', 'opacity="0.6"'),
    // street grid
    ...[0, 1, 2, 3, 4, 5, 6].map((i) => rect(14 + i * 150, 0, 16, GH, '#ffffff')),
    ...[0, 1, 2, 3, 4].map((i) => rect(0, 24 + i * 150, GW, 16, '#ffffff')),
    // highway crossing the map diagonally
    stroke('M-20 640 C200 520 380 420 520 300 C620 210 660 120 700 -20', '#fcd34d', 34),
    stroke(
      'M-20 640 C200 520 380 420 520 300 C620 210 660 120 700 -20',
      '#ffffff',
      3,
      'stroke-dasharray="18 16"',
    ),
    ...blocks,
    // town square park
    rect(330, 354, 120, 120, '#a7d7a9', 'rx="12"'),
    circle(390, 414, 26, '#4caf50'),
    // service radius and pins
    circle(420, 360, 260, C.blue600, 'opacity="0.07"'),
    circle(
      420,
      360,
      260,
      'none',
      `stroke="${C.blue600}" stroke-width="4" stroke-dasharray="14 12" opacity="0.6"`,
    ),
    ...pins.map(([px, py]) =>
      g(
        at(px, py, 0.45),
        path('M0 0 C-20 -30 -40 -50 -40 -80 A40 40 0 0 1 40 -80 C40 -50 20 -30 0 0 Z', C.blue600),
        circle(0, -80, 16, '#ffffff'),
      ),
    ),
    g(
      at(420, 380, 1.2),
      ellipse(0, 0, 34, 10, '#000000', 'opacity="0.2"'),
      path('M0 0 C-26 -40 -56 -66 -56 -108 A56 56 0 0 1 56 -108 C56 -66 26 -40 0 0 Z', C.orange),
      circle(0, -108, 38, '#ffffff'),
      drop(0, -104, 0.62, C.blue800),
    ),
  ].join('');
}

const COUPON_W = 1000;
const COUPON_H = 500;

function couponScene(): string {
  const panel = lg(
    [
      [0, C.blue800],
      [1, C.blue600],
    ],
    [0, 0, 1, 1],
  );
  const font = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"`;
  return [
    defs(panel),
    rect(0, 0, COUPON_W, COUPON_H, '#ffffff'),
    // dashed cut line with scissors, so it reads as "print and cut"
    rect(
      12,
      12,
      COUPON_W - 24,
      COUPON_H - 24,
      'none',
      `rx="20" stroke="${C.slate400}" stroke-width="4" stroke-dasharray="16 12"`,
    ),
    rect(56, 0, 48, 26, '#ffffff'),
    g(
      'translate(80 12) rotate(90)',
      circle(-11, 6, 6, 'none', `stroke="${C.slate500}" stroke-width="3.5"`),
      circle(11, 6, 6, 'none', `stroke="${C.slate500}" stroke-width="3.5"`),
      stroke('M-6 2 L14 -6 M6 2 L-14 -6', C.slate500, 3.5),
    ),
    // inner card
    path(`M52 40 L330 40 L330 460 L52 460 Q36 460 36 444 L36 56 Q36 40 52 40 Z`, panel.url),
    rect(36, 40, COUPON_W - 72, COUPON_H - 80, 'none', `rx="16" stroke="${C.blue800}" stroke-width="4"`),
    ...[150, 110, 76].map((r, i) => circle(183, 250, r, '#ffffff', `opacity="${0.06 + i * 0.05}"`)),
    circle(183, 250, 70, '#ffffff'),
    drop(183, 254, 1.45, C.blue600),
    wrench(137, 296, -45, 14, C.orange, '#ffffff'),
    rect(330, 40, 10, 420, C.orange),
    // wording
    `<text x="650" y="200" text-anchor="middle" ${font} font-weight="bold" font-size="116" fill="${C.blue800}">$25 OFF</text>`,
    `<text x="650" y="262" text-anchor="middle" ${font} font-weight="bold" font-size="44" fill="${C.orangeDark}">Any Plumbing Service</text>`,
    rect(420, 296, 460, 3, C.slate200),
    `<text x="650" y="352" text-anchor="middle" ${font} font-size="28" fill="${C.slate700}">Mention this coupon when you call</text>`,
    `<text x="650" y="404" text-anchor="middle" ${font} font-size="21" fill="${C.slate500}">Cannot be combined with other offers</text>`,
  ].join('');
}

/** 64x64 mark used for the favicon and (on a background) the touch icon. */
function markBody(): string {
  const blue = lg([
    [0, C.blue600],
    [1, C.blue800],
  ]);
  return [
    defs(blue),
    path('M32 3 C38 12 53 27 53 40 A21 21 0 0 1 11 40 C11 27 26 12 32 3 Z', blue.url),
    ellipse(22, 38, 3.5, 7, '#ffffff', 'opacity="0.35" transform="rotate(20 22 38)"'),
    // Oversized relative to the drop so it still reads at 16 px.
    wrench(20, 50, -45, 6.4, C.orange, '#ffffff'),
  ].join('');
}

function faviconSvgText(): string {
  idCounter = 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${markBody()}</svg>\n`;
}

function appleIconScene(): string {
  return [rect(0, 0, 64, 64, '#ffffff'), g('translate(6 5) scale(0.82)', markBody())].join('');
}

/* ------------------------------------------------------------------ */
/* Rendering                                                           */
/* ------------------------------------------------------------------ */

type Format = 'webp' | 'jpg' | 'png';

const MAX_BYTES = 120 * 1024;
const written: { file: string; bytes: number }[] = [];

async function encode(svg: string, format: Format, quality: number): Promise<Buffer> {
  const img = sharp(Buffer.from(svg));
  switch (format) {
    case 'webp':
      return img.webp({ quality, effort: 6 }).toBuffer();
    case 'jpg':
      return img.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }).toBuffer();
    case 'png':
      // Palette PNG: flat artwork compresses several times smaller with no visible loss.
      return img
        .png({ compressionLevel: 9, palette: true, quality: Math.max(quality, 90), effort: 10 })
        .toBuffer();
  }
}

/**
 * Encodes at the house quality and steps it down only if a file would blow
 * the per-image budget, so the repo stays small without hand-tuning each scene.
 */
async function write(svg: string, publicPath: string, format: Format): Promise<void> {
  const start = format === 'jpg' ? 78 : 72;
  let quality = start;
  let data = await encode(svg, format, quality);
  while (data.length > MAX_BYTES && quality > 40 && format !== 'png') {
    quality -= 6;
    data = await encode(svg, format, quality);
  }
  const file = join(PUBLIC_DIR, `${publicPath}.${format}`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, data);
  written.push({ file, bytes: data.length });
  if (quality !== start)
    console.warn(`  ${publicPath}.${format}: lowered quality to ${quality} to fit the budget`);
}

async function render(
  draw: () => string,
  publicPath: string,
  size: { readonly width: number; readonly height: number },
  formats: readonly Format[],
  view: { readonly width: number; readonly height: number } = size,
): Promise<void> {
  const svg = svgDoc(size.width, size.height, draw(), view.width, view.height);
  for (const format of formats) await write(svg, publicPath, format);
}

/** Strips the `/images/...` URL prefix style into a path relative to public/. */
const fromUrl = (url: string): string => url.replace(/^\//, '').replace(/\.(jpg|png|webp|svg)$/, '');

async function main(): Promise<void> {
  const both: readonly Format[] = ['webp', 'jpg'];

  await render(shareScene, fromUrl(shareImage), shareImageMeta, both);

  for (const width of heroImage.widths) {
    const height = Math.round((width * heroImage.height) / heroImage.width);
    await render(heroScene, `${fromUrl(heroImage.src)}-${width}`, { width, height }, both, heroImage);
  }

  const couponView = { width: COUPON_W, height: COUPON_H };
  await render(
    couponScene,
    fromUrl(couponImage.downloadHref),
    { width: couponImage.downloadWidth, height: couponImage.downloadHeight },
    ['png'],
    couponView,
  );
  await render(couponScene, fromUrl(couponImage.src), couponImage, ['webp'], couponView);

  for (const slug of serviceSlugs) {
    const scenes = galleryScenes[slug];
    const images = serviceGalleries[slug];
    if (scenes.length !== images.length)
      throw new Error(`${slug}: ${images.length} gallery entries but ${scenes.length} scenes`);
    for (const [i, image] of images.entries()) {
      const scene = scenes[i];
      if (!scene) throw new Error(`${slug}: missing scene ${i + 1}`);
      await render(scene, fromUrl(image.src), image, both, { width: GW, height: GH });
    }
  }

  await render(aboutScene, fromUrl(aboutImage.src), aboutImage, both, { width: GW, height: GH });
  await render(localScene, fromUrl(localExpertsImage.src), localExpertsImage, both, {
    width: GW,
    height: GH,
  });

  const faviconFile = join(PUBLIC_DIR, faviconSvg);
  await writeFile(faviconFile, faviconSvgText());
  written.push({ file: faviconFile, bytes: (await stat(faviconFile)).size });
  await render(appleIconScene, fromUrl(appleTouchIcon), { width: 180, height: 180 }, ['png'], {
    width: 64,
    height: 64,
  });

  let total = 0;
  for (const { file, bytes } of written) {
    total += bytes;
    const flag = bytes > MAX_BYTES ? '  <-- over budget' : '';
    console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${relative(PUBLIC_DIR, file)}${flag}`);
  }
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total (${written.length} files)`);
}

await main();
