// The photos of each service section: its own module, so that pages showing
// one photo of a service (home) do not carry the captions of all eighteen.
import type { GalleryImage, ServiceSlug } from './images.ts';

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
