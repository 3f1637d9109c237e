import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-request.ts';
import {
  keepReviewOnDevice,
  reviewsKeptOnDevice,
  sendReviewsKeptOnDevice,
  serverUnreachable,
} from './reviews-kept-on-device.ts';

const review = (name: string) => ({ name, secondName: null, rating: 5, review: `${name} was here` });

describe('reviews kept on this device', () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    });
  });

  it('counts no answer and a proxy saying the server is down as unreachable, any other answer as final', () => {
    expect(serverUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(serverUnreachable(new ApiError(503, '', 'Service Unavailable'))).toBe(true);
    expect(serverUnreachable(new ApiError(500, '{"message":"boom"}', 'Internal Server Error'))).toBe(false);
    expect(serverUnreachable(new ApiError(429, '', 'Too Many Requests'))).toBe(false);
    expect(serverUnreachable(new Error('The review was not accepted'))).toBe(false);
  });

  it('sends what it kept, oldest first, stops at the first that still cannot get through and keeps the rest', async () => {
    for (const name of ['Ann', 'Bob', 'Cy']) keepReviewOnDevice(review(name));
    const send = vi
      .fn()
      .mockResolvedValueOnce({ id: 1 })
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const sent = await sendReviewsKeptOnDevice(send);
    expect(sent).toEqual([{ review: review('Ann'), answer: { id: 1 } }]);
    expect(reviewsKeptOnDevice().map((kept) => kept.name)).toEqual(['Bob', 'Cy']);
  });

  it('drops a review the server refuses, since it would be refused again', async () => {
    keepReviewOnDevice(review('Dee'));
    keepReviewOnDevice(review('Eve'));
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(403, '{"message":"Reviews are closed"}', 'Forbidden'))
      .mockResolvedValueOnce({ id: 2 });
    const sent = await sendReviewsKeptOnDevice(send);
    expect(sent.map((item) => item.review.name)).toEqual(['Eve']);
    expect(reviewsKeptOnDevice()).toEqual([]);
  });

  it('ignores what is not a review in storage', () => {
    localStorage.setItem(
      'reviewsWaitingToSend',
      JSON.stringify([{ name: 'Ok', rating: 4, review: 'Fine' }, { name: 3 }, 'x']),
    );
    expect(reviewsKeptOnDevice()).toEqual([{ name: 'Ok', rating: 4, review: 'Fine' }]);
    localStorage.setItem('reviewsWaitingToSend', '{not json');
    expect(reviewsKeptOnDevice()).toEqual([]);
  });
});
