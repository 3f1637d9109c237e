// The embedded database is one process per data folder: PGlite opened twice on one folder corrupts it.
// The server and the backup commands each hold a lock file beside the folder while they use it, so the
// second one to come says so and stops instead.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export interface LockHolder {
  pid: number;
  command: string;
  port?: number;
  since: string;
}

export function lockPathFor(dataDir: string): string {
  return `${dataDir.replace(/[\\/]+$/, '')}.lock`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds the data folder now, or null; a lock left by a process that has exited does not count. */
export function currentHolder(dataDir: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(lockPathFor(dataDir), 'utf8')) as LockHolder;
    return holder.pid !== process.pid && isAlive(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

export class SiteLockedError extends Error {
  constructor(
    readonly holder: LockHolder,
    dataDir: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${holder.command} (process ${holder.pid}` +
        `${holder.port ? `, port ${holder.port}` : ''}, since ${holder.since}). ` +
        `Stop it first (Ctrl+C in its terminal, or kill ${holder.pid}), then run this again.`,
    );
  }
}

/**
 * Takes the data folder for this process, or throws SiteLockedError naming the process that has it.
 * The returned function gives it back; the lock also goes when the process exits.
 */
export function acquireSiteLock(dataDir: string, command: string, port?: number): () => void {
  const holder = currentHolder(dataDir);
  if (holder) throw new SiteLockedError(holder, dataDir);
  const path = lockPathFor(dataDir);
  const mine: LockHolder = { pid: process.pid, command, port, since: new Date().toISOString() };
  // A stale lock is replaced; `wx` then makes two processes starting at once not both win.
  rmSync(path, { force: true });
  try {
    writeFileSync(path, JSON.stringify(mine), { flag: 'wx' });
  } catch {
    const other = currentHolder(dataDir);
    if (other) throw new SiteLockedError(other, dataDir);
    writeFileSync(path, JSON.stringify(mine));
  }
  const release = () => {
    try {
      const current = JSON.parse(readFileSync(path, 'utf8')) as LockHolder;
      if (current.pid === process.pid) rmSync(path, { force: true });
    } catch {
      // Already gone.
    }
    process.off('exit', release);
  };
  process.on('exit', release);
  return release;
}
