/** What a lock file says about its holder: who and where, and what the holder chose to show. */
export interface LockRecord {
  pid: number;
  host: string;
  bootId?: string;
  token?: string;
  [detail: string]: unknown;
}
export type LockAttempt =
  { taken: true; release: () => void } | { taken: false; holder: LockRecord | undefined };
export function tryTakeLockFile(lockPath: string, details: Record<string, unknown>): LockAttempt;
