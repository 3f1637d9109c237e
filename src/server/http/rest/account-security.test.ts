import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activityLog } from '../../../../db/schema/index.ts';
import {
  buildTestApp,
  movableClock,
  TEST_PASSWORD,
  type MovableClock,
  type TestApp,
} from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { createUser } from '../../services/users.ts';
import { sweepExpired } from '../../services/sweep.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe(`sessions you can see, re-authentication and the activity log (${testDatabaseKind})`, () => {
  let t: TestApp;
  // The clock sessions, re-authentication and the log go by; each test moves it.
  let clock: MovableClock;
  beforeEach(async () => {
    clock = movableClock('2026-03-02T15:00:00Z');
    t = await buildTestApp({ clock: clock.now, loginThrottle: { delayStepMs: 0 } });
    await createUser(t.database.db, {
      username: 'owner',
      email: 'owner@example.com',
      password: TEST_PASSWORD,
      role: 'admin',
    });
    await createUser(t.database.db, {
      username: 'eddie',
      email: 'eddie@example.com',
      password: TEST_PASSWORD,
      role: 'editor',
    });
  });
  afterEach(async () => {
    await t.close();
  });

  const later = (ms: number) => clock.later(ms);
  const signIn = async (username: string, userAgent: string, remoteAddress = '203.0.113.7') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: TEST_PASSWORD },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
    expect(response.statusCode).toBe(200);
    return `session=${response.cookies.find((c) => c.name === 'session')!.value}`;
  };
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const isSignedIn = async (cookie: string) =>
    (await get('/api/auth/status', cookie)).json().authenticated as boolean;
  const activity = async () =>
    (await t.database.db.select().from(activityLog).orderBy(activityLog.id)).map((row) => ({
      kind: row.kind,
      username: row.username,
      ipAddress: row.ipAddress,
    }));

  it('lists each session with browser and system in words, address, times and which is this one', async () => {
    const laptop = await signIn('owner', FIREFOX_ON_WINDOWS, '203.0.113.7');
    later(10 * MINUTE);
    await signIn('owner', SAFARI_ON_IPHONE, '198.51.100.20');
    await signIn('eddie', FIREFOX_ON_WINDOWS);

    const response = await get('/api/admin/account/sessions', laptop);
    expect(response.statusCode).toBe(200);
    const { sessions } = response.json();
    expect(sessions).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{64}$/),
        browser: 'Firefox on Windows',
        address: '203.0.113.7',
        createdAt: '2026-03-02T15:00:00.000Z',
        lastSeenAt: '2026-03-02T15:00:00.000Z',
        current: true,
      },
      {
        id: expect.stringMatching(/^[0-9a-f]{64}$/),
        browser: 'Safari on iOS',
        address: '198.51.100.20',
        createdAt: '2026-03-02T15:10:00.000Z',
        lastSeenAt: '2026-03-02T15:10:00.000Z',
        current: false,
      },
    ]);
    // The same through tRPC.
    expect((await t.caller(laptop).query('account.sessions')).json().result.data).toEqual(sessions);
  });

  it('signs out one session, then everywhere else; another user’s session cannot be ended', async () => {
    const laptop = await signIn('owner', FIREFOX_ON_WINDOWS);
    const phone = await signIn('owner', SAFARI_ON_IPHONE);
    const tablet = await signIn('owner', FIREFOX_ON_WINDOWS, '192.0.2.5');
    const editor = await signIn('eddie', FIREFOX_ON_WINDOWS);
    const sessionsOf = async (cookie: string) =>
      (await get('/api/admin/account/sessions', cookie)).json().sessions as { id: string; browser: string }[];
    const phoneId = (await sessionsOf(laptop)).find((s) => s.browser === 'Safari on iOS')!.id;
    const editorId = (await sessionsOf(editor))[0]!.id;

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/account/sessions/${phoneId}`,
      headers: { cookie: laptop },
    });
    expect(ended.json()).toEqual({ success: true, message: 'Session signed out' });
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);

    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/account/sessions/${editorId}`,
      headers: { cookie: laptop },
    });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'No such session']);
    expect(await isSignedIn(editor)).toBe(true);

    const others = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/sessions/revoke-others',
      headers: { cookie: laptop },
    });
    expect(others.json()).toEqual({ success: true, ended: 1, message: 'Signed out everywhere else' });
    expect(await isSignedIn(tablet)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
    expect(await isSignedIn(editor)).toBe(true);
    expect((await sessionsOf(laptop)).length).toBe(1);
    expect((await activity()).map((entry) => entry.kind)).toEqual([
      'sign-in',
      'sign-in',
      'sign-in',
      'sign-in',
      'session-ended',
      'other-sessions-ended',
    ]);
  });

  it('a session idle 7 days ends, and none outlives 30 days however often it is used', async () => {
    const idle = await signIn('owner', FIREFOX_ON_WINDOWS);
    later(7 * DAY - MINUTE);
    expect(await isSignedIn(idle)).toBe(true);
    later(7 * DAY);
    expect(await isSignedIn(idle)).toBe(false);

    const busy = await signIn('owner', FIREFOX_ON_WINDOWS);
    for (let day = 0; day < 29; day++) {
      later(DAY);
      expect(await isSignedIn(busy)).toBe(true);
    }
    later(DAY);
    expect(await isSignedIn(busy)).toBe(false);
  });

  it('a backup, the leads export and account changes ask for the password again after 5 minutes, on every transport', async () => {
    const admin = await signIn('owner', FIREFOX_ON_WINDOWS);
    const eddieId = (await t.caller(admin).query('adminUsers.list')).json().result.data[1].id as number;
    later(5 * MINUTE);
    // Within five minutes of signing in: allowed.
    expect((await get('/api/admin/leads.csv', admin)).statusCode).toBe(200);
    later(MINUTE);

    const refusedDownload = await get('/api/admin/backups/download', admin);
    expect([refusedDownload.statusCode, refusedDownload.json()]).toEqual([
      403,
      { success: false, message: 'Confirm your password to continue' },
    ]);
    expect((await get('/api/admin/leads.csv', admin)).statusCode).toBe(403);
    const refusedTrpc = await t.caller(admin).mutate('adminUsers.resetPassword', {
      id: eddieId,
      password: 'another long password',
    });
    expect([refusedTrpc.statusCode, refusedTrpc.json().error.message]).toEqual([
      403,
      'Confirm your password to continue',
    ]);
    const refusedExport = await t.caller(admin).query('leads.export', {});
    expect(refusedExport.statusCode).toBe(403);
    expect(
      (await t.caller(admin).mutate('adminUsers.setActive', { id: eddieId, isActive: false })).statusCode,
    ).toBe(403);
    expect((await t.caller(admin).mutate('adminUsers.endSessions', { id: eddieId })).statusCode).toBe(403);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/reauthenticate',
      headers: { cookie: admin },
      payload: { password: 'not my password' },
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'That password is not correct']);
    expect(await isSignedIn(admin)).toBe(true);
    expect((await get('/api/admin/backups/download', admin)).statusCode).toBe(403);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/reauthenticate',
      headers: { cookie: admin },
      payload: { password: TEST_PASSWORD },
    });
    expect(confirmed.json()).toEqual({ success: true, message: 'Password confirmed' });
    const download = await get('/api/admin/backups/download', admin);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect((await get('/api/admin/leads.csv', admin)).statusCode).toBe(200);
    later(4 * MINUTE);
    expect((await t.caller(admin).mutate('adminUsers.endSessions', { id: eddieId })).statusCode).toBe(200);
    later(2 * MINUTE);
    expect((await get('/api/admin/backups/download', admin)).statusCode).toBe(403);

    expect((await activity()).map((entry) => entry.kind)).toEqual([
      'sign-in',
      'leads-exported',
      'reauthentication-refused',
      'reauthenticated',
      'backup-downloaded',
      'leads-exported',
      'user-sessions-ended',
    ]);
  });

  it('logs sign-ins, refusals and account changes with who, when and from where, and never a password', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'owner', password: 'my secret guess 1' },
      headers: { 'user-agent': FIREFOX_ON_WINDOWS },
      remoteAddress: '198.51.100.66',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'mallory', password: 'my secret guess 2' },
      remoteAddress: '198.51.100.66',
    });
    const admin = await signIn('owner', FIREFOX_ON_WINDOWS);
    const eddieId = (await t.caller(admin).query('adminUsers.list')).json().result.data[1].id as number;
    await t
      .caller(admin)
      .mutate('adminUsers.resetPassword', { id: eddieId, password: 'a new secret for our editor' });
    await t.caller(admin).mutate('account.changePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'my own new secret 3',
      confirm: 'my own new secret 3',
    });
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: admin } });

    // The calls after sign-in come from the test's own client (light-my-request), as the address shows.
    const rows = await t.database.db.select().from(activityLog).orderBy(activityLog.id);
    expect(
      rows.map(({ kind, username, ipAddress, userAgent, at }) => ({
        kind,
        username,
        ipAddress,
        userAgent,
        at,
      })),
    ).toEqual([
      {
        kind: 'sign-in-refused',
        username: 'owner',
        ipAddress: '198.51.100.66',
        userAgent: FIREFOX_ON_WINDOWS,
        at: clock.now(),
      },
      {
        kind: 'sign-in-refused',
        username: 'mallory',
        ipAddress: '198.51.100.66',
        userAgent: 'lightMyRequest',
        at: clock.now(),
      },
      {
        kind: 'sign-in',
        username: 'owner',
        ipAddress: '203.0.113.7',
        userAgent: FIREFOX_ON_WINDOWS,
        at: clock.now(),
      },
      {
        kind: 'user-password-reset',
        username: 'owner',
        ipAddress: '127.0.0.1',
        userAgent: 'lightMyRequest',
        at: clock.now(),
      },
      {
        kind: 'password-changed',
        username: 'owner',
        ipAddress: '127.0.0.1',
        userAgent: 'lightMyRequest',
        at: clock.now(),
      },
      {
        kind: 'sign-out',
        username: 'owner',
        ipAddress: '127.0.0.1',
        userAgent: 'lightMyRequest',
        at: clock.now(),
      },
    ]);
    const everything = JSON.stringify(
      await t.database.db.execute(sql`select row_to_json(a)::text as row from activity_log a`),
    );
    for (const secret of [
      TEST_PASSWORD,
      'my secret guess',
      'a new secret for our editor',
      'my own new secret',
      admin.slice(8),
    ])
      expect(everything).not.toContain(secret);
  });

  it('admins read and filter the log and export it as CSV; editors see their own entries only', async () => {
    const admin = await signIn('owner', FIREFOX_ON_WINDOWS);
    later(DAY);
    const editor = await signIn('eddie', SAFARI_ON_IPHONE, '198.51.100.20');
    later(MINUTE);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: editor } });
    const ids = (await t.caller(admin).query('adminUsers.list')).json().result.data as { id: number }[];
    const [ownerId, eddieId] = ids.map((user) => user.id);

    const all = (await get('/api/admin/activity', admin)).json();
    expect(all.success).toBe(true);
    expect(all.entries.map((e: { kind: string; user: string }) => [e.kind, e.user])).toEqual([
      ['sign-out', 'eddie'],
      ['sign-in', 'eddie'],
      ['sign-in', 'owner'],
    ]);
    expect(all.entries[1]).toMatchObject({
      userId: eddieId,
      at: '2026-03-03T15:00:00.000Z',
      address: '198.51.100.20',
      summary: 'Signed in with password',
    });
    const byUser = (await get(`/api/admin/activity?user=${ownerId}`, admin)).json().entries;
    expect(byUser.map((e: { user: string }) => e.user)).toEqual(['owner']);
    const byKind = (await get('/api/admin/activity?kind=sign-in', admin)).json().entries;
    expect(byKind.length).toBe(2);
    const page = (await get(`/api/admin/activity?limit=1&before=${all.entries[0].id}`, admin)).json().entries;
    expect(page.map((e: { kind: string }) => e.kind)).toEqual(['sign-in']);
    const byDay = (await get('/api/admin/activity?since=2026-03-02&until=2026-03-02', admin)).json().entries;
    expect(byDay.map((e: { user: string }) => e.user)).toEqual(['owner']);

    const csv = await get('/api/admin/activity.csv?kind=sign-in', admin);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')).toEqual([
      'Time (UTC),Person,Kind,What,Address,Browser',
      `2026-03-03T15:00:00.000Z,eddie,sign-in,Signed in with password,198.51.100.20,${SAFARI_ON_IPHONE.includes(',') ? `"${SAFARI_ON_IPHONE}"` : SAFARI_ON_IPHONE}`,
      `2026-03-02T15:00:00.000Z,owner,sign-in,Signed in with password,203.0.113.7,${FIREFOX_ON_WINDOWS}`,
      '',
    ]);

    const editorAgain = await signIn('eddie', SAFARI_ON_IPHONE);
    const refused = await get('/api/admin/activity', editorAgain);
    expect(refused.statusCode).toBe(403);
    const own = (await t.caller(editorAgain).query('activity.list', { user: ownerId })).json().result.data;
    expect(new Set(own.map((e: { user: string }) => e.user))).toEqual(new Set(['eddie']));
    expect((await get('/api/admin/activity.csv', editorAgain)).body).not.toContain('owner');
  });

  it('refuses a password from the list of common and breached passwords, whatever its case, with the reason', async () => {
    const admin = await signIn('owner', FIREFOX_ON_WINDOWS);
    const reason =
      'This password is on a list of common and breached passwords that attackers try first: choose another';
    const changed = await t.caller(admin).mutate('account.changePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'QwertyUiop123',
      confirm: 'QwertyUiop123',
    });
    expect([changed.statusCode, changed.json().error.message]).toEqual([400, reason]);
    expect(changed.json().error.data.fieldErrors).toEqual({ newPassword: [reason] });
    const created = await t.caller(admin).mutate('adminUsers.create', {
      username: 'gina',
      email: 'gina@example.com',
      password: 'password1234',
    });
    expect([created.statusCode, created.json().error.message]).toEqual([400, reason]);
    const eddieId = (await t.caller(admin).query('adminUsers.list')).json().result.data[1].id as number;
    const reset = await t
      .caller(admin)
      .mutate('adminUsers.resetPassword', { id: eddieId, password: '123456789012' });
    expect(reset.statusCode).toBe(400);
    // The old password still works; a long uncommon one is taken.
    expect(
      (
        await t.caller(admin).mutate('account.changePassword', {
          currentPassword: TEST_PASSWORD,
          newPassword: 'gutters in the rain at noon',
          confirm: 'gutters in the rain at noon',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('the sweep deletes entries older than a year', async () => {
    await signIn('owner', FIREFOX_ON_WINDOWS);
    later(200 * DAY);
    await signIn('eddie', FIREFOX_ON_WINDOWS);
    expect(
      (
        await sweepExpired(
          t.database.db,
          { fileStore: t.app.fileStore },
          new Date(clock.now().getTime() + 166 * DAY),
        )
      ).activity,
    ).toBe(1);
    expect((await activity()).map((entry) => entry.username)).toEqual(['eddie']);
  });
});
