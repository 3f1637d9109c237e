// What `npm run backup` and `npm run restore` share: the configuration, the lock on the embedded
// database, progress lines and the closing summary.
import { existsSync } from 'node:fs';
import { COMMAND_QUERY_TIMEOUT_MS, openDatabase, type DatabaseHandle } from '../db/client.ts';
import { ConfigError, loadConfig, type AppConfig } from '../src/server/env.ts';
import { acquireSiteLock, SiteLockedError } from '../src/server/storage/site-lock.ts';
import type { Progress } from '../src/server/services/backup/archive.ts';
import { formatBytes } from '../src/shared/format-bytes.ts';

export function fail(message: string, code = 1): never {
  console.error(`\n${message}`);
  process.exit(code);
}

export function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

export function describeDatabase(config: AppConfig): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

/**
 * Opens the configured database for a command, holding the embedded one's lock so a server cannot
 * start on it meanwhile; refuses when a server already has it.
 */
export async function openForCommand(
  config: AppConfig,
  command: string,
  options: { mustExist: boolean },
): Promise<DatabaseHandle> {
  if (config.databaseUrl)
    return openDatabase({ url: config.databaseUrl, queryTimeoutMs: COMMAND_QUERY_TIMEOUT_MS });
  if (options.mustExist && !existsSync(config.dataDir))
    fail(`There is no embedded database in ${config.dataDir} (set DATA_DIR or DATABASE_URL).`);
  try {
    acquireSiteLock(config.dataDir, command);
  } catch (error) {
    if (error instanceof SiteLockedError) fail(error.message, 2);
    throw error;
  }
  return openDatabase({ dataDir: config.dataDir });
}

/** Progress on one line on a terminal, a line every few seconds in a log. */
export function progressPrinter(): (progress: Progress) => void {
  const tty = process.stderr.isTTY;
  let last = 0;
  let lastPhase = '';
  const finishedPhases = new Set<string>();
  return (progress) => {
    const now = performance.now();
    const finished = progress.done === progress.total;
    if (finished && finishedPhases.has(progress.phase)) return;
    if (finished) finishedPhases.add(progress.phase);
    if (!finished && progress.phase === lastPhase && now - last < (tty ? 200 : 3_000)) return;
    last = now;
    lastPhase = progress.phase;
    const share = progress.total ? Math.floor((progress.done / progress.total) * 100) : 100;
    const amount =
      progress.phase === 'verify'
        ? `${formatBytes(progress.done)} of ${formatBytes(progress.total)}`
        : `${progress.done} of ${progress.total}`;
    const label = {
      tables: 'Reading tables',
      files: 'Packing uploaded files',
      verify: 'Checking the archive',
      load: 'Loading tables',
    }[progress.phase];
    const line = `  ${label}: ${amount} (${share}%)${progress.item && !finished ? `  ${progress.item}` : ''}`;
    if (tty) process.stderr.write(`\r\u001b[K${line}${finished ? '\n' : ''}`);
    else process.stderr.write(`${line}\n`);
  };
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export { formatBytes };
