import { C } from '../colours.ts';
import { drop, wrench } from '../pieces.ts';
import { circle, defs, g, lg, path, rect, stroke } from '../svg.ts';

export const COUPON_W = 1000;
export const COUPON_H = 500;

export function couponScene(): string {
  const panel = lg(
    [
      [0, C.blue800],
      [1, C.blue600],
    ],
    [0, 0, 1, 1],
  );
  const font = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"`;
  return [
    defs(panel),
    rect(0, 0, COUPON_W, COUPON_H, '#ffffff'),
    // dashed cut line with scissors, so it reads as "print and cut"
    rect(
      12,
      12,
      COUPON_W - 24,
      COUPON_H - 24,
      'none',
      `rx="20" stroke="${C.slate400}" stroke-width="4" stroke-dasharray="16 12"`,
    ),
    rect(56, 0, 48, 26, '#ffffff'),
    g(
      'translate(80 12) rotate(90)',
      circle(-11, 6, 6, 'none', `stroke="${C.slate500}" stroke-width="3.5"`),
      circle(11, 6, 6, 'none', `stroke="${C.slate500}" stroke-width="3.5"`),
      stroke('M-6 2 L14 -6 M6 2 L-14 -6', C.slate500, 3.5),
    ),
    // inner card
    path(`M52 40 L330 40 L330 460 L52 460 Q36 460 36 444 L36 56 Q36 40 52 40 Z`, panel.url),
    rect(36, 40, COUPON_W - 72, COUPON_H - 80, 'none', `rx="16" stroke="${C.blue800}" stroke-width="4"`),
    ...[150, 110, 76].map((r, i) => circle(183, 250, r, '#ffffff', `opacity="${0.06 + i * 0.05}"`)),
    circle(183, 250, 70, '#ffffff'),
    drop(183, 254, 1.45, C.blue600),
    wrench(137, 296, -45, 14, C.orange, '#ffffff'),
    rect(330, 40, 10, 420, C.orange),
    // wording
    `<text x="650" y="200" text-anchor="middle" ${font} font-weight="bold" font-size="116" fill="${C.blue800}">$25 OFF</text>`,
    `<text x="650" y="262" text-anchor="middle" ${font} font-weight="bold" font-size="44" fill="${C.orangeDark}">Any Plumbing Service</text>`,
    rect(420, 296, 460, 3, C.slate200),
    `<text x="650" y="352" text-anchor="middle" ${font} font-size="28" fill="${C.slate700}">Mention this coupon when you call</text>`,
    `<text x="650" y="404" text-anchor="middle" ${font} font-size="21" fill="${C.slate500}">Cannot be combined with other offers</text>`,
  ].join('');
}
