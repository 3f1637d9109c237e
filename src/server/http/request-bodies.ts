// How the server treats request bodies it will not read: compressed ones are refused outright, and a
// body refused halfway (too large) is still read to its end before the connection closes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Nothing here decompresses request bodies, so a gzip body would be parsed as if it were plain (and
 * a plain body labelled gzip stored as if it had been decoded). Refusing it is the honest answer.
 */
export async function refuseEncodedBodies(request: FastifyRequest, reply: FastifyReply) {
  const encoding = request.headers['content-encoding'];
  if (encoding === undefined || !hasBody(request)) return;
  const codings = encoding
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter(Boolean);
  if (codings.every((coding) => coding === 'identity')) return;
  return reply.status(415).header('accept-encoding', 'identity').send({
    success: false,
    message: 'Compressed request bodies are not accepted: send the body without Content-Encoding',
  });
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** How long, and how much more, a client still sending a refused body is read before it is cut off. */
const LINGER_MS = 10_000;
const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * Closes the connection once the answer is out, but reads and drops what the client is still sending
 * first. Closing a socket with unread data makes the kernel reset the connection, and a reset throws
 * away the answer the client has not read yet: a client sending a 20 MB body saw only EPIPE instead of
 * the 413. Node closes a `Connection: close` response's socket through `destroySoon()`, so that is the
 * one place to wait: end our side (the client can read the answer, then EOF), read the rest of the
 * request, then destroy, within a time and byte limit so a client cannot hold the socket open.
 */
export function answerThenClose(request: IncomingMessage, response: ServerResponse) {
  const socket = response.socket;
  if (!socket || socket.destroyed) return;
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    socket.end();
    let read = 0;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    // The HTTP parser owns the socket's data: reading the request is what keeps it reading.
    request.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_BYTES) socket.destroy();
    });
    request.once('end', () => socket.destroy());
    request.resume();
  };
}
