import type { PublicReview, ReviewData } from './schemas/review.ts';

/** What POST /api/reviews may answer with, read defensively. */
export interface ReviewAnswer {
  id?: string | number;
  createdAt?: string;
  verified?: boolean;
  jobMonth?: string | null;
  town?: string | null;
}

/**
 * A newly added review goes to the front of the list; if the server gave a numeric
 * id it is kept, otherwise the review gets a timestamp id and the current date.
 */
export function reviewForList(
  sent: ReviewData,
  answer: ReviewAnswer | undefined,
  now = new Date(),
): PublicReview {
  const serverId = answer?.id === undefined ? '' : String(answer.id);
  const hasNumericId = /^\d+$/.test(serverId);
  return {
    id: hasNumericId ? serverId : String(now.getTime()),
    name: sent.name,
    secondName: sent.secondName,
    rating: sent.rating,
    review: sent.review,
    createdAt: hasNumericId && answer?.createdAt ? answer.createdAt : now.toISOString(),
    // Only the server knows whether the link it was sent with made it a verified customer's.
    verified: answer?.verified === true,
    jobMonth: answer?.verified ? (answer.jobMonth ?? null) : null,
    town: answer?.verified ? (answer.town ?? null) : null,
    reply: null,
    repliedAt: null,
  };
}
