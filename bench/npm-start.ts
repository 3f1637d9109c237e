// Time to healthy and memory of the server as `npm start` runs it, on an embedded database that already
// exists (the second start): `node --import tsx bench/start-memory.ts`. Prints, never asserts.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resident and peak resident memory of a process, in MB, from the kernel's own accounting. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

export interface StartedServer {
  url: string;
  pid: number;
  healthyMs: number;
  stop(): Promise<void>;
}

/**
 * Runs the start command of package.json as one process (no npm in between, so the pid is the
 * server's) and measures from spawn to the first 200 of /api/health.
 */
export async function startAsNpmStartDoes(dataDir: string, uploadsDir: string): Promise<StartedServer> {
  const command = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start;
  const [program, ...args] = command.split(' ');
  if (program !== 'node') throw new Error(`start script is not a node command: ${command}`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      UPLOADS_DIR: uploadsDir,
      DATABASE_URL: '',
      ADMIN_PASSWORD: 'bench-password-1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited early');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url,
    pid: child.pid!,
    healthyMs: Math.round(performance.now() - started),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = await mkdtemp(join(tmpdir(), 'start-memory-'));
  const data = join(dir, 'data');
  const uploads = join(dir, 'uploads');
  try {
    const first = await startAsNpmStartDoes(data, uploads);
    console.log(`first start (new database): ${first.healthyMs} ms to healthy`);
    await first.stop();
    const second = await startAsNpmStartDoes(data, uploads);
    console.log(`start on the existing database: ${second.healthyMs} ms to healthy`);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    console.log('idle after start:', memoryOf(second.pid));
    for (const path of ['/', '/news', '/services', '/api/posts', '/?fbclid=x']) {
      await autocannon({ url: `${second.url}${path}`, connections: 64, duration: 3 });
      if (process.env.BENCH_VERBOSE) console.log(path, memoryOf(second.pid));
    }
    // A fresh render on every request: the cache-busting link of a page that reads `page`.
    let n = 0;
    await autocannon({
      url: second.url,
      connections: 64,
      duration: 3,
      requests: [{ setupRequest: (request) => ({ ...request, path: `/news?page=${(n++ % 50) + 1}` }) }],
    });
    console.log('after load:', memoryOf(second.pid));
    await second.stop();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
