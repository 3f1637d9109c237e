import { z } from 'zod';

export const postTypeSchema = z.enum(['news', 'advice'], { error: 'Type must be news or advice' });

/** A stored media reference: an uploaded path, an http(s) URL, or (images only) an inline data URI. */
const mediaReference = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .refine((value) => value === '' || /^(\/|https?:\/\/)/i.test(value) || /^data:image\//i.test(value), {
      message: `${label} must be an uploaded file path or an http(s) URL`,
    })
    .nullish()
    .transform((value) => (value ? value : null));

// SPEC section 5, "Admin post form". Of its two readings of the excerpt we take the stricter one:
// the excerpt is what every card and search snippet shows, so it is required like title and content.
export const postFieldsSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(500, 'Title must be at most 500 characters'),
  excerpt: z.string({ error: 'Excerpt is required' }).trim().min(1, 'Excerpt is required').max(1_000),
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(1, 'Content is required')
    .max(200_000, 'Content must be at most 200,000 characters'),
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
});

export const postIdSchema = z.coerce
  .number({ error: 'Post id must be a number' })
  .int('Post id must be a whole number')
  .positive('Post id must be a positive number')
  .max(2_147_483_647, 'Post id is out of range');

export type PostFieldsInput = z.input<typeof postFieldsSchema>;
export type SavePostInput = z.input<typeof savePostInputSchema>;
