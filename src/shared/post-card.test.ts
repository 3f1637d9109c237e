import { describe, expect, it } from 'vitest';
import { toPostCardData } from './post-card.ts';
import type { PostSummary } from '../server/services/posts.ts';

const summary = (publishedAt: string | null): PostSummary =>
  ({
    id: 7,
    title: 'Winterize your pipes',
    excerpt: 'Before the first freeze.',
    image: null,
    video: null,
    publishedAt,
    type: 'advice',
  }) as PostSummary;

describe('toPostCardData', () => {
  it("writes the date out in the company's time zone, and 'Recently published' when a post has none", () => {
    expect(toPostCardData(summary('2026-07-04T16:30:00.000Z')).dateLabel).toBe('July 4, 2026');
    expect(toPostCardData(summary(null)).dateLabel).toBe('Recently published');
    expect(toPostCardData(summary('not a date')).dateLabel).toBe('Recently published');
  });
});
