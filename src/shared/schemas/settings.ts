import { z } from 'zod';

import { weekdays, type Weekday } from '../weekdays.ts';

export { weekdays, type Weekday };

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500)
    .refine((value) => value === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), {
      message: `${label} must be a full http(s) address or empty`,
    });
const optionalEmail = (label: string) =>
  z
    .string()
    .trim()
    .max(255)
    .refine((value) => value === '' || z.email().safeParse(value).success, {
      message: `${label} must be a valid email address or empty`,
    });

// A North American number as people write it: (470) 555-0142, 470-555-0142, +1 470 555 0142.
const phoneNumber = z
  .string()
  .trim()
  .min(1, 'Phone number is required')
  .max(20, 'Phone number must be at most 20 characters')
  .refine(
    (value) =>
      /^\+?[\d\s().-]+$/.test(value) && value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '').length === 10,
    {
      message: 'Enter a 10-digit US phone number',
    },
  );

export const businessHoursSchema = z.object(
  Object.fromEntries(weekdays.map((day) => [day, text(60).min(1, 'Enter hours or Closed')])) as Record<
    Weekday,
    z.ZodString
  >,
);

// The site settings object of SPEC section 3; PUT /api/admin/settings sends all of it.
export const siteSettingsSchema = z.object({
  companyName: text(255).min(1, 'Company name is required'),
  phoneNumber,
  email: optionalEmail('Email'),
  address: text(500),
  website: optionalUrl('Website'),
  businessHours: businessHoursSchema,
  seoTitle: text(255),
  seoDescription: text(1_000),
  seoKeywords: text(1_000),
  contactFormEnabled: z.boolean(),
  emailNotifications: z.boolean(),
  adminEmail: optionalEmail('Admin email'),
  maintenanceMode: z.boolean(),
  allowComments: z.boolean(),
  /** New reviews wait for the owner's approval before visitors see them. */
  holdReviewsForApproval: z.boolean(),
  /** Page views and call taps are counted for the admin Dashboard; server-side only. */
  analyticsEnabled: z.boolean(),
  facebook: optionalUrl('Facebook'),
  instagram: optionalUrl('Instagram'),
  twitter: optionalUrl('Twitter'),
  linkedin: optionalUrl('LinkedIn'),
});

export type SiteSettings = z.output<typeof siteSettingsSchema>;
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
  address: true,
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
});

export type PublicSiteSettings = z.output<typeof publicSettingsSchema>;
