import { z } from 'zod';
import { offerAudiences, offerPictureKinds } from '../offer-kinds.ts';
import { companyTimeZone } from '../company-time.ts';
import { wallTimeInputToInstant } from '../zoned-time.ts';
import { plainText } from './text.ts';

export { offerAudiences, offerPictureKinds };

const text = (label: string, max: number, options: { required?: boolean; multiline?: boolean } = {}) => {
  const base = z
    .string({
      error: (issue) =>
        issue.input === undefined && options.required ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .check(plainText(label, { multiline: options.multiline }));
  return options.required ? base.min(1, `${label} is required`) : base;
};

const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * When an offer starts or ends: as the admin's datetime-local field sends it (`2026-12-01T08:00`, on the
 * company's clocks, whatever the browser's zone), or an instant with its offset (`…Z`) from an
 * integration. Empty or null: no limit.
 */
const offerTime = (label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be a date and time, or empty` })
    .optional()
    .transform((value, context) => {
      const given = value?.trim() ?? '';
      if (given === '') return null;
      const at = WALL_TIME.test(given)
        ? wallTimeInputToInstant(given, companyTimeZone())
        : INSTANT.test(given)
          ? new Date(given)
          : null;
      if (!at || Number.isNaN(at.getTime())) {
        context.addIssue({
          code: 'custom',
          message: `${label} must be a date and time such as 2026-12-01T08:00`,
        });
        return z.NEVER;
      }
      return at;
    });

/** POST /api/admin/offers, PUT /api/admin/offers/:id and tRPC adminOffers.create/update. */
export const offerInputSchema = z
  .object({
    title: text('Title', 200, { required: true }),
    amount: text('Amount', 60, { required: true }),
    description: text('Description', 1_000, { multiline: true }).default(''),
    finePrint: text('Fine print', 1_000, { multiline: true }).default(''),
    audience: z
      .enum(offerAudiences, { error: 'Audience must be everyone or new-customers' })
      .default('everyone'),
    showCallLink: z.boolean({ error: 'Call link must be true or false' }).default(false),
    showEstimateLink: z.boolean({ error: 'Estimate link must be true or false' }).default(false),
    picture: z.enum(offerPictureKinds, { error: 'Picture must be none, drawn or uploaded' }).default('none'),
    pictureUrl: text('Picture', 500)
      .refine((value) => value === '' || /^\/uploads\/[\w.-]+$/.test(value), {
        message: 'Picture must be a picture uploaded to the media library',
      })
      .nullish()
      .transform((value) => value || null),
    pictureAlt: text('Picture description', 500).default(''),
    startsAt: offerTime('Start'),
    endsAt: offerTime('End'),
    sortOrder: z.coerce
      .number({ error: 'Order must be a number' })
      .int('Order must be a whole number')
      .min(0, 'Order must be 0 or more')
      .max(10_000, 'Order must be at most 10000')
      .default(0),
  })
  .superRefine((offer, context) => {
    if (offer.picture === 'uploaded' && !offer.pictureUrl)
      context.addIssue({ code: 'custom', path: ['pictureUrl'], message: 'Choose the uploaded picture' });
    if (offer.picture === 'uploaded' && !offer.pictureAlt)
      context.addIssue({
        code: 'custom',
        path: ['pictureAlt'],
        message: 'Describe the picture for visitors who cannot see it',
      });
    if (offer.startsAt && offer.endsAt && offer.endsAt <= offer.startsAt)
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'End must be after the start' });
  });

export type OfferInput = z.input<typeof offerInputSchema>;
export type OfferData = z.output<typeof offerInputSchema>;

export const offerIdSchema = z.coerce
  .number({ error: 'Offer id must be a number' })
  .int('Offer id must be a whole number')
  .positive('Offer id must be positive');

/** An offer as the site and GET /api/offers give it. */
export interface PublicOffer {
  id: number;
  title: string;
  amount: string;
  /** "$25 Off Any Plumbing Service": the offer's heading. */
  heading: string;
  description: string;
  finePrint: string[];
  audience: (typeof offerAudiences)[number];
  showCallLink: boolean;
  showEstimateLink: boolean;
  picture: (typeof offerPictureKinds)[number];
  /** The picture's address (the drawn coupon's, or the upload's); null without a picture. */
  pictureUrl: string | null;
  pictureAlt: string;
  /** The file name the coupon downloads as: coupon-25-off.png. */
  downloadName: string | null;
  startsAt: string | null;
  endsAt: string | null;
  sortOrder: number;
}

/** The owner's view adds whether the offer shows now, and its times as the form's fields take them. */
export interface AdminOffer extends PublicOffer {
  status: 'active' | 'scheduled' | 'ended';
  /** `YYYY-MM-DDTHH:MM` on the company's clocks, or empty. */
  startsAtLocal: string;
  endsAtLocal: string;
  updatedAt: string;
}
