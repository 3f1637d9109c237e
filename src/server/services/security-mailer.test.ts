import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { decodeTotpSecret, hotp, totpStepAt } from './totp.ts';
import { createUser } from './users.ts';

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const subjectOf = (mail: ReceivedMail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1];

describe(`security emails (${testDatabaseKind})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeEach(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ config: { smtpUrl: smtp.url }, loginThrottle: { delayStepMs: 0 } });
    await createUser(t.database.db, {
      username: 'owner',
      email: 'owner@example.com',
      password: TEST_PASSWORD,
      role: 'admin',
    });
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  const login = (headers: Record<string, string> = {}, password = TEST_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'owner', password },
      headers: { 'user-agent': FIREFOX_ON_WINDOWS, ...headers },
      remoteAddress: '198.51.100.20',
    });
  const cookiesOf = (response: { cookies: { name: string; value: string }[] }) =>
    response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const delivered = async () => {
    await t.app.securityMailer.deliverDue();
    return smtp.received;
  };

  it('a sign-in from a browser the account has not used is emailed; the same browser again is not', async () => {
    const first = await login();
    const laptop = cookiesOf(first);
    expect(first.cookies.find((c) => c.name === 'browser')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(await delivered()).toEqual([]);
    const browserOnly = laptop.split('; ').find((c) => c.startsWith('browser='))!;
    await login({ cookie: browserOnly });
    expect(await delivered()).toEqual([]);

    const phone = await login();
    const mails = await delivered();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual(['owner@example.com']);
    expect(subjectOf(mail!)).toBe('New sign-in to your account (Cumming Plumbing Pros)');
    expect(mail!.raw).toContain('From:    198.51.100.20');
    expect(mail!.raw).toContain('Browser: Firefox on Windows');
    expect(mail!.raw).toContain('If it was not you');
    const token = phone.cookies.find((c) => c.name === 'session')!.value;
    expect(mail!.raw).not.toContain(token);
  });

  it('emails a password change, two-step turned off and a recovery code used', async () => {
    const owner = cookiesOf(await login());
    await t.caller(owner).mutate('account.changePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'gutters in the rain at noon',
      confirm: 'gutters in the rain at noon',
    });
    const setup = (await t.caller(owner).mutate('account.beginTotpSetup')).json().result.data;
    const secret = decodeTotpSecret(setup.secret);
    const codes = (
      await t.caller(owner).mutate('account.confirmTotpSetup', { code: hotp(secret, totpStepAt(new Date())) })
    ).json().result.data.recoveryCodes as string[];
    const pending = cookiesOf(await login({ cookie: owner }, 'gutters in the rain at noon'));
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/login/totp',
      headers: { cookie: pending },
      payload: { code: codes[0] },
    });
    expect(signedIn.statusCode).toBe(200);
    await t.caller(cookiesOf(signedIn)).mutate('account.disableTotp');
    const subjects = (await delivered()).map(subjectOf);
    expect(subjects).toEqual([
      'Your password was changed (Cumming Plumbing Pros)',
      'A recovery code was used to sign in (Cumming Plumbing Pros)',
      'Two-step sign-in was turned off (Cumming Plumbing Pros)',
    ]);
    for (const mail of smtp.received) {
      expect(mail.raw).not.toContain('gutters in the rain');
      expect(mail.raw).not.toContain(codes[0]);
    }
  });
});
