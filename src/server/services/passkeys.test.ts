import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activityLog, passkeys, securityEmails, webauthnChallenges } from '../../../db/schema/index.ts';
import {
  buildTestApp,
  movableClock,
  TEST_PASSWORD,
  type MovableClock,
  type TestApp,
} from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { SoftwareAuthenticator } from '../testing/software-authenticator.ts';
import { actingWithoutRequest } from './activity-log.ts';
import { CEREMONY_EXPIRED_MESSAGE, PASSKEY_REFUSED_MESSAGE } from './passkeys.ts';
import { decodeTotpSecret, hotp, totpStepAt } from './totp.ts';
import { setTwoStepRequired } from './two-step.ts';
import { createUser } from './users.ts';

const MINUTE = 60_000;
// testConfig's PUBLIC_URL: the relying party is its host.
const ORIGIN = 'http://localhost:3000';

type Response = LightMyRequestResponse;

describe(`passkeys (${testDatabaseKind})`, () => {
  let t: TestApp;
  let clock: MovableClock;
  let authenticator: SoftwareAuthenticator;
  beforeEach(async () => {
    clock = movableClock('2026-03-08T06:30:00Z');
    t = await buildTestApp({ clock: clock.now, loginThrottle: { delayStepMs: 0 } });
    authenticator = new SoftwareAuthenticator();
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

  const cookieOf = (response: Response) =>
    `session=${response.cookies.find((c) => c.name === 'session')!.value}`;
  const login = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'owner', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const isSignedIn = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/status', headers: { cookie } })).json()
      .authenticated as boolean;
  const passkeyOptions = (mode: 'alone' | 'second-step' = 'alone', cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login/passkey/options',
      headers: cookie ? { cookie } : {},
      payload: { mode },
    });
  const passkeySignIn = (response: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login/passkey',
      headers: cookie ? { cookie } : {},
      payload: { response },
    });
  /** Signs in alone with the authenticator; answers the sign-in's answer. */
  async function signInAlone(options: { counter?: number; origin?: string } = {}) {
    const { options: requestOptions } = (await passkeyOptions()).json();
    return passkeySignIn(authenticator.authenticate(requestOptions, options.origin ?? ORIGIN, options));
  }
  /** Adds a passkey from a session signed in just now (so no password is asked again). */
  async function addPasskey(cookie: string, name = 'Laptop') {
    const options = (await t.caller(cookie).mutate('account.beginPasskeyRegistration')).json().result.data;
    const response = authenticator.register(options, ORIGIN);
    const added = await t.caller(cookie).mutate('account.finishPasskeyRegistration', { name, response });
    return { options, response, added };
  }
  const activity = async () =>
    (await t.database.db.select().from(activityLog).orderBy(activityLog.id)).map((row) => ({
      kind: row.kind,
      summary: row.summary,
      details: row.details,
    }));

  it('adds a passkey after the password is confirmed again, ends other sessions, emails and logs it', async () => {
    const elsewhere = cookieOf(await login());
    const cookie = cookieOf(await login());
    clock.later(6 * MINUTE);
    const tooLate = await t.caller(cookie).mutate('account.beginPasskeyRegistration');
    expect([tooLate.statusCode, tooLate.json().error.message]).toEqual([
      403,
      'Confirm your password to continue',
    ]);
    await t.caller(cookie).mutate('account.reauthenticate', { password: TEST_PASSWORD });

    const { options, response, added } = await addPasskey(cookie);
    expect(options.rp).toEqual({ id: 'localhost', name: 'Cumming Plumbing Pros' });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().result.data).toMatchObject({
      name: 'Laptop',
      createdAt: clock.now().toISOString(),
      lastUsedAt: null,
      transports: ['internal'],
    });
    const [stored] = await t.database.db.select().from(passkeys);
    expect(stored).toMatchObject({ credentialId: response.id, counter: 0, name: 'Laptop' });
    // The challenge was used up by the registration, and the same answer again is refused.
    expect(await t.database.db.select().from(webauthnChallenges)).toEqual([]);
    const replayed = await t.caller(cookie).mutate('account.finishPasskeyRegistration', {
      name: 'Again',
      response,
    });
    expect([replayed.statusCode, replayed.json().error.message]).toEqual([409, CEREMONY_EXPIRED_MESSAGE]);

    expect(await isSignedIn(elsewhere)).toBe(false);
    expect(await isSignedIn(cookie)).toBe(true);
    const emails = await t.database.db
      .select()
      .from(securityEmails)
      .where(eq(securityEmails.kind, 'passkey-added'));
    expect(emails.map((email) => [email.details.passkey, email.details.browser])).toEqual([
      ['Laptop', 'Unknown browser'],
    ]);
    const entries = await activity();
    expect(entries.at(-1)).toEqual({
      kind: 'passkey-added',
      summary: 'Added passkey "Laptop" (1 other session signed out)',
      details: { passkeyId: stored!.id, name: 'Laptop', otherSessionsEnded: 1 },
    });
    expect(JSON.stringify(entries)).not.toContain(stored!.publicKey);

    // The same authenticator is not added twice: its passkey is excluded from the next options.
    const next = (await t.caller(cookie).mutate('account.beginPasskeyRegistration')).json().result.data;
    expect(next.excludeCredentials).toEqual([
      { id: response.id, type: 'public-key', transports: ['internal'] },
    ]);
    expect(next.user.id).toBe(options.user.id);
  });

  it('signs in with a passkey alone, which counts as two-step sign-in; a replayed answer is refused', async () => {
    await addPasskey(cookieOf(await login()));
    await setTwoStepRequired(t.database.db, actingWithoutRequest({ userId: null, username: null }), true);
    clock.later(MINUTE);

    const options = (await passkeyOptions()).json().options;
    expect(options).toMatchObject({ rpId: 'localhost', allowCredentials: [], userVerification: 'required' });
    const answer = authenticator.authenticate(options, ORIGIN);
    const signedIn = await passkeySignIn(answer);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({
      success: true,
      message: 'Signed in',
      user: { username: 'owner', role: 'admin' },
    });
    const cookie = cookieOf(signedIn);
    const status = (
      await t.app.inject({ method: 'GET', url: '/api/auth/status', headers: { cookie } })
    ).json();
    expect(status).toEqual({ authenticated: true, user: { username: 'owner', role: 'admin' } });
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/admin/account/sessions',
      headers: { cookie },
    });
    expect(sessions.statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(passkeys);
    expect(stored).toMatchObject({ counter: 1, lastUsedAt: clock.now() });
    expect((await activity()).at(-1)).toMatchObject({
      kind: 'sign-in',
      summary: 'Signed in with passkey "Laptop"',
    });

    const replayed = await passkeySignIn(answer);
    expect([replayed.statusCode, replayed.json().message]).toEqual([409, CEREMONY_EXPIRED_MESSAGE]);
  });

  it('after the password, the passkey is the second step; with an authenticator app too, both are offered', async () => {
    const first = cookieOf(await login());
    await addPasskey(first);

    const password = await login();
    expect(password.json()).toEqual({
      success: true,
      message: 'Use your passkey',
      secondStep: 'passkey',
      secondSteps: ['passkey'],
    });
    const pending = cookieOf(password);
    const refusedWithoutStep = await t.app.inject({
      method: 'GET',
      url: '/api/admin/account/sessions',
      headers: { cookie: pending },
    });
    expect(refusedWithoutStep.statusCode).toBe(401);
    // The second step's options need the password step first, and offer only this account's passkeys.
    expect((await passkeyOptions('second-step')).statusCode).toBe(401);
    const options = (await passkeyOptions('second-step', pending)).json().options;
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      Buffer.from(authenticator.credentials[0]!.id).toString('base64url'),
    ]);
    // An answer to a second step's challenge, sent without the browser whose password step it follows.
    const stolen = await passkeySignIn(authenticator.authenticate(options, ORIGIN));
    expect(stolen.statusCode).toBe(401);

    const again = cookieOf(await login());
    const secondOptions = (await passkeyOptions('second-step', again)).json().options;
    const signedIn = await passkeySignIn(authenticator.authenticate(secondOptions, ORIGIN), again);
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieOf(signedIn);
    expect(cookie).not.toBe(again);
    expect(await isSignedIn(cookie)).toBe(true);
    expect(await isSignedIn(again)).toBe(false);
    expect((await activity()).at(-1)).toMatchObject({
      summary: 'Signed in with password and passkey "Laptop"',
    });

    const setup = (await t.caller(cookie).mutate('account.beginTotpSetup')).json().result.data;
    const code = hotp(decodeTotpSecret(setup.secret), totpStepAt(clock.now()));
    expect((await t.caller(cookie).mutate('account.confirmTotpSetup', { code })).statusCode).toBe(200);
    expect((await login()).json()).toMatchObject({ secondStep: 'passkey', secondSteps: ['passkey', 'totp'] });
  });

  it('refuses a counter that went back, a wrong origin, an expired challenge, an unverified person and a removed passkey', async () => {
    const cookie = cookieOf(await login());
    await addPasskey(cookie);
    expect((await signInAlone()).statusCode).toBe(200);
    // A clone of the authenticator shows itself by a counter that did not move on.
    const cloned = await signInAlone({ counter: 1 });
    expect([cloned.statusCode, cloned.json().message]).toEqual([400, PASSKEY_REFUSED_MESSAGE]);
    expect((await t.database.db.select().from(passkeys))[0]!.counter).toBe(1);
    const phished = await signInAlone({ origin: 'https://cumming-plumbing-pros.example' });
    expect(phished.statusCode).toBe(400);

    const { options } = (await passkeyOptions()).json();
    clock.later(5 * MINUTE + 1);
    const expired = await passkeySignIn(authenticator.authenticate(options, ORIGIN));
    expect([expired.statusCode, expired.json().message]).toEqual([409, CEREMONY_EXPIRED_MESSAGE]);

    const fresh = cookieOf(await signInAlone());
    const unverified = new SoftwareAuthenticator({ userVerified: false });
    const registration = (await t.caller(fresh).mutate('account.beginPasskeyRegistration')).json().result
      .data;
    const notVerified = await t.caller(fresh).mutate('account.finishPasskeyRegistration', {
      name: 'Old key',
      response: unverified.register(registration, ORIGIN),
    });
    expect(notVerified.statusCode).toBe(400);

    // Renaming and removing ask for the password again after five minutes, like adding.
    const [stored] = await t.database.db.select().from(passkeys);
    clock.later(6 * MINUTE);
    const renameTooLate = await t
      .caller(fresh)
      .mutate('account.renamePasskey', { id: stored!.id, name: 'Phone' });
    expect(renameTooLate.statusCode).toBe(403);
    const removeTooLate = await t.caller(fresh).mutate('account.removePasskey', { id: stored!.id });
    expect(removeTooLate.statusCode).toBe(403);
    await t.caller(fresh).mutate('account.reauthenticate', { password: TEST_PASSWORD });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/account/passkeys/${stored!.id}`,
      headers: { cookie: fresh },
      payload: { name: 'Phone' },
    });
    expect(renamed.json()).toMatchObject({ success: true, passkey: { name: 'Phone' } });
    const other = await t.callerAs('editor');
    expect((await other.mutate('account.removePasskey', { id: stored!.id })).statusCode).toBe(404);

    const before = await signInAlone();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/account/passkeys/${stored!.id}`,
      headers: { cookie: fresh },
    });
    expect(removed.json()).toEqual({ success: true, message: 'Passkey removed' });
    expect(await isSignedIn(cookieOf(before))).toBe(false);
    expect(await isSignedIn(fresh)).toBe(true);
    const afterRemoval = await signInAlone();
    expect([afterRemoval.statusCode, afterRemoval.json().message]).toEqual([400, PASSKEY_REFUSED_MESSAGE]);
    const kinds = (await activity()).map((entry) => entry.summary);
    expect(kinds).toContain('Renamed passkey "Laptop" to "Phone"');
    expect(kinds).toContain('Removed passkey "Phone" (3 other sessions signed out)');
    expect(kinds.filter((summary) => summary === 'Sign-in with a passkey refused')).toHaveLength(3);
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.id, stored!.id))).toEqual([]);
  });

  it('answers bad passkey input with a 400 naming the field, and nothing is stored', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/login/passkey', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/response/i);
    const unreadable = await passkeySignIn({
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'bm90IGpzb24', authenticatorData: 'AA', signature: 'AA' },
    });
    expect([unreadable.statusCode, unreadable.json().message]).toEqual([
      400,
      'The passkey answer is not readable',
    ]);
    const badMode = await t.app.inject({
      method: 'POST',
      url: '/api/login/passkey/options',
      payload: { mode: 'everything' },
    });
    expect([badMode.statusCode, badMode.json().message]).toEqual([400, 'mode is alone or second-step']);
    const cookie = cookieOf(await login());
    const noName = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/passkeys',
      headers: { cookie },
      payload: { name: ' ', response: {} },
    });
    expect([noName.statusCode, noName.json().message]).toEqual([400, 'Give the passkey a name']);
    expect(await t.database.db.select().from(passkeys)).toEqual([]);
  });
});
