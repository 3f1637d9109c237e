/**
 * Manifest of the images the site ships in `public/images/`.
 *
 * Every image here is drawn and rendered by `scripts/make-images.ts`, which
 * reads this file to know what to produce, so paths and sizes cannot drift
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

export interface GalleryImage {
  /** Base path without extension; `.webp` and `.jpg` both exist. */
  readonly src: string;
  /** Short sentence shown under the photo. */
  readonly caption: string;
  readonly width: number;
  readonly height: number;
  /** Describes what is drawn, for screen readers when the caption is not adjacent. */
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

const GALLERY_WIDTH = 960;
const GALLERY_HEIGHT = 640;

type GallerySpec = readonly (readonly [caption: string, alt: string])[];

function gallery(slug: ServiceSlug, specs: GallerySpec): readonly GalleryImage[] {
  return specs.map(([caption, alt], index) => ({
    src: `/images/services/${slug}-${index + 1}`,
    caption,
    alt,
    width: GALLERY_WIDTH,
    height: GALLERY_HEIGHT,
  }));
}

export const serviceGalleries: Readonly<Record<ServiceSlug, readonly GalleryImage[]>> = {
  'residential-plumbing': gallery('residential-plumbing', [
    [
      'Tightening a leaking copper fitting with a pipe wrench',
      'Pipe wrench gripping a copper water line next to a shut-off valve on a tiled wall',
    ],
    [
      'New vanity and faucet installed during a bathroom remodel',
      'Bright bathroom with a new vanity sink, chrome faucet, round mirror and toilet',
    ],
    [
      'Technician fixing a leak under a kitchen sink',
      'Plumber with a wrench beside an open kitchen sink cabinet showing the drain trap and supply lines',
    ],
  ]),
  'sewer-drain': gallery('sewer-drain', [
    [
      'Video camera inspection of a main sewer line',
      'Cutaway of a buried sewer pipe with an inspection camera lighting up a root blockage, and the monitor above ground',
    ],
    [
      'Drain machine clearing a clogged basement floor drain',
      'Motorized drain-cleaning machine feeding its cable into a floor drain on a concrete floor',
    ],
    [
      'Front-yard cleanout giving quick access to the sewer line',
      'Cutaway of a front yard showing the sewer line running from the house to the street main with a cleanout riser',
    ],
  ]),
  'filtration-system': gallery('filtration-system', [
    [
      'Under-sink reverse osmosis system with three filter stages',
      'Open kitchen sink cabinet holding three filter housings, a membrane and a storage tank',
    ],
    [
      'Whole-house filter and water softener installed in a garage',
      'Two tall treatment tanks and a brine tank connected to the main water line on a garage wall',
    ],
    [
      'Clean, filtered drinking water straight from the tap',
      'Kitchen faucet filling a glass with clear water in front of a bright window',
    ],
  ]),
  'underground-plumbing': gallery('underground-plumbing', [
    [
      'Open trench with a new water service line ready for backfill',
      'Cross-section of a yard with a trench holding a new blue water line, a shovel and a safety cone',
    ],
    [
      'Mini excavator digging to replace a buried sewer line',
      'Orange mini excavator digging a trench in a back yard beside a pile of soil',
    ],
    [
      'Trenchless line replacement that keeps the lawn in place',
      'Cutaway of a lawn with two small access pits and a new pipe pulled underground between them',
    ],
  ]),
  'water-heater': gallery('water-heater', [
    [
      'Technician replacing a 50-gallon gas water heater',
      'Plumber with a wrench next to a newly installed gas water heater with its vent pipe and shut-off valves',
    ],
    [
      'Electric water heater with a drain pan and expansion tank',
      'Electric tank water heater in a laundry room, sitting in a drain pan, with a small expansion tank on the cold line',
    ],
    [
      'Annual flush draining sediment from a water heater tank',
      'Garden hose attached to the drain valve of a water heater, emptying into a floor drain',
    ],
  ]),
  'tankless-water': gallery('tankless-water', [
    [
      'Wall-mounted tankless water heater with isolation valves',
      'Compact tankless water heater on a utility room wall with gas, cold and hot lines and a vent pipe',
    ],
    [
      'Outdoor tankless unit mounted on a brick wall',
      'Tankless water heater with a pipe cover mounted on the outside brick wall of a house, above shrubs',
    ],
    [
      'Endless hot water for back-to-back showers',
      'Shower head pouring water with rising steam in front of a tiled wall',
    ],
  ]),
};
