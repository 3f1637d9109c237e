import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

describe(`page text over REST (${testDatabaseKind})`, () => {
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    t = await buildTestApp({ ssr: { mode: 'development' } });
    editor = await t.signInAs('editor');
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (page: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/pages/${page}`, headers: { cookie: editor }, payload });
  const get = async (page: string) =>
    (await t.app.inject({ url: `/api/admin/pages/${page}`, headers: { cookie: editor } })).json();
  const cached = (url: string) => t.app.pageCache.get(t.app.pageCache.keyFor(url)) !== undefined;

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ url: '/api/admin/pages/home' })).statusCode).toBe(401);
  });

  it('gives every field empty on a new site, with the built-in words beside them', async () => {
    const home = await get('home');
    expect(home).toMatchObject({ success: true, page: 'home' });
    expect(home.text.heroHeadline).toBe('');
    expect(home.defaults.heroHeadline).toBe('Plumbing Problems Fixed Today in Cumming, GA');
    expect(home.defaults.heroLead).toMatch(/^Cumming Plumbing Pros brings licensed/);
  });

  it.each([
    ['home', { heroHeadline: 'x'.repeat(201) }, 'heroHeadline', 'Headline must be at most 200 characters'],
    ['home', { heroHeadline: 42 }, 'heroHeadline', 'Headline must be text'],
    ['about', { team: [{ name: '', role: 'Owner' }] }, 'team.0.name', 'Each team member needs a name'],
    [
      'about',
      { team: [{ name: 'Ana', photoUrl: 'https://elsewhere.example/a.jpg' }] },
      'team.0.photoUrl',
      'Photo must be a picture uploaded to the media library, or empty',
    ],
    ['footer', { line: 'a\u0000b' }, 'line', "Footer's line must not contain control characters"],
  ])('refuses a bad %s field with 400 naming it, storing nothing', async (page, payload, field, message) => {
    const before = await get(page);
    const response = await put(page, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toEqual([message]);
    expect(await get(page)).toEqual(before);
  });

  it('refuses a page that has no text of its own', async () => {
    const response = await put('services', { heroHeadline: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.page).toBeDefined();
  });

  it('shows the new headline on the home page only, and the default again once cleared', async () => {
    for (const url of ['/', '/about']) expect((await t.app.inject({ url })).statusCode).toBe(200);
    expect(cached('/') && cached('/about')).toBe(true);

    const saved = await put('home', { heroHeadline: 'Same-Day Plumbing for {company}' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, page: 'home' });
    // Only the page showing that text was emptied.
    expect(cached('/')).toBe(false);
    expect(cached('/about')).toBe(true);
    expect((await t.app.inject({ url: '/' })).body).toContain(
      'Same-Day Plumbing for Cumming Plumbing Pros</h1>',
    );

    expect((await put('home', { heroHeadline: '' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/' })).body).toContain(
      'Plumbing Problems Fixed Today in Cumming, GA</h1>',
    );
  });

  it("changes the footer's line on every page, and the About team shows its members", async () => {
    expect((await put('footer', { line: 'Family owned since 2009.' })).statusCode).toBe(200);
    expect((await put('about', { team: [{ name: 'Ana Ruiz', role: 'Master plumber' }] })).statusCode).toBe(
      200,
    );
    const about = (await t.app.inject({ url: '/about' })).body;
    expect(about).toContain('Family owned since 2009.');
    expect(about).toContain('Ana Ruiz');
    expect(about).toContain('Master plumber');
    // The values left alone still show the built-in ones.
    expect(about).toContain('>Integrity</h3>');
    expect((await t.app.inject({ url: '/news' })).body).toContain('Family owned since 2009.');
  });
});
