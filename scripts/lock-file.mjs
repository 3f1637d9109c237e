// A lock file that any number of processes started in the same instant cannot both take, and that a
// process which died without giving it back leaves for the next one. It guards the embedded database's
// folder (src/server/site-lock.ts) and the build that `npm start` runs (build-stamp.mjs). Plain
// JavaScript: `npm start` takes the build lock before anything is compiled.
//
// Why our own and not proper-lockfile: that package judges a lock stale by its age, kept fresh by a
// timer in the holder, so a holder whose main thread is busy for longer than the stale time (PGlite
// runs there; so does a restore of a large archive) loses its lock while it still has the folder open.
// And it replaces a stale lock by removing it and creating its own, which two processes that found the
// same stale lock can interleave so that both hold it. Here a lock is stale only when its holder
// process no longer exists, which needs no timer and can only be known on the holder's own host: a
// lock taken on another host (another container sharing the volume, where pids mean nothing) is never
// taken over.
//
// How, with only steps the file system does at once:
// - A lock is written whole under a name of its own, then hard-linked to the lock's name. The link fails
//   when the name exists, so exactly one process gets it, and nobody ever reads a half-written lock.
// - A dead holder's lock is replaced only by the process that first claims it. The claim is another
//   exclusive link, named after the content of that lock; the claimant reads the lock again and
//   replaces it (rename, which swaps in the whole new file at once) only if it is unchanged, so a late
//   claim of a lock that has since been replaced replaces nothing. A claimant that dies half-way is
//   succeeded by a claim on its claim, the same way.
// - A holder gives its lock back only if the lock still holds its own record.
import { createHash, randomUUID } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';

/**
 * How old an unreadable lock must be before it counts as left behind. This module never leaves one (it
 * links whole files), but a lock written by another program, or by an older version of this one that
 * created the file first and wrote it next, is empty for a moment while its writer is alive.
 */
const UNREADABLE_LOCK_GRACE_MS = 10_000;

/**
 * Whether a process with this id runs on this host.
 * @param {number} pid
 * @returns {boolean}
 */
function isProcessAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * Changes at every boot of the machine (Linux only): a lock written before the last boot is stale
 * whatever process now has its pid.
 * @returns {string | undefined}
 */
function readBootId() {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}
const bootId = readBootId();

/** The records of the locks this process holds now, by token. */
const heldHere = new Set();

/**
 * @typedef {{ pid: number, host: string, bootId?: string, token?: string } & Record<string, unknown>} LockRecord
 * @typedef {{ raw: string, ageMs: number }} LockFileContent
 */

/**
 * @param {NodeJS.ErrnoException} error
 * @param {string} code
 */
function is(error, code) {
  return error.code === code;
}

/**
 * The content of a lock file and how long ago it was written, or undefined when there is none.
 * @param {string} path
 * @returns {LockFileContent | undefined}
 */
function readLockFile(path) {
  let fd;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if (is(/** @type {NodeJS.ErrnoException} */ (error), 'ENOENT')) return undefined;
    throw error;
  }
  try {
    // One open file for both, so they describe the same lock even if the name is replaced meanwhile.
    const { mtimeMs } = fstatSync(fd);
    return { raw: readFileSync(fd, 'utf8'), ageMs: Date.now() - mtimeMs };
  } finally {
    closeSync(fd);
  }
}

/**
 * The record in a lock file, or undefined when it cannot be read as one. A record without a host was
 * written by a version of this lock that wrote none, which only ever ran on one host.
 * @param {string} raw
 * @returns {LockRecord | undefined}
 */
function parseRecord(raw) {
  /** @type {unknown} */
  let value;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const fields = /** @type {Record<string, unknown>} */ (value);
  const { pid, host } = fields;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
  return { ...fields, pid, host: typeof host === 'string' ? host : hostname() };
}

/**
 * Whether the process that wrote a lock (or a claim) is gone for sure, and who it is.
 * @param {LockFileContent} content
 * @returns {{ left: boolean, holder: LockRecord | undefined }}
 */
function judge(content) {
  const holder = parseRecord(content.raw);
  if (!holder) return { left: content.ageMs >= UNREADABLE_LOCK_GRACE_MS, holder };
  // Pids on another host say nothing here: only that host, or a person, can tell it is gone.
  if (holder.host !== hostname()) return { left: false, holder };
  if (holder.bootId && bootId && holder.bootId !== bootId) return { left: true, holder };
  // Our own pid: ours if we hold it, else the lock of an earlier process that had the same pid (a
  // restarted container's first process, say).
  if (holder.pid === process.pid) return { left: !heldHere.has(holder.token), holder };
  return { left: !isProcessAlive(holder.pid), holder };
}

/** @param {string} raw */
function digestOf(raw) {
  return createHash('sha256').update(raw).digest('hex').slice(0, 32);
}

/** @param {string} path */
function removeIfThere(path) {
  rmSync(path, { force: true });
}

/**
 * Replaces a lock whose holder is gone with our draft, unless another process is doing so first.
 * @param {string} lockPath
 * @param {string} leftRaw the content of the lock found left behind
 * @param {string} draft our record, written whole
 * @returns {{ taken: true } | { taken: false, holder: LockRecord | undefined } | { retry: true }}
 */
function replaceLeftLock(lockPath, leftRaw, draft) {
  /** Claims made by processes that died while they held them; ours succeeds theirs. */
  const deadClaims = [];
  let claimed = leftRaw;
  for (;;) {
    const claim = `${lockPath}.takeover-${digestOf(claimed)}`;
    try {
      linkSync(draft, claim);
    } catch (error) {
      if (!is(/** @type {NodeJS.ErrnoException} */ (error), 'EEXIST')) throw error;
      const other = readLockFile(claim);
      if (!other) continue;
      const verdict = judge(other);
      // Another process is taking the lock over right now: it is the holder from now on.
      if (!verdict.left) return { taken: false, holder: verdict.holder };
      deadClaims.push(claim);
      claimed = other.raw;
      continue;
    }
    // Nobody else can replace `leftRaw` while this claim stands; replace it if it is still there.
    const now = readLockFile(lockPath);
    const stillLeft = now?.raw === leftRaw;
    if (stillLeft) renameSync(draft, lockPath);
    for (const done of [claim, ...deadClaims]) removeIfThere(done);
    return stillLeft ? { taken: true } : { retry: true };
  }
}

/**
 * Takes the lock file at `lockPath` for this process, or says who holds it.
 * @param {string} lockPath
 * @param {Record<string, unknown>} details what others are shown about the holder (its command, ...)
 * @returns {{ taken: true, release: () => void } | { taken: false, holder: LockRecord | undefined }}
 *   holder is undefined when the lock is being written by another program right now
 */
export function tryTakeLockFile(lockPath, details) {
  const token = randomUUID();
  /** @type {LockRecord} */
  const record = { ...details, pid: process.pid, host: hostname(), bootId, token };
  const raw = JSON.stringify(record);
  const draft = `${lockPath}.draft-${token}`;
  writeFileSync(draft, raw, { flag: 'wx' });
  const taken = () => {
    heldHere.add(token);
    const release = () => {
      heldHere.delete(token);
      if (readLockFile(lockPath)?.raw === raw) {
        try {
          unlinkSync(lockPath);
        } catch (error) {
          if (!is(/** @type {NodeJS.ErrnoException} */ (error), 'ENOENT')) throw error;
        }
      }
    };
    return /** @type {const} */ ({ taken: true, release });
  };
  try {
    for (;;) {
      try {
        linkSync(draft, lockPath);
        return taken();
      } catch (error) {
        if (!is(/** @type {NodeJS.ErrnoException} */ (error), 'EEXIST')) throw error;
      }
      const current = readLockFile(lockPath);
      // Given back between our two steps: try again.
      if (!current) continue;
      const verdict = judge(current);
      if (!verdict.left) return { taken: false, holder: verdict.holder };
      const outcome = replaceLeftLock(lockPath, current.raw, draft);
      if ('retry' in outcome) continue;
      return outcome.taken ? taken() : outcome;
    }
  } finally {
    removeIfThere(draft);
  }
}
