import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { startAsNpmStartDoes } from './support/npm-start.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const compiledServerDir = join(root, 'dist', 'node');

/** Runs `npm start`'s command on `dir`'s database until healthy, asks for `paths`, then stops it. */
async function startAndVisit(dir: string, paths: string[]) {
  const server = await startAsNpmStartDoes(join(dir, 'data'), join(dir, 'uploads'), {
    NODE_ENV: '',
    ADMIN_PASSWORD: 'start-test-password-1',
  });
  try {
    const pages = [];
    for (const path of paths) {
      const response = await fetch(`${server.url}${path}`);
      pages.push({ status: response.status, html: await response.text() });
    }
    return {
      output: server.output(),
      pages,
      started: server.started,
      pid: server.pid,
      healthyMs: server.healthyMs,
    };
  } finally {
    await server.stop();
  }
}

// The build ran once before the browser tests (global setup), as `npm run build` does.
it('npm start after a build runs the compiled server without building again, then starts from its code cache', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'start-after-build-'));
  try {
    const first = await startAndVisit(dir, ['/']);
    expect(first.output).not.toContain('Building');
    expect(first.pages[0]!.status).toBe(200);
    // Once listening, the server says once where its start went, each step ending after the one before.
    const { phases } = first.started;
    expect(first.output.match(/"msg":"started"/g)).toHaveLength(1);
    expect(first.started.pid).toBe(first.pid);
    expect(Object.keys(phases)).toEqual(['node', 'bundle', 'database', 'firstQuery', 'listening']);
    const ends = Object.values(phases);
    expect(ends[0]).toBeGreaterThan(0);
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(phases.listening).toBeLessThanOrEqual(first.healthyMs);
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
