// SVG building blocks (the markup kind of plumbing): gradients, shapes, transforms, and two helpers
// that keep the drawings deterministic.

// Gradient ids must be unique within one document; a global counter is
// simplest and stays deterministic because scenes are built in a fixed order.
let idCounter = 0;
/** Starts the gradient ids again at 1, for a document that is written out on its own (the favicon). */
export function resetIds(): void {
  idCounter = 0;
}
export const uid = (prefix: string): string => `${prefix}${++idCounter}`;

export type Stop = readonly [offset: number, color: string, opacity?: number];

export interface Paint {
  readonly url: string;
  readonly def: string;
}

export function stopsMarkup(stops: readonly Stop[]): string {
  return stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('');
}

/** Linear gradient; default runs top to bottom of the filled shape. */
export function lg(
  stops: readonly Stop[],
  [x1, y1, x2, y2]: readonly [number, number, number, number] = [0, 0, 0, 1],
): Paint {
  const id = uid('g');
  return {
    url: `url(#${id})`,
    def: `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsMarkup(stops)}</linearGradient>`,
  };
}

export function rg(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): Paint {
  const id = uid('r');
  return {
    url: `url(#${id})`,
    def: `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsMarkup(stops)}</radialGradient>`,
  };
}

export const defs = (...paints: readonly Paint[]): string =>
  `<defs>${paints.map((p) => p.def).join('')}</defs>`;

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ''): string =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`;
export const path = (d: string, fill: string, extra = ''): string =>
  `<path d="${d}" fill="${fill}" ${extra}/>`;
export const stroke = (d: string, color: string, width: number, extra = ''): string =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" ${extra}/>`;
export const g = (transform: string, ...children: readonly string[]): string =>
  `<g transform="${transform}">${children.join('')}</g>`;
export const at = (x: number, y: number, s = 1): string => `translate(${x} ${y}) scale(${s})`;

export function svgDoc(width: number, height: number, body: string, viewW = width, viewH = height): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${viewW} ${viewH}">` +
    body +
    `</svg>`
  );
}

/** Mixes a hex colour towards black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  const mix = (c: number): number => Math.round(c + (target - c) * t);
  const r = mix((n >> 16) & 255);
  const gr = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `#${((r << 16) | (gr << 8) | b).toString(16).padStart(6, '0')}`;
}

/** Small seeded PRNG so scattered details (stars, pebbles, houses) are stable between runs. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
