// `npm start`: production by default; builds first only when dist/ was not built from these sources
// (a fresh clone, or a change since), then runs the compiled server: no TypeScript at run time.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildCurrent, root, serverBundle } from './build-stamp.mjs';

process.env.NODE_ENV ??= 'production';
if (!isBuildCurrent()) {
  console.log('Building the production bundle (sources changed since the last build)...');
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(serverBundle).href);
