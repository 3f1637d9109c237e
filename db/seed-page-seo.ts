import type { SeoInput } from '../renderer/seo.ts';

type PageWords = Pick<SeoInput, 'title' | 'description' | 'keywords'>;

// Search engines' wording of the pages that name the company's place: seed content of this install.
// The owner replaces any of it per page under Settings, Search & sharing.
export const builtInPageSeo = {
  about: {
    title: 'About Us: Local Plumbers in Cumming, GA',
    description:
      'Meet the licensed and insured plumbing team based in Cumming, Georgia: our values, why homeowners choose us, and the Forsyth County communities we serve.',
    keywords:
      'about our plumbers, Cumming GA plumbing company, Forsyth County plumbers, local plumber Cumming, licensed insured plumber',
  },
  adviceCenter: {
    title: 'Advice Center',
    description:
      'Plumbing advice from licensed plumbers in Cumming, GA: preventive maintenance, emergency preparedness, water heaters, drains and more for Forsyth County homes.',
    keywords:
      'plumbing advice, plumbing maintenance tips, frozen pipes Georgia, water heater maintenance, drain care, Cumming GA plumber',
  },
  contact: {
    title: 'Contact Us',
    description:
      'Call or message our licensed plumbers in Cumming, GA. Serving Cumming, Sugar Hill, Suwanee, Johns Creek, Alpharetta and Roswell. Monday to Friday 8:00 AM to 6:00 PM, weekends by appointment.',
    keywords:
      'contact plumber Cumming GA, plumbing estimate Forsyth County, emergency plumber Cumming, plumber near me',
  },
  news: {
    title: 'News & Updates',
    description:
      'News and updates from your local plumbers in Cumming, GA: company news, seasonal plumbing reminders and service updates for Forsyth County homeowners.',
    keywords: 'plumbing news Cumming GA, Forsyth County plumber updates, plumbing tips Georgia',
  },
  testimonials: {
    title: 'Customer Reviews and Testimonials',
    description:
      'Read what homeowners in Cumming, Suwanee, Johns Creek and across Forsyth County say about our plumbers, then leave a review of your own.',
    keywords:
      'plumber reviews Cumming GA, Forsyth County plumber testimonials, plumbing company reviews, leave a plumber review',
  },
} satisfies Record<string, PageWords>;
