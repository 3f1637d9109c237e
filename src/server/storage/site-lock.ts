// The embedded database is one process per data folder: PGlite opened twice on one folder corrupts it.
// The server and the backup commands each hold a lock file beside the folder while they use it, so the
// second one to come says so and stops instead. How the lock is taken, and why it is our own, is told at
// the top of scripts/lock-file.mjs (the build that `npm start` runs is guarded by the same lock).
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { tryTakeLockFile, type LockRecord } from '../../../scripts/lock-file.mjs';

export interface LockHolder {
  pid: number;
  /** os.hostname() of the holder: a pid means nothing on another host, or in another container. */
  host: string;
  command: string;
  port?: number;
  since: string;
}

export function lockPathFor(dataDir: string): string {
  return `${dataDir.replace(/[\\/]+$/, '')}.lock`;
}

function holderFrom(record: LockRecord): LockHolder {
  return {
    pid: record.pid,
    host: record.host,
    command: typeof record.command === 'string' ? record.command : 'another program',
    port: typeof record.port === 'number' ? record.port : undefined,
    since: typeof record.since === 'string' ? record.since : 'an unknown time',
  };
}

function refusal(holder: LockHolder | undefined, dataDir: string): string {
  const lockPath = lockPathFor(dataDir);
  if (!holder) {
    return (
      `The data folder ${dataDir} is being opened by another process starting right now (its lock file ` +
      `${lockPath} is not written yet). Run this again in a few seconds.`
    );
  }
  const who =
    `The data folder ${dataDir} is in use by ${holder.command} (pid ${holder.pid} on host ${holder.host}` +
    `${holder.port ? `, port ${holder.port}` : ''}, since ${holder.since}). `;
  if (holder.host === hostname()) {
    return `${who}Stop it first (Ctrl+C in its terminal, or kill ${holder.pid}), then run this again.`;
  }
  return (
    `${who}Stop it on ${holder.host} first, then run this again. If ${holder.host} is gone for good (a ` +
    `machine or container that no longer runs), delete ${lockPath} and run this again.`
  );
}

export class SiteLockedError extends Error {
  constructor(
    /** Undefined while the holder is still writing its lock. */
    readonly holder: LockHolder | undefined,
    dataDir: string,
  ) {
    super(refusal(holder, dataDir));
  }
}

/**
 * Takes the data folder for this process, or throws SiteLockedError naming the process that has it.
 * The returned function gives it back; the lock also goes when the process exits. A lock left by a
 * process that died on this host is taken over; one taken on another host never is.
 */
export function acquireSiteLock(dataDir: string, command: string, port?: number): () => void {
  const lockPath = lockPathFor(dataDir);
  // The lock sits beside the folder, which the database creates when it first opens it.
  mkdirSync(dirname(lockPath), { recursive: true });
  const attempt = tryTakeLockFile(lockPath, {
    command,
    port,
    since: new Date().toISOString(),
  });
  if (!attempt.taken) {
    throw new SiteLockedError(attempt.holder && holderFrom(attempt.holder), dataDir);
  }
  const release = () => {
    attempt.release();
    process.off('exit', release);
  };
  process.on('exit', release);
  return release;
}
