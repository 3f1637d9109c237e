import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A form stamp: the time the server rendered a form, signed so a client cannot move it. A form sent
 * without script carries it back, and the server works out the fill time the script would otherwise
 * have measured. The page may come from the page cache, so the stamp can be older than the visitor's
 * view of the form: the fill time it gives is never shorter than the real one.
 */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

function signature(key: Buffer, issuedAt: number): Buffer {
  return createHmac('sha256', key).update(`form-stamp:${issuedAt}`).digest();
}

export function issueFormStamp(key: Buffer, now = Date.now()): string {
  return `${now}.${signature(key, now).toString('base64url')}`;
}

/** How long one stamp serves the pages rendered after it. */
const STAMP_REUSE_MS = 100;

/**
 * Stamps for the forms of the pages rendered with `key`, one signature per tenth of a second: renders
 * under load each signed their own, 1% of a fresh render. A stamp is then up to that much older than
 * its page, so the fill time it gives is longer by as much, never shorter (as for a page kept in the
 * cache), and a tenth of a second is nothing beside the seconds a person takes.
 */
export function formStamper(key: Buffer): (now?: number) => string {
  let last: { issuedAt: number; stamp: string } | undefined;
  return (now = Date.now()) => {
    if (!last || now < last.issuedAt || now - last.issuedAt >= STAMP_REUSE_MS)
      last = { issuedAt: now, stamp: issueFormStamp(key, now) };
    return last.stamp;
  };
}

/**
 * Milliseconds since the stamp was issued, or undefined for a stamp missing, forged, from the future,
 * from another key (a restart) or older than a day: such a post is treated like an API call that sent
 * no fill time, never as a bot.
 */
export function fillTimeFromStamp(key: Buffer, stamp: unknown, now = Date.now()): number | undefined {
  if (typeof stamp !== 'string') return undefined;
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(stamp);
  if (!match) return undefined;
  const issuedAt = Number(match[1]);
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = signature(key, issuedAt);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const elapsed = now - issuedAt;
  if (elapsed < 0 || elapsed > MAX_AGE_MS) return undefined;
  return elapsed;
}
