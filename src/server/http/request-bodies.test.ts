import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

interface RawExchange {
  /** Everything the server sent before it closed the connection. */
  response: string;
  /** A write error the client hit while still sending (EPIPE, ECONNRESET), if any. */
  sendError?: string;
}

/**
 * Sends a JSON body of `size` bytes as a slow client would: the first part, then (once the server has
 * answered, as it does as soon as it sees the length) the rest, then reads the whole answer.
 */
function postOverSocket(port: number, size: number): Promise<RawExchange> {
  return new Promise((resolve) => {
    // Half-open allowed, as curl and browsers behave: the client keeps sending after the server has
    // answered, and reads the answer once it has sent everything.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const received: Buffer[] = [];
    let sendError: string | undefined;
    let left = size;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const writeMore = () => {
      while (left > 0 && !socket.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, left));
        left -= piece.length;
        if (!socket.write(piece)) return void socket.once('drain', writeMore);
      }
      if (!socket.destroyed) socket.end();
    };
    socket.on('data', (data) => {
      received.push(data);
      if (received.length === 1) writeMore();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      sendError ??= error.code ?? error.message;
    });
    socket.on('close', () => resolve({ response: Buffer.concat(received).toString('utf8'), sendError }));
    socket.on('connect', () => {
      socket.write(
        `POST /api/reviews HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      );
      const first = chunk.subarray(0, 16 * 1024);
      left -= first.length;
      socket.write(first);
    });
  });
}

describe(`A body over the limit gets a readable 413 (${testDatabaseKind})`, () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['1.1 MB', 1_100_000],
    ['20 MB', 20_000_000],
  ])('answers a %s JSON review with 413 JSON, then closes', async (_label, size) => {
    const { response, sendError } = await postOverSocket(port, size);
    expect(sendError).toBeUndefined();
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(response).toMatch(/\r\nconnection: close\r\n/i);
    const body = response.slice(response.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({ success: false, message: 'The request is too large' });
  });
});
