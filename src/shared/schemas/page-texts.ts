// The words of the pages the owner rewrites in the Pages tab: one schema per page, used by the form,
// tRPC and PUT /api/admin/pages/:page alike. Every field may be left empty: the page then shows its
// built-in default (builtInPageTexts), today's words, with {company} standing for the company's name.
import { z } from 'zod';
import { baseVersionSchema } from './content.ts';
import { plainText } from './text.ts';

const line = (label: string, max = 200) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .check(plainText(label))
    .default('');
const paragraphs = (label: string, max = 4_000) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .check(plainText(label, { multiline: true }))
    .default('');

const uploadedPhoto = z
  .string({ error: 'Photo must be text' })
  .trim()
  .max(500)
  .refine((value) => value === '' || /^\/uploads\/[\w.-]+$/.test(value), {
    message: 'Photo must be a picture uploaded to the media library, or empty',
  })
  .default('');

export const homeTextSchema = z.object({
  bannerTitle: line('Towns banner title', 100),
  heroBadge: line('Hero badge', 100),
  heroHeadline: line('Headline'),
  heroLead: paragraphs('Line under the headline', 500),
  callButtonLabel: line('Call button label', 60),
  scheduleButtonLabel: line('Schedule button label', 60),
  servicesHeading: line('Services heading'),
  servicesLead: line('Services line', 300),
  featuredHeading: line('Featured services heading'),
  localHeading: line('Local experts heading'),
  localText: paragraphs('Local experts text', 2_000),
});

export const aboutTextSchema = z.object({
  heroLead: paragraphs('Line under the title', 500),
  storyHeading: line('Story heading'),
  story: paragraphs('Story'),
  valuesHeading: line('Values heading'),
  values: z
    .array(z.object({ title: line('Value', 100), text: paragraphs('Value text', 500) }), {
      error: 'Values must be a list',
    })
    .max(8, 'At most 8 values')
    .default([]),
  reasonsHeading: line('Why choose us heading'),
  reasons: paragraphs('Reasons, one a line', 2_000),
  team: z
    .array(
      z.object({
        name: line('Name', 100).pipe(z.string().min(1, 'Each team member needs a name')),
        role: line('Role', 100),
        photoUrl: uploadedPhoto,
      }),
      { error: 'Team must be a list' },
    )
    .max(24, 'At most 24 team members')
    .default([]),
  communityHeading: line('Community heading'),
  communityText: paragraphs('Community text', 2_000),
  communityFacts: z
    .array(z.object({ label: line('Fact', 100), value: line('Figure', 40) }), {
      error: 'Facts must be a list',
    })
    .max(6, 'At most 6 facts')
    .default([]),
  communityLinkLabel: line('Link text', 150),
  communityLinkUrl: z
    .string({ error: 'Link must be text' })
    .trim()
    .max(500)
    .refine((value) => value === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), {
      message: 'Link must be a full http(s) address or empty',
    })
    .default(''),
});

export const contactTextSchema = z.object({
  intro: paragraphs('Intro', 500),
  localExpertise: paragraphs('Local expertise', 1_000),
  communityFocus: paragraphs('Community focus', 1_000),
});

export const footerTextSchema = z.object({
  line: line("Footer's line", 300),
});

export const pageTextSchemas = {
  home: homeTextSchema,
  about: aboutTextSchema,
  contact: contactTextSchema,
  footer: footerTextSchema,
} as const;

export type TextPage = keyof typeof pageTextSchemas;
export const textPages = Object.keys(pageTextSchemas) as TextPage[];

export const textPageSchema = z.enum(textPages as [TextPage, ...TextPage[]], {
  error: `Page must be one of ${textPages.join(', ')}`,
});

export type PageText<Page extends TextPage> = z.output<(typeof pageTextSchemas)[Page]>;
export type PageTextInput<Page extends TextPage> = z.input<(typeof pageTextSchemas)[Page]>;

/**
 * tRPC adminPages.save: the page and its words, checked by that page's schema, and the version the
 * editor loaded them at (an older one than stored is refused with 409).
 */
export const savePageTextSchema = z.discriminatedUnion('page', [
  z.object({ page: z.literal('home'), text: homeTextSchema, version: baseVersionSchema }),
  z.object({ page: z.literal('about'), text: aboutTextSchema, version: baseVersionSchema }),
  z.object({ page: z.literal('contact'), text: contactTextSchema, version: baseVersionSchema }),
  z.object({ page: z.literal('footer'), text: footerTextSchema, version: baseVersionSchema }),
]);

export type PageTexts = { [Page in TextPage]: PageText<Page> };

/** What a page shows: each field as the owner wrote it, or where left empty its default. */
export function withDefaults<Page extends TextPage>(
  stored: Partial<PageText<Page>>,
  defaults: PageText<Page>,
  companyName: string,
): PageText<Page> {
  const shown: Record<string, unknown> = {};
  for (const [field, fallback] of Object.entries(defaults)) {
    const own = (stored as Record<string, unknown>)[field];
    const empty = own === undefined || own === '' || (Array.isArray(own) && own.length === 0);
    shown[field] = fillCompany(empty ? fallback : own, companyName);
  }
  return shown as PageText<Page>;
}

function fillCompany(value: unknown, companyName: string): unknown {
  if (typeof value === 'string') return value.replaceAll('{company}', companyName);
  if (Array.isArray(value)) return value.map((item) => fillCompany(item, companyName));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillCompany(item, companyName)]),
    );
  return value;
}
