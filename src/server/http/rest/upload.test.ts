import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { activityLog, media } from '../../../../db/schema/index.ts';

const realPng = readFileSync(new URL('../../../../public/images/apple-touch-icon.png', import.meta.url));

function multipart(filename: string, content: Buffer, field = 'file', contentType = 'image/png') {
  const boundary = '----test-boundary-7d1';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe(`POST /api/admin/upload (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await buildTestApp({
      uploadLimits: { imageBytes: 64 * 1024, videoBytes: 128 * 1024, imagePixels: 4_000_000 },
    });
    cookie = await t.signInAs('editor', 'eddie');
  });
  afterEach(async () => {
    await t.close();
  });

  const upload = (filename: string, content: Buffer, field?: string, type?: string) => {
    const { payload, headers } = multipart(filename, content, field, type);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/upload',
      payload,
      headers: { ...headers, cookie },
    });
  };
  const storedFiles = async () =>
    (await readdir(t.config.uploadsDir)).filter((name) => !name.startsWith('.'));

  it('accepts a real PNG, stores it under a random name, records it and serves it back with nosniff', async () => {
    const response = await upload('../../etc/passwd.png', realPng);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      filePath: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.png$/),
    });
    expect(await storedFiles()).toEqual([body.filePath.slice('/uploads/'.length)]);
    const [row] = await t.database.db.select().from(media);
    expect(row).toMatchObject({
      mimeType: 'image/png',
      type: 'image',
      width: 180,
      height: 180,
      originalName: 'passwd.png',
    });

    const served = await t.app.inject({ method: 'GET', url: body.filePath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const logged = (await t.database.db.select().from(activityLog)).filter(
      (entry) => entry.kind === 'content-created',
    );
    expect(logged.map((entry) => [entry.username, entry.summary, entry.details])).toEqual([
      ['eddie', 'Uploaded “passwd.png”', { type: 'upload', id: String(row!.id) }],
    ]);
  });

  it('re-encodes images, dropping bytes hidden after the image data', async () => {
    const withPayload = Buffer.concat([realPng, Buffer.from('<script>alert(1)</script>')]);
    const response = await upload('photo.png', withPayload);
    expect(response.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: response.json().filePath });
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('keeps a photo at its full size up to 4096 px, scales a larger one down, and marks its variants due', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1500, channels: 3, background: '#1e3c95' } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const response = await upload('kitchen.jpg', photo, 'file', 'image/jpeg');
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(media);
    expect(row).toMatchObject({ mimeType: 'image/jpeg', width: 2400, height: 1500, variantsPending: true });

    const panorama = await sharp({ create: { width: 5000, height: 500, channels: 3, background: '#c2410c' } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const wide = await upload('panorama.jpg', panorama, 'file', 'image/jpeg');
    expect(wide.json().media).toMatchObject({ width: 4096, height: 410 });
    const served = await t.app.inject({ method: 'GET', url: wide.json().filePath });
    await expect(sharp(served.rawPayload).metadata()).resolves.toMatchObject({ width: 4096, height: 410 });
  });

  it('refuses an HTML file renamed .png, and keeps nothing', async () => {
    const response = await upload('innocent.png', Buffer.from('<!doctype html><script>alert(1)</script>'));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      success: false,
      message: 'Only images (JPEG, PNG, GIF, WebP, AVIF) and videos (MP4, MOV, WebM, Ogg) can be uploaded',
    });
    expect(await storedFiles()).toEqual([]);
    expect(await t.database.db.select().from(media)).toEqual([]);
  });

  it('refuses SVG even though it is an image format', async () => {
    const response = await upload(
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'file',
      'image/svg+xml',
    );
    expect(response.statusCode).toBe(415);
  });

  it('refuses a zero-byte file', async () => {
    const response = await upload('empty.png', Buffer.alloc(0));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'The file is empty' });
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses an oversized image with 413 and keeps nothing', async () => {
    const big = Buffer.concat([realPng, Buffer.alloc(70 * 1024)]);
    const response = await upload('big.png', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: 'Images may be at most 64 KB' });
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a body larger than any upload may be, while it streams', async () => {
    const huge = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.alloc(200 * 1024),
    ]);
    const response = await upload('movie.mp4', huge, 'file', 'video/mp4');
    expect(response.statusCode).toBe(413);
    expect(await storedFiles()).toEqual([]);
  });

  it('accepts a video recognised by its container signature', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(1024)]);
    const response = await upload('clip.bin', mp4, 'file', 'application/octet-stream');
    expect(response.statusCode).toBe(201);
    expect(response.json().filePath).toMatch(/\.mp4$/);
    const served = await t.app.inject({ method: 'GET', url: response.json().filePath });
    expect(served.headers['content-type']).toBe('video/mp4');
  });

  it('wants the field named "file"', async () => {
    const response = await upload('a.png', realPng, 'image');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The file must be sent in the field named "file"');
  });

  it('answers a JSON body with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload',
      payload: { file: 'x' },
      headers: { cookie },
    });
    expect(response.statusCode).toBe(415);
  });
});
