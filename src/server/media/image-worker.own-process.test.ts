// No sharp here: this file checks that the photos' work happens outside the process that asks for it.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImageProcessStoppedError, makeVariantFiles, storeImage } from './image-worker.ts';
import { projectRoot } from '../project-root.ts';

/** A 960 x 640 JPEG of the site's own, so this file needs no encoder to make one. */
const photo = join(projectRoot, 'public', 'images', 'services', 'water-heater-1.jpg');

/** The image process this one has started, when one is running. */
async function imageProcess(): Promise<number | undefined> {
  const children = await readFile(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8');
  for (const pid of children.split(' ').filter(Boolean).map(Number)) {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes('image-process')) return pid;
  }
  return undefined;
}

describe('the process photos are worked in', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'image-worker-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('stores and copies a photo without loading libvips into this process', async () => {
    const stored = await storeImage({
      input: photo,
      output: join(dir, 'stored.jpg'),
      limitInputPixels: 40_000_000,
      animated: false,
      maxSide: 600,
    });
    expect(stored).toMatchObject({ width: 600, height: 400 });
    expect((await stat(join(dir, 'stored.jpg'))).size).toBe(stored.size);

    const variants = await makeVariantFiles({ source: photo, workDir: dir, base: 'heater' });
    expect(variants.map(({ name, width }) => [name, width])).toEqual([
      ['heater-400.avif', 400],
      ['heater-400.webp', 400],
      ['heater-400.jpg', 400],
      ['heater-800.avif', 800],
      ['heater-800.webp', 800],
      ['heater-800.jpg', 800],
      ['heater-960.avif', 960],
      ['heater-960.webp', 960],
      ['heater-960.jpg', 960],
    ]);
    for (const variant of variants) expect((await stat(variant.file)).size).toBe(variant.size);

    const maps = await readFile(`/proc/${process.pid}/maps`, 'utf8');
    expect(maps).not.toMatch(/libvips/);
  });

  it("runs the photos' work with a single pool of the C allocator, which bounds its peak memory", async () => {
    await makeVariantFiles({ source: photo, workDir: dir, base: 'pools' });
    const worker = await imageProcess();
    expect(worker).toBeDefined();
    const environment = (await readFile(`/proc/${worker}/environ`, 'utf8')).split('\0');
    expect(environment).toContain('MALLOC_ARENA_MAX=1');
  });

  it('tells a damaged image from one whose process was stopped, and starts a new process for the next', async () => {
    await expect(
      storeImage({
        input: join(projectRoot, 'package.json'),
        output: join(dir, 'out.jpg'),
        limitInputPixels: 40_000_000,
        animated: false,
        maxSide: 600,
      }),
    ).rejects.toThrow(/unsupported image format|Input file/i);

    // The process answered and waits a while for more work.
    const worker = await imageProcess();
    expect(worker).toBeDefined();
    const working = makeVariantFiles({ source: photo, workDir: dir, base: 'killed' });
    // Killed as the kernel kills a process that runs the machine out of memory.
    process.kill(worker!, 'SIGKILL');
    await expect(working).rejects.toBeInstanceOf(ImageProcessStoppedError);

    const again = await makeVariantFiles({ source: photo, workDir: dir, base: 'again' });
    expect(again).toHaveLength(9);
  });
});
