import { C } from '../colours.ts';
import { wrench } from '../pieces.ts';
import { defs, resetIds, ellipse, g, lg, path, rect } from '../svg.ts';

/** 64x64 mark used for the favicon and (on a background) the touch icon. */
export function markBody(): string {
  const blue = lg([
    [0, C.blue600],
    [1, C.blue800],
  ]);
  return [
    defs(blue),
    path('M32 3 C38 12 53 27 53 40 A21 21 0 0 1 11 40 C11 27 26 12 32 3 Z', blue.url),
    ellipse(22, 38, 3.5, 7, '#ffffff', 'opacity="0.35" transform="rotate(20 22 38)"'),
    // Oversized relative to the drop so it still reads at 16 px.
    wrench(20, 50, -45, 6.4, C.orange, '#ffffff'),
  ].join('');
}

export function faviconSvgText(): string {
  resetIds();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${markBody()}</svg>\n`;
}

export function appleIconScene(): string {
  return [rect(0, 0, 64, 64, '#ffffff'), g('translate(6 5) scale(0.82)', markBody())].join('');
}
