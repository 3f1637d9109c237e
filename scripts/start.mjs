// `npm start`: production by default; builds first only when dist/ was not built from these sources
// (a fresh clone, or a change since), then runs the compiled server: no TypeScript at run time. Several
// instances started at once on one checkout build it once: the others wait for that build.
import { pgliteCode } from '#pglite-code';
import { buildIfStale, serverBundle } from './build-stamp.mjs';
import { runWithCodeCache } from './code-cache.mjs';

process.env.NODE_ENV ??= 'production';
// The embedded database's code compiles on V8's background threads while this thread loads the server.
if (!process.env.DATABASE_URL) void pgliteCode().catch(() => {});
try {
  buildIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// The first start after a build saves what it compiled; the starts after it read that back.
runWithCodeCache(serverBundle);
