import { describe, expect, it } from 'vitest';
import { reviewForList } from './review-for-list.ts';

const sent = { name: 'Maria', secondName: null, rating: 4, review: 'Quick and tidy.' };
const now = new Date('2026-03-01T12:00:00.000Z');
const unverified = { verified: false, jobMonth: null, town: null, reply: null, repliedAt: null };

describe('reviewForList', () => {
  it('keeps a numeric server id and the server date', () => {
    expect(reviewForList(sent, { id: '42', createdAt: '2026-02-28T10:00:00.000Z' }, now)).toEqual({
      ...sent,
      ...unverified,
      id: '42',
      createdAt: '2026-02-28T10:00:00.000Z',
    });
    expect(reviewForList(sent, { id: 7 }, now)).toMatchObject({ id: '7', createdAt: now.toISOString() });
  });

  it('falls back to a timestamp id and the current date without a numeric id', () => {
    expect(reviewForList(sent, undefined, now)).toEqual({
      ...sent,
      ...unverified,
      id: String(now.getTime()),
      createdAt: now.toISOString(),
    });
    expect(reviewForList(sent, { id: 'abc', createdAt: '2020-01-01T00:00:00.000Z' }, now)).toEqual({
      ...sent,
      ...unverified,
      id: String(now.getTime()),
      createdAt: now.toISOString(),
    });
  });

  it("carries the server's verified badge, month and town", () => {
    expect(
      reviewForList(sent, { id: '9', verified: true, jobMonth: '2026-02', town: 'Cumming' }, now),
    ).toMatchObject({ verified: true, jobMonth: '2026-02', town: 'Cumming', reply: null });
  });
});
