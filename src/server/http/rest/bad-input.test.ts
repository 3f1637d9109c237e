import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSubmissions, media, posts, reviews } from '../../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

const realPng = readFileSync(new URL('../../../../public/images/apple-touch-icon.png', import.meta.url));
const contact = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  message: 'My heater leaks.',
};
const review = { name: 'Ann', rating: 5, review: 'Great work' };
const BOUNDARY = '----bad-input-boundary';

function multipartHead(filename: string) {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
}

describe(`Bad input answered with a 4xx, nothing stored (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp();
    cookie = await t.signInAs('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const leftInUploads = async () => {
    const stored = await readdir(t.config.uploadsDir);
    const incoming = await readdir(join(t.config.uploadsDir, '.incoming')).catch(() => []);
    return [...stored.filter((name) => name !== '.incoming'), ...incoming];
  };

  it('refuses a NUL byte in a review name over REST and tRPC, naming the field', async () => {
    const rest = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { ...review, name: 'Ann\u0000' },
    });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toMatchObject({
      success: false,
      message: 'Name must not contain control characters',
    });

    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/reviews.create',
      payload: { ...review, name: 'A\u0000nn' },
    });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.message).toBe('Name must not contain control characters');
    expect(await t.database.db.select().from(reviews)).toEqual([]);
  });

  it('refuses a NUL byte in a contact message and other control characters, but keeps tabs and line breaks', async () => {
    for (const message of ['Leak\u0000', 'Bell\u0007', 'Escape\u001b[31m', 'Delete\u007f']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...contact, message },
      });
      expect(response.statusCode, JSON.stringify(message)).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        message: 'Message must not contain control characters',
        errors: { message: ['Message must not contain control characters'] },
      });
    }
    expect(await t.database.db.select().from(contactSubmissions)).toEqual([]);

    // A carriage return belongs in a textarea's line breaks, not in a one-line field.
    const carriageReturnInName = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...contact, firstName: 'An\rn' },
    });
    expect(carriageReturnInName.statusCode).toBe(400);
    expect(carriageReturnInName.json().message).toBe('First name must not contain control characters');

    const typed = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...contact, message: 'Kitchen:\tsink\r\nBathroom:\ttub' },
    });
    expect(typed.statusCode).toBe(201);
    const [stored] = await t.database.db.select().from(contactSubmissions);
    expect(stored!.message).toBe('Kitchen:\tsink\r\nBathroom:\ttub');
  });

  it('refuses a NUL byte in an upload file name, leaving no file behind', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Buffer.concat([
        multipartHead('photo\u0000.png'),
        realPng,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'File name must not contain control characters',
    });
    expect(await leftInUploads()).toEqual([]);
    expect(await t.database.db.select().from(media)).toEqual([]);
  });

  it('answers a multipart upload without a boundary with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload',
      headers: { cookie, 'content-type': 'multipart/form-data' },
      payload: Buffer.concat([multipartHead('photo.png'), realPng, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: 'The upload is not a valid multipart form: its boundary is missing',
    });
    expect(await leftInUploads()).toEqual([]);
  });

  it('answers a multipart upload cut off before its closing boundary with 400, keeping no file', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Buffer.concat([multipartHead('photo.png'), realPng]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: 'The upload was cut off before its end; nothing was saved. Please send the file again.',
    });
    expect(await leftInUploads()).toEqual([]);
    expect(await t.database.db.select().from(media)).toEqual([]);
  });

  it('refuses a compressed request body with 415 and stores nothing', async () => {
    const before = (await t.database.db.select().from(reviews)).length;
    const body = JSON.stringify(review);
    for (const [encoding, payload] of [
      ['gzip', body],
      ['gzip', gzipSync(body)],
      ['br', body],
      ['identity, gzip', body],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        payload,
      });
      expect(response.statusCode, encoding).toBe(415);
      expect(response.json()).toEqual({
        success: false,
        message: 'Compressed request bodies are not accepted: send the body without Content-Encoding',
      });
    }
    expect(await t.database.db.select().from(reviews)).toHaveLength(before);

    const identity = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
      payload: body,
    });
    expect(identity.statusCode).toBe(201);
  });

  it('answers post content of only spaces with "Content is required" and keeps an image-only body', async () => {
    const post = { title: 'A title', excerpt: 'An excerpt', isPublished: false };
    for (const content of ['<p>   </p>', '<p>&nbsp; &nbsp;</p>', '<p></p><p> </p>', '<p><br></p>']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/posts',
        headers: { cookie },
        payload: { type: 'news', post: { ...post, content } },
      });
      expect(response.statusCode, content).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: 'Content is required' });
    }
    expect(await t.database.db.select().from(posts)).toEqual([]);

    const imageOnly = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts',
      headers: { cookie },
      payload: { type: 'news', post: { ...post, content: '<p><img src="/uploads/a.png" alt="Leak"></p>' } },
    });
    expect(imageOnly.statusCode).toBe(201);
  });
});
