import { z } from 'zod';
import { rowIdSchema } from './row-id.ts';
import { plainText } from './text.ts';

/** The longest alt text kept: a sentence or two, which is what a screen reader user wants to hear. */
export const MAX_ALT_LENGTH = 250;

export const mediaIdSchema = rowIdSchema('Media');

/** The Media tab's alt text form, its tRPC procedure and PATCH /api/admin/media/:id alike. */
export const mediaAltSchema = z.object({
  alt: z
    .string({ error: 'Alt text must be text' })
    .trim()
    .max(MAX_ALT_LENGTH, `Alt text must be at most ${MAX_ALT_LENGTH} characters`)
    .check(plainText('Alt text')),
});

export const updateMediaAltInputSchema = mediaAltSchema.extend({ id: mediaIdSchema });
