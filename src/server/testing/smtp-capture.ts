// A real SMTP server on loopback that keeps every message it receives, for tests that check what the
// site emails: the text with quoted-printable undone, and its calendar files decoded.
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  /** The whole message as received. */
  raw: string;
  /** The message with quoted-printable undone, so links and lines read whole. */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The text/calendar parts of a MIME message, decoded (base64, quoted-printable or plain), each with
 * the METHOD its Content-Type names.
 */
export function calendarParts(raw: string): { method: string | null; content: string }[] {
  const parts: { method: string | null; content: string }[] = [];
  const pattern =
    /Content-Type: text\/calendar([^\r\n]*(?:\r?\n[ \t][^\r\n]*)*)\r?\n((?:[^\r\n]+\r?\n)*)\r?\n([\s\S]*?)(?=\r?\n--)/gi;
  for (const match of raw.matchAll(pattern)) {
    const parameters = match[1]!;
    const headers = match[2]!;
    const body = match[3]!;
    const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    const content =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(body)
          : body;
    parts.push({ method: /method=("?)([A-Z]+)\1/i.exec(parameters)?.[2]?.toUpperCase() ?? null, content });
  }
  return parts;
}

export async function startSmtpCapture() {
  const received: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address: string) => received.filter((mail) => mail.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
