import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contactSubmissions, leadNotifications } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { getSettings, saveSettings } from './settings.ts';
import { alertRecipient } from './lead-notifier.ts';
import { createUser } from './users.ts';

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives, or refuses every message. */
async function startSmtpServer(options: { refuse?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (options.refuse) {
          refusals++;
          const error = new Error('mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
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
    refusals: () => refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const lead = {
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana@example.com',
  phone: '470-555-0111',
  service: 'Water Heater Services',
  message: 'Water heater leaking in the garage.',
};

describe(`lead email alerts (${testDatabaseKind})`, () => {
  let t: TestApp | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;

  async function setup(smtpOptions: { refuse?: boolean } | null, settingsChange: object = {}) {
    smtp = smtpOptions ? await startSmtpServer(smtpOptions) : undefined;
    t = await buildTestApp({
      config: { smtpUrl: smtp?.url },
      leadNotifier: { maxAttempts: 3, firstRetryDelayMs: 10 },
    });
    await saveSettings(t.database.db, {
      ...(await getSettings(t.database.db)),
      adminEmail: 'owner@example.com',
      ...settingsChange,
    });
  }
  async function submitLead() {
    const response = await t!.app.inject({ method: 'POST', url: '/api/contact', payload: lead });
    expect(response.statusCode).toBe(201);
    await t!.app.leadNotifier.idle();
    return t!.database.db.select().from(leadNotifications);
  }

  beforeEach(() => {
    t = undefined;
    smtp = undefined;
  });
  afterEach(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('emails each new lead to adminEmail: name and service in the subject, every field and an inbox link in the body', async () => {
    await setup({});
    const [notification] = await submitLead();
    expect(notification).toMatchObject({ status: 'sent', attempts: 1, recipient: 'owner@example.com' });
    expect(smtp!.received).toHaveLength(1);
    const mail = smtp!.received[0]!;
    expect(mail.to).toEqual(['owner@example.com']);
    expect(mail.raw).toMatch(/Subject: New lead: Dana Reyes \(Water Heater Services\)/);
    for (const text of [
      'dana@example.com',
      '470-555-0111',
      'Water heater leaking in the garage.',
      'http://localhost:3000/admin?tab=leads&lead=',
    ]) {
      expect(mail.raw.replace(/=\r\n/g, '').replace(/=3D/g, '=')).toContain(text);
    }
    expect(mail.raw).toMatch(/Reply-To: dana@example.com/);
  });

  it('retries a failing send with back-off, records the failure, and keeps the lead', async () => {
    await setup({ refuse: true });
    const [notification] = await submitLead();
    expect(smtp!.refusals()).toBe(3);
    expect(notification).toMatchObject({ status: 'failed', attempts: 3 });
    expect(notification!.lastError).toMatch(/mailbox unavailable/);
    expect(
      await t!.database.db
        .select()
        .from(contactSubmissions)
        .where(eq(contactSubmissions.email, 'dana@example.com')),
    ).toHaveLength(1);
  });

  it('without SMTP_URL logs the alert, and the lead is in the inbox', async () => {
    await setup(null);
    const [notification] = await submitLead();
    expect(notification!.status).toBe('logged');
  });

  it('sends nothing when emailNotifications is off', async () => {
    await setup({}, { emailNotifications: false });
    const [notification] = await submitLead();
    expect(notification!.status).toBe('skipped');
    expect(smtp!.received).toEqual([]);
  });

  it('with no address in Settings, emails the admin account until one is set there', async () => {
    await setup({}, { adminEmail: '' });
    // The admin a first start creates without ADMIN_EMAIL has a placeholder address: not a recipient.
    await createUser(t!.database.db, {
      username: 'first',
      email: 'first@admin.invalid',
      password: 'correct horse battery staple',
      role: 'admin',
    });
    expect(await alertRecipient(t!.database.db)).toBeNull();
    const [skipped] = await submitLead();
    expect(skipped).toMatchObject({ status: 'skipped', recipient: null });

    await createUser(t!.database.db, {
      username: 'owner',
      email: 'account@example.com',
      password: 'correct horse battery staple',
      role: 'admin',
    });
    await createUser(t!.database.db, {
      username: 'helper',
      email: 'editor@example.com',
      password: 'correct horse battery staple',
      role: 'editor',
    });
    expect(await alertRecipient(t!.database.db)).toBe('account@example.com');
    const [, toAccount] = await submitLead();
    expect(toAccount).toMatchObject({ status: 'sent', recipient: 'account@example.com' });
    expect(smtp!.received.map((mail) => mail.to)).toEqual([['account@example.com']]);

    await saveSettings(t!.database.db, {
      ...(await getSettings(t!.database.db)),
      adminEmail: 'office@example.com',
    });
    expect(await alertRecipient(t!.database.db)).toBe('office@example.com');
  });

  it('never emails a message the bot checks caught; "Not spam" sends its alert', async () => {
    await setup({});
    const response = await t!.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...lead, website: 'http://spam.example' },
    });
    expect(response.statusCode).toBe(201);
    await t!.app.leadNotifier.idle();
    expect(await t!.database.db.select().from(leadNotifications)).toEqual([]);
    expect(smtp!.received).toEqual([]);

    const [caught] = await t!.database.db.select().from(contactSubmissions);
    expect(caught).toMatchObject({ isSpam: true });
    const cookie = await t!.signInAs('editor');
    const restored = await t!.app.inject({
      method: 'POST',
      url: '/trpc/leads.notSpam',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { id: caught!.id },
    });
    expect(restored.statusCode).toBe(200);
    await t!.app.leadNotifier.idle();
    expect(await t!.database.db.select().from(leadNotifications)).toMatchObject([{ status: 'sent' }]);
    expect(smtp!.received).toHaveLength(1);
  });

  it('two instances on one database send each lead once, and the lead and its alert are one write', async () => {
    await setup({});
    // A second app on the same database, as a second server process would be.
    const second = await buildTestApp({
      database: t!.database,
      config: { smtpUrl: smtp!.url },
      leadNotifier: { maxAttempts: 3, firstRetryDelayMs: 10 },
    });
    try {
      const sends = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          (n % 2 ? second : t!).app.inject({
            method: 'POST',
            url: '/api/contact',
            payload: { ...lead, email: `lead${n}@example.com` },
          }),
        ),
      );
      expect(sends.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
      // Both instances race for every row.
      await Promise.all([t!.app.leadNotifier.deliverDue(), second.app.leadNotifier.deliverDue()]);
      await Promise.all([t!.app.leadNotifier.idle(), second.app.leadNotifier.idle()]);
      const rows = await t!.database.db.select().from(leadNotifications);
      expect(rows).toHaveLength(10);
      expect(rows.every((row) => row.status === 'sent')).toBe(true);
      expect(smtp!.received).toHaveLength(10);
      const messageIds = smtp!.received.map((mail) => /Message-ID: (<lead-\d+@[^>]+>)/i.exec(mail.raw)?.[1]);
      expect(new Set(messageIds).size).toBe(10);
    } finally {
      await second.app.close();
    }
  });

  it('delivers an alert that an instance claimed and then died with, once its lease has run out', async () => {
    await setup({});
    const [submission] = await t!.database.db
      .insert(contactSubmissions)
      .values({ ...lead, message: 'Left behind by a crashed instance.' })
      .returning();
    // As a process killed mid-send leaves it: claimed, lease running, not finished.
    await t!.database.db.insert(leadNotifications).values({
      submissionId: submission!.id,
      status: 'pending',
      attempts: 1,
      leaseUntil: new Date(Date.now() + 60_000),
    });
    await t!.app.leadNotifier.deliverDue();
    expect(smtp!.received).toHaveLength(0);
    await t!.database.db.update(leadNotifications).set({ leaseUntil: new Date(Date.now() - 1) });
    await t!.app.leadNotifier.deliverDue();
    expect(smtp!.received).toHaveLength(1);
    const [row] = await t!.database.db.select().from(leadNotifications);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, leaseUntil: null });
  });
});
