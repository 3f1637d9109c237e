// Preloaded (`node --import tsx --import <this file>`) into a process whose memory a test measures: as the process exits, writes
// its peak resident set (VmHWM of /proc/self/status, in kB) to the file PEAK_MEMORY_FILE names. Read at
// exit rather than polled from outside, so a peak in the last moments is not missed.
import { readFileSync, writeFileSync } from 'node:fs';

const target = process.env.PEAK_MEMORY_FILE;
if (target) {
  process.on('exit', () => {
    const peak = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (peak) writeFileSync(target, peak);
  });
}
