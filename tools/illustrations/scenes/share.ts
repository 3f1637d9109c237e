import { C, SKIN } from '../colours.ts';
import { drop, fitting, house, PIPE, pipe, technician, valve, van, wrench } from '../pieces.ts';
import { circle, defs, lg, rect } from '../svg.ts';

export const SHARE_W = 1200;
export const SHARE_H = 630;

export function shareScene(): string {
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
