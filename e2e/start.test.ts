import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { freePort } from './support/server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const compiledServerDir = join(root, 'dist', 'node');

/** Runs `npm start`'s script on `dir`'s database until healthy, asks for `paths`, then stops it. */
async function startAndVisit(dir: string, paths: string[]) {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      UPLOADS_DIR: join(dir, 'uploads'),
      DATABASE_URL: '',
      ADMIN_PASSWORD: 'start-test-password-1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      expect(child.exitCode, output).toBeNull();
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      expect(Date.now(), `not healthy in time:\n${output}`).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const pages = [];
    for (const path of paths) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      pages.push({ status: response.status, html: await response.text() });
    }
    return { output, pages };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

// The build ran once before the browser tests (global setup), as `npm run build` does.
it('npm start after a build runs the compiled server without building again, then starts from its code cache', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'start-after-build-'));
  try {
    const first = await startAndVisit(dir, ['/']);
    expect(first.output).not.toContain('Building');
    expect(first.pages[0]!.status).toBe(200);
    // What the first start compiled is saved once it listens: the compiled server's code cache.
    expect((await readdir(compiledServerDir)).some((name) => name.endsWith('.code-cache'))).toBe(true);

    // The next start runs the code read back from that cache: pages render (Vike, loaded through the
    // import() the cached code is handed) and the sign-in page is there.
    const second = await startAndVisit(dir, ['/', '/services', '/admin-login']);
    expect(second.pages.map((page) => page.status)).toEqual([200, 200, 200]);
    expect(second.pages[1]!.html).toContain('Water Heater');
    expect(second.output).not.toMatch(/error/i);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
