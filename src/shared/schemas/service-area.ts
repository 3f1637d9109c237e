import { z } from 'zod';
import { hasVisibleContent } from './post.ts';
import { baseVersionSchema } from './content.ts';
import { rowIdSchema } from './row-id.ts';
import { plainText } from './text.ts';

export const SERVICE_AREA_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A five-digit US ZIP code, as booking asks a visitor for it. */
export const zipCodeSchema = z
  .string({ error: 'ZIP code must be text' })
  .trim()
  .regex(/^\d{5}$/, 'ZIP codes must be 5 digits, like 30040');

const PAGE_BODY_MAX = 100_000;

/** One town as the Service areas tab, tRPC and REST save it. */
export const serviceAreaFieldsSchema = z
  .object({
    town: z
      .string({ error: 'Town is required' })
      .trim()
      .min(1, 'Town is required')
      .max(100, 'Town must be at most 100 characters')
      .check(plainText('Town')),
    state: z
      .string({ error: 'State is required' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'State must be a two-letter code, like GA'),
    zips: z
      .array(zipCodeSchema, { error: 'ZIP codes must be a list' })
      .min(1, 'Add at least one ZIP code')
      .max(200, 'At most 200 ZIP codes per town')
      // Each once, in the order typed: a repeated ZIP is a slip, not a second area.
      .transform((zips) => [...new Set(zips)]),
    shown: z.boolean({ error: 'Shown must be true or false' }).default(true),
    inBanner: z.boolean({ error: 'In banner must be true or false' }).default(true),
    inCommunityList: z.boolean({ error: 'In community list must be true or false' }).default(true),
    slug: z
      .string({ error: 'Slug must be text' })
      .trim()
      .toLowerCase()
      .max(100, 'Slug must be at most 100 characters')
      .refine((value) => value === '' || SERVICE_AREA_SLUG_PATTERN.test(value), {
        message: 'Slug may hold only lowercase letters, digits and single dashes',
      })
      .optional()
      .transform((value) => value || null),
    pageHeading: z
      .string({ error: 'Page heading must be text' })
      .trim()
      .max(200, 'Page heading must be at most 200 characters')
      .check(plainText('Page heading'))
      .default(''),
    pageIntro: z
      .string({ error: 'Page intro must be text' })
      .trim()
      .max(1_000, 'Page intro must be at most 1,000 characters')
      .check(plainText('Page intro', { multiline: true }))
      .default(''),
    pageBody: z
      .string({ error: 'Page text must be text' })
      .trim()
      .max(PAGE_BODY_MAX, 'Page text must be at most 100,000 characters')
      .check(plainText('Page text', { multiline: true }))
      .default(''),
    pagePublished: z.boolean({ error: 'Page published must be true or false' }).default(false),
  })
  .superRefine((area, context) => {
    if (!area.pagePublished) return;
    // A town page exists for what it says about this town: no heading or no text, nothing to publish.
    if (area.pageHeading === '')
      context.addIssue({
        code: 'custom',
        path: ['pageHeading'],
        message: 'A published town page needs a heading',
      });
    if (!hasVisibleContent(area.pageBody))
      context.addIssue({
        code: 'custom',
        path: ['pageBody'],
        message: 'A published town page needs text of its own',
      });
  });

export const serviceAreaIdSchema = rowIdSchema('Service area');

export const updateServiceAreaInputSchema = z.object({
  id: serviceAreaIdSchema,
  area: serviceAreaFieldsSchema,
  /** The version the editor loaded; an older one than stored is refused with 409. */
  version: baseVersionSchema,
});

/** The towns in their new order, every one of them once. */
export const reorderServiceAreasInputSchema = z.object({
  ids: z
    .array(serviceAreaIdSchema, { error: 'Order must be a list of service area ids' })
    .min(1, 'Order must name every service area')
    .max(1_000)
    .refine((ids) => new Set(ids).size === ids.length, 'Order must name each service area once'),
});

export const serviceAreaSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(100)
  .regex(SERVICE_AREA_SLUG_PATTERN, 'Not a town page address');

export type ServiceAreaFieldsInput = z.input<typeof serviceAreaFieldsSchema>;
export type ServiceAreaFields = z.output<typeof serviceAreaFieldsSchema>;

/** A town as visitors and integrations read it (GET /api/service-areas). */
export interface PublicServiceArea {
  id: number;
  slug: string;
  town: string;
  state: string;
  zips: string[];
  inBanner: boolean;
  inCommunityList: boolean;
  /** The town's own page, or null when it has none published. */
  pagePath: string | null;
}

/** A town as the Service areas tab edits it. */
export interface AdminServiceArea extends ServiceAreaFields {
  id: number;
  slug: string;
  formerSlugs: string[];
  sortOrder: number;
  updatedAt: string;
}

/** The address of a town page. */
export function townPagePath(slug: string): string {
  return `/service-areas/${slug}`;
}
