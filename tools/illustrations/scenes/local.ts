import { C } from '../colours.ts';
import { drop } from '../pieces.ts';
import { GH, GW } from './gallery-size.ts';
import { at, circle, ellipse, g, path, rect, rng, stroke } from '../svg.ts';

export function localScene(): string {
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
