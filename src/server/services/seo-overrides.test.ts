import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { findSeoOverride, listSeoOverrides, saveSeoOverride } from './seo-overrides.ts';

const empty = {
  title: null,
  description: null,
  keywords: null,
  ogTitle: null,
  ogDescription: null,
  ogImage: null,
  canonicalUrl: null,
};

describe(`per-page search & sharing overrides (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('stores one override per page, replaces it on save, and removes it when every field is emptied', async () => {
    const db = t.database.db;
    await saveSeoOverride(db, { ...empty, page: '/services', title: 'Plumbing services' });
    await saveSeoOverride(db, {
      ...empty,
      page: '/services',
      title: 'Drain and water heater services',
      ogImage: '/uploads/van.jpg',
    });
    expect(await findSeoOverride(db, '/services')).toEqual({
      ...empty,
      page: '/services',
      title: 'Drain and water heater services',
      ogImage: '/uploads/van.jpg',
    });
    expect(await listSeoOverrides(db)).toHaveLength(1);
    await saveSeoOverride(db, { ...empty, page: '/services' });
    expect(await findSeoOverride(db, '/services')).toBeNull();
  });

  it('over tRPC: admins save, editors get 403, bad values get the schema message and nothing is stored', async () => {
    const save = (cookie: string, input: object) => t.caller(cookie).mutate('adminSeo.save', input);
    const editor = await t.signInAs('editor');
    expect((await save(editor, { page: '/about', title: 'About us' })).statusCode).toBe(403);
    const admin = await t.signInAs('admin');
    const bad = await save(admin, { page: '/about', ogImage: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      'Sharing image must be a path starting with / or a full http(s) address',
    );
    expect((await save(admin, { page: '/admin', title: 'Nope' })).statusCode).toBe(400);
    expect(await listSeoOverrides(t.database.db)).toEqual([]);
    expect((await save(admin, { page: '/about', title: 'About our plumbers' })).statusCode).toBe(200);
    expect((await findSeoOverride(t.database.db, '/about'))?.title).toBe('About our plumbers');
  });
});
