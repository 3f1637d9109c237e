import { describe, expect, it } from 'vitest';
import type { PageContextServer } from 'vike/types';
import { data } from '../../../pages/news-post/+data.ts';
import { createTestDatabase, testDatabaseKind } from '../testing/test-database.ts';

describe(`news post page data (${testDatabaseKind})`, () => {
  it('a failed read shows "Post not found" and goes to the request log, not the console', async () => {
    const failing = await createTestDatabase();
    await failing.close();
    const logged: unknown[][] = [];
    const log = {
      error: (...args: unknown[]) => void logged.push(args),
      warn: () => undefined,
      info: () => undefined,
    };
    const pageContext = {
      db: failing.db,
      log,
      routeParams: { id: '1' },
      urlParsed: { search: {} },
    } as unknown as PageContextServer;
    await expect(data(pageContext)).resolves.toEqual({ post: null, dateLabel: '', degraded: true });
    expect(logged).toHaveLength(1);
    expect(logged[0]?.[0]).toHaveProperty('err');
  });
});
