// `npm start` as an outside check runs it, timed from spawn to healthy: its start command from
// package.json run directly (the browser test of the start), or `npm start` itself as a user types it
// (`npm run bench`). Both read the line the server logs once it listens (server.ts, StartPhases).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StartPhases } from '../../server.ts';
import { freePort } from './server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The line the server logs once it listens: when each step of its start ended. */
export interface StartedLine {
  pid: number;
  phases: StartPhases;
  /** The server process's start, in ms since the epoch. */
  processStartedAt: number;
}

export interface StartedServer {
  url: string;
  /** The listening server's process. */
  pid: number;
  /** From spawn to the first 200 of /api/health. */
  healthyMs: number;
  /** When the spawn happened, in ms since the epoch, to set beside the server's own `processStartedAt`. */
  spawnedAt: number;
  started: StartedLine;
  /** What the start printed, such as whether it built first. */
  output(): string;
  stop(): Promise<void>;
}

/** The server's `started` line among what a start printed, once it has printed it. */
export function startedLine(output: string): StartedLine | undefined {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: Partial<StartedLine> & { msg?: string };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // a line not yet printed whole
    }
    if (entry.msg === 'started' && entry.phases && entry.pid && entry.processStartedAt)
      return { pid: entry.pid, phases: entry.phases, processStartedAt: entry.processStartedAt };
  }
  return undefined;
}

async function serverEnv(dataDir: string, uploadsDir: string, env: Record<string, string>) {
  const port = await freePort();
  return {
    url: `http://127.0.0.1:${port}`,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      UPLOADS_DIR: uploadsDir,
      DATABASE_URL: '',
      ...env,
    },
  };
}

/**
 * Waits for the first 200 of /api/health and the server's `started` line; `stop` ends the listening
 * process (npm does not pass a SIGTERM on through the shell it runs the script in) and waits for
 * `child` to exit.
 */
async function untilHealthy(child: ChildProcess, url: string, spawnedAt: number): Promise<StartedServer> {
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  let healthyMs: number | undefined;
  let started: StartedLine | undefined;
  while (healthyMs === undefined || !started) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited early:\n${output}`);
    if (healthyMs === undefined) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) healthyMs = Date.now() - spawnedAt;
      } catch {
        // not listening yet
      }
    }
    started = startedLine(output);
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    if (healthyMs === undefined || !started) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const server = started;
  return {
    url,
    pid: server.pid,
    healthyMs,
    spawnedAt,
    started: server,
    output: () => output,
    async stop() {
      try {
        process.kill(server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
    },
  };
}

/**
 * Runs the start command of package.json as one process (no npm in between, so the pid is the
 * server's) and measures from spawn to the first 200 of /api/health.
 */
export async function startAsNpmStartDoes(
  dataDir: string,
  uploadsDir: string,
  env: Record<string, string> = {},
): Promise<StartedServer> {
  const command = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start;
  const [program, ...args] = command.split(' ');
  if (program !== 'node') throw new Error(`start script is not a node command: ${command}`);
  const server = await serverEnv(dataDir, uploadsDir, env);
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: server.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return untilHealthy(child, server.url, spawnedAt);
}

/**
 * Runs `npm start` itself, npm's own start included in the time to healthy. With `memoryGroup`, a
 * cgroup v1 memory group's folder, the shell that runs npm first joins that group, so npm, the server
 * and every process they start are counted in it from their first page on.
 */
export async function startWithNpm(
  dataDir: string,
  uploadsDir: string,
  env: Record<string, string> = {},
  memoryGroup?: string,
): Promise<StartedServer> {
  const server = await serverEnv(dataDir, uploadsDir, env);
  const spawnedAt = Date.now();
  const child = memoryGroup
    ? spawn('sh', ['-c', 'echo $$ > "$1/cgroup.procs" && exec npm start', 'sh', memoryGroup], {
        cwd: root,
        env: server.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn('npm', ['start'], { cwd: root, env: server.env, stdio: ['ignore', 'pipe', 'pipe'] });
  return untilHealthy(child, server.url, spawnedAt);
}
