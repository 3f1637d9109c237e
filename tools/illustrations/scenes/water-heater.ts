import { C, SKIN } from '../colours.ts';
import { drop, PIPE, pipe, room, sparkle, technician, toolbox, waterHeater } from '../pieces.ts';
import { GW, type Scene } from './gallery-size.ts';
import { circle, defs, ellipse, lg, path, rect, stroke } from '../svg.ts';

export const waterHeaterScenes: readonly Scene[] = [
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
