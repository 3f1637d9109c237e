import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const E2E_ADMIN = { username: 'owner', password: 'e2e-owner-password-1' } as const;

export interface RunningServer {
  url: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  /** Sends the signal and resolves once the process has ended, with how it ended. */
  signal(signal: 'SIGTERM' | 'SIGKILL'): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/** A port nothing on this machine listens on right now, for a server started by a test. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerAddressOptions {
  /**
   * The name the site is reached by (its PUBLIC_URL's host); it listens on 127.0.0.1 either way.
   * Passkeys need `localhost`: WebAuthn refuses an IP address as the site's identity.
   */
  hostname?: '127.0.0.1' | 'localhost';
}

/**
 * Starts the compiled server as `npm start` does, on its own port and its own empty embedded database.
 * A variable given as undefined is left out of the server's environment.
 */
export async function startServer(
  env: Record<string, string | undefined> = {},
  { hostname = '127.0.0.1' }: ServerAddressOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'plumbing-e2e-'));
  const url = `http://${hostname}:${port}`;
  // Asked on the address it listens on, whatever name the browser uses.
  const healthUrl = `http://127.0.0.1:${port}/api/health`;
  // Under the test runner, a copy of the database the global setup migrated: empty all the same (no
  // settings, no accounts), but without five seconds of creating and migrating it.
  const migrated = process.env.E2E_MIGRATED_DATA_DIR;
  if (migrated && !env.DATABASE_URL && !env.DATA_DIR)
    await cp(migrated, join(dir, 'data'), { recursive: true });
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['dist/node/server.cjs'], {
    cwd: root,
    env: withoutUnset({
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: join(dir, 'data'),
      UPLOADS_DIR: join(dir, 'uploads'),
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DATABASE_URL: '',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  // A server that never became healthy is ended here: the caller gets no handle to stop it with, and a
  // leaked server keeps a core busy for the test files that follow.
  const giveUp = async (reason: string): Promise<never> => {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${reason}:\n${output}`);
  };

  // Ready is a fact the server reports, not a guess: poll its health endpoint until it answers. The
  // deadline is generous because a first start (migrations, password hashing) is slow on a busy machine.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) await giveUp('server exited early');
    try {
      const response = await fetch(healthUrl);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) await giveUp('server did not become healthy');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    output: () => output,
    async signal(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function withoutUnset(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
