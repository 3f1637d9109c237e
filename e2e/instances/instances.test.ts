// Three real server processes sharing one PostgreSQL database, each called directly, as a load balancer
// would spread visitors over them.
import postgres from 'postgres';
import { baseDatabaseUrl, makeDatabase, queryDatabase, timeUntil } from './support.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';
import { changeSettings, createPost, uploadThrough } from '../support/site-api.ts';
import sharp from 'sharp';
import { defaultLoginThrottleOptions } from '../../src/server/services/login-throttle.ts';

async function pageText(server: RunningServer, path: string): Promise<string> {
  return (await fetch(`${server.url}${path}`)).text();
}

/**
 * Asks until the instance answers from its cache, so that the page is cached when the change comes. One
 * answer is not enough: the notice of the post's creation reaches the other instances a moment later and
 * may empty the page that was cached before it arrived.
 */
async function warm(server: RunningServer, path: string): Promise<void> {
  await expect
    .poll(async () => (await fetch(`${server.url}${path}`)).headers.get('x-page-cache'), { timeout: 5_000 })
    .toBe('hit');
}

describe.skipIf(!baseDatabaseUrl)('three instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof makeDatabase>>;
  let servers: RunningServer[] = [];
  let cookie: string;
  let ownerPassword: string;

  beforeAll(async () => {
    database = await makeDatabase();
    // Started together on the empty database, with no ADMIN_PASSWORD: each would create the admin.
    servers = await Promise.all(
      [1, 2, 3].map(() =>
        // Behind a load balancer on this machine: the client's address comes from X-Forwarded-For.
        startServer({ DATABASE_URL: database.url, ADMIN_PASSWORD: undefined, TRUST_PROXY: '127.0.0.1' }),
      ),
    );
    const printed = servers.map((server) => /password: (\S+)/.exec(server.output())?.[1]);
    const passwords = printed.filter(Boolean);
    expect(passwords).toHaveLength(1);
    ownerPassword = passwords[0]!;
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

  it('a change scheduled to a published post goes live on every instance within a second of its time', async () => {
    const [a, b, c] = servers as [RunningServer, RunningServer, RunningServer];
    const stamp = Date.now();
    const post = {
      title: `Water heater flush ${stamp}`,
      excerpt: 'Once a year.',
      content: '<p>Drain a bucket from the valve.</p>',
      isPublished: true,
    };
    const postId = await createPost(a.url, cookie, { type: 'advice', ...post });
    const changedTitle = `Water heater flush, updated ${stamp}`;
    const path = `/post/${postId}`;
    for (const server of servers) await warm(server, path);
    const runAt = Date.now() + 3_000;
    const response = await fetch(`${a.url}/api/admin/posts/${postId}/scheduled-changes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        type: 'advice',
        post: { ...post, title: changedTitle, content: '<p>Drain it until the water runs clear.</p>' },
        runAt: new Date(runAt).toISOString(),
      }),
    });
    expect(response.status).toBe(201);
    for (const server of [b, c]) {
      const html = await pageText(server, path);
      expect(html).toContain(post.title);
      expect(html).not.toContain(changedTitle);
    }
    // Watched in the database alone, so that no request to any instance can be what saves the change.
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      await timeUntil(async () => {
        const [row] = await sql<{ title: string }[]>`select title from posts where id = ${postId}`;
        return row!.title === changedTitle;
      }, 10_000);
    } finally {
      await sql.end();
    }
    const saved = Date.now() - runAt;
    const lateness = await Promise.all(
      servers.map(async (server) => {
        await timeUntil(async () => (await pageText(server, path)).includes(changedTitle), 5_000);
        return Date.now() - runAt;
      }),
    );
    console.info(
      `instances: a scheduled change was saved ${saved} ms after its time, shown ${lateness.join(', ')} ms after it`,
    );
    expect(saved).toBeGreaterThanOrEqual(0);
    for (const late of lateness) expect(late).toBeLessThan(1_000);
    const applied = await queryDatabase(
      database.url,
      (sql) =>
        sql<{ count: number }[]>`select count(*)::int as count from activity_log
          where kind = 'scheduled-change-applied' and details->>'id' = ${String(postId)}`,
    );
    expect(applied[0]!.count).toBe(1);
  });

  it('a photo uploaded through A is served by B and C, byte for byte, with ranges', async () => {
    const [a, b, c] = servers as [RunningServer, RunningServer, RunningServer];
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const url = await uploadThrough(a, cookie, photo);
    const fromA = Buffer.from(await (await fetch(`${a.url}${url}`)).arrayBuffer());
    expect(fromA.length).toBeGreaterThan(0);
    for (const server of [b, c]) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await response.arrayBuffer()).equals(fromA)).toBe(true);
      const part = await fetch(`${server.url}${url}`, { headers: { range: 'bytes=10-29' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(fromA.subarray(10, 30))).toBe(true);
    }
  });

  it('counts contact messages and reviews from one address once for the whole site', async () => {
    const send = (server: RunningServer, path: string, body: object) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
        body: JSON.stringify(body),
      });
    for (const [path, body] of [
      ['/api/contact', { firstName: 'Lim', lastName: 'Its', email: 'limits@example.com', message: 'Leak' }],
      ['/api/reviews', { name: 'Lim', review: 'Quick and tidy work.' }],
    ] as const) {
      // Twenty from one address, spread over the three instances and sent at once.
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, index) => send(servers[index % 3]!, path, body).then((r) => r.status)),
      );
      expect(statuses.every((status) => status === 201)).toBe(true);
      for (const server of servers) expect((await send(server, path, body)).status).toBe(429);
    }
  });

  it('shares one count of failed sign-ins: concurrent guesses over three instances stop at the limit', async () => {
    const guess = (server: RunningServer, password: string) =>
      fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50' },
        body: JSON.stringify({ username: 'owner', password }),
      }).then((response) => response.status);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => guess(servers[index % 3]!, `wrong guess ${index}`)),
    );
    const checked = statuses.filter((status) => status === 401).length;
    const refused = statuses.filter((status) => status === 429).length;
    console.info(`instances: of 30 concurrent wrong passwords over three instances, ${checked} were checked`);
    expect(checked).toBe(defaultLoginThrottleOptions.refuseAfter);
    expect(refused).toBe(30 - checked);
    // The right password is refused too while the address is locked out, whichever instance gets it.
    for (const server of servers) expect(await guess(server, ownerPassword)).toBe(429);
  });
});
