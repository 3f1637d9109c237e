import send, { type SendOptions } from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What every file route answers for a file that is not there. */
export const FILE_NOT_FOUND = { success: false, message: 'File not found' } as const;

/**
 * The file at `path` under `options.root` as the answer, with ranges, validators and the caching the
 * options give. A file that is not there (or was removed since it was looked for) is FILE_NOT_FOUND; a
 * failure to read it is an error of the server's.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  options: SendOptions,
  headers: Record<string, string> = {},
) {
  const result = await send(request.raw, path, { dotfiles: 'deny', index: false, ...options });
  if (result.type === 'error' && result.statusCode >= 500) throw result.metadata.error;
  if (result.type !== 'file' && result.statusCode === 404) return reply.status(404).send(FILE_NOT_FOUND);
  return reply.status(result.statusCode).headers(result.headers).headers(headers).send(result.stream);
}
