/**
 * Manifest of the images the site ships in `public/images/`.
 *
 * Every image here (and the built-in services' photos, db/seed-content.ts) is drawn and rendered by
 * `tools/illustrations/` (`npm run illustrations`), which reads these files to know what to produce, so paths and sizes cannot drift
 * apart. Paths are base paths without extension: unless noted otherwise each
 * one exists as `<src>.webp` (preferred) and `<src>.jpg` (fallback), e.g.
 * `<picture><source srcset={`${src}.webp`} type="image/webp" /><img src={`${src}.jpg`} /></picture>`.
 */

export const serviceSlugs = [
  'residential-plumbing',
  'sewer-drain',
  'filtration-system',
  'underground-plumbing',
  'water-heater',
  'tankless-water',
] as const;

export type ServiceSlug = (typeof serviceSlugs)[number];

export interface SiteImage {
  /** Base path without extension. */
  readonly src: string;
  readonly width: number;
  readonly height: number;
  readonly alt: string;
}

export interface HeroImage extends SiteImage {
  /**
   * Rendered widths: files are `<src>-<width>.webp` and `<src>-<width>.jpg`
   * (there is no file at the bare `<src>` path). The left half is kept dark
   * so white headline text placed over it stays readable.
   */
  readonly widths: readonly number[];
}

export interface CouponImage extends SiteImage {
  /** Only `<src>.webp` exists for display; the PNG below is the fallback. */
  readonly downloadHref: string;
  readonly downloadWidth: number;
  readonly downloadHeight: number;
}

export const heroImage: HeroImage = {
  src: '/images/hero',
  widths: [800, 1600],
  width: 1600,
  height: 900,
  alt: 'Plumbing service van and a smiling technician in front of a family home at dusk',
};

export const couponImage: CouponImage = {
  src: '/images/coupon-25-off',
  width: 600,
  height: 300,
  alt: 'Coupon: $25 off any plumbing service. Mention this coupon when you call. Cannot be combined with other offers.',
  downloadHref: '/images/coupon-25-off.png',
  downloadWidth: 1000,
  downloadHeight: 500,
};

/** Default Open Graph / Twitter image; a `.webp` twin also exists for on-page use. */
export const shareImage = '/images/plumber_photo.jpg';

export const shareImageMeta: SiteImage = {
  src: '/images/plumber_photo',
  width: 1200,
  height: 630,
  alt: 'Friendly plumber holding a wrench beside a blue and orange service van',
};

export const aboutImage: SiteImage = {
  src: '/images/about-team',
  width: 960,
  height: 640,
  alt: 'Three members of our local plumbing team beside their service van in front of a home',
};

export const localExpertsImage: SiteImage = {
  src: '/images/local-experts',
  width: 960,
  height: 640,
  alt: 'Illustrated map of a small town beside a lake, with a pin marking our service area',
};

export const faviconSvg = '/images/favicon.svg';
export const appleTouchIcon = '/images/apple-touch-icon.png';
