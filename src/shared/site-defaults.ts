import type { SiteSettings } from './schemas/settings.ts';
import type { PublicReview } from './schemas/review.ts';
import { sampleReviewWords, seedCompany } from '../../db/seed-company.ts';
import { DEFAULT_COMPANY_TIME_ZONE } from './company-time.ts';
import { palette } from '../styles/palette.ts';

// Used by the admin and as the public fallback whenever reading settings fails. What names the company
// and its place is seed content (db/seed-company.ts): a fresh install starts as that company.
export const defaultSettings: SiteSettings = {
  companyName: seedCompany.companyName,
  // 555-01xx numbers are reserved for fiction: nobody real is dialled before the owner sets theirs.
  phoneNumber: '(470) 555-0142',
  email: seedCompany.email,
  addressStreet: seedCompany.addressStreet,
  addressCity: seedCompany.addressCity,
  addressState: seedCompany.addressState,
  addressZip: seedCompany.addressZip,
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
  seoTitle: seedCompany.seoTitle,
  seoDescription: seedCompany.seoDescription,
  seoKeywords: seedCompany.seoKeywords,
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
  serviceArea: seedCompany.serviceArea,
  logoUrl: '',
  brandPrimaryColor: palette.brandNavy,
  brandAccentColor: palette.orangeDark,
  timeZone: DEFAULT_COMPANY_TIME_ZONE,
};

// Nine built-in reviews, all five stars, shown when the reviews call fails.
export const sampleReviews: readonly PublicReview[] = sampleReviewWords.map(
  ([name, secondName, review], index) => ({
    id: `sample-${index + 1}`,
    name: name,
    secondName: secondName,
    rating: 5,
    review: review,
    createdAt: new Date(Date.UTC(2025, 0, 10 + index * 9)).toISOString(),
    // Samples stand in when the database cannot be read: no badge, no reply.
    verified: false,
    jobMonth: null,
    town: null,
    reply: null,
    repliedAt: null,
  }),
);
