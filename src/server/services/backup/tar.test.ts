import { execFile, spawn } from 'node:child_process';
import { open, mkdtemp, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paxRecord,
  readTar,
  TAR_END,
  tarEntry,
  TarEntrySizeError,
  TarFormatError,
  tarHeader,
  USTAR_MAX_SIZE,
} from './tar.ts';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const run = promisify(execFile);

/** `length` bytes of zeros as a stream, one shared buffer yielded again and again: no memory, no disk. */
async function* zeros(length: number): AsyncGenerator<Buffer> {
  const chunk = Buffer.alloc(MiB);
  for (let left = length; left > 0; left -= chunk.length)
    yield left >= chunk.length ? chunk : chunk.subarray(0, left);
}

async function* concat(...parts: (AsyncIterable<Buffer> | Buffer)[]): AsyncGenerator<Buffer> {
  for (const part of parts) {
    if (Buffer.isBuffer(part)) yield part;
    else yield* part;
  }
}

/** Each entry the reader finds, with the number of data bytes it gave, and the text of small ones. */
async function listEntries(source: AsyncIterable<Buffer>) {
  const entries: { name: string; size: number; read: number; text: string }[] = [];
  for await (const event of readTar(source)) {
    if (event.kind === 'entry') entries.push({ name: event.name, size: event.size, read: 0, text: '' });
    else if (event.kind === 'data') {
      const entry = entries.at(-1)!;
      entry.read += event.chunk.length;
      if (entry.size < 1024) entry.text += event.chunk.toString('utf8');
    }
  }
  return entries;
}

const field = (block: Buffer, offset: number, length: number) =>
  block.subarray(offset, offset + length).toString('latin1');

describe('tar headers at the 8 GiB boundary', () => {
  it('writes 8 GiB less one byte in the eleven octal digits of one ustar block', () => {
    expect(USTAR_MAX_SIZE).toBe(8 * GiB - 1);
    const header = tarHeader('uploads/video.mp4', 8 * GiB - 1);
    expect(header).toHaveLength(512);
    expect(field(header, 124, 12)).toBe('77777777777\u0000');
    expect(field(header, 156, 1)).toBe('0');
  });

  it('writes 8 GiB as a pax extended header with the exact size, then a ustar block holding zero', () => {
    const header = tarHeader('uploads/video.mp4', 8 * GiB);
    expect(header).toHaveLength(3 * 512);
    const [extended, records, entry] = [0, 1, 2].map((block) =>
      header.subarray(block * 512, (block + 1) * 512),
    );
    expect(field(extended!, 156, 1)).toBe('x');
    expect(field(extended!, 0, 21)).toBe('PaxHeaders/video.mp4\u0000');
    expect(field(extended!, 124, 12)).toBe('00000000023\u0000');
    expect(field(records!, 0, 20)).toBe('19 size=8589934592\n\u0000');
    expect(field(entry!, 0, 18)).toBe('uploads/video.mp4\u0000');
    expect(field(entry!, 124, 12)).toBe('00000000000\u0000');
    expect(field(entry!, 156, 1)).toBe('0');
  });

  it('counts a pax record length that gains a digit by counting itself', () => {
    expect(paxRecord('k', 'vvvv')).toBe('9 k=vvvv\n');
    expect(paxRecord('k', 'vvvvv')).toBe('11 k=vvvvv\n');
    expect(paxRecord('size', String(2 ** 53 - 1))).toBe('25 size=9007199254740991\n');
  });

  it('refuses a size it cannot record exactly instead of writing a wrong one', () => {
    for (const size of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])
      expect(() => tarHeader('uploads/a.jpg', size)).toThrow(
        new TarFormatError(`uploads/a.jpg cannot be archived: ${size} is not a size in bytes it can record`),
      );
  });
});

describe('a streamed entry of 8 GiB and more', () => {
  for (const size of [8 * GiB - 1, 8 * GiB, 8 * GiB + 1]) {
    it(`is read back by our reader at ${size} bytes, and the entry after it too`, async () => {
      const after = Buffer.from('the entry after\n');
      const archive = concat(
        tarEntry('uploads/big.bin', size, zeros(size)),
        tarEntry('after.txt', after.length, concat(after)),
        TAR_END,
      );
      expect(await listEntries(archive)).toEqual([
        { name: 'uploads/big.bin', size, read: size, text: '' },
        { name: 'after.txt', size: after.length, read: after.length, text: 'the entry after\n' },
      ]);
    });
  }

  it('stops before writing a byte past the size its header announced', async () => {
    const written: Buffer[] = [];
    const growing = tarEntry('uploads/growing.bin', 8 * GiB, zeros(8 * GiB + 1));
    const error = await (async () => {
      for await (const chunk of growing) written.push(chunk);
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TarEntrySizeError);
    expect((error as Error).message).toBe(
      'uploads/growing.bin holds more than the 8589934592 bytes its header announces',
    );
    const header = written.shift()!;
    expect(header).toHaveLength(3 * 512);
    // Every byte up to the announced size, and not one more.
    expect(written.reduce((total, chunk) => total + chunk.length, 0)).toBe(8 * GiB);
  });

  it('fails on a source shorter than its size', async () => {
    const shrunk = tarEntry('uploads/shrunk.bin', 3 * MiB, zeros(2 * MiB));
    await expect(
      (async () => {
        for await (const chunk of shrunk) void chunk;
      })(),
    ).rejects.toThrow('uploads/shrunk.bin holds 2097152 bytes, not the 3145728 its header announces');
  });
});

describe('GNU tar and our archives agree on sizes of 8 GiB and more', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tar-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('tar -tvf lists our pax entry of 8 GiB with its exact size, and the entry after it', async () => {
    // A sparse file: the 8 GiB of data are a hole, so the archive takes no disk and no time to write.
    const file = join(dir, 'ours.tar');
    const header = tarHeader('uploads/big.bin', 8 * GiB, new Date('2026-01-02T03:04:05Z'));
    const after = Buffer.from('the entry after\n');
    const tail = Buffer.concat([
      tarHeader('after.txt', after.length),
      after,
      Buffer.alloc(512 - after.length),
      TAR_END,
    ]);
    const handle = await open(file, 'w');
    try {
      await handle.write(header, 0, header.length, 0);
      await handle.write(tail, 0, tail.length, header.length + 8 * GiB);
    } finally {
      await handle.close();
    }
    const { stdout } = await run('tar', ['--utc', '-tvf', file]);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^-rw-r--r-- 0\/0\s+8589934592 2026-01-02 03:04 uploads\/big\.bin$/);
    expect(lines[1]).toMatch(/^-rw-r--r-- 0\/0\s+16 \S+ \S+ after\.txt$/);
    const { stdout: extracted } = await run('tar', ['-xOf', file, 'after.txt']);
    expect(extracted).toBe('the entry after\n');
  });

  for (const format of ['posix', 'gnu'] as const) {
    it(`our reader reads the size GNU tar writes for 8 GiB in its ${format} format`, async () => {
      const name = `sparse-${format}.bin`;
      await open(join(dir, name), 'w').then((handle) => handle.close());
      await truncate(join(dir, name), 8 * GiB);
      const tar = spawn('tar', [`--format=${format}`, '-cf', '-', name], { cwd: dir });
      try {
        // Only the headers are needed: the reader announces the entry before its data.
        for await (const event of readTar(tar.stdout)) {
          expect(event).toEqual({ kind: 'entry', name, size: 8 * GiB });
          break;
        }
      } finally {
        tar.kill();
      }
    });
  }
});
