import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBuildCurrent, sourceSnapshot, writeBuildStamp } from './build-stamp.mjs';

describe('whether the build is current', () => {
  let checkout: string;
  const source = () => join(checkout, 'src', 'page.ts');
  beforeEach(async () => {
    checkout = await mkdtemp(join(tmpdir(), 'build-stamp-'));
    await mkdir(join(checkout, 'src'));
    await mkdir(join(checkout, 'dist', 'node'), { recursive: true });
    await writeFile(source(), 'export const title = "Plumbing";\n');
    await writeFile(join(checkout, 'dist', 'node', 'server.cjs'), '');
  });
  afterEach(async () => {
    await rm(checkout, { recursive: true, force: true });
  });

  it('is current right after a build, and stale once a source changes', async () => {
    expect(isBuildCurrent(checkout)).toBe(false);
    writeBuildStamp(sourceSnapshot(checkout), checkout);
    expect(isBuildCurrent(checkout)).toBe(true);
    await writeFile(source(), 'export const title = "Drains";\n');
    expect(isBuildCurrent(checkout)).toBe(false);
  });

  it('stays current when a source is touched or rewritten with the same contents', async () => {
    writeBuildStamp(sourceSnapshot(checkout), checkout);
    await utimes(source(), new Date('2030-01-01'), new Date('2030-01-01'));
    expect(isBuildCurrent(checkout)).toBe(true);
    await writeFile(source(), 'export const title = "Plumbing";\n');
    expect(isBuildCurrent(checkout)).toBe(true);
  });

  it('is stale when a source is added or removed, and when a test file is not', async () => {
    writeBuildStamp(sourceSnapshot(checkout), checkout);
    await writeFile(join(checkout, 'src', 'page.test.ts'), 'it.todo("later");\n');
    expect(isBuildCurrent(checkout)).toBe(true);
    await writeFile(join(checkout, 'src', 'footer.ts'), 'export {};\n');
    expect(isBuildCurrent(checkout)).toBe(false);
    writeBuildStamp(sourceSnapshot(checkout), checkout);
    await rm(join(checkout, 'src', 'footer.ts'));
    expect(isBuildCurrent(checkout)).toBe(false);
  });

  it('takes a stamp in the earlier format, a bare hash, for stale', async () => {
    await writeFile(join(checkout, 'dist', '.build-hash'), 'abc123');
    expect(isBuildCurrent(checkout)).toBe(false);
  });
});
