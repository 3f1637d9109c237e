// Three real server processes on one PostgreSQL database, and an SMTP server: what happens to visitors'
// messages and the owner's alerts when one instance is killed outright, and when one is stopped politely
// while busy.
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';
import { signInAsAdmin, uploadThrough } from '../support/site-api.ts';
import { baseDatabaseUrl, makeDatabase, queryDatabase, timeUntil } from './support.ts';

/** Every message the SMTP server accepted, by Message-ID. */
class Mailbox {
  readonly byMessageId = new Map<string, number>();
  readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(data)?.[1] ?? 'none';
        this.byMessageId.set(id, (this.byMessageId.get(id) ?? 0) + 1);
        callback();
      });
    },
  });

  /** Messages cut off by their sender's death: the instance killed mid-send resets its connection. */
  cutOff = 0;

  async listen(): Promise<string> {
    // Without a listener, a connection reset in the middle of a message would be thrown in this process.
    // Only a connection's error carries the address of the other end; anything else still fails the run.
    this.server.on('error', (error: Error & { remoteAddress?: string }) => {
      if (!error.remoteAddress) throw error;
      this.cutOff += 1;
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let nextAddress = 0;
/** A contact message from an address of its own, so that no per-address limit is reached. */
function sendLead(server: RunningServer, label: string): Promise<number> {
  nextAddress += 1;
  return fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.77.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`,
    },
    body: JSON.stringify({
      firstName: 'Stream',
      lastName: 'Lead',
      email: 'lead@example.com',
      message: label,
    }),
  }).then((response) => response.status);
}

describe.skipIf(!baseDatabaseUrl)('instances dying while visitors write', () => {
  let database: Awaited<ReturnType<typeof makeDatabase>>;
  let servers: RunningServer[] = [];
  const mailbox = new Mailbox();

  beforeAll(async () => {
    const smtpUrl = await mailbox.listen();
    database = await makeDatabase();
    servers = await Promise.all(
      [1, 2, 3].map(() =>
        startServer({
          DATABASE_URL: database.url,
          SMTP_URL: smtpUrl,
          ADMIN_EMAIL: 'owner@example.com',
          TRUST_PROXY: '127.0.0.1',
        }),
      ),
    );
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    await mailbox.close();
  });

  /** Leads whose message starts with `prefix`, with their alert's state. */
  const leadsLabelled = (prefix: string) =>
    queryDatabase(
      database.url,
      (sql) => sql<{ id: number; message: string; status: string }[]>`
        select c.id, c.message, n.status from contact_submissions c
        left join lead_notifications n on n.submission_id = c.id
        where c.message like ${`${prefix}%`} order by c.id`,
    );

  it('SIGKILL of one instance mid-stream: every accepted lead is kept and emailed once; its photo stays', async () => {
    const [a, b, c] = servers as [RunningServer, RunningServer, RunningServer];
    const cookie = await signInAsAdmin(a.url);
    const photo = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const photoUrl = await uploadThrough(a, cookie, photo, 'van.jpg');
    const photoFromA = Buffer.from(await (await fetch(`${a.url}${photoUrl}`)).arrayBuffer());

    const total = 90;
    const accepted: string[] = [];
    let unanswered = 0;
    let aKilled: Promise<unknown> | undefined;
    let sent = 0;
    const worker = async () => {
      for (;;) {
        const index = sent++;
        if (index >= total) return;
        // A third of the way in, A dies without a chance to finish anything.
        if (index === total / 3) aKilled = a.signal('SIGKILL');
        const live = aKilled ? [b, c] : [a, b, c];
        const label = `kill-stream ${index}`;
        try {
          const status = await sendLead(live[index % live.length]!, label);
          if (status === 201) accepted.push(label);
          else expect.fail(`${label} answered ${status}`);
        } catch {
          unanswered += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    await aKilled;

    const rows = await leadsLabelled('kill-stream ');
    const stored = new Set(rows.map((row) => row.message));
    expect(accepted.filter((label) => !stored.has(label))).toEqual([]);

    // Alerts A had not sent are sent by B and C: at once when unclaimed, after A's lease when A had
    // claimed one and died sending it.
    await timeUntil(async () => {
      const now = await leadsLabelled('kill-stream ');
      return now.every((row) => row.status === 'sent');
    }, 100_000);
    const emails = rows.map((row) => mailbox.byMessageId.get(`<lead-${row.id}@127.0.0.1>`) ?? 0);
    const twice = emails.filter((count) => count === 2).length;
    console.info(
      `instances: ${total} leads sent, A killed after ${total / 3}: ${accepted.length} answered 201, ` +
        `${unanswered} unanswered, ${rows.length} stored, emails per lead: ` +
        `${emails.filter((count) => count === 1).length} once, ${twice} twice, ` +
        `${emails.filter((count) => count === 0).length} never; ${mailbox.cutOff} cut off mid-message`,
    );
    expect(emails.every((count) => count >= 1)).toBe(true);
    // A resend is possible only for the one alert A may have been sending as it died; the shared
    // Message-ID lets a mail program show it once.
    expect(twice).toBeLessThanOrEqual(1);
    expect(emails.every((count) => count <= 2)).toBe(true);

    for (const server of [b, c]) {
      const response = await fetch(`${server.url}${photoUrl}`);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(photoFromA)).toBe(true);
    }
  }, 150_000);

  it('SIGTERM under load: requests in flight are answered, none with a 5xx, and the process exits cleanly', async () => {
    const [, b, c] = servers as [RunningServer, RunningServer, RunningServer];
    const statuses = new Map<number, number>();
    let refused = 0;
    let answered = 0;
    let stopping: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;
    const paths = ['/', '/news', '/services', '/api/posts', '/api/reviews', '/api/settings'];
    const worker = async (id: number) => {
      for (let index = 0; ; index++) {
        try {
          const status =
            index % 4 === 3
              ? await sendLead(b, `term-stream ${id}-${index}`)
              : await fetch(`${b.url}${paths[index % paths.length]}`).then(async (response) => {
                  await response.arrayBuffer();
                  return response.status;
                });
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          answered += 1;
          if (answered === 200) stopping = b.signal('SIGTERM');
        } catch {
          // Refused or closed before an answer: the instance has stopped listening; a load balancer
          // sends this request elsewhere.
          refused += 1;
          if (stopping) return;
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, id) => worker(id)));
    const exit = await stopping!;
    console.info(
      `instances: SIGTERM under load: ${answered} answered (${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')}), ` +
        `${refused} refused after it stopped listening, exit code ${exit.code}`,
    );
    expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
    expect(exit).toEqual({ code: 0, signal: null });

    // Every lead B accepted is stored, and its alert delivered by C.
    await timeUntil(async () => {
      const rows = await leadsLabelled('term-stream ');
      return rows.length > 0 && rows.every((row) => row.status === 'sent');
    }, 30_000);
    expect((await fetch(`${c.url}/api/health`)).status).toBe(200);
  });
});
