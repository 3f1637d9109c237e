import type * as nodeFs from 'node:fs';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { media } from '../../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

// A disk that fills up mid-upload: the first bytes land in the file, then every write fails as the
// kernel reports it.
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof nodeFs>();
  const createWriteStream = (path: string): Writable => {
    let written = 0;
    return new Writable({
      write(chunk: Buffer, _encoding, callback) {
        const room = 1024 - written;
        if (chunk.length > room) {
          fs.appendFileSync(path, chunk.subarray(0, Math.max(room, 0)));
          written = 1024;
          const error = Object.assign(new Error(`ENOSPC: no space left on device, write`), {
            code: 'ENOSPC',
            errno: -28,
            syscall: 'write',
          });
          return callback(error);
        }
        fs.appendFileSync(path, chunk);
        written += chunk.length;
        callback();
      },
    });
  };
  return { ...fs, default: { ...fs, createWriteStream }, createWriteStream };
});

const realPng = readFileSync(new URL('../../../../public/images/apple-touch-icon.png', import.meta.url));

describe(`An upload onto a full disk (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp();
    cookie = await t.signInAs('editor');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 507 "Not enough storage space…" and leaves no partial file or record', async () => {
    const boundary = '----disk-full';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        realPng,
        Buffer.alloc(64 * 1024),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Not enough storage space/),
    });
    const left = [
      ...(await readdir(t.config.uploadsDir)).filter((name) => name !== '.incoming'),
      ...(await readdir(join(t.config.uploadsDir, '.incoming'))),
    ];
    expect(left).toEqual([]);
    expect(await t.database.db.select().from(media)).toEqual([]);
  });
});
