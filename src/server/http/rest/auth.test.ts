import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { createUser } from '../../services/users.ts';

const adminRoutes = [
  ['GET', '/api/admin/settings'],
  ['PUT', '/api/admin/settings'],
  ['GET', '/api/admin/posts'],
  ['POST', '/api/admin/posts'],
  ['PUT', '/api/admin/posts/1'],
  ['DELETE', '/api/admin/posts/1'],
  ['POST', '/api/admin/upload'],
] as const;

describe(`sign-in, status and logout over REST (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ loginThrottle: { delayStepMs: 0 } });
    await createUser(t.database.db, {
      username: 'owner',
      email: 'owner@example.com',
      password: TEST_PASSWORD,
      role: 'admin',
    });
  });
  afterEach(async () => {
    await t.close();
  });

  const login = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload, headers });

  it('signs in with an HttpOnly, SameSite=Lax session cookie and reports the status', async () => {
    const response = await login({ username: 'owner', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    const cookie = response.cookies.find((c) => c.name === 'session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.expires!.getTime()).toBeGreaterThan(Date.now());

    const status = await t.app.inject({
      method: 'GET',
      url: '/api/auth/status',
      headers: { cookie: `session=${cookie.value}` },
    });
    expect(status.json()).toMatchObject({ authenticated: true, user: { username: 'owner', role: 'admin' } });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/status' });
    expect(anonymous.json()).toEqual({ authenticated: false });
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await buildTestApp({
      config: { publicUrl: 'https://plumber.example' },
      database: undefined,
    });
    await createUser(secure.database.db, {
      username: 'owner',
      email: 'o@example.com',
      password: TEST_PASSWORD,
      role: 'admin',
    });
    const response = await secure.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'owner', password: TEST_PASSWORD },
    });
    expect(response.cookies.find((c) => c.name === 'session')!.secure).toBe(true);
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    await secure.close();
  });

  it('gives the same answer for a wrong username and a wrong password', async () => {
    const wrongPassword = await login({ username: 'owner', password: 'not the password' });
    const wrongUser = await login({ username: 'nobody', password: TEST_PASSWORD });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ success: false, message: 'Invalid username or password' });
    expect(wrongUser.json()).toEqual(wrongPassword.json());
  });

  it('issues a new token at each sign-in and logout ends the session on the server', async () => {
    const first = (await login({ username: 'owner', password: TEST_PASSWORD })).cookies.find(
      (c) => c.name === 'session',
    )!.value;
    const second = (
      await login({ username: 'owner', password: TEST_PASSWORD }, { cookie: `session=${first}` })
    ).cookies.find((c) => c.name === 'session')!.value;
    expect(second).not.toBe(first);
    // Signing in again from the same browser replaced the old session.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/status',
          headers: { cookie: `session=${first}` },
        })
      ).json(),
    ).toEqual({ authenticated: false });

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `session=${second}` },
    });
    expect(logout.json()).toEqual({ success: true });
    expect(logout.cookies.find((c) => c.name === 'session')!.value).toBe('');
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/admin/posts',
      headers: { cookie: `session=${second}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('logout ends a session this instance remembers before any announcement from the database', async () => {
    const cookie = `session=${(await login({ username: 'owner', password: TEST_PASSWORD })).cookies.find((c) => c.name === 'session')!.value}`;
    const status = () =>
      t.app.inject({ method: 'GET', url: '/api/auth/status', headers: { cookie } }).then((r) => r.json());
    // Used once, so remembered; the announcement of the sign-out is held back, as a slow one would be.
    expect(await status()).toMatchObject({ authenticated: true });
    await t.database.db.execute(sql`alter table sessions disable trigger sessions_notify_session_change`);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(await status()).toEqual({ authenticated: false });
    await t.database.db.execute(sql`alter table sessions enable trigger sessions_notify_session_change`);
  });

  it('refuses sign-in with 429 after repeated failures from one address, even with the right password', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await login({ username: 'owner', password: `wrong ${attempt}` })).statusCode).toBe(401);
    }
    const refused = await login({ username: 'owner', password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many failed sign-in attempts/);
  });

  it.each(adminRoutes)('%s %s answers 401 without a session and changes nothing', async (method, url) => {
    const response = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Sign in to continue' });
  });

  it('refuses a state-changing request from a foreign Origin with 403', async () => {
    const cookie = await t.signInAs('admin');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { type: 'news', post: { title: 'x', excerpt: 'x', content: 'x' } },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: 'Cross-origin requests are not allowed' });
    const posts = await t.app.inject({ method: 'GET', url: '/api/admin/posts', headers: { cookie } });
    expect(posts.json().newsPosts).toEqual([]);

    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: { type: 'news', post: { title: 'x', excerpt: 'x', content: 'x' } },
    });
    expect(sameOrigin.statusCode).toBe(201);
  });

  it('refuses a login form posted from another site (Sec-Fetch-Site: cross-site)', async () => {
    const response = await login(
      { username: 'owner', password: TEST_PASSWORD },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(response.statusCode).toBe(403);
  });
});
