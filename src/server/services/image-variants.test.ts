import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { media } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { variantWidthsFor } from '../media/variant-widths.ts';

describe('the widths made for an image', () => {
  it('never makes one wider than the image', () => {
    expect(variantWidthsFor(4000)).toEqual([400, 800, 1200, 1600]);
    expect(variantWidthsFor(1600)).toEqual([400, 800, 1200, 1600]);
    expect(variantWidthsFor(960)).toEqual([400, 800, 960]);
    expect(variantWidthsFor(300)).toEqual([300]);
  });
});

describe(`variants of uploaded photos (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await buildTestApp();
    cookie = await t.signInAs('editor');
  });
  afterEach(async () => {
    await t.close();
  });

  async function upload(name: string, image: Buffer) {
    const boundary = '----variants';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ media: { id: number } }>().media.id;
  }

  const rowOf = async (id: number) => (await t.database.db.select().from(media).where(eq(media.id, id)))[0]!;

  it('makes AVIF, WebP and JPEG copies of a phone photo at 400, 800, 1200 and 1600 px, served like the original', async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#1e3c95' } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const id = await upload('IMG_2041.JPG', photo);
    expect(await rowOf(id)).toMatchObject({ variantsPending: true, variants: [], width: 4000, height: 3000 });

    t.app.pageCache.set('/news', {
      statusCode: 200,
      headers: [],
      body: Buffer.from('<p>News</p>'),
      storedAt: Date.now(),
    });
    await t.app.imageVariants.finishPending();
    const row = await rowOf(id);
    expect(row.variantsPending).toBe(false);
    // Pages kept while the copies were made showed the original: they are dropped, on every instance.
    const deadline = Date.now() + 5_000;
    while (t.app.pageCache.size > 0) {
      if (Date.now() > deadline) throw new Error('the page cache was not cleared within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(row.variants.map((variant) => [variant.width, variant.height, variant.format])).toEqual(
      [400, 800, 1200, 1600].flatMap((width) =>
        (['avif', 'webp', 'jpeg'] as const).map((format) => [width, (width * 3) / 4, format]),
      ),
    );
    for (const variant of row.variants) {
      const served = await t.app.inject({ url: `/uploads/${variant.name}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(`image/${variant.format}`);
      expect(served.rawPayload.length).toBe(variant.size);
      await expect(sharp(served.rawPayload).metadata()).resolves.toMatchObject({
        width: variant.width,
        format: variant.format === 'avif' ? 'heif' : variant.format,
      });
    }
    // The smallest copy a phone loads weighs a fraction of the original.
    const smallest = row.variants.find((variant) => variant.width === 400 && variant.format === 'avif')!;
    expect(smallest.size * 20).toBeLessThan(row.size);
  });

  it('gives an image with transparency a PNG fallback, and never makes a copy wider than the image', async () => {
    const logo = await sharp({
      create: { width: 500, height: 300, channels: 4, background: { r: 200, g: 60, b: 20, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const id = await upload('logo.png', logo);
    await t.app.imageVariants.finishPending();
    expect((await rowOf(id)).variants.map((variant) => `${variant.width} ${variant.format}`)).toEqual([
      '400 avif',
      '400 webp',
      '400 png',
      '500 avif',
      '500 webp',
      '500 png',
    ]);
  });

  it('leaves an image another instance is working on alone until its lease runs out', async () => {
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    const id = await upload('van.jpg', photo);
    await t.database.db
      .update(media)
      .set({ variantsLeaseUntil: sql`now() + interval '1 minute'` })
      .where(eq(media.id, id));
    await t.app.imageVariants.finishPending();
    expect(await rowOf(id)).toMatchObject({ variantsPending: true, variants: [] });

    // That instance died: its lease ran out, and this one makes the copies.
    await t.database.db
      .update(media)
      .set({ variantsLeaseUntil: sql`now() - interval '1 second'` })
      .where(eq(media.id, id));
    await t.app.imageVariants.finishPending();
    expect((await rowOf(id)).variants).toHaveLength(6);
  });
});
