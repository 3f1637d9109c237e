import type { ServiceSlug } from '../../src/shared/images.ts';
import { serviceGalleries } from '../../src/shared/service-galleries.ts';
import { serviceCategories } from '../../src/shared/site-content.ts';

interface ServiceCopy {
  summary: string;
  description: string;
  offerings: readonly string[];
}

// Services: each section's bullet list, in the order the company gives them.
const copyBySlug: Record<ServiceSlug, ServiceCopy> = {
  'residential-plumbing': {
    summary: 'Leaks, pipes, fixtures and sump pumps for homes across Forsyth County.',
    description:
      'From a dripping faucet to a burst pipe behind the drywall, our licensed plumbers find the cause, explain the fix and the price before any work starts, and leave your home clean. We install and repair the fixtures, supply lines and protection devices that keep a household running.',
    offerings: [
      'Leak detection and repair',
      'Pipe repair and replacement',
      'Fixture installation',
      'Sump pump services',
      'Backflow prevention',
    ],
  },
  'sewer-drain': {
    summary: 'Clogged drains and sewer lines cleared, inspected and kept flowing.',
    description:
      'Slow drains, gurgling toilets and sewage smells usually point to a blockage further down the line. We clear it with the right tool for the pipe, show you what caused it on camera, and recommend maintenance that keeps it from coming back.',
    offerings: [
      'Drain unclogging',
      'Snaking',
      'Sewer line cleaning',
      'Camera inspections',
      'Preventative maintenance',
    ],
  },
  'filtration-system': {
    summary: 'Cleaner, better-tasting water for the whole house or the kitchen tap.',
    description:
      'We test your water first, then size and install the filtration that fits it: a whole-house system at the main line, reverse osmosis under the sink, or a simple carbon filter. We also replace cartridges and service existing systems so they keep doing their job.',
    offerings: [
      'Whole-house systems',
      'Reverse osmosis',
      'Carbon filter installation',
      'Cartridge replacement',
      'Water quality testing',
      'System maintenance',
    ],
  },
  'underground-plumbing': {
    summary: 'Buried water and sewer lines repaired or replaced, often without a trench.',
    description:
      'Tree roots, shifting Georgia clay and age all take their toll on lines under the yard. We locate the problem with a camera, then choose between trenchless replacement, pipe lining or careful excavation, whichever disturbs your property least.',
    offerings: [
      'Sewer line installation',
      'Underground pipe repair',
      'Trenchless replacement',
      'Camera inspections',
      'Excavation',
      'Pipe lining and coating',
    ],
  },
  'water-heater': {
    summary: 'Tank and tankless water heaters installed, repaired and maintained.',
    description:
      'No hot water, rusty water or a tank that rumbles? We repair gas and electric water heaters of every major brand, flush out sediment, and when replacement makes more sense we help you pick an efficient unit sized for your household.',
    offerings: [
      'Installation',
      'Repair',
      'Tankless services',
      'Annual maintenance and flushing',
      'Energy-efficient upgrades',
      'Replacement',
    ],
  },
  'tankless-water': {
    summary: 'Endless hot water from a compact, efficient tankless heater.',
    description:
      'A tankless heater warms water only when you use it, saves space and lowers energy bills. We help you choose between gas and electric models, size the unit for your peak demand, install it to code and keep it descaled and running efficiently.',
    offerings: [
      'Installation',
      'Gas and electric systems',
      'Sizing and selection',
      'Maintenance and repair',
      'Efficiency upgrades',
    ],
  },
};

export const serviceSections = serviceCategories.map((category) => ({
  ...category,
  ...copyBySlug[category.slug],
  gallery: serviceGalleries[category.slug],
}));
