import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

describe(`REST routes check their input at the edge (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('reads an empty filter field in the leads CSV link as "any"', async () => {
    const cookie = await t.signInAs('admin');
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/leads.csv?status=&search=',
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('refuses an unknown lead status with 400 and the filter schema message', async () => {
    const cookie = await t.signInAs('admin');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/leads.csv?status=lost',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errors: { status: [expect.any(String)] } });
  });

  it('tells an editor 403 for settings before looking at the body', async () => {
    const cookie = await t.signInAs('editor');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie },
      payload: { companyName: 42 },
    });
    expect([response.statusCode, response.json()]).toEqual([
      403,
      { success: false, message: 'Only an admin may do this' },
    ]);
  });

  it('answers a post id that is not a number with 400 and its message', async () => {
    const cookie = await t.signInAs('admin');
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/posts/abc',
      headers: { cookie },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: 'Post id must be a number' });
  });
});
