import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fillTimeFromStamp, issueFormStamp } from './form-stamp.ts';

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
});
