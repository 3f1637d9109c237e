import { z } from 'zod';
import { baseVersionSchema, runAtSchema } from './content.ts';
import { rowIdSchema } from './row-id.ts';
import { plainText } from './text.ts';

/**
 * Whether an editor's HTML shows a reader anything: some text, an image or a video. The editor turns
 * typed spaces into "<p>   </p>" or non-breaking spaces, which look like a body and read as nothing.
 */
export function hasVisibleContent(html: string): boolean {
  if (/<(img|video|iframe)\b/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|ensp|emsp|thinsp|zwsp|zwnj|zwj|#160|#x0*a0|#8203|#x0*200b);/gi, ' ');
  return /[^\s\u00a0\u200b-\u200d\ufeff]/.test(text);
}

export const postTypeSchema = z.enum(['news', 'advice'], { error: 'Type must be news or advice' });

/** A stored media reference: an uploaded path, an http(s) URL, or (images only) an inline data URI. */
const mediaReference = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .check(plainText(label))
    .refine((value) => value === '' || /^(\/|https?:\/\/)/i.test(value) || /^data:image\//i.test(value), {
      message: `${label} must be an uploaded file path or an http(s) URL`,
    })
    .nullish()
    .transform((value) => (value ? value : null));

// The admin post form. The excerpt could be read as optional or required; we take the stricter one:
// the excerpt is what every card and search snippet shows, so it is required like title and content.
export const postFieldsSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(500, 'Title must be at most 500 characters')
    .check(plainText('Title')),
  excerpt: z
    .string({ error: 'Excerpt is required' })
    .trim()
    .min(1, 'Excerpt is required')
    .max(1_000)
    .check(plainText('Excerpt', { multiline: true })),
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .refine(hasVisibleContent, 'Content is required')
    .max(200_000, 'Content must be at most 200,000 characters')
    .check(plainText('Content', { multiline: true })),
  image: mediaReference('Image'),
  video: mediaReference('Video').refine((value) => value === null || !value.startsWith('data:'), {
    message: 'Video must be an uploaded file path or an http(s) URL',
  }),
  slug: z
    .string()
    .trim()
    .max(255, 'Slug must be at most 255 characters')
    .regex(/^[a-z0-9-]*$/, 'Slug may hold only lowercase letters, digits and dashes')
    .nullish()
    .transform((value) => (value ? value : null)),
  isPublished: z.boolean({ error: 'isPublished must be true or false' }).default(false),
  /** A date ahead schedules the post: published, but hidden from visitors until then. */
  publishedAt: z.iso
    .datetime({ offset: true, error: 'Publish date must be a date and time' })
    .nullish()
    .transform((value) => (value ? new Date(value) : null)),
});

export const savePostInputSchema = z.object({
  type: postTypeSchema,
  post: postFieldsSchema,
  /** The version the editor loaded (an edit); an older one than stored is refused with 409. */
  version: baseVersionSchema,
});

export const postIdSchema = rowIdSchema('Post');

/** A change to a live post that goes live at `runAt` (an instant; the editor sends company time). */
export const schedulePostChangeInputSchema = z.object({
  type: postTypeSchema,
  post: postFieldsSchema,
  runAt: runAtSchema,
});

export type PostFieldsInput = z.input<typeof postFieldsSchema>;
export type SavePostInput = z.input<typeof savePostInputSchema>;
