import { C, SKIN } from '../colours.ts';
import {
  cloud,
  drop,
  fitting,
  PIPE,
  pipe,
  pipeWrench,
  room,
  sparkle,
  technician,
  tilePattern,
  toolbox,
  valve,
} from '../pieces.ts';
import { GH, GW, type Scene } from './gallery-size.ts';
import { circle, defs, ellipse, lg, path, rect, rg, stroke } from '../svg.ts';

export const residential: readonly Scene[] = [
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
