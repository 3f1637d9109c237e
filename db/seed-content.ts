import type { NewOffer, NewPost } from './schema/index.ts';

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
