// The coupon picture of an offer whose picture is "drawn": made from the offer's own words each time
// they change, so the picture a visitor downloads never says something the offer does not. The SVG is
// built here; the image process (src/server/media) turns it into the PNG that is shown and downloaded.
import { createHash } from 'node:crypto';
import { channelsOf } from '../../shared/contrast.ts';
import type { SiteSettings } from '../../shared/schemas/settings.ts';
import { palette } from '../../styles/palette.ts';

export const COUPON_WIDTH = 1000;
export const COUPON_HEIGHT = 500;

/** The owner's brand colours (Settings, each `#rrggbb`), which the coupon is drawn in as the pages are. */
export type CouponColours = Pick<SiteSettings, 'brandPrimaryColor' | 'brandAccentColor'>;

export interface CouponWords {
  id: number;
  amount: string;
  title: string;
  finePrint: string[];
  colours: CouponColours;
}

/** `#rrggbb` mixed with white by `share` (0 to 1): the lighter end of the panel's gradient. */
function lighter(colour: string, share: number): string {
  return `#${channelsOf(colour)
    .map((channel) =>
      Math.round(channel + (255 - channel) * share)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The font size at which `words` fit `width` pixels, at most `largest`: DejaVu Sans, which the image
 * process draws with, averages about 0.62 of its size a character in bold and 0.55 in regular.
 */
function fittingSize(words: string, width: number, largest: number, bold: boolean): number {
  const perCharacter = bold ? 0.62 : 0.55;
  return Math.max(12, Math.min(largest, Math.floor(width / (Math.max(words.length, 1) * perCharacter))));
}

const FONT = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"';
const TEXT_CENTRE = 650;
const TEXT_WIDTH = 540;

function line(words: string, y: number, largest: number, fill: string, bold = false): string {
  const size = fittingSize(words, TEXT_WIDTH, largest, bold);
  return `<text x="${TEXT_CENTRE}" y="${y}" text-anchor="middle" ${FONT}${bold ? ' font-weight="bold"' : ''} font-size="${size}" fill="${fill}">${escapeXml(words)}</text>`;
}

/** The coupon as SVG: a printable card with a cut line, the amount large, the title and the terms. */
export function couponSvg(words: CouponWords): string {
  const { brandPrimaryColor: primary, brandAccentColor: accent } = words.colours;
  const terms = words.finePrint.slice(0, 3);
  const termLines = terms.map((term, index) =>
    line(term, 352 + index * 44, index === 0 ? 28 : 21, index === 0 ? palette.inkMuted : '#64748b'),
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COUPON_WIDTH}" height="${COUPON_HEIGHT}" viewBox="0 0 ${COUPON_WIDTH} ${COUPON_HEIGHT}">`,
    `<defs><linearGradient id="panel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${primary}"/><stop offset="1" stop-color="${lighter(primary, 0.3)}"/></linearGradient></defs>`,
    `<rect width="${COUPON_WIDTH}" height="${COUPON_HEIGHT}" fill="#ffffff"/>`,
    `<rect x="12" y="12" width="${COUPON_WIDTH - 24}" height="${COUPON_HEIGHT - 24}" rx="20" fill="none" stroke="#94a3b8" stroke-width="4" stroke-dasharray="16 12"/>`,
    `<path d="M52 40 L330 40 L330 460 L52 460 Q36 460 36 444 L36 56 Q36 40 52 40 Z" fill="url(#panel)"/>`,
    `<rect x="36" y="40" width="${COUPON_WIDTH - 72}" height="${COUPON_HEIGHT - 80}" rx="16" fill="none" stroke="${primary}" stroke-width="4"/>`,
    ...[150, 110, 76].map(
      (radius, index) =>
        `<circle cx="183" cy="250" r="${radius}" fill="#ffffff" opacity="${0.06 + index * 0.05}"/>`,
    ),
    `<circle cx="183" cy="250" r="70" fill="#ffffff"/>`,
    // A water drop, the site's mark.
    `<path d="M183 196 C183 196 146 240 146 266 A37 37 0 0 0 220 266 C220 240 183 196 183 196 Z" fill="${primary}"/>`,
    `<rect x="330" y="40" width="10" height="420" fill="${accent}"/>`,
    line(words.amount.toUpperCase(), 200, 116, primary, true),
    line(words.title, 262, 44, accent, true),
    `<rect x="420" y="296" width="460" height="3" fill="#e2e8f0"/>`,
    ...termLines,
    `</svg>`,
  ].join('');
}

/** "$25 Off" → "coupon-25-off": the name the coupon downloads as, without its extension. */
export function couponBaseName(amount: string): string {
  const slug = amount
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `coupon${slug ? `-${slug}` : ''}`;
}

/** A short hash of the drawing: new words, a new address, so a year's caching never shows old words. */
export function couponHash(svg: string): string {
  return createHash('sha256').update(svg).digest('hex').slice(0, 12);
}

/** Where the drawn coupon of this offer, as its words are now, is served. */
export function couponPath(words: CouponWords): string {
  return `/offers/${words.id}/${couponBaseName(words.amount)}.${couponHash(couponSvg(words))}.png`;
}
