import { C } from '../colours.ts';
import {
  cloud,
  cylinderPaint,
  grassStrip,
  house,
  pine,
  PIPE,
  pipe,
  room,
  shrub,
  sky,
  soil,
  sparkle,
} from '../pieces.ts';
import { GW, type Scene } from './gallery-size.ts';
import { circle, defs, ellipse, lg, path, rect, rg, shade, stroke } from '../svg.ts';

export const sewer: readonly Scene[] = [
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
