import { C, SKIN } from '../colours.ts';
import { cloud, house, pine, roundTree, shrub, sky, technician, van } from '../pieces.ts';
import { GW } from './gallery-size.ts';
import { circle, path, rect } from '../svg.ts';

export function aboutScene(): string {
  return [
    sky(GW, 460, '#60a5fa', '#e0f2fe'),
    circle(120, 90, 46, '#fde68a'),
    cloud(380, 80, 0.9),
    cloud(760, 110, 0.7, '#ffffff', 0.85),
    pine(40, 470, 1.0, '#2f6b3a'),
    house(440, 470, 1.05, { wall: '#fef3c7', roof: '#7c2d12', door: C.blue800, glass: '#bfdbfe' }),
    roundTree(930, 480, 1.2, '#4caf50'),
    rect(0, 460, GW, 180, '#6cbf6c'),
    rect(0, 460, GW, 8, '#4a964a'),
    path('M640 470 L720 470 L820 640 L560 640 Z', '#cbd5e1'),
    shrub(400, 470, 0.7, '#3f8f47'),
    van(30, 600, 0.95),
    technician(560, 612, 0.8, { skin: SKIN[1], pose: 'clipboard', shirt: C.blue600 }),
    technician(700, 620, 0.85, { skin: SKIN[0], pose: 'wave', shirt: C.blue800, cap: C.orange }),
    technician(850, 612, 0.8, { skin: SKIN[3], pose: 'stand', shirt: C.blue600 }),
  ].join('');
}
