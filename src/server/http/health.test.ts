import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

describe(`GET /api/health (${testDatabaseKind})`, () => {
  it('answers 200 while the database answers and 503 once it does not', async () => {
    const t = await buildTestApp();
    const up = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ ok: true, db: 'up' });

    await t.database.close();
    const down = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ ok: false, db: 'down' });
    // A load balancer or monitor may wait that long before asking again.
    expect(down.headers['retry-after']).toBe('5');
    await t.app.close();
  });
});
