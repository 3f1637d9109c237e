import { z } from 'zod';
import { plainText } from './text.ts';

/**
 * POST /api/admin/review-requests and tRPC adminReviewRequests.create: one customer to ask for a review.
 * `leadId` ties the request to a lead marked done; `town` is the job's town, shown on a verified review.
 */
export const reviewRequestInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(255, 'Name must be at most 255 characters')
    .check(plainText('Name')),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(255, 'Email must be at most 255 characters')
    .pipe(z.email('Enter a valid email address')),
  leadId: z.coerce.number().int().positive().optional(),
  town: z
    .string()
    .trim()
    .max(100, 'Town must be at most 100 characters')
    .check(plainText('Town'))
    .optional()
    .transform((value) => (value ? value : undefined)),
});

export type ReviewRequestInput = z.input<typeof reviewRequestInputSchema>;
export type ReviewRequestData = z.output<typeof reviewRequestInputSchema>;

/** PUT /api/admin/reviews/:id/reply and tRPC adminReviews.reply: an empty reply takes the reply away. */
export const reviewReplyInputSchema = z.object({
  reply: z
    .string({ error: 'Reply must be text' })
    .trim()
    .max(2_000, 'Reply must be at most 2000 characters')
    .check(plainText('Reply', { multiline: true })),
});

/**
 * Where a request stands, latest first: reviewed (a review came through its link), opened (the link
 * was followed), bounced (the address was refused), failed (sending failed on every try), sent,
 * logged (no SMTP_URL: written to the log), queued (not sent yet), skipped (unsubscribed before it went).
 */
export const reviewRequestStatuses = [
  'queued',
  'sent',
  'logged',
  'failed',
  'bounced',
  'skipped',
  'opened',
  'reviewed',
] as const;
export type ReviewRequestStatus = (typeof reviewRequestStatuses)[number];

/** A line of the request log (GET /api/admin/review-requests). */
export interface ReviewRequestLogEntry {
  id: number;
  name: string;
  email: string;
  leadId: number | null;
  town: string | null;
  /** YYYY-MM in the company's time zone. */
  jobMonth: string;
  status: ReviewRequestStatus;
  createdAt: string;
  sentAt: string | null;
  openedAt: string | null;
  reviewedAt: string | null;
  reviewId: number | null;
  /** The reminder: pending until its day, sent, or skipped (reviewed or unsubscribed first). */
  reminder: string | null;
  unsubscribed: boolean;
}

/**
 * A pasted list of customers, one a line: "Name <email>", "Name, email" or "Name email". Lines without
 * an address are answered as not understood, for the owner to fix.
 */
export function parseCustomerList(text: string): {
  customers: { name: string; email: string }[];
  unreadable: string[];
} {
  const customers: { name: string; email: string }[] = [];
  const unreadable: string[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) continue;
    const match = /^(.*?)[\s,;<]*([^\s<>,;]+@[^\s<>,;]+\.[^\s<>,;]+)>?\s*$/.exec(line);
    const name = match?.[1]?.replace(/^"|"$/g, '').trim();
    if (!match || !name) {
      unreadable.push(line);
      continue;
    }
    customers.push({ name, email: match[2]! });
  }
  return { customers, unreadable };
}
