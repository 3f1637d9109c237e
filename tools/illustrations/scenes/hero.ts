import { C, SKIN } from '../colours.ts';
import { house, pine, roundTree, technician, van } from '../pieces.ts';
import { circle, defs, ellipse, lg, path, rect, rg, rng, stroke } from '../svg.ts';

export const HERO_W = 1600;
export const HERO_H = 900;

export function heroScene(): string {
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
