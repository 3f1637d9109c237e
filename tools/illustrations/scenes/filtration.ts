import { C } from '../colours.ts';
import {
  cloud,
  cylinderPaint,
  drop,
  PIPE,
  pipe,
  room,
  roundTree,
  sparkle,
  valve,
  wrench,
} from '../pieces.ts';
import { GH, GW, type Scene } from './gallery-size.ts';
import { circle, defs, ellipse, lg, path, rect, stroke } from '../svg.ts';

export const filtration: readonly Scene[] = [
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
