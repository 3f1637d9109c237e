// Asking customers for a review after a job, within the rules on reviews: every customer gets the same
// email with the same two links whatever they thought of the job, at most one reminder, nobody is asked
// twice within six months, and an unsubscribe is kept for good (docs/decisions/050-honest-review-requests.md).
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  contactSubmissions,
  reviewRequestEmails,
  reviewRequests,
  reviewRequestUnsubscribes,
  type ReviewRequest,
} from '../../../db/schema/index.ts';
import { rowsOf } from '../../../db/rows.ts';
import { companyTimeZone, companyDay } from '../../shared/company-time.ts';
import { formatJobMonth } from '../../shared/job-month.ts';

export { formatJobMonth };
import type {
  ReviewRequestData,
  ReviewRequestLogEntry,
  ReviewRequestStatus,
} from '../../shared/schemas/review-request.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.ts';

/** Nobody is asked again within this many months of a request. */
export const MONTHS_BETWEEN_REQUESTS = 6;
/** The one reminder goes this many days after the request, unless the customer reviewed first. */
export const REMINDER_AFTER_DAYS = 4;
/** The personal link works this many days. */
export const REVIEW_LINK_VALID_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export const UNSUBSCRIBED_MESSAGE =
  'This address has unsubscribed from review requests, so it is never emailed again.';
export const REVIEW_LINK_UNUSABLE_MESSAGE =
  'This review link has been used already or has expired. You can still leave a review on our reviews page.';

/** 256 random bits, as text fit for a link. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: a leaked table holds no working link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function formatDay(at: Date): string {
  const [year, month, day] = companyDay(at).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export interface CreatedReviewRequest {
  id: number;
  status: ReviewRequestStatus;
}

/**
 * Records a request and its two emails (the first at once, the reminder four days later) in one
 * transaction. Refused (409) for an address that unsubscribed or was asked within six months, and for
 * a lead that is not marked done. Transactions for one address take turns, so two clicks at once
 * cannot both pass the six-month check.
 */
export async function createReviewRequest(
  db: Database,
  input: ReviewRequestData,
  now = new Date(),
): Promise<CreatedReviewRequest> {
  const email = input.email.trim();
  const key = email.toLowerCase();
  let jobAt = now;
  if (input.leadId !== undefined) {
    const [lead] = await db
      .select({
        status: contactSubmissions.status,
        isSpam: contactSubmissions.isSpam,
        updatedAt: contactSubmissions.updatedAt,
        deletedAt: contactSubmissions.deletedAt,
      })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, input.leadId));
    if (!lead || lead.isSpam || lead.deletedAt) throw new NotFoundError('Lead not found');
    if (lead.status !== 'closed')
      throw new ConflictError('Mark the job done (Closed) before asking for a review.');
    // The lead was last changed when it was marked done: the month of the job.
    jobAt = lead.updatedAt;
  }
  const reviewToken = newToken();
  const unsubscribeToken = newToken();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`review-request:${key}`}))`);
    const [unsubscribed] = await tx
      .select({ email: reviewRequestUnsubscribes.email })
      .from(reviewRequestUnsubscribes)
      .where(eq(reviewRequestUnsubscribes.email, key));
    if (unsubscribed) throw new ConflictError(UNSUBSCRIBED_MESSAGE);
    const [recent] = await tx
      .select({ createdAt: reviewRequests.createdAt })
      .from(reviewRequests)
      .where(
        and(
          sql`lower(${reviewRequests.email}) = ${key}`,
          sql`${reviewRequests.createdAt} > ${now.toISOString()}::timestamptz - make_interval(months => ${MONTHS_BETWEEN_REQUESTS})`,
        ),
      )
      .orderBy(desc(reviewRequests.createdAt))
      .limit(1);
    if (recent)
      throw new ConflictError(
        `${email} was asked for a review on ${formatDay(recent.createdAt)}; nobody is asked again within ${MONTHS_BETWEEN_REQUESTS} months.`,
      );
    const [request] = await tx
      .insert(reviewRequests)
      .values({
        name: input.name,
        email,
        leadId: input.leadId ?? null,
        jobMonth: companyDay(jobAt).slice(0, 7),
        town: input.town ?? null,
        tokenHash: hashToken(reviewToken),
        tokenExpiresAt: new Date(now.getTime() + REVIEW_LINK_VALID_DAYS * DAY_MS),
        unsubscribeTokenHash: hashToken(unsubscribeToken),
        createdAt: now,
      })
      .returning({ id: reviewRequests.id });
    await tx.insert(reviewRequestEmails).values(
      (['request', 'reminder'] as const).map((kind) => ({
        requestId: request!.id,
        kind,
        reviewToken,
        unsubscribeToken,
        nextAttemptAt: kind === 'request' ? now : new Date(now.getTime() + REMINDER_AFTER_DAYS * DAY_MS),
        createdAt: now,
        updatedAt: now,
      })),
    );
    return { id: request!.id, status: 'queued' as const };
  });
}

function statusOf(row: {
  reviewedAt: Date | null;
  openedAt: Date | null;
  firstEmail: string | null;
}): ReviewRequestStatus {
  if (row.reviewedAt) return 'reviewed';
  if (row.openedAt) return 'opened';
  switch (row.firstEmail) {
    case 'sent':
    case 'logged':
    case 'failed':
    case 'bounced':
    case 'skipped':
      return row.firstEmail;
    default:
      return 'queued';
  }
}

/** The request log, newest first, each with its lead, its emails' outcome and whether it was used. */
export async function listReviewRequests(db: Database, limit = 500): Promise<ReviewRequestLogEntry[]> {
  const rows = rowsOf<{
    id: number;
    name: string;
    email: string;
    lead_id: number | null;
    town: string | null;
    job_month: string;
    created_at: string | Date;
    opened_at: string | Date | null;
    reviewed_at: string | Date | null;
    review_id: number | null;
    first_email: string | null;
    sent_at: string | Date | null;
    reminder: string | null;
    unsubscribed: boolean;
  }>(
    await db.execute(sql`
      select r.id, r.name, r.email, r.lead_id, r.town, r.job_month, r.created_at, r.opened_at,
        r.reviewed_at, r.review_id,
        first.status as first_email, first.sent_at,
        reminder.status as reminder,
        exists (select 1 from review_request_unsubscribes u where u.email = lower(r.email)) as unsubscribed
      from review_requests r
      left join review_request_emails first on first.request_id = r.id and first.kind = 'request'
      left join review_request_emails reminder on reminder.request_id = r.id and reminder.kind = 'reminder'
      order by r.created_at desc, r.id desc
      limit ${limit}`),
  );
  const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    leadId: row.lead_id,
    town: row.town,
    jobMonth: row.job_month,
    status: statusOf({
      reviewedAt: row.reviewed_at === null ? null : new Date(row.reviewed_at),
      openedAt: row.opened_at === null ? null : new Date(row.opened_at),
      firstEmail: row.first_email,
    }),
    createdAt: iso(row.created_at)!,
    sentAt: iso(row.sent_at),
    openedAt: iso(row.opened_at),
    reviewedAt: iso(row.reviewed_at),
    reviewId: row.review_id,
    reminder: row.reminder,
    unsubscribed: row.unsubscribed,
  }));
}

export type ReviewLink =
  { state: 'open'; name: string } | { state: 'used' } | { state: 'expired' } | { state: 'unknown' };

/**
 * What the personal link's page shows. Following the link is recorded as "opened" and uses nothing
 * up: mail scanners open every link, so only sending the review spends the token.
 */
export async function openReviewLink(db: Database, token: string, now = new Date()): Promise<ReviewLink> {
  const [request] = await db
    .select()
    .from(reviewRequests)
    .where(eq(reviewRequests.tokenHash, hashToken(token)));
  if (!request) return { state: 'unknown' };
  if (request.reviewedAt) return { state: 'used' };
  if (request.tokenExpiresAt <= now) return { state: 'expired' };
  if (!request.openedAt)
    await db.update(reviewRequests).set({ openedAt: now }).where(eq(reviewRequests.id, request.id));
  return { state: 'open', name: request.name };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Spends a personal link's token inside the transaction that stores its review: the request is marked
 * reviewed, and its month and town go on the review. A used, expired or unknown token is refused, and
 * the transaction (the review with it) rolls back.
 */
export async function spendReviewToken(
  tx: Transaction,
  token: string,
  now: Date,
): Promise<Pick<ReviewRequest, 'id' | 'jobMonth' | 'town'>> {
  const [request] = await tx
    .update(reviewRequests)
    .set({
      reviewedAt: now,
      openedAt: sql`coalesce(${reviewRequests.openedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(reviewRequests.tokenHash, hashToken(token)),
        sql`${reviewRequests.reviewedAt} is null`,
        sql`${reviewRequests.tokenExpiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: reviewRequests.id, jobMonth: reviewRequests.jobMonth, town: reviewRequests.town });
  if (!request)
    throw new InvalidInputError(REVIEW_LINK_UNUSABLE_MESSAGE, { token: [REVIEW_LINK_UNUSABLE_MESSAGE] });
  return request;
}

/** Ties a spent request to the review it brought. */
export async function linkRequestToReview(
  tx: Transaction,
  requestId: number,
  reviewId: number,
): Promise<void> {
  await tx.update(reviewRequests).set({ reviewId }).where(eq(reviewRequests.id, requestId));
}

/** The unsubscribe page: whose address the link is for (partly hidden) and whether it is done already. */
export async function unsubscribeLinkState(
  db: Database,
  token: string,
): Promise<{ email: string; unsubscribed: boolean } | null> {
  const [request] = await db
    .select({ email: reviewRequests.email })
    .from(reviewRequests)
    .where(eq(reviewRequests.unsubscribeTokenHash, hashToken(token)));
  if (!request) return null;
  const [done] = await db
    .select({ email: reviewRequestUnsubscribes.email })
    .from(reviewRequestUnsubscribes)
    .where(eq(reviewRequestUnsubscribes.email, request.email.toLowerCase()));
  return { email: maskEmail(request.email), unsubscribed: Boolean(done) };
}

/** d***@example.com: enough for the customer to recognise, nothing for anyone else holding the link. */
function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at <= 1 ? email : `${email[0]}***${email.slice(at)}`;
}

/**
 * The button on the unsubscribe page: the address is never sent a review request again, and any email
 * still waiting for it is dropped. Doing it twice is the same as once.
 */
export async function unsubscribe(db: Database, token: string, now = new Date()): Promise<void> {
  const [request] = await db
    .select({ email: reviewRequests.email })
    .from(reviewRequests)
    .where(eq(reviewRequests.unsubscribeTokenHash, hashToken(token)));
  if (!request) throw new NotFoundError('This unsubscribe link is not known.');
  const key = request.email.toLowerCase();
  await db.transaction(async (tx) => {
    await tx
      .insert(reviewRequestUnsubscribes)
      .values({ email: key, createdAt: now })
      .onConflictDoNothing({ target: reviewRequestUnsubscribes.email });
    await tx.execute(sql`
      update review_request_emails e
      set status = 'skipped', review_token = null, unsubscribe_token = null, updated_at = ${now.toISOString()}::timestamptz
      from review_requests r
      where e.request_id = r.id and lower(r.email) = ${key} and e.status = 'pending'`);
  });
}

/** The dashboard's figures of the period: requests made, reviews they brought, verified reviews' average. */
export async function reviewRequestFigures(
  db: Database,
  from: string,
  to: string,
): Promise<{ requestsSent: number; reviewsFromRequests: number; averageVerifiedRating: number | null }> {
  const [row] = rowsOf<{ requests: number; reviewed: number; average: string | number | null }>(
    await db.execute(sql`
      select
        (select count(*)::int from review_requests
          where (created_at at time zone ${companyTimeZone()})::date between ${from} and ${to}) as requests,
        (select count(*)::int from reviews
          where verified and not is_spam
            and (created_at at time zone ${companyTimeZone()})::date between ${from} and ${to}) as reviewed,
        (select round(avg(rating)::numeric, 2) from reviews
          where verified and not is_spam
            and (created_at at time zone ${companyTimeZone()})::date between ${from} and ${to}) as average`),
  );
  return {
    requestsSent: row?.requests ?? 0,
    reviewsFromRequests: row?.reviewed ?? 0,
    averageVerifiedRating: row?.average === null || row?.average === undefined ? null : Number(row.average),
  };
}
