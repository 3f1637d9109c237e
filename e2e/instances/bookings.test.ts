// Three real server processes on one PostgreSQL database taking bookings for one window at once: the
// window's lock lives in the database, so no instance can give away a place another one gave.
import { baseDatabaseUrl, makeDatabase, queryDatabase } from './support.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';

describe.skipIf(!baseDatabaseUrl)('bookings spread over three instances', () => {
  let database: Awaited<ReturnType<typeof makeDatabase>>;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await makeDatabase();
    servers = await Promise.all(
      [1, 2, 3].map(() => startServer({ DATABASE_URL: database.url, TRUST_PROXY: '127.0.0.1' })),
    );
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it('20 bookings at once into a window of 3 give exactly 3 bookings and 17 answers of 409', async () => {
    const answer = await fetch(`${servers[0]!.url}/api/booking/availability?zip=30040&days=14`);
    const { windows } = (await answer.json()) as {
      windows: { date: string; start: string; available: number }[];
    };
    // A window nobody has booked yet, a day or more ahead.
    const window = windows.find((candidate) => candidate.available === 3)!;
    expect(window).toBeDefined();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${servers[i % 3]!.url}/api/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
          body: JSON.stringify({
            name: `Customer ${i}`,
            phone: '470-555-0142',
            email: `customer${i}@example.com`,
            zip: '30040',
            address: '120 Pilgrim Mill Rd, Cumming, GA',
            service: 'water-heater-services',
            date: window.date,
            start: window.start,
          }),
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    console.info(`instances: 20 bookings at once into a window of 3 answered ${statuses.sort().join(' ')}`);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    const [{ count }] = await queryDatabase(
      database.url,
      (sql) =>
        sql<
          [{ count: number }]
        >`select count(*)::int as count from bookings where day = ${window.date} and start = ${window.start}`,
    );
    expect(count).toBe(3);
  });
});
