// https://helmetjs.github.io : helmet's headers, worked out once at start instead of on every request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet would set for these options. They do not depend on the request, so one run
 * against a recording response gives them all; every answer then copies the result.
 */
export function securityHeadersFor(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet failed', { cause: error });
    finished = true;
  });
  // helmet's middleware is synchronous; if that ever changes, fail at start rather than send no headers.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}
