import { z } from 'zod';
import { plainText } from './text.ts';
import { navigationLinks } from '../site-content.ts';

/**
 * The public pages whose metadata the owner may override: the pages of the site menu, in its order
 * (posts take theirs from the post itself).
 */
export const overridablePages = navigationLinks.map(({ href, label }) => ({ path: href, name: label }));

export type OverridablePage = (typeof navigationLinks)[number]['href'];

/** What a search result shows, roughly: longer text is cut off there. */
export const SEARCH_TITLE_CHARS = 60;
export const SEARCH_DESCRIPTION_CHARS = 160;

const optionalText = (max: number, label: string, multiline = false) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .check(plainText(label, { multiline }))
    .nullish()
    .transform((value) => (value ? value : null));

const pathOrUrl = (label: string) =>
  optionalText(500, label).refine(
    (value) => value === null || /^(\/(?!\/)|https?:\/\/[^\s]+$)/i.test(value),
    {
      message: `${label} must be a path starting with / or a full http(s) address`,
    },
  );

// A row of the seo_metadata table, edited in Settings, "Search & sharing". Empty means "the page's own".
export const seoOverrideInputSchema = z.object({
  page: z.enum(overridablePages.map((page) => page.path) as [OverridablePage, ...OverridablePage[]], {
    error: 'Choose one of the listed pages',
  }),
  title: optionalText(500, 'Title'),
  description: optionalText(1_000, 'Description', true),
  keywords: optionalText(1_000, 'Keywords'),
  ogTitle: optionalText(500, 'Sharing title'),
  ogDescription: optionalText(1_000, 'Sharing description', true),
  ogImage: pathOrUrl('Sharing image'),
  canonicalUrl: pathOrUrl('Canonical address'),
});

export type SeoOverrideInput = z.input<typeof seoOverrideInputSchema>;
export type SeoOverride = z.output<typeof seoOverrideInputSchema>;
