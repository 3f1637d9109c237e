import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { setAccountActive } from '../../services/users.ts';
import { actingWithoutRequest } from '../../services/activity-log.ts';

describe(`accounts and roles (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const login = (username: string, password = TEST_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const isSignedIn = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/status', headers: { cookie } })).json()
      .authenticated;

  it('an admin adds an editor, who signs in; duplicates and short passwords are refused with clear messages', async () => {
    const admin = await t.signInAs('admin', 'boss');
    const created = await t.caller(admin).mutate('adminUsers.create', {
      username: 'Eddie',
      email: 'eddie@example.com',
      password: 'a good long password',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().result.data).toMatchObject({ username: 'Eddie', role: 'editor', isActive: true });
    expect(JSON.stringify((await t.caller(admin).query('adminUsers.list')).json())).not.toContain(
      'passwordHash',
    );
    expect((await login('eddie', 'a good long password')).statusCode).toBe(200);

    const duplicate = await t.caller(admin).mutate('adminUsers.create', {
      username: 'EDDIE',
      email: 'other@example.com',
      password: 'a good long password',
    });
    expect([duplicate.statusCode, duplicate.json().error.message]).toEqual([409, 'That username is taken']);
    const sameEmail = await t.caller(admin).mutate('adminUsers.create', {
      username: 'fred',
      email: 'Eddie@Example.com',
      password: 'a good long password',
    });
    expect([sameEmail.statusCode, sameEmail.json().error.message]).toEqual([
      409,
      'That email is already used by another account',
    ]);
    const short = await t.caller(admin).mutate('adminUsers.create', {
      username: 'gina',
      email: 'gina@example.com',
      password: 'short',
    });
    expect([short.statusCode, short.json().error.message]).toEqual([400, 'Use at least 12 characters']);
    const asAdmin = await t.caller(admin).mutate('adminUsers.create', {
      username: 'hank',
      email: 'hank@example.com',
      password: 'a good long password',
      role: 'admin',
    });
    expect(asAdmin.statusCode).toBe(400);
  });

  it('disabling ends the sessions and blocks sign-in; enabling lets the user back; self and last admin are protected', async () => {
    const admin = await t.signInAs('admin', 'boss');
    const editor = await t.signInAs('editor', 'eddie');
    const list = (await t.caller(admin).query('adminUsers.list')).json().result.data as {
      id: number;
      username: string;
    }[];
    const eddieId = list.find((user) => user.username === 'eddie')!.id;
    const bossId = list.find((user) => user.username === 'boss')!.id;

    expect(
      (await t.caller(admin).mutate('adminUsers.setActive', { id: eddieId, isActive: false })).statusCode,
    ).toBe(200);
    expect(await isSignedIn(editor)).toBe(false);
    const refused = await login('eddie');
    expect([refused.statusCode, refused.json().message]).toEqual([401, 'Invalid username or password']);
    expect(
      (await t.caller(admin).mutate('adminUsers.setActive', { id: eddieId, isActive: true })).statusCode,
    ).toBe(200);
    expect((await login('eddie')).statusCode).toBe(200);

    const self = await t.caller(admin).mutate('adminUsers.setActive', { id: bossId, isActive: false });
    expect([self.statusCode, self.json().error.message]).toEqual([
      403,
      'You cannot disable your own account',
    ]);
    // Through the API the acting admin is a second active admin; the rule also guards any other caller.
    await expect(
      setAccountActive(
        t.database.db,
        actingWithoutRequest({ userId: eddieId, username: 'eddie' }),
        bossId,
        false,
      ),
    ).rejects.toThrow('The last active admin cannot be disabled');
    const other = await t.signInAs('admin', 'boss2');
    expect(
      (await t.caller(other).mutate('adminUsers.setActive', { id: bossId, isActive: false })).statusCode,
    ).toBe(200);
    expect(await isSignedIn(admin)).toBe(false);
  });

  it("a password reset by the admin ends the user's sessions; the new password works", async () => {
    const admin = await t.signInAs('admin', 'boss');
    const editor = await t.signInAs('editor', 'eddie');
    const eddieId = (
      (await t.caller(admin).query('adminUsers.list')).json().result.data as {
        id: number;
        username: string;
      }[]
    ).find((u) => u.username === 'eddie')!.id;
    expect(
      (
        await t
          .caller(admin)
          .mutate('adminUsers.resetPassword', { id: eddieId, password: 'brand new password 9' })
      ).statusCode,
    ).toBe(200);
    expect(await isSignedIn(editor)).toBe(false);
    expect((await login('eddie')).statusCode).toBe(401);
    expect((await login('eddie', 'brand new password 9')).statusCode).toBe(200);
  });

  it("changing one's own password needs the current one, keeps this session and ends the others", async () => {
    const here = await t.signInAs('editor', 'eddie');
    const elsewhere = `session=${(await login('eddie')).cookies.find((c) => c.name === 'session')!.value}`;
    const wrong = await t.caller(here).mutate('account.changePassword', {
      currentPassword: 'not it at all',
      newPassword: 'a brand new password',
      confirm: 'a brand new password',
    });
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([
      400,
      'Your current password is not correct',
    ]);
    expect(wrong.json().error.data.fieldErrors).toEqual({
      currentPassword: ['Your current password is not correct'],
    });
    const mismatch = await t.caller(here).mutate('account.changePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new password',
      confirm: 'a brand new passwort',
    });
    expect(mismatch.json().error.message).toBe('The new passwords do not match');
    const changed = await t.caller(here).mutate('account.changePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new password',
      confirm: 'a brand new password',
    });
    expect(changed.statusCode).toBe(200);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect((await login('eddie', 'a brand new password')).statusCode).toBe(200);
    const me = (await t.caller(here).query('account.me')).json().result.data;
    expect(me).toMatchObject({ username: 'eddie', role: 'editor' });
    expect(me.lastLoginAt).toEqual(expect.any(String));
  });

  it('tRPC mutations take JSON only: form posts of every kind get 415 and change nothing', async () => {
    const admin = await t.signInAs('admin');
    const bodies: [string, string][] = [
      ['application/x-www-form-urlencoded', 'page=%2Fabout&title=x'],
      ['text/plain', '{"page":"/about","title":"x"}'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="page"\r\n\r\n/about\r\n--x--\r\n',
      ],
    ];
    for (const [type, payload] of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/trpc/adminSeo.save',
        headers: { cookie: admin, 'content-type': type },
        payload,
      });
      expect([type, response.statusCode, response.json().message]).toEqual([
        type,
        415,
        'Unsupported content type: send JSON',
      ]);
    }
    expect((await t.caller(admin).query('adminSeo.list')).json().result.data).toEqual([]);
  });

  describe('every admin route and procedure, by role', () => {
    // [what, how to call it, editor allowed]
    const routes: [string, (cookie?: string) => Promise<{ statusCode: number }>, boolean][] = [
      [
        'GET /api/admin/settings',
        (cookie) =>
          t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: cookie ? { cookie } : {} }),
        false,
      ],
      [
        'PUT /api/admin/settings',
        (cookie) =>
          t.app.inject({
            method: 'PUT',
            url: '/api/admin/settings',
            headers: cookie ? { cookie } : {},
            payload: {},
          }),
        false,
      ],
      [
        'GET /api/admin/posts',
        (cookie) =>
          t.app.inject({ method: 'GET', url: '/api/admin/posts', headers: cookie ? { cookie } : {} }),
        true,
      ],
      [
        'POST /api/admin/posts',
        (cookie) =>
          t.app.inject({
            method: 'POST',
            url: '/api/admin/posts',
            headers: cookie ? { cookie } : {},
            payload: {},
          }),
        true,
      ],
      [
        'PUT /api/admin/posts/1',
        (cookie) =>
          t.app.inject({
            method: 'PUT',
            url: '/api/admin/posts/1',
            headers: cookie ? { cookie } : {},
            payload: {},
          }),
        true,
      ],
      [
        'DELETE /api/admin/posts/999',
        (cookie) =>
          t.app.inject({
            method: 'DELETE',
            url: '/api/admin/posts/999',
            headers: cookie ? { cookie } : {},
            payload: {},
          }),
        true,
      ],
      [
        'GET /api/admin/leads.csv',
        (cookie) =>
          t.app.inject({ method: 'GET', url: '/api/admin/leads.csv', headers: cookie ? { cookie } : {} }),
        true,
      ],
      ['adminSettings.get', (cookie) => t.caller(cookie).query('adminSettings.get'), false],
      ['adminSettings.save', (cookie) => t.caller(cookie).mutate('adminSettings.save', {}), false],
      ['adminUsers.list', (cookie) => t.caller(cookie).query('adminUsers.list'), false],
      ['adminUsers.create', (cookie) => t.caller(cookie).mutate('adminUsers.create', {}), false],
      [
        'adminUsers.setActive',
        (cookie) => t.caller(cookie).mutate('adminUsers.setActive', { id: 1, isActive: true }),
        false,
      ],
      [
        'adminUsers.resetPassword',
        (cookie) => t.caller(cookie).mutate('adminUsers.resetPassword', {}),
        false,
      ],
      ['adminSeo.list', (cookie) => t.caller(cookie).query('adminSeo.list'), false],
      ['adminSeo.save', (cookie) => t.caller(cookie).mutate('adminSeo.save', {}), false],
      ['adminPosts.list', (cookie) => t.caller(cookie).query('adminPosts.list'), true],
      ['adminPosts.create', (cookie) => t.caller(cookie).mutate('adminPosts.create', {}), true],
      ['leads.list', (cookie) => t.caller(cookie).query('leads.list'), true],
      ['leads.countNew', (cookie) => t.caller(cookie).query('leads.countNew'), true],
      ['adminReviews.list', (cookie) => t.caller(cookie).query('adminReviews.list'), true],
      ['media.list', (cookie) => t.caller(cookie).query('media.list'), true],
      ['media.library', (cookie) => t.caller(cookie).query('media.library'), true],
      ['media.updateAlt', (cookie) => t.caller(cookie).mutate('media.updateAlt', {}), true],
      ['media.delete', (cookie) => t.caller(cookie).mutate('media.delete', { id: 999 }), true],
      [
        'GET /api/admin/media',
        (cookie) =>
          t.app.inject({ method: 'GET', url: '/api/admin/media', headers: cookie ? { cookie } : {} }),
        true,
      ],
      [
        'PATCH /api/admin/media/999',
        (cookie) =>
          t.app.inject({
            method: 'PATCH',
            url: '/api/admin/media/999',
            headers: cookie ? { cookie } : {},
            payload: {},
          }),
        true,
      ],
      [
        'DELETE /api/admin/media/999',
        (cookie) =>
          t.app.inject({ method: 'DELETE', url: '/api/admin/media/999', headers: cookie ? { cookie } : {} }),
        true,
      ],
      ['account.me', (cookie) => t.caller(cookie).query('account.me'), true],
    ];

    it('no session: 401 everywhere', async () => {
      for (const [name, call] of routes) expect([name, (await call()).statusCode]).toEqual([name, 401]);
    });

    it('editor: 403 on settings, accounts and search metadata; through to the handler elsewhere', async () => {
      const editor = await t.signInAs('editor');
      for (const [name, call, editorAllowed] of routes) {
        const status = (await call(editor)).statusCode;
        if (editorAllowed) expect([name, status]).not.toEqual([name, 403]);
        else expect([name, status]).toEqual([name, 403]);
        expect([name, status]).not.toEqual([name, 401]);
      }
    });

    it('admin: through to the handler everywhere (a 400 for an empty body is the handler speaking)', async () => {
      const admin = await t.signInAs('admin');
      for (const [name, call] of routes)
        expect([name, [401, 403].includes((await call(admin)).statusCode)]).toEqual([name, false]);
    });
  });
});
