// The memory of the server `npm start` runs (e2e/support/npm-start.ts), as the kernel counts it.
import { readFileSync } from 'node:fs';

/** Resident and peak resident memory of a process, in MB, from the kernel's own accounting. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/**
 * Watches the processes `pid` starts (the one photos are worked in) and keeps the highest peak memory
 * seen, in MB; such a process ends a while after its work, taking its own accounting with it.
 */
export function watchChildMemory(pid: number): { peakMb(): number; stop(): void } {
  let peakKb = 0;
  const timer = setInterval(() => {
    let children: string[] = [];
    try {
      children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    } catch {
      return;
    }
    for (const child of children) {
      try {
        const status = readFileSync(`/proc/${child}/status`, 'utf8');
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      } catch {
        // ended between the two reads
      }
    }
  }, 20);
  return { peakMb: () => Math.round(peakKb / 1024), stop: () => clearInterval(timer) };
}
