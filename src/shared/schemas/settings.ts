import { z } from 'zod';

import { weekdays, type Weekday } from '../weekdays.ts';
import { US_STATE_CODES, ZIP_PATTERN } from '../postal-address.ts';
import { plainText, type TextOptions } from './text.ts';
import { AA_TEXT_CONTRAST, contrastRatio, formatRatio, HEX_COLOUR } from '../contrast.ts';
import { isKnownTimeZone } from '../company-time.ts';

export { weekdays, type Weekday };

const text = (max: number, label: string, options?: TextOptions) =>
  z.string().trim().max(max, `At most ${max} characters`).check(plainText(label, options));
const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500)
    .check(plainText(label))
    .refine((value) => value === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), {
      message: `${label} must be a full http(s) address or empty`,
    });
const optionalEmail = (label: string) =>
  z
    .string()
    .trim()
    .max(255)
    .check(plainText(label))
    .refine((value) => value === '' || z.email().safeParse(value).success, {
      message: `${label} must be a valid email address or empty`,
    });

// A North American number as people write it: (470) 555-0142, 470-555-0142, +1 470 555 0142.
const phoneNumber = z
  .string()
  .trim()
  .min(1, 'Phone number is required')
  .max(20, 'Phone number must be at most 20 characters')
  .check(plainText('Phone number'))
  .refine(
    (value) =>
      /^\+?[\d\s().-]+$/.test(value) && value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '').length === 10,
    {
      message: 'Enter a 10-digit US phone number',
    },
  );

/** A decimal degree as people copy it from a map ("34.2073"), within ±limit; empty when not set. */
const degrees = (label: string, limit: number) =>
  z
    .string()
    .trim()
    .max(20, `${label} must be at most 20 characters`)
    .refine(
      (value) => value === '' || (/^[+-]?\d{1,3}(\.\d+)?$/.test(value) && Math.abs(Number(value)) <= limit),
      { message: `${label} must be a number from -${limit} to ${limit}, or empty` },
    );

/**
 * A brand colour the site puts white text on (header, hero, buttons) and shows as text on white: refused,
 * with the ratio, when that text would fail WCAG AA.
 */
const brandColour = (label: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(HEX_COLOUR, `${label} must be a colour written #rrggbb`)
    .superRefine((value, context) => {
      const ratio = contrastRatio(value, '#ffffff');
      if (ratio < AA_TEXT_CONTRAST)
        context.addIssue({
          code: 'custom',
          message: `${label} ${value} is too light: white text on it has a contrast of ${formatRatio(ratio)}, and WCAG AA needs at least ${AA_TEXT_CONTRAST}:1. Choose a darker shade.`,
        });
    });

/** An IANA time zone name this server knows. */
const timeZoneName = z
  .string()
  .trim()
  .max(64, 'Time zone must be at most 64 characters')
  .refine(isKnownTimeZone, { message: 'Time zone must be a known IANA name such as America/Denver' });

/** An uploaded picture's address (/uploads/...), or empty for none. */
const uploadedPicture = (label: string) =>
  z
    .string()
    .trim()
    .max(500)
    .refine((value) => value === '' || /^\/uploads\/[\w.-]+$/.test(value), {
      message: `${label} must be a picture uploaded to the media library, or empty`,
    });

export const businessHoursSchema = z.object(
  Object.fromEntries(
    weekdays.map((day) => [day, text(60, 'Hours').min(1, 'Enter hours or Closed')]),
  ) as Record<Weekday, z.ZodString>,
);

// The whole site settings object; PUT /api/admin/settings sends all of it, never a part.
export const siteSettingsSchema = z.object({
  companyName: text(255, 'Company name').min(1, 'Company name is required'),
  phoneNumber,
  email: optionalEmail('Email'),
  // The address in the parts search engines read (a schema.org PostalAddress); the site shows one line.
  addressStreet: text(255, 'Street address'),
  addressCity: text(100, 'City'),
  addressState: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || US_STATE_CODES.includes(value), {
      message: 'Enter a two-letter state code such as GA, or leave it empty',
    }),
  addressZip: z
    .string()
    .trim()
    .refine((value) => value === '' || ZIP_PATTERN.test(value), {
      message: 'Enter a 5-digit ZIP code (or ZIP+4), or leave it empty',
    }),
  /** Where the business is on a map, published for search engines when both are set. */
  latitude: degrees('Latitude', 90),
  longitude: degrees('Longitude', 180),
  /** Search engines' price range of a local business, such as "$$" or "$100-$500". */
  priceRange: text(100, 'Price range'),
  website: optionalUrl('Website'),
  businessHours: businessHoursSchema,
  seoTitle: text(255, 'Search title'),
  seoDescription: text(1_000, 'Search description', { multiline: true }),
  seoKeywords: text(1_000, 'Search keywords'),
  contactFormEnabled: z.boolean(),
  emailNotifications: z.boolean(),
  adminEmail: optionalEmail('Admin email'),
  maintenanceMode: z.boolean(),
  allowComments: z.boolean(),
  /** New reviews wait for the owner's approval before visitors see them. */
  holdReviewsForApproval: z.boolean(),
  /** The company's Google review page, linked in every review request beside the site's own form. */
  googleReviewUrl: optionalUrl('Google review page'),
  /** Page views and call taps are counted for the admin Dashboard; server-side only. */
  analyticsEnabled: z.boolean(),
  facebook: optionalUrl('Facebook'),
  instagram: optionalUrl('Instagram'),
  twitter: optionalUrl('Twitter'),
  linkedin: optionalUrl('LinkedIn'),
  /** Where the company works, as the site's sentences name it ("Springfield and Sangamon County"). */
  serviceArea: text(150, 'Service area').min(1, 'Service area is required'),
  /** The company's look and place: admins only, as every setting. */
  logoUrl: uploadedPicture('Logo'),
  brandPrimaryColor: brandColour('Main brand colour'),
  brandAccentColor: brandColour('Accent colour'),
  timeZone: timeZoneName,
});

/** Settings a client written before they existed may leave out: what is stored stays. */
const settingsAddedLater = {
  serviceArea: true,
  logoUrl: true,
  brandPrimaryColor: true,
  brandAccentColor: true,
  timeZone: true,
} as const;

export type SiteSettings = z.output<typeof siteSettingsSchema>;

/**
 * What the admin sends to save the settings (tRPC and PUT /api/admin/settings alike): the whole object,
 * and optionally `address`, the one line the admin reads beside the parts. A client written before the
 * address had parts changes only that line; saveSettings decides which of the two the client changed.
 * Latitude and longitude go together.
 */
export const siteSettingsInputSchema = siteSettingsSchema
  .partial(settingsAddedLater)
  .extend({ address: text(500, 'Address').optional() })
  .superRefine((settings, context) => {
    if ((settings.latitude === '') !== (settings.longitude === '')) {
      context.addIssue({
        code: 'custom',
        path: [settings.latitude === '' ? 'latitude' : 'longitude'],
        message: 'Enter both latitude and longitude, or neither',
      });
    }
  });
export type SiteSettingsInput = z.output<typeof siteSettingsInputSchema>;

/** The settings as the admin reads them: every one, and the address also as the one line. */
export const adminSiteSettingsSchema = siteSettingsSchema.extend({ address: z.string() });
export type AdminSiteSettings = z.output<typeof adminSiteSettingsSchema>;

/** The parts of the address alone, to check a line split into them. */
export const addressPartsSchema = siteSettingsSchema.pick({
  addressStreet: true,
  addressCity: true,
  addressState: true,
  addressZip: true,
});
export type BusinessHours = SiteSettings['businessHours'];

/**
 * What visitors may see of the settings: GET /api/settings and every page's context (sent to the browser
 * in its HTML). An allow-list, so a setting added later stays private until someone decides otherwise:
 * adminEmail is the owner's own inbox, and emailNotifications and maintenanceMode only steer the server.
 * holdReviewsForApproval stays: POST /api/reviews tells every reviewer as much anyway.
 */
export const publicSettingsSchema = siteSettingsSchema.pick({
  companyName: true,
  phoneNumber: true,
  email: true,
  addressStreet: true,
  addressCity: true,
  addressState: true,
  addressZip: true,
  latitude: true,
  longitude: true,
  priceRange: true,
  website: true,
  businessHours: true,
  seoTitle: true,
  seoDescription: true,
  seoKeywords: true,
  contactFormEnabled: true,
  allowComments: true,
  holdReviewsForApproval: true,
  facebook: true,
  instagram: true,
  twitter: true,
  linkedin: true,
  serviceArea: true,
  logoUrl: true,
  brandPrimaryColor: true,
  brandAccentColor: true,
  timeZone: true,
});

export type PublicSiteSettings = z.output<typeof publicSettingsSchema>;
