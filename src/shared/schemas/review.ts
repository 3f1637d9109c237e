// zod/mini, as every schema a public form loads (docs/decisions/025-public-form-schemas-light-and-loaded-on-use.md).
import { z } from 'zod/mini';
import { optionalText, requiredText } from './contact.ts';
import { antiSpamFields } from './spam.ts';

import { DEFAULT_RATING, MAX_RATING, MIN_RATING } from '../review-rules.ts';

export {
  DEFAULT_RATING,
  MAX_RATING,
  MIN_RATING,
  REVIEW_HELD_MESSAGE,
  REVIEWS_CLOSED_MESSAGE,
} from '../review-rules.ts';

const RATING_MESSAGE = 'Rating must be a number from 1 to 5';

// Name required, secondName trimmed with "" becoming null, rating 1..5 defaulting to 5.
export const reviewInputSchema = z.object({
  name: requiredText(255, 'Name is required', 'Name'),
  secondName: optionalText(255, 'Second name'),
  rating: z._default(
    z
      .number({ error: RATING_MESSAGE })
      .check(
        z.refine(Number.isInteger, 'Rating must be a whole number from 1 to 5'),
        z.minimum(MIN_RATING, RATING_MESSAGE),
        z.maximum(MAX_RATING, RATING_MESSAGE),
      ),
    DEFAULT_RATING,
  ),
  review: requiredText(5_000, 'Review text is required', 'Review text', { multiline: true }),
  /** The personal link's token from a review request: the review is then a verified customer's. */
  token: z.optional(
    z
      .string({ error: 'The review link is not valid' })
      .check(z.maxLength(100, 'The review link is not valid')),
  ),
  ...antiSpamFields,
});

export type ReviewInput = z.input<typeof reviewInputSchema>;
export type ReviewData = z.output<typeof reviewInputSchema>;

/**
 * The one shape of a review as visitors and the client read it: the submitted fields plus an id and
 * a date, both as text because that is how the public API sends them.
 */
export interface PublicReview extends Pick<ReviewData, 'name' | 'secondName' | 'rating' | 'review'> {
  id: string;
  createdAt: string;
  /** Sent through a personal link after a job: a verified customer, with the job's month and town. */
  verified: boolean;
  /** YYYY-MM, in the company's time zone; null unless verified. */
  jobMonth: string | null;
  town: string | null;
  /** The owner's public answer, and when it was written. */
  reply: string | null;
  repliedAt: string | null;
}
