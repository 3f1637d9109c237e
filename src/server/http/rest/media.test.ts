import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { insertPost, testPhoto, uploadInto } from '../../testing/uploads.ts';
import { storedNamesOf } from '../../services/media-library.ts';
import { MAX_ALT_LENGTH } from '../../../shared/schemas/media.ts';

describe(`/api/admin/media (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await buildTestApp();
    cookie = await t.signInAs('editor');
  });
  afterEach(async () => {
    await t.close();
  });

  const request = (
    method: 'GET' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown> | string,
  ) => t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

  it('lists uploads with their uses for staff, and nothing without a session', async () => {
    const image = await uploadInto(t, await testPhoto(), 'van.jpg');
    const postId = await insertPost(t, { title: 'New van', image: image.url });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/media' })).statusCode).toBe(401);
    const response = await request('GET', '/api/admin/media');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      media: [
        {
          id: image.id,
          originalName: 'van.jpg',
          width: 500,
          height: 300,
          uses: [{ kind: 'post', postId, title: 'New van', postType: 'news', as: ['image'] }],
        },
      ],
    });
  });

  it('saves alt text with one schema for REST and tRPC, and drops the rendered pages', async () => {
    const image = await uploadInto(t, await testPhoto(), 'van.jpg');
    const before = t.app.pageCache.generation;
    const saved = await request('PATCH', `/api/admin/media/${image.id}`, { alt: '  Our blue van  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      success: true,
      message: 'Alt text saved',
      media: { alt: 'Our blue van' },
    });
    expect(t.app.pageCache.generation).toBeGreaterThan(before);

    const tooLong = 'a'.repeat(MAX_ALT_LENGTH + 1);
    const refusals: [string, Record<string, unknown> | string, number, string][] = [
      [`/api/admin/media/${image.id}`, { alt: tooLong }, 400, 'Alt text must be at most 250 characters'],
      [
        `/api/admin/media/${image.id}`,
        { alt: 'van\u0000' },
        400,
        'Alt text must not contain control characters',
      ],
      [`/api/admin/media/${image.id}`, { alt: 42 }, 400, 'Alt text must be text'],
      [`/api/admin/media/${image.id}`, 'not json', 415, ''],
      ['/api/admin/media/abc', { alt: 'x' }, 400, 'Media id must be a number'],
      ['/api/admin/media/99999', { alt: 'x' }, 404, 'No such upload: it may have been deleted already'],
    ];
    for (const [url, body, status, message] of refusals) {
      const response = await request('PATCH', url, body);
      expect([url, body, response.statusCode]).toEqual([url, body, status]);
      expect(response.json()).toMatchObject({ success: false });
      if (message) expect(response.json().message).toBe(message);
    }
    const malformed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/media/${image.id}`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"alt":',
    });
    expect(malformed.statusCode).toBe(400);
    const trpc = t.caller(cookie);
    const viaTrpc = await trpc.mutate('media.updateAlt', { id: image.id, alt: tooLong });
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.json().error.message).toBe('Alt text must be at most 250 characters');
    expect((await request('GET', '/api/admin/media')).json().media[0].alt).toBe('Our blue van');
  });

  it('refuses to delete a used upload with 409 naming the post, trashes an unused one, purges it with its files', async () => {
    const used = await uploadInto(t, await testPhoto(), 'van.jpg');
    const unused = await uploadInto(t, await testPhoto(), 'spare.jpg');
    await t.app.imageVariants.finishPending();
    await insertPost(t, { title: 'New van', type: 'advice', image: used.url });

    const refused = await request('DELETE', `/api/admin/media/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      message: '“van.jpg” is used by the advice post “New van” (image). Remove it there first.',
    });
    expect((await t.app.inject({ method: 'GET', url: used.url })).statusCode).toBe(200);

    const [listed] = (await request('GET', '/api/admin/media')).json().media as { id: number }[];
    expect(listed!.id).toBe(unused.id);
    const { variants } = (await t.database.db.query.media.findFirst({
      where: (row, { eq }) => eq(row.id, unused.id),
    }))!;
    const files = storedNamesOf({ filename: unused.filename, variants });
    expect(files.length).toBeGreaterThan(1);
    for (const name of files)
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(200);

    const deleted = await request('DELETE', `/api/admin/media/${unused.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Upload moved to the Trash' });
    expect(
      (await request('GET', '/api/admin/media')).json().media.map((item: { id: number }) => item.id),
    ).toEqual([used.id]);
    const purged = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/trash/upload/${unused.id}`,
      // Deleting for good is an admin's.
      headers: { cookie: await t.signInAs('admin', 'owner') },
    });
    expect(purged.json()).toMatchObject({ success: true, purged: true });
    for (const name of files)
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(404);
    expect((await request('DELETE', `/api/admin/media/${unused.id}`)).statusCode).toBe(404);
    expect((await request('DELETE', '/api/admin/media/0')).statusCode).toBe(400);
    expect((await t.caller(cookie).mutate('media.delete', { id: used.id })).statusCode).toBe(409);
  });
});
