// The memory of the server `npm start` runs (e2e/support/npm-start.ts) and of the whole tree of
// processes it is (npm, its shell, the server, the process photos are worked in), as the kernel counts
// it: https://docs.kernel.org/admin-guide/cgroup-v1/memory.html
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MB = 1024 * 1024;

/** Resident and peak resident memory of a process, in MB, from the kernel's own accounting. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** What a memory group's counters said when read. */
export interface GroupMemory {
  /** The kernel's high-water mark of the group's usage: every page its processes were charged, page cache included. */
  maxUsageMb: number;
  usageMb: number;
  /** Of the usage now: anonymous memory (heaps, WebAssembly memory), and page cache (files read or written). */
  rssMb: number;
  cacheMb: number;
  mappedFileMb: number;
  /** The kernel's `memory.failcnt`: charges that met the limit (page cache is then reclaimed first). */
  failcnt: number;
  /** Processes of the group the kernel killed for memory; undefined where the kernel does not count them. */
  oomKills: number | undefined;
}

/** One process of the group, with the highest peak (VmHWM) it was seen with. */
export interface ProcessPeak {
  pid: number;
  command: string;
  peakMb: number;
}

export interface MemoryGroup {
  /** The group's folder: a process joins it by writing its pid to `cgroup.procs` there. */
  path: string;
  limitMb: number | undefined;
  read(): GroupMemory;
  /**
   * Reads each process of the group's peak every 20 ms until `stop`, which answers each process seen
   * with the highest peak it was seen with. A process's peak is its own high-water mark, kept by the
   * kernel; only what one grows in its last 20 ms before it exits can be missed.
   */
  watchProcesses(): { stop(): ProcessPeak[] };
  /**
   * Removes the group once its processes have exited (a process whose parent was just stopped may take a
   * moment); what they were charged moves to the parent group.
   */
  remove(): Promise<void>;
}

const CGROUP_V1_MEMORY = '/sys/fs/cgroup/memory';

function readNumber(file: string): number {
  return Number(readFileSync(file, 'utf8').trim());
}

/**
 * A new cgroup v1 memory group for the bench's server, inside the one this process runs in (so it stays
 * within whatever holds this process), limited to `limitMb` of memory and of memory plus swap when
 * given; or why there can be none here (cgroup v2 only, a read-only /sys/fs/cgroup in a container).
 */
export function makeMemoryGroup(name: string, limitMb?: number): MemoryGroup | { unavailable: string } {
  const own = /^\d+:memory:(.*)$/m.exec(readFileSync('/proc/self/cgroup', 'utf8'))?.[1];
  if (own === undefined || !existsSync(join(CGROUP_V1_MEMORY, 'memory.max_usage_in_bytes')))
    return { unavailable: 'no cgroup v1 memory controller at /sys/fs/cgroup/memory' };
  const path = join(CGROUP_V1_MEMORY, own, `bench-${process.pid}-${name}`);
  try {
    mkdirSync(path);
    if (limitMb !== undefined) {
      writeFileSync(join(path, 'memory.limit_in_bytes'), String(limitMb * MB));
      // Only where swap is accounted; without it the first limit is the whole limit.
      const withSwap = join(path, 'memory.memsw.limit_in_bytes');
      if (existsSync(withSwap)) writeFileSync(withSwap, String(limitMb * MB));
    }
  } catch (error) {
    try {
      rmdirSync(path);
    } catch {
      // never made
    }
    return { unavailable: `cannot make a memory group (${(error as Error).message})` };
  }
  return {
    path,
    limitMb,
    read() {
      const stat = new Map(
        readFileSync(join(path, 'memory.stat'), 'utf8')
          .split('\n')
          .map((line) => line.split(' ') as [string, string]),
      );
      const statMb = (key: string) => Math.round(Number(stat.get(key) ?? 0) / MB);
      const oomKill = /^oom_kill (\d+)$/m.exec(readFileSync(join(path, 'memory.oom_control'), 'utf8'));
      return {
        maxUsageMb: Math.round(readNumber(join(path, 'memory.max_usage_in_bytes')) / MB),
        usageMb: Math.round(readNumber(join(path, 'memory.usage_in_bytes')) / MB),
        rssMb: statMb('rss'),
        cacheMb: statMb('cache'),
        mappedFileMb: statMb('mapped_file'),
        failcnt: readNumber(join(path, 'memory.failcnt')),
        oomKills: oomKill ? Number(oomKill[1]) : undefined,
      };
    },
    watchProcesses() {
      const seen = new Map<number, ProcessPeak>();
      const timer = setInterval(() => {
        const pids = readFileSync(join(path, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);
        for (const pid of pids.map(Number)) {
          try {
            const { peakMb } = memoryOf(pid);
            const known = seen.get(pid);
            // A process's name once it has exec'd: the shell that joined the group becomes npm.
            const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
            if (!known || peakMb >= known.peakMb) seen.set(pid, { pid, command, peakMb });
          } catch {
            // ended between the two reads
          }
        }
      }, 20);
      return {
        stop() {
          clearInterval(timer);
          return [...seen.values()];
        },
      };
    },
    async remove() {
      const deadline = Date.now() + 5_000;
      for (;;) {
        try {
          rmdirSync(path);
          return;
        } catch {
          // A process still in it; one that outlives the server by long leaves the group to the parent.
          if (Date.now() > deadline) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    },
  };
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
