import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  movableClock,
  TEST_PASSWORD,
  type MovableClock,
  type TestApp,
} from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { createUser, recoverAccount } from '../../services/users.ts';
import { decodeTotpSecret, hotp, totpStepAt } from '../../services/totp.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe(`two-step sign-in with an authenticator app (${testDatabaseKind})`, () => {
  let t: TestApp;
  // The clock codes, locks and sessions go by; each test moves it.
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
  });
  afterEach(async () => {
    await t.close();
  });

  const later = (ms: number) => clock.later(ms);
  const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
    `session=${response.cookies.find((c) => c.name === 'session')!.value}`;
  const login = (password = TEST_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'owner', password } });
  const secondStep = (cookie: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/login/totp', headers: { cookie }, payload: { code } });
  const isSignedIn = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/status', headers: { cookie } })).json()
      .authenticated as boolean;
  const codeAt = (secret: Uint8Array, at = clock.now()) => hotp(secret, totpStepAt(at));

  /** Signs in with the password alone and turns two-step on; answers the secret and recovery codes. */
  async function setUpTwoStep() {
    const cookie = cookieOf(await login());
    const setup = (await t.caller(cookie).mutate('account.beginTotpSetup')).json().result.data;
    const secret = decodeTotpSecret(setup.secret);
    const confirmed = await t.caller(cookie).mutate('account.confirmTotpSetup', { code: codeAt(secret) });
    expect(confirmed.statusCode).toBe(200);
    return { cookie, setup, secret, recoveryCodes: confirmed.json().result.data.recoveryCodes as string[] };
  }

  it('sets up with a QR code drawn by the server, confirmed by a first code, and gives 10 recovery codes once', async () => {
    const elsewhere = cookieOf(await login());
    const cookie = cookieOf(await login());
    const wrongFirst = await t.caller(cookie).mutate('account.beginTotpSetup');
    const setup = wrongFirst.json().result.data;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.keyUri).toBe(
      `otpauth://totp/Cumming%20Plumbing%20Pros:owner?secret=${setup.secret}&issuer=Cumming+Plumbing+Pros&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.qrSvg).toMatch(/^<svg/);
    const refused = await t.caller(cookie).mutate('account.confirmTotpSetup', { code: '000000' });
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      400,
      'That code is not right, or was already used',
    ]);
    expect((await t.caller(cookie).query('account.twoStep')).json().result.data.totpEnabled).toBe(false);

    const secret = decodeTotpSecret(setup.secret);
    const confirmed = await t.caller(cookie).mutate('account.confirmTotpSetup', { code: codeAt(secret) });
    const codes = confirmed.json().result.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect((await t.caller(cookie).query('account.twoStep')).json().result.data).toMatchObject({
      totpEnabled: true,
      recoveryCodesLeft: 10,
    });
    // Turning two-step on ends every other session.
    expect(await isSignedIn(cookie)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
    // Only hashes are stored, and neither the secret nor any code reaches the activity log.
    const stored = JSON.stringify(await t.database.db.execute(sql`select * from recovery_codes`));
    for (const code of codes) expect(stored).not.toContain(code);
    const log = JSON.stringify(await t.database.db.execute(sql`select * from activity_log`));
    expect(log).not.toContain(setup.secret);
    for (const code of codes) expect(log).not.toContain(code);
  });

  it('POST /api/login answers secondStep without a session until POST /api/login/totp passes; a code works once', async () => {
    const { secret } = await setUpTwoStep();
    later(30 * SECOND);
    const first = await login();
    expect([first.statusCode, first.json()]).toEqual([
      200,
      {
        success: true,
        message: 'Enter the code from your app',
        secondStep: 'totp',
        secondSteps: ['totp'],
      },
    ]);
    const pending = cookieOf(first);
    expect(await isSignedIn(pending)).toBe(false);
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/posts',
      headers: { cookie: pending },
    });
    expect(admin.statusCode).toBe(401);
    expect((await t.caller(pending).query('account.sessions')).statusCode).toBe(401);

    const code = codeAt(secret);
    const passed = await secondStep(pending, code);
    expect([passed.statusCode, passed.json()]).toEqual([
      200,
      { success: true, message: 'Signed in', user: { username: 'owner', role: 'admin' } },
    ]);
    const signedIn = cookieOf(passed);
    expect(signedIn).not.toBe(pending);
    expect(await isSignedIn(signedIn)).toBe(true);
    expect(await isSignedIn(pending)).toBe(false);

    // The same code, within its window, from another sign-in: refused.
    const again = cookieOf(await login());
    const replay = await secondStep(again, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      success: false,
      message: 'That code is not right, or was already used',
    });
    expect(await isSignedIn(again)).toBe(false);
    // Without a password first, a code opens nothing.
    later(30 * SECOND);
    const noPassword = await t.app.inject({
      method: 'POST',
      url: '/api/login/totp',
      payload: { code: codeAt(secret) },
    });
    expect(noPassword.statusCode).toBe(401);
  });

  it('a recovery code works once and ends every other session', async () => {
    const { recoveryCodes } = await setUpTwoStep();
    const [code] = recoveryCodes;
    const laptop = cookieOf(await login());
    later(30 * SECOND);
    const phone = cookieOf(await secondStep(cookieOf(await login()), code!.toUpperCase()));
    expect(await isSignedIn(phone)).toBe(true);
    expect(await isSignedIn(laptop)).toBe(false);
    expect((await t.caller(phone).query('account.twoStep')).json().result.data.recoveryCodesLeft).toBe(9);
    const reused = await secondStep(cookieOf(await login()), code!);
    expect(reused.statusCode).toBe(400);
    const kinds = JSON.stringify(await t.database.db.execute(sql`select kind from activity_log order by id`));
    expect(kinds).toContain('recovery-code-used');
  });

  it('5 wrong codes lock the second step for 15 minutes, even for the right code', async () => {
    const { secret } = await setUpTwoStep();
    later(30 * SECOND);
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await secondStep(cookieOf(await login()), '123456');
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await secondStep(cookieOf(await login()), codeAt(secret));
    expect([locked.statusCode, locked.json().message]).toEqual([
      429,
      'Too many wrong codes. Try again in 15 minutes.',
    ]);
    expect(locked.headers['retry-after']).toBe('900');
    later(14 * MINUTE);
    expect((await secondStep(cookieOf(await login()), codeAt(secret))).statusCode).toBe(429);
    later(MINUTE + SECOND);
    const open = await secondStep(cookieOf(await login()), codeAt(secret));
    expect(open.statusCode).toBe(200);
    const log = JSON.stringify(await t.database.db.execute(sql`select kind, summary from activity_log`));
    expect(log.match(/second-step-locked/g)).toHaveLength(1);
  });

  it('a sign-in waits 10 minutes for its code, then must start again', async () => {
    const { secret } = await setUpTwoStep();
    later(30 * SECOND);
    const pending = cookieOf(await login());
    later(10 * MINUTE);
    expect((await secondStep(pending, codeAt(secret))).statusCode).toBe(401);
  });

  it('a password reset from the command line still asks for the code at the next sign-in', async () => {
    const { secret } = await setUpTwoStep();
    const password = await recoverAccount(t.database.db, 'owner', t.config.publicUrl);
    later(30 * SECOND);
    const first = await login(password);
    expect(first.json().secondStep).toBe('totp');
    expect((await secondStep(cookieOf(first), codeAt(secret))).statusCode).toBe(200);
  });

  it('two-step settings ask for the password or a code within 5 minutes; turning it off ends other sessions', async () => {
    const { cookie, secret } = await setUpTwoStep();
    later(30 * SECOND);
    const other = cookieOf(await secondStep(cookieOf(await login()), codeAt(secret)));
    later(6 * MINUTE);
    const refused = await t.caller(cookie).mutate('account.disableTotp');
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      403,
      'Confirm your password to continue',
    ]);
    expect((await t.caller(cookie).mutate('account.regenerateRecoveryCodes')).statusCode).toBe(403);
    const byCode = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/reauthenticate',
      headers: { cookie },
      payload: { code: codeAt(secret) },
    });
    expect(byCode.statusCode).toBe(200);
    const renewed = await t.caller(cookie).mutate('account.regenerateRecoveryCodes');
    expect(renewed.json().result.data.recoveryCodes).toHaveLength(10);
    expect((await t.caller(cookie).mutate('account.disableTotp')).statusCode).toBe(200);
    expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(cookie)).toBe(true);
    // Back to the password alone: the answer every existing client knows.
    const plain = await login();
    expect(plain.json()).toEqual({
      success: true,
      message: 'Signed in',
      user: { username: 'owner', role: 'admin' },
    });
  });

  it('an admin can require two-step sign-in: an account without it must set it up before anything else', async () => {
    await createUser(t.database.db, {
      username: 'eddie',
      email: 'eddie@example.com',
      password: TEST_PASSWORD,
      role: 'editor',
    });
    const admin = cookieOf(await login());
    const editorBefore = cookieOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'eddie', password: TEST_PASSWORD },
      }),
    );
    expect(
      (await t.caller(editorBefore).mutate('adminUsers.setTwoStepRequired', { required: true })).statusCode,
    ).toBe(403);
    expect(
      (await t.caller(admin).mutate('adminUsers.setTwoStepRequired', { required: true })).statusCode,
    ).toBe(200);
    expect((await t.caller(admin).query('adminUsers.twoStepRequired')).json().result.data).toBe(true);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'eddie', password: TEST_PASSWORD },
    });
    expect(signIn.json()).toEqual({
      success: true,
      message: 'Signed in',
      user: { username: 'eddie', role: 'editor' },
      twoStepSetupRequired: true,
    });
    const editor = cookieOf(signIn);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/auth/status',
      headers: { cookie: editor },
    });
    expect(status.json()).toMatchObject({ authenticated: true, twoStepSetupRequired: true });
    const rest = await t.app.inject({ method: 'GET', url: '/api/admin/posts', headers: { cookie: editor } });
    expect([rest.statusCode, rest.json().message]).toEqual([403, 'Set up two-step sign-in to continue']);
    const trpc = await t.caller(editor).query('leads.list');
    expect([trpc.statusCode, trpc.json().error.message]).toEqual([
      403,
      'Set up two-step sign-in to continue',
    ]);

    const setup = (await t.caller(editor).mutate('account.beginTotpSetup')).json().result.data;
    const secret = decodeTotpSecret(setup.secret);
    expect(
      (await t.caller(editor).mutate('account.confirmTotpSetup', { code: codeAt(secret) })).statusCode,
    ).toBe(200);
    expect((await t.caller(editor).query('leads.list')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/posts', headers: { cookie: editor } }))
        .statusCode,
    ).toBe(200);
    // Sessions opened before the rule keep working until their next sign-in; the next one asks for the code.
    later(30 * SECOND);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'eddie', password: TEST_PASSWORD },
    });
    expect(next.json().secondStep).toBe('totp');
    expect((await t.caller(admin).query('leads.list')).statusCode).toBe(200);
  });
});
