import { C } from '../colours.ts';
import { cloud, grassStrip, house, pine, PIPE, pipe, roundTree, sky, soil, sparkle } from '../pieces.ts';
import { GW, type Scene } from './gallery-size.ts';
import { circle, defs, ellipse, g, lg, path, rect, stroke } from '../svg.ts';

export const underground: readonly Scene[] = [
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
