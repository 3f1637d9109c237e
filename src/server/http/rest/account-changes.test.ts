import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activityLog, securityEmails, settings, users } from '../../../../db/schema/index.ts';
import {
  buildTestApp,
  movableClock,
  TEST_PASSWORD,
  type MovableClock,
  type TestApp,
} from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import {
  assertPasswordFreeOfContextWords,
  contextWords,
  createUser,
  recoverAccount,
} from '../../services/users.ts';

const PUBLIC_URL = 'https://www.drainright.example';

describe(`passwords without the site's own words, and one's own email (${testDatabaseKind})`, () => {
  let t: TestApp;
  let clock: MovableClock;
  beforeEach(async () => {
    clock = movableClock('2026-11-01T05:30:00Z');
    t = await buildTestApp({ clock: clock.now, config: { publicUrl: PUBLIC_URL } });
    await createUser(t.database.db, {
      username: 'owner',
      email: 'maria.lopez@example.com',
      password: TEST_PASSWORD,
      role: 'admin',
    });
  });
  afterEach(async () => {
    await t.close();
  });

  const signIn = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'owner', password: TEST_PASSWORD },
    });
    return `session=${response.cookies.find((c) => c.name === 'session')!.value}`;
  };
  const changePassword = (cookie: string, newPassword: string) =>
    t.caller(cookie).mutate('account.changePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword,
      confirm: newPassword,
    });
  const refusal = (response: LightMyRequestResponse) => [response.statusCode, response.json().error.message];

  it("refuses a new password holding the company's name, the domain, the username or the email, at every place one is set", async () => {
    const cookie = await signIn();
    const because = (reason: string) => [
      400,
      `A password must not contain ${reason}: attackers try it first`,
    ];
    // Case, digits and punctuation around or inside the word change nothing.
    expect(refusal(await changePassword(cookie, 'Cumming-Plumbing-Pros-2026!'))).toEqual(
      because("the company's name"),
    );
    expect(refusal(await changePassword(cookie, 'my PLUMBING van is blue'))).toEqual(
      because("the company's name"),
    );
    expect(refusal(await changePassword(cookie, '2026 Drain.Right forever'))).toEqual(
      because("the site's domain"),
    );
    expect(refusal(await changePassword(cookie, 'the 0wner is me, the owner!'))).toEqual(
      because('your username'),
    );
    const email = await changePassword(cookie, 'Maria_Lopez_1984 likes tea');
    expect(refusal(email)).toEqual(because('your email address'));
    expect(email.json().error.data.fieldErrors).toEqual({
      newPassword: ['A password must not contain your email address: attackers try it first'],
    });
    // The company's name as the owner changed it in Settings.
    await t.database.db
      .update(settings)
      .set({ value: 'Forsyth Rooter Co' })
      .where(eq(settings.key, 'companyName'));
    expect(refusal(await changePassword(cookie, 'rooter at the door 7'))).toEqual(
      because("the company's name"),
    );
    // Words hidden across others' letters are not the company's: short words of its name are not looked for.
    expect((await changePassword(cookie, 'cup rose garden at noon')).statusCode).toBe(200);

    const admin = t.caller(cookie);
    const created = await admin.mutate('adminUsers.create', {
      username: 'samuel',
      email: 'sam@example.com',
      password: 'samuel writes the news',
    });
    expect(refusal(created)).toEqual(because('your username'));
    expect(
      (
        await admin.mutate('adminUsers.create', {
          username: 'samuel',
          email: 'sam@example.com',
          password: 'gutters in the rain at noon',
        })
      ).statusCode,
    ).toBe(200);
    const [samuel] = await t.database.db.select().from(users).where(eq(users.username, 'samuel'));
    const reset = await admin.mutate('adminUsers.resetPassword', {
      id: samuel!.id,
      password: 'a new www.drainright.example key',
    });
    expect(refusal(reset)).toEqual(because("the site's domain"));

    // The command line sets a random password, never one made of these words.
    expect(
      (await contextWords(t.database.db, { account: samuel!, publicUrl: PUBLIC_URL })).map((w) => w.word),
    ).toEqual(['forsythrooterco', 'forsyth', 'rooter', 'drainright', 'samuel', 'samexamplecom', 'sam']);
    const recovered = await recoverAccount(t.database.db, 'samuel', PUBLIC_URL);
    await expect(
      assertPasswordFreeOfContextWords(t.database.db, recovered, 'password', {
        account: samuel!,
        publicUrl: PUBLIC_URL,
      }),
    ).resolves.toBeUndefined();
  });

  it('changes one’s own email after the password is confirmed again, tells the old address and logs it', async () => {
    const cookie = await signIn();
    await createUser(t.database.db, {
      username: 'editor',
      email: 'taken@example.com',
      password: TEST_PASSWORD,
      role: 'editor',
    });
    clock.later(6 * 60_000);
    const put = (email: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/account/email',
        headers: { cookie },
        payload: { email },
      });
    const tooLate = await put('maria@new-mail.example');
    expect([tooLate.statusCode, tooLate.json().message]).toEqual([403, 'Confirm your password to continue']);
    await t.caller(cookie).mutate('account.reauthenticate', { password: TEST_PASSWORD });

    const invalid = await put('not an address');
    expect([invalid.statusCode, invalid.json().message]).toEqual([400, 'Enter a valid email address']);
    const taken = await put('TAKEN@example.com');
    expect([taken.statusCode, taken.json().message]).toEqual([
      409,
      'That email is already used by another account',
    ]);
    const changed = await put('maria@new-mail.example');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      success: true,
      message: 'Email address changed',
      account: { username: 'owner', email: 'maria@new-mail.example' },
    });

    await t.app.securityMailer.deliverDue();
    const emails = await t.database.db.select().from(securityEmails);
    expect(
      emails.map(({ kind, status, recipient, details }) => ({ kind, status, recipient, details })),
    ).toEqual([
      {
        kind: 'email-changed',
        status: 'logged',
        recipient: 'maria.lopez@example.com',
        details: expect.objectContaining({
          to: 'maria.lopez@example.com',
          newEmail: 'maria@new-mail.example',
        }) as unknown,
      },
    ]);
    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.kind, 'email-changed'));
    expect(entry).toMatchObject({
      username: 'owner',
      summary: 'Changed own email address from maria.lopez@example.com to maria@new-mail.example',
    });
  });
});
