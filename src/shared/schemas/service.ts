// One schema for a service as the owner saves it, whichever way it arrives (the admin form over tRPC,
// or REST), and one for a question and its answer.
import { z } from 'zod';
import { hasVisibleContent } from './post.ts';
import { rowIdSchema } from './row-id.ts';
import { plainText } from './text.ts';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug or an anchor: optional in the form, worked out from the title when left empty. */
const addressPart = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .toLowerCase()
    .max(100, `${label} must be at most 100 characters`)
    .refine((value) => value === '' || SLUG_PATTERN.test(value), {
      message: `${label} may hold only lowercase letters, digits and single dashes between them`,
    })
    .nullish()
    .transform((value) => (value ? value : null));

const requiredText = (label: string, max: number, multiline = false) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
    .check(plainText(label, { multiline }));

/**
 * A photo of a service: an upload from the media library (/uploads/...) or one of the pictures the site
 * ships (/images/...). The server takes an upload's size from its media row.
 */
/** Where an item stands in its list; a new one goes last when this is left out. */
const sortOrderSchema = z
  .number({ error: 'Order must be a whole number' })
  .int('Order must be a whole number')
  .min(0, 'Order must not be negative')
  .max(100_000, 'Order must be at most 100,000')
  .optional();

export const servicePhotoSchema = z.object({
  src: z
    .string({ error: 'Photo must be chosen from the media library' })
    .trim()
    .max(500, 'Photo address must be at most 500 characters')
    .regex(/^\/(uploads|images)\/[\w./-]+$/, 'Photo must be chosen from the media library'),
  alt: requiredText('Photo alt text', 500),
  caption: z
    .string({ error: 'Photo caption must be text' })
    .trim()
    .max(300, 'Photo caption must be at most 300 characters')
    .check(plainText('Photo caption'))
    .default(''),
  width: z.number().int().positive().max(20_000).optional(),
  height: z.number().int().positive().max(20_000).optional(),
});

export const serviceInputSchema = z.object({
  title: requiredText('Title', 200),
  slug: addressPart('Address (slug)'),
  anchor: addressPart('Anchor on the Services page'),
  summary: requiredText('Summary', 1_000, true),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .refine(hasVisibleContent, 'Description is required')
    .max(100_000, 'Description must be at most 100,000 characters')
    .check(plainText('Description', { multiline: true })),
  offerings: z
    .array(requiredText('Each offering', 200), { error: 'Offerings must be a list' })
    .max(40, 'Offerings: at most 40')
    .default([]),
  photos: z
    .array(servicePhotoSchema, { error: 'Photos must be a list' })
    .max(20, 'Photos: at most 20')
    .default([]),
  homeHighlight: z
    .string({ error: 'Home page card text must be text' })
    .trim()
    .max(500, 'Home page card text must be at most 500 characters')
    .check(plainText('Home page card text', { multiline: true }))
    .nullish()
    .transform((value) => (value ? value : null)),
  priceFrom: z
    .number({ error: 'Price from must be a whole number of dollars' })
    .int('Price from must be a whole number of dollars')
    .min(0, 'Price from must not be negative')
    .max(1_000_000, 'Price from must be at most 1,000,000')
    .nullish()
    .transform((value) => value ?? null),
  isShown: z.boolean({ error: 'Shown must be true or false' }).default(true),
  sortOrder: sortOrderSchema,
});

export const serviceIdSchema = rowIdSchema('Service');

export const serviceSlugParamSchema = z
  .string()
  .max(255, 'Service address must be at most 255 characters')
  .regex(SLUG_PATTERN, 'Service address may hold only lowercase letters, digits and dashes');

/** The services in the order the owner put them: every service's id, once. */
export const serviceOrderSchema = z.object({
  ids: z
    .array(serviceIdSchema, { error: 'Order must be a list of service ids' })
    .min(1, 'Order must name every service')
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'Order must name each service once'),
});

export const faqInputSchema = z.object({
  question: requiredText('Question', 500),
  answer: requiredText('Answer', 5_000, true),
  /** The service it is about; none for a general question. */
  serviceId: serviceIdSchema.nullish().transform((value) => value ?? null),
  isShown: z.boolean({ error: 'Shown must be true or false' }).default(true),
  sortOrder: sortOrderSchema,
});

export const faqIdSchema = rowIdSchema('Question');

export type ServiceInput = z.output<typeof serviceInputSchema>;
export type ServiceFormInput = z.input<typeof serviceInputSchema>;
export type ServicePhotoInput = z.output<typeof servicePhotoSchema>;
export type FaqInput = z.output<typeof faqInputSchema>;
export type FaqFormInput = z.input<typeof faqInputSchema>;
