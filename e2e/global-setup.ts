import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../scripts/build-stamp.mjs';

export default function setup() {
  // Browser tests run the production bundle, as a visitor gets it.
  buildIfStale();
  // Creating and migrating an embedded database takes five seconds, copying a migrated one a tenth of
  // that: each server a test starts gets a copy (support/server.ts). Made once for the run, whichever
  // project asks first.
  if (process.env.E2E_MIGRATED_DATA_DIR) return;
  const dir = mkdtempSync(join(tmpdir(), 'plumbing-e2e-migrated-'));
  const dataDir = join(dir, 'data');
  const made = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('support/migrate-data-dir.ts', import.meta.url)), dataDir],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`migrating the template database failed:\n${made.stderr}`);
  process.env.E2E_MIGRATED_DATA_DIR = dataDir;
  return () => {
    delete process.env.E2E_MIGRATED_DATA_DIR;
    rmSync(dir, { recursive: true, force: true });
  };
}
