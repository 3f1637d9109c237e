import { C } from '../colours.ts';
import {
  brickPattern,
  drop,
  PIPE,
  pipe,
  room,
  shrub,
  sparkle,
  tanklessUnit,
  tilePattern,
  valve,
} from '../pieces.ts';
import { GH, GW, type Scene } from './gallery-size.ts';
import { circle, defs, ellipse, g, lg, rect, stroke, uid } from '../svg.ts';

export const tankless: readonly Scene[] = [
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
