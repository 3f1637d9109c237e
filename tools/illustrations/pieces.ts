import { C } from './colours.ts';
import { at, circle, defs, ellipse, g, lg, type Paint, path, rect, rng, shade, stroke, uid } from './svg.ts';

// Pieces the scenes are built from: pipes and fittings, tools, people, vehicles, houses, plants,
// appliances, ground and rooms.
export interface PipeStyle {
  readonly base: string;
  readonly shade: string;
  readonly shine: string;
}

export const PIPE = {
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
export function pipe(d: string, width: number, s: PipeStyle): string {
  const common = 'fill="none" stroke-linejoin="round"';
  return (
    `<path d="${d}" ${common} stroke="${s.shade}" stroke-width="${width}"/>` +
    `<path d="${d}" ${common} stroke="${s.base}" stroke-width="${width * 0.72}"/>` +
    `<path d="${d}" ${common} stroke="${s.shine}" stroke-width="${width * 0.16}" opacity="0.75"/>`
  );
}

export function fitting(x: number, y: number, width: number, s: PipeStyle): string {
  const f = width * 1.4;
  return (
    rect(x - f / 2, y - f / 2, f, f, s.shade, `rx="${f * 0.22}"`) +
    rect(x - f / 2 + 3, y - f / 2 + 3, f - 6, f - 6, s.base, `rx="${f * 0.18}"`)
  );
}

/** Quarter-turn ball valve; `angle` rotates the lever (0 = lever along +x). */
export function valve(x: number, y: number, size: number, handle: string, angle = 0): string {
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
export function wrenchPath(len: number): string {
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

export function wrench(
  x: number,
  y: number,
  angle: number,
  scale: number,
  fill: string,
  outline?: string,
): string {
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
export function pipeWrench(x: number, y: number, angle: number, scale: number): string {
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

export const DROP_D = 'M0 -50 C14 -30 34 -8 34 14 A34 34 0 0 1 -34 14 C-34 -8 -14 -30 0 -50 Z';

export function drop(x: number, y: number, scale: number, fill: string, extra = ''): string {
  return g(
    at(x, y, scale),
    path(DROP_D, fill, extra),
    ellipse(-14, 12, 6, 11, '#ffffff', 'opacity="0.45" transform="rotate(20 -14 12)"'),
  );
}

/** Four-point sparkle, used to say "clean / fixed" without words. */
export function sparkle(x: number, y: number, size: number, fill = '#ffffff'): string {
  const s = size;
  const q = size * 0.22;
  return path(
    `M${x} ${y - s}Q${x + q} ${y - q} ${x + s} ${y}Q${x + q} ${y + q} ${x} ${y + s}Q${x - q} ${y + q} ${x - s} ${y}Q${x - q} ${y - q} ${x} ${y - s}Z`,
    fill,
  );
}

export type Pose = 'stand' | 'wave' | 'wrench' | 'clipboard';

export interface PersonOptions {
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
export function technician(x: number, y: number, scale: number, o: PersonOptions): string {
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
export function van(x: number, y: number, scale: number): string {
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

export interface HouseOptions {
  readonly wall: string;
  readonly roof: string;
  readonly door: string;
  readonly glass: string;
  readonly trim?: string;
}

/** Two-window craftsman house, origin bottom-left, 420 wide x ~360 tall. */
export function house(x: number, y: number, scale: number, o: HouseOptions): string {
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

export function roundTree(x: number, y: number, scale: number, leaf: string): string {
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
export function pine(x: number, y: number, scale: number, leaf: string): string {
  return g(
    at(x, y, scale),
    rect(-8, -50, 16, 50, '#5b3a22'),
    path('M0 -260 L50 -170 L-50 -170 Z', shade(leaf, 0.1)),
    path('M0 -210 L62 -110 L-62 -110 Z', leaf),
    path('M0 -150 L74 -46 L-74 -46 Z', shade(leaf, -0.1)),
  );
}

export function cloud(x: number, y: number, scale: number, fill = '#ffffff', opacity = 1): string {
  return g(
    at(x, y, scale),
    `<g opacity="${opacity}">` +
      ellipse(0, 0, 70, 26, fill) +
      circle(-26, -14, 28, fill) +
      circle(18, -22, 34, fill) +
      `</g>`,
  );
}

export function shrub(x: number, y: number, scale: number, leaf: string): string {
  return g(
    at(x, y, scale),
    circle(-30, -24, 30, shade(leaf, -0.1)),
    circle(30, -24, 30, shade(leaf, -0.1)),
    circle(0, -36, 38, leaf),
  );
}

/** Cylinder shading: light band left of centre, dark edges. */
export function cylinderPaint(base: string): Paint {
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

export interface HeaterOptions {
  readonly body: string;
  readonly kind: 'gas' | 'electric';
}

/** Tank water heater, origin at floor centre, ~180 wide, ~400 tall (gas vent adds more). */
export function waterHeater(x: number, y: number, scale: number, o: HeaterOptions): string {
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
export function tanklessUnit(x: number, y: number, scale: number, accent: string): string {
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
export function soil(y: number, h: number, width: number, seed: number): string {
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

export function grassStrip(y: number, width: number, h = 26): string {
  const blades: string[] = [];
  for (let x = 0; x < width; x += 14) {
    blades.push(`M${x} ${y + 4} l6 -14 l6 14`);
  }
  return (
    rect(0, y, width, h, C.grass) + path(blades.join(''), C.grass) + rect(0, y + h - 6, width, 6, C.grassDark)
  );
}

export function tilePattern(size: number, tile: string, grout: string): Paint {
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

export function brickPattern(): Paint {
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
export function room(
  wallTop: string,
  wallBottom: string,
  floor: string,
  floorY: number,
  w = 960,
  h = 640,
): string {
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

export function sky(w: number, h: number, top: string, bottom: string): string {
  const p = lg([
    [0, top],
    [1, bottom],
  ]);
  return defs(p) + rect(0, 0, w, h, p.url);
}

export function toolbox(x: number, y: number, scale: number): string {
  return g(
    at(x, y, scale),
    ellipse(70, 0, 80, 8, '#000000', 'opacity="0.15"'),
    rect(0, -80, 140, 80, C.red, 'rx="8"'),
    rect(0, -80, 140, 22, shade(C.red, -0.2), 'rx="8"'),
    stroke('M40 -80 L40 -100 L100 -100 L100 -80', C.slate700, 8),
    rect(60, -64, 20, 10, C.slate300, 'rx="2"'),
  );
}
