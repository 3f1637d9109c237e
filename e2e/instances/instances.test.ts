// Three real server processes sharing one PostgreSQL database, each called directly, as a load balancer
// would spread visitors over them.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';
import { changeSettings, createPost } from '../support/site-api.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

/** A database of its own on the test server, dropped afterwards. */
async function makeDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `instances_${process.pid}_${Date.now()}`;
  const admin = postgres(baseUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(baseUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Polls until `check` passes or the deadline passes, and says how long it took. */
async function timeUntil(check: () => Promise<boolean>, deadlineMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > deadlineMs) throw new Error(`not true within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function pageText(server: RunningServer, path: string): Promise<string> {
  return (await fetch(`${server.url}${path}`)).text();
}

/** Asks twice, so that the page is in the instance's cache when the change comes. */
async function warm(server: RunningServer, path: string): Promise<void> {
  await fetch(`${server.url}${path}`);
  const again = await fetch(`${server.url}${path}`);
  expect(again.headers.get('x-page-cache')).toBe('hit');
}

describe.skipIf(!baseUrl)('three instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof makeDatabase>>;
  let servers: RunningServer[] = [];
  let cookie: string;

  beforeAll(async () => {
    database = await makeDatabase();
    // Started together on the empty database, with no ADMIN_PASSWORD: each would create the admin.
    servers = await Promise.all(
      [1, 2, 3].map(() => startServer({ DATABASE_URL: database.url, ADMIN_PASSWORD: undefined })),
    );
    const printed = servers.map((server) => /password: (\S+)/.exec(server.output())?.[1]);
    const passwords = printed.filter(Boolean);
    expect(passwords).toHaveLength(1);
    const response = await fetch(`${servers[1]!.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner', password: passwords[0] }),
    });
    expect(response.status).toBe(200);
    cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it('all come up on an empty database, with one admin whose password is printed once', async () => {
    for (const server of servers) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const sql = postgres(database.url, { max: 1 });
    const [{ count }] = await sql<[{ count: number }]>`select count(*)::int as count from users`;
    await sql.end();
    expect(count).toBe(1);
  });

  it('a post published through A shows on B and C within a second', async () => {
    const [a, b, c] = servers as [RunningServer, RunningServer, RunningServer];
    await warm(b, '/news');
    await warm(c, '/news');
    const title = `Burst pipe season ${Date.now()}`;
    await createPost(a.url, cookie, {
      type: 'news',
      title,
      excerpt: 'What to do first.',
      content: '<p>Shut the main valve.</p>',
      isPublished: true,
    });
    const [onB, onC] = await Promise.all(
      [b, c].map((server) => timeUntil(async () => (await pageText(server, '/news')).includes(title), 5_000)),
    );
    console.info(`instances: a new post reached B in ${onB} ms and C in ${onC} ms`);
    expect(Math.max(onB!, onC!)).toBeLessThan(1_000);
  });

  it('settings saved through B show on A and C within a second', async () => {
    const [a, b, c] = servers as [RunningServer, RunningServer, RunningServer];
    await warm(a, '/about');
    await warm(c, '/about');
    const companyName = `Forsyth Flow ${Date.now()}`;
    await changeSettings(b.url, cookie, { companyName });
    const times = await Promise.all(
      [a, c].map((server) =>
        timeUntil(async () => (await pageText(server, '/about')).includes(companyName), 5_000),
      ),
    );
    console.info(`instances: a settings change reached A and C in ${times.join(' and ')} ms`);
    expect(Math.max(...times)).toBeLessThan(1_000);
  });

  it('a scheduled post appears on every instance within a second of its time, never before', async () => {
    const title = `Scheduled tip ${Date.now()}`;
    const publishAt = Date.now() + 3_000;
    const [a] = servers as [RunningServer];
    const response = await fetch(`${a.url}/api/admin/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        type: 'advice',
        post: {
          title,
          excerpt: 'Coming soon.',
          content: '<p>Insulate the pipes.</p>',
          isPublished: true,
          publishedAt: new Date(publishAt).toISOString(),
        },
      }),
    });
    expect(response.status).toBe(201);
    for (const server of servers) await warm(server, '/advice-center');
    const lateness = await Promise.all(
      servers.map(async (server) => {
        await timeUntil(async () => (await pageText(server, '/advice-center')).includes(title), 10_000);
        return Date.now() - publishAt;
      }),
    );
    console.info(`instances: the scheduled post appeared ${lateness.join(', ')} ms after its time`);
    for (const late of lateness) {
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThan(1_000);
    }
  });
});
