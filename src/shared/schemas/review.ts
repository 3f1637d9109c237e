import { z } from 'zod';
import { requiredText } from './contact.ts';
import { antiSpamFields } from './spam.ts';

export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const DEFAULT_RATING = 5;

/** Said by POST /api/reviews and shown in place of the form when the owner turns reviews off. */
export const REVIEWS_CLOSED_MESSAGE = 'Reviews are closed at the moment. Thank you for thinking of us!';
/** Said when new reviews wait for the owner's approval. */
export const REVIEW_HELD_MESSAGE = 'Thank you! Your review will appear after approval.';

// SPEC section 5: name required, secondName trimmed with "" becoming null, rating 1..5 defaulting to 5.
export const reviewInputSchema = z.object({
  name: requiredText(255, 'Name is required', 'Name'),
  secondName: z
    .string({ error: 'Second name must be text' })
    .trim()
    .max(255, 'Second name must be at most 255 characters')
    .nullish()
    .transform((value) => (value ? value : null)),
  rating: z
    .number({ error: 'Rating must be a number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(MIN_RATING, 'Rating must be a number from 1 to 5')
    .max(MAX_RATING, 'Rating must be a number from 1 to 5')
    .default(DEFAULT_RATING),
  review: requiredText(5_000, 'Review text is required', 'Review text'),
  ...antiSpamFields,
});

export type ReviewInput = z.input<typeof reviewInputSchema>;
export type ReviewData = z.output<typeof reviewInputSchema>;
