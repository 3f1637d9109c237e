/**
 * The review rules a page shows without validating anything, apart from the
 * schema so that showing a review or the form's stars never loads zod.
 */
export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const DEFAULT_RATING = 5;

/** Said by POST /api/reviews and shown in place of the form when the owner turns reviews off. */
export const REVIEWS_CLOSED_MESSAGE = 'Reviews are closed at the moment. Thank you for thinking of us!';
/** Said when new reviews wait for the owner's approval. */
export const REVIEW_HELD_MESSAGE = 'Thank you! Your review will appear after approval.';
