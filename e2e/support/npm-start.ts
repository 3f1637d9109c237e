// `npm start` as an outside check runs it: its start command from package.json, timed from spawn to
// healthy. Shared by the browser test of the start and by `npm run bench`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface StartedServer {
  url: string;
  pid: number;
  healthyMs: number;
  /** What the start printed, such as whether it built first. */
  output(): string;
  stop(): Promise<void>;
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
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
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
