import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fillTimeFromStamp, formStamper, issueFormStamp } from './form-stamp.ts';

describe('form stamps: the fill time of a form sent without script', () => {
  const key = randomBytes(32);
  const shown = Date.UTC(2026, 0, 5, 12, 0, 0);

  it('gives the time since the server rendered the form', () => {
    const stamp = issueFormStamp(key, shown);
    expect(fillTimeFromStamp(key, stamp, shown + 1_200)).toBe(1_200);
    expect(fillTimeFromStamp(key, stamp, shown + 45_000)).toBe(45_000);
  });

  it('gives nothing for a stamp missing, moved, signed with another key, from the future or older than a day', () => {
    const stamp = issueFormStamp(key, shown);
    const [, signature] = stamp.split('.');
    expect(fillTimeFromStamp(key, undefined, shown)).toBeUndefined();
    expect(fillTimeFromStamp(key, '', shown)).toBeUndefined();
    expect(fillTimeFromStamp(key, `${shown - 60_000}.${signature}`, shown)).toBeUndefined();
    expect(fillTimeFromStamp(randomBytes(32), stamp, shown + 10_000)).toBeUndefined();
    expect(fillTimeFromStamp(key, stamp, shown - 1)).toBeUndefined();
    expect(fillTimeFromStamp(key, stamp, shown + 24 * 60 * 60 * 1000 + 1)).toBeUndefined();
    expect(fillTimeFromStamp(key, ['array'], shown)).toBeUndefined();
  });

  it('signs one stamp a tenth of a second for the pages rendered meanwhile, whose fill times are never shorter', () => {
    const stamp = formStamper(key);
    const first = stamp(shown);
    expect(stamp(shown + 60)).toBe(first);
    expect(stamp(shown + 99)).toBe(first);
    const sentAt = shown + 99 + 2_600;
    expect(fillTimeFromStamp(key, stamp(shown + 99), sentAt)).toBeGreaterThanOrEqual(2_600);
    const next = stamp(shown + 100);
    expect(next).not.toBe(first);
    expect(fillTimeFromStamp(key, next, shown + 1_100)).toBe(1_000);
    // A clock set back never reuses a stamp from its future.
    expect(stamp(shown + 50)).not.toBe(next);
    expect(fillTimeFromStamp(key, stamp(shown + 50), shown + 50)).toBe(0);
  });
});
