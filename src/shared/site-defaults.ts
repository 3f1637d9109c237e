import type { SiteSettings } from './schemas/settings.ts';
import type { PublicReview } from './schemas/review.ts';
import { DEFAULT_COMPANY_TIME_ZONE } from './company-time.ts';
import { palette } from '../styles/palette.ts';

// Used by the admin and as the public fallback whenever reading settings fails.
export const defaultSettings: SiteSettings = {
  companyName: 'Cumming Plumbing Pros',
  // 555-01xx numbers are reserved for fiction: nobody real is dialled before the owner sets theirs.
  phoneNumber: '(470) 555-0142',
  email: 'service@cummingplumbingpros.com',
  addressStreet: '100 Main Street',
  addressCity: 'Cumming',
  addressState: 'GA',
  addressZip: '30040',
  // Set by the owner: coordinates and a price range are published only once they are true.
  latitude: '',
  longitude: '',
  priceRange: '',
  website: '',
  businessHours: {
    monday: '8:00 AM - 6:00 PM',
    tuesday: '8:00 AM - 6:00 PM',
    wednesday: '8:00 AM - 6:00 PM',
    thursday: '8:00 AM - 6:00 PM',
    friday: '8:00 AM - 6:00 PM',
    saturday: '9:00 AM - 4:00 PM',
    sunday: 'Closed',
  },
  seoTitle: 'Plumber in Cumming, GA | Cumming Plumbing Pros',
  seoDescription:
    'Licensed and insured plumbers serving Cumming and Forsyth County, Georgia: emergency service, drains, water heaters, tankless installs and more, fixed today with upfront pricing.',
  seoKeywords:
    'plumber Cumming GA, Forsyth County plumber, emergency plumber, water heater repair, drain cleaning, tankless water heater',
  contactFormEnabled: true,
  emailNotifications: true,
  adminEmail: '',
  maintenanceMode: false,
  allowComments: true,
  // Off, as the spec publishes a review at once; the owner may switch it on.
  holdReviewsForApproval: false,
  googleReviewUrl: '',
  analyticsEnabled: true,
  facebook: '',
  instagram: '',
  twitter: '',
  linkedin: '',
  logoUrl: '',
  brandPrimaryColor: palette.brandNavy,
  brandAccentColor: palette.orangeDark,
  timeZone: DEFAULT_COMPANY_TIME_ZONE,
};

// Nine built-in reviews, all five stars, shown when the reviews call fails.
export const sampleReviews: readonly PublicReview[] = [
  [
    'Sarah',
    'Mitchell',
    'Our water heater quit on a Sunday morning. They were at our house in Cumming within the hour and had hot water running again by lunch. Honest price, no surprises.',
  ],
  [
    'James',
    'Carter',
    'Camera inspection found the root intrusion two other companies missed. The sewer line was cleared the same day and they showed me the footage before and after.',
  ],
  [
    'Linda',
    'Nguyen',
    'Installed a tankless unit in our Suwanee home. Clean work, explained every option, and the gas bill dropped the very first month.',
  ],
  [
    'Robert',
    'Hayes',
    'Burst pipe in the crawl space at 11 PM. The technician walked me through shutting off the main by phone and arrived twenty minutes later. Lifesavers.',
  ],
  [
    'Emily',
    'Brooks',
    'Whole-house filtration system installed in Johns Creek. They tested our water first and did not try to upsell us anything we did not need.',
  ],
  [
    'Michael',
    'Alvarez',
    'Fixed a slab leak with minimal digging. Upfront quote, on time, and they cleaned up better than they found it.',
  ],
  [
    'Patricia',
    'Owens',
    'Friendly, licensed, and fast. Replaced two toilets and a kitchen faucet in one visit. Will call them for everything from now on.',
  ],
  [
    'David',
    'Kim',
    'Drain in the basement kept backing up. They snaked it, found the cause, and set us up with a maintenance plan. No more backups since.',
  ],
  [
    'Karen',
    'Whitfield',
    'Best plumbing experience we have had in Forsyth County. Polite technician, fair price, and the work is guaranteed.',
  ],
].map(([name, secondName, review], index) => ({
  id: `sample-${index + 1}`,
  name: name as string,
  secondName: secondName as string,
  rating: 5,
  review: review as string,
  createdAt: new Date(Date.UTC(2025, 0, 10 + index * 9)).toISOString(),
  // Samples stand in when the database cannot be read: no badge, no reply.
  verified: false,
  jobMonth: null,
  town: null,
  reply: null,
  repliedAt: null,
}));
