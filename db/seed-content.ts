import type { NewFaqRow, NewOffer, NewPost, NewServiceRow, ServicePhoto } from './schema/index.ts';
import type { ServiceSlug } from '../src/shared/images.ts';

// The posts a new site starts with, so the news and advice pages are never empty on day one.
const DAY = 24 * 60 * 60 * 1000;

interface SeedPost {
  type: 'news' | 'advice';
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  daysAgo: number;
}

const seedPosts: SeedPost[] = [
  {
    type: 'news',
    slug: 'now-serving-all-of-forsyth-county',
    title: 'Now Serving All of Forsyth County With Same-Day Appointments',
    excerpt:
      'Our trucks now cover Cumming, Sugar Hill, Suwanee, Johns Creek and the rest of Forsyth County, with same-day slots every weekday.',
    content:
      '<p>We have added a second service truck and a full-time dispatcher, which means same-day appointments are now available across all of Forsyth County on weekdays.</p><h2>Where we go</h2><p>Cumming remains home base, and we now reach Sugar Hill, Suwanee, Johns Creek, Alpharetta, Duluth, Dawsonville, Buford and Gainesville without a travel charge.</p><p>Call before noon and, in most cases, a licensed plumber will be at your door the same afternoon.</p>',
    daysAgo: 3,
  },
  {
    type: 'news',
    slug: 'tankless-water-heater-rebates',
    title: 'Tankless Water Heater Rebates for Georgia Homeowners',
    excerpt:
      'Gas utilities and federal tax credits can take a real bite out of the cost of going tankless this year. Here is what qualifies.',
    content:
      '<p>High-efficiency tankless water heaters can qualify for a federal tax credit of up to 30% of the installed cost, and several Georgia gas providers offer additional rebates.</p><h2>What qualifies</h2><ul><li>Gas tankless units with a uniform energy factor of 0.95 or higher</li><li>Professional installation with a permit</li><li>Replacement of an existing tank water heater</li></ul><p>We handle the permit and give you the paperwork you need for the credit. Ask for a free sizing visit.</p>',
    daysAgo: 12,
  },
  {
    type: 'news',
    slug: 'winter-pipe-protection-visits',
    title: 'Book a Winter Pipe Protection Visit Before the First Hard Freeze',
    excerpt:
      'North Georgia freezes are short but hard on exposed pipes. A 30-minute visit now can save a flooded crawl space later.',
    content:
      '<p>Most frozen-pipe calls we take come from crawl spaces, exterior walls and hose bibs. During a protection visit we insulate exposed lines, fit frost-proof covers on outdoor faucets and show you where your main shut-off is.</p><p>Visits run through the end of January and take about thirty minutes.</p>',
    daysAgo: 26,
  },
  {
    type: 'advice',
    slug: 'five-signs-your-water-heater-is-failing',
    title: 'Five Signs Your Water Heater Is About to Fail',
    excerpt:
      'Rusty water, rumbling, and a puddle at the base are warnings. Catch them early and you replace on your schedule, not in an emergency.',
    content:
      '<p>A tank water heater usually lasts 8 to 12 years. These are the signs that yours is near the end:</p><ol><li><strong>Rusty or muddy hot water.</strong> The tank lining may be corroding.</li><li><strong>Rumbling or popping.</strong> Sediment has hardened at the bottom of the tank.</li><li><strong>Water at the base.</strong> Even a small leak can mean the tank itself has cracked.</li><li><strong>Lukewarm water.</strong> A failing element or thermostat, or a tank full of sediment.</li><li><strong>Age over ten years.</strong> Check the date on the label.</li></ol><p>Flushing the tank once a year slows sediment build-up and keeps the heater efficient.</p>',
    daysAgo: 5,
  },
  {
    type: 'advice',
    slug: 'what-not-to-put-down-your-drain',
    title: 'What Not to Put Down Your Kitchen Drain',
    excerpt:
      'Grease, coffee grounds and "flushable" wipes cause most of the clogs we clear. A short list that keeps your drains flowing.',
    content:
      '<p>Most kitchen clogs build up slowly from things that seem harmless going down.</p><ul><li><strong>Grease and oil</strong> cool and harden inside the pipe. Wipe pans with a paper towel first.</li><li><strong>Coffee grounds</strong> clump together and do not dissolve.</li><li><strong>Rice and pasta</strong> swell with water.</li><li><strong>Eggshells</strong> form a sandy sludge in the trap.</li><li><strong>Wipes</strong>, even those labelled flushable, do not break down like paper.</li></ul><p>Once a month, run hot water for a minute after washing up to keep lines clear.</p>',
    daysAgo: 15,
  },
  {
    type: 'advice',
    slug: 'how-to-find-and-use-your-main-shut-off',
    title: 'How to Find and Use Your Main Water Shut-Off',
    excerpt:
      'When a pipe bursts, the first minute matters. Find your main shut-off valve today so you are ready.',
    content:
      '<p>In most Forsyth County homes the main shut-off is where the water line enters the house: in the basement, the crawl space, a utility closet or the garage. Some homes have it outside near the meter box.</p><h2>Using it</h2><ul><li>A round wheel valve turns clockwise to close.</li><li>A lever (ball) valve closes when the handle is across the pipe.</li></ul><p>Test it twice a year. A valve that has not moved in years can seize, and that is better discovered on a quiet afternoon than during a flood.</p>',
    daysAgo: 30,
  },
];

export function builtInPosts(now = new Date()): NewPost[] {
  return seedPosts.map(({ daysAgo, ...post }) => {
    const date = new Date(now.getTime() - daysAgo * DAY);
    return { ...post, isPublished: true, publishedAt: date, createdAt: date, updatedAt: date };
  });
}

// The services a new site starts with, in the order the Services page shows them. Their photos are
// pictures the site ships (tools/illustrations draws them from this list); the owner replaces them with
// uploads from the media library. The last service's anchor does not match its title, on purpose: links
// to /services#leak-detection-services have always opened the tankless section.
const GALLERY_WIDTH = 960;
const GALLERY_HEIGHT = 640;

type GallerySpec = readonly (readonly [caption: string, alt: string])[];

/** The photos of one built-in service, drawn as `/images/services/<picture>-<n>.{jpg,webp}`. */
function gallery(picture: ServiceSlug, specs: GallerySpec): ServicePhoto[] {
  return specs.map(([caption, alt], index) => ({
    src: `/images/services/${picture}-${index + 1}.jpg`,
    caption,
    alt,
    width: GALLERY_WIDTH,
    height: GALLERY_HEIGHT,
  }));
}

interface SeedService {
  /** The name of the built-in pictures drawn for it. */
  picture: ServiceSlug;
  title: string;
  slug: string;
  anchor: string;
  summary: string;
  description: string;
  offerings: string[];
  photos: ServicePhoto[];
  homeHighlight: string | null;
}

const seedServices: SeedService[] = [
  {
    picture: 'residential-plumbing',
    title: 'Residential Plumbing',
    slug: 'residential-plumbing',
    anchor: 'residential-plumbing',
    summary: 'Leaks, pipes, fixtures and sump pumps for homes across Forsyth County.',
    description:
      '<p>From a dripping faucet to a burst pipe behind the drywall, our licensed plumbers find the cause, explain the fix and the price before any work starts, and leave your home clean. We install and repair the fixtures, supply lines and protection devices that keep a household running.</p>',
    offerings: [
      'Leak detection and repair',
      'Pipe repair and replacement',
      'Fixture installation',
      'Sump pump services',
      'Backflow prevention',
    ],
    photos: gallery('residential-plumbing', [
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
    homeHighlight:
      'From a dripping faucet to a burst pipe in the crawl space, licensed plumbers fix it right the first time.',
  },
  {
    picture: 'sewer-drain',
    title: 'Sewer + Drain Solutions',
    slug: 'sewer-drain-solutions',
    anchor: 'sewer-drain-solutions',
    summary: 'Clogged drains and sewer lines cleared, inspected and kept flowing.',
    description:
      '<p>Slow drains, gurgling toilets and sewage smells usually point to a blockage further down the line. We clear it with the right tool for the pipe, show you what caused it on camera, and recommend maintenance that keeps it from coming back.</p>',
    offerings: [
      'Drain unclogging',
      'Snaking',
      'Sewer line cleaning',
      'Camera inspections',
      'Preventative maintenance',
    ],
    photos: gallery('sewer-drain', [
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
    homeHighlight:
      'Slow drains and backups are cleared with professional machines, and a camera inspection shows you exactly what was wrong.',
  },
  {
    picture: 'filtration-system',
    title: 'Filtration System',
    slug: 'filtration-system',
    anchor: 'filtration-system-service',
    summary: 'Cleaner, better-tasting water for the whole house or the kitchen tap.',
    description:
      '<p>We test your water first, then size and install the filtration that fits it: a whole-house system at the main line, reverse osmosis under the sink, or a simple carbon filter. We also replace cartridges and service existing systems so they keep doing their job.</p>',
    offerings: [
      'Whole-house systems',
      'Reverse osmosis',
      'Carbon filter installation',
      'Cartridge replacement',
      'Water quality testing',
      'System maintenance',
    ],
    photos: gallery('filtration-system', [
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
    homeHighlight: null,
  },
  {
    picture: 'underground-plumbing',
    title: 'Underground Plumbing',
    slug: 'underground-plumbing',
    anchor: 'underground-plumbing-service',
    summary: 'Buried water and sewer lines repaired or replaced, often without a trench.',
    description:
      '<p>Tree roots, shifting Georgia clay and age all take their toll on lines under the yard. We locate the problem with a camera, then choose between trenchless replacement, pipe lining or careful excavation, whichever disturbs your property least.</p>',
    offerings: [
      'Sewer line installation',
      'Underground pipe repair',
      'Trenchless replacement',
      'Camera inspections',
      'Excavation',
      'Pipe lining and coating',
    ],
    photos: gallery('underground-plumbing', [
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
    homeHighlight: null,
  },
  {
    picture: 'water-heater',
    title: 'Water Heater Services',
    slug: 'water-heater-services',
    anchor: 'water-heater-service',
    summary: 'Tank and tankless water heaters installed, repaired and maintained.',
    description:
      '<p>No hot water, rusty water or a tank that rumbles? We repair gas and electric water heaters of every major brand, flush out sediment, and when replacement makes more sense we help you pick an efficient unit sized for your household.</p>',
    offerings: [
      'Installation',
      'Repair',
      'Tankless services',
      'Annual maintenance and flushing',
      'Energy-efficient upgrades',
      'Replacement',
    ],
    photos: gallery('water-heater', [
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
    homeHighlight:
      'No hot water? We carry common tank sizes on the truck, so most water heaters are repaired or replaced the day you call.',
  },
  {
    picture: 'tankless-water',
    title: 'Tankless Water Installation',
    slug: 'tankless-water-installation',
    anchor: 'leak-detection-services',
    summary: 'Endless hot water from a compact, efficient tankless heater.',
    description:
      '<p>A tankless heater warms water only when you use it, saves space and lowers energy bills. We help you choose between gas and electric models, size the unit for your peak demand, install it to code and keep it descaled and running efficiently.</p>',
    offerings: [
      'Installation',
      'Gas and electric systems',
      'Sizing and selection',
      'Maintenance and repair',
      'Efficiency upgrades',
    ],
    photos: gallery('tankless-water', [
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
    homeHighlight:
      'Save space and energy with a tankless system sized for your household, installed to code with the permit handled for you.',
  },
];

/** The pictures each built-in service shows, by picture name, for the tool that draws them. */
export const builtInServicePhotos: Readonly<Record<ServiceSlug, readonly ServicePhoto[]>> =
  Object.fromEntries(seedServices.map((service) => [service.picture, service.photos])) as Record<
    ServiceSlug,
    ServicePhoto[]
  >;

export function builtInServices(now = new Date()): NewServiceRow[] {
  return seedServices.map(({ picture: _picture, ...service }, sortOrder) => ({
    ...service,
    sortOrder,
    createdAt: now,
    updatedAt: now,
  }));
}

interface SeedFaq {
  question: string;
  answer: string;
  /** The slug of the service it is about; none for a general question. */
  service?: string;
}

const seedFaqs: SeedFaq[] = [
  {
    question: 'Do you charge extra for emergency calls at night or on weekends?',
    answer:
      'We quote the price before any work starts, day or night. After-hours visits carry an emergency rate, and we tell you what it is on the phone, before a plumber is sent.',
  },
  {
    question: 'Are your plumbers licensed and insured?',
    answer:
      'Yes. Every job is done or supervised by a Georgia-licensed master plumber, and the company carries liability insurance and workers’ compensation for everyone on site.',
  },
  {
    question: 'Which towns do you serve?',
    answer:
      'Cumming is home base, and we cover all of Forsyth County along with Sugar Hill, Suwanee, Johns Creek, Alpharetta and the towns around them, without a travel charge.',
  },
  {
    question: 'How do I know if my sewer line needs a camera inspection?',
    answer:
      'Several drains backing up at once, gurgling toilets, sewage smells in the yard or a clog that keeps coming back all point past the house drains to the main line. A camera shows the cause, so you pay for the right fix.',
    service: 'sewer-drain-solutions',
  },
  {
    question: 'How long does a tank water heater last?',
    answer:
      'Usually 8 to 12 years. Flushing the tank once a year slows sediment build-up; rusty water, rumbling and water at the base are signs it is near the end.',
    service: 'water-heater-services',
  },
  {
    question: 'Is a tankless water heater worth it?',
    answer:
      'For most households that use a lot of hot water, yes: a tankless unit lasts about twice as long as a tank, saves space and cuts the energy spent keeping water hot. We size it for your peak use so it keeps up with back-to-back showers.',
    service: 'tankless-water-installation',
  },
];

/** The built-in questions, each with the slug of the service it belongs to (none: general). */
export function builtInFaqs(): (Omit<NewFaqRow, 'serviceId'> & { serviceSlug: string | null })[] {
  return seedFaqs.map(({ service, ...faq }, sortOrder) => ({
    ...faq,
    serviceSlug: service ?? null,
    sortOrder,
  }));
}

/** The two offers the site has always shown, as content the owner may now change or end. */
export const builtInOffers: NewOffer[] = [
  {
    title: 'Any Plumbing Service',
    amount: '$25 Off',
    description: 'Download the coupon, then show it to your technician or mention it when you call.',
    finePrint: 'Mention this coupon when you call\nCannot be combined with other offers',
    audience: 'everyone',
    picture: 'drawn',
    sortOrder: 1,
  },
  {
    title: 'Your First Service',
    amount: '$50 Off',
    description: 'First time calling us? Take $50 off your first plumbing repair or installation.',
    finePrint:
      'Valid for new customers only\nMinimum service charge applies\nCannot be combined with other offers',
    audience: 'new-customers',
    showCallLink: true,
    showEstimateLink: true,
    picture: 'none',
    sortOrder: 2,
  },
];
