import type { ReviewData } from '../shared/schemas/review.ts';
import { ApiError } from './api-request.ts';

/**
 * When the review server is unavailable, the review is kept locally and the visitor is told so. A review
 * that cannot reach the server waits in this browser's storage and is sent on the visitor's next visit
 * to the testimonials page, or as soon as the browser is back online.
 */
const STORAGE_KEY = 'reviewsWaitingToSend';

/** No answer at all, or a proxy saying the server is down: worth trying again later. Any other answer is final. */
export function serverUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 502 || error.status === 503 || error.status === 504;
  // fetch() rejects with a TypeError when no answer arrives.
  return error instanceof TypeError;
}

function isReview(value: unknown): value is ReviewData {
  const review = value as ReviewData;
  return (
    typeof review === 'object' &&
    review !== null &&
    typeof review.name === 'string' &&
    typeof review.review === 'string' &&
    typeof review.rating === 'number'
  );
}

export function reviewsKeptOnDevice(): ReviewData[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isReview) : [];
  } catch {
    return [];
  }
}

function store(reviews: ReviewData[]): void {
  if (reviews.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(reviews));
  else localStorage.removeItem(STORAGE_KEY);
}

/** Keeps the review for later; false when this browser keeps nothing (storage off or full). */
export function keepReviewOnDevice(review: ReviewData): boolean {
  try {
    store([...reviewsKeptOnDevice(), review]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends the reviews kept here, oldest first, and returns what the server answered for each one sent.
 * It stops at the first that still cannot reach the server, and keeps the rest. A review the server
 * refuses (reviews closed, too many from this address) is dropped: it would be refused again.
 */
let sending = false;

export async function sendReviewsKeptOnDevice<Answer>(
  send: (review: ReviewData) => Promise<Answer>,
): Promise<{ review: ReviewData; answer: Answer }[]> {
  // One run at a time (the page load and an 'online' event can meet): a second would send the same reviews.
  if (sending) return [];
  sending = true;
  try {
    return await sendWaiting(send);
  } finally {
    sending = false;
  }
}

async function sendWaiting<Answer>(
  send: (review: ReviewData) => Promise<Answer>,
): Promise<{ review: ReviewData; answer: Answer }[]> {
  const waiting = reviewsKeptOnDevice();
  const sent: { review: ReviewData; answer: Answer }[] = [];
  while (waiting.length) {
    try {
      sent.push({ review: waiting[0]!, answer: await send(waiting[0]!) });
    } catch (error) {
      if (serverUnreachable(error)) break;
    }
    waiting.shift();
  }
  try {
    store(waiting);
  } catch {
    // Storage went away meanwhile: nothing more can be kept.
  }
  return sent;
}
