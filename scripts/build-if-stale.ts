// Builds unless dist/ was built from these very sources: the browser tests and the bench run the
// production bundle as a visitor gets it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { isBuildCurrent, root } from './build-stamp.mjs';

export function buildIfStale(): void {
  if (isBuildCurrent()) return;
  console.log('Building the production bundle (sources changed since the last build)...');
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`the build failed with exit code ${result.status}`);
}
