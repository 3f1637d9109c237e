import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

describe.each(['folder', 'database'] as const)(
  `uploaded files served from the %s (${testDatabaseKind})`,
  (uploadStorage) => {
    let t: TestApp;
    const video = randomBytes(3 * 1024 * 1024 + 17);
    beforeAll(async () => {
      t = await buildTestApp({ config: { uploadStorage } });
      const source = join(t.config.uploadsDir, 'incoming-video');
      await writeFile(source, video);
      await t.app.fileStore.save('0123abcd.mp4', source, 'video/mp4');
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers the whole file, typed, cached for a year and never sniffed', async () => {
      const response = await t.app.inject({ url: '/uploads/0123abcd.mp4' });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(video)).toBe(true);
      expect(response.headers['content-type']).toBe('video/mp4');
      expect(response.headers['content-length']).toBe(String(video.length));
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers.etag).toBeTruthy();

      const again = await t.app.inject({
        url: '/uploads/0123abcd.mp4',
        headers: { 'if-none-match': response.headers.etag! },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });

    it('answers a range, so a video can seek, and refuses one past the end', async () => {
      const start = 2 * 1024 * 1024 - 5;
      const response = await t.app.inject({
        url: '/uploads/0123abcd.mp4',
        headers: { range: `bytes=${start}-${start + 99}` },
      });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${start + 99}/${video.length}`);
      expect(response.rawPayload.equals(video.subarray(start, start + 100))).toBe(true);

      const tail = await t.app.inject({ url: '/uploads/0123abcd.mp4', headers: { range: 'bytes=-10' } });
      expect(tail.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);

      const beyond = await t.app.inject({
        url: '/uploads/0123abcd.mp4',
        headers: { range: `bytes=${video.length + 1}-` },
      });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${video.length}`);
    });

    it('answers HEAD with the headers alone', async () => {
      const response = await t.app.inject({ method: 'HEAD', url: '/uploads/0123abcd.mp4' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe(String(video.length));
      expect(response.rawPayload.length).toBe(0);
    });

    it('answers 404 in JSON for a file it does not hold and for any path that reaches elsewhere', async () => {
      for (const url of [
        '/uploads/ffffffff.jpg',
        '/uploads/..%2f..%2fpackage.json',
        '/uploads/.database-copies',
        '/uploads/.incoming',
        '/uploads/%2e%2e',
      ]) {
        const response = await t.app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toMatchObject({ success: false });
      }
    });

    it('stops serving a file once it is removed', async () => {
      const source = join(t.config.uploadsDir, 'incoming-photo');
      await writeFile(source, 'png bytes');
      await t.app.fileStore.save('fedcba98.png', source, 'image/png');
      expect((await t.app.inject({ url: '/uploads/fedcba98.png' })).statusCode).toBe(200);
      await t.app.fileStore.remove('fedcba98.png');
      expect((await t.app.inject({ url: '/uploads/fedcba98.png' })).statusCode).toBe(404);
    });
  },
);
