import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDay, companyTimeZone, DEFAULT_COMPANY_TIME_ZONE } from '../../../shared/company-time.ts';
import { formatPostDateTime } from '../../../shared/format-date.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

describe(`the company's look and place: logo, brand colours, time zone (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: string;
  let editor: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.signInAs('admin');
    editor = await t.signInAs('editor');
  });
  afterAll(async () => {
    await t?.close();
  });

  const current = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie: admin } })).json()
      .settings as Record<string, unknown>;
  const save = async (change: Record<string, unknown>, cookie = admin) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie },
      payload: { ...(await current()), ...change },
    });
  const publicSettings = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/settings' })).json().settings as Record<string, unknown>;

  it('starts in America/New_York with the built-in colours and no logo', async () => {
    expect(await publicSettings()).toMatchObject({
      timeZone: 'America/New_York',
      brandPrimaryColor: '#1e3c95',
      brandAccentColor: '#c2410c',
      logoUrl: '',
    });
    expect(companyTimeZone()).toBe(DEFAULT_COMPANY_TIME_ZONE);
  });

  it.each([
    [
      { brandPrimaryColor: '#f97316' },
      'brandPrimaryColor',
      'Main brand colour #f97316 is too light: white text on it has a contrast of 2.8:1, and WCAG AA needs at least 4.5:1. Choose a darker shade.',
    ],
    [
      { brandAccentColor: '#60a5fa' },
      'brandAccentColor',
      'Accent colour #60a5fa is too light: white text on it has a contrast of 2.5:1, and WCAG AA needs at least 4.5:1. Choose a darker shade.',
    ],
    [{ brandAccentColor: 'orange' }, 'brandAccentColor', 'Accent colour must be a colour written #rrggbb'],
    [
      { timeZone: 'Mars/Olympus_Mons' },
      'timeZone',
      'Time zone must be a known IANA name such as America/Denver',
    ],
    [
      { logoUrl: 'https://elsewhere.example/logo.png' },
      'logoUrl',
      'Logo must be a picture uploaded to the media library, or empty',
    ],
  ])('refuses %j with the reason at %s, storing nothing', async (change, field, message) => {
    const before = await publicSettings();
    const response = await save(change);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toEqual([message]);
    expect(await publicSettings()).toEqual(before);
  });

  it('refuses an editor with 403, changing nothing', async () => {
    const response = await save({ timeZone: 'America/Denver' }, editor);
    expect(response.statusCode).toBe(403);
    expect((await publicSettings()).timeZone).toBe('America/New_York');
  });

  it('keeps what is stored when a client that predates these settings leaves them out', async () => {
    expect((await save({ brandAccentColor: '#9a3412' })).statusCode).toBe(200);
    const {
      brandAccentColor: _a,
      brandPrimaryColor: _p,
      timeZone: _z,
      logoUrl: _l,
      ...older
    } = await current();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie: admin },
      payload: { ...older, companyName: 'Renamed Plumbing' },
    });
    expect(response.statusCode).toBe(200);
    expect(await publicSettings()).toMatchObject({
      companyName: 'Renamed Plumbing',
      brandAccentColor: '#9a3412',
    });
  });

  it('applies the colours to every page through the theme variables, with no rebuild', async () => {
    const pages = await buildTestApp({ ssr: { mode: 'development' }, database: t.database });
    try {
      const html = (await pages.app.inject({ url: '/contact' })).body;
      expect(html).toMatch(
        /<html lang="en" style="--[^"]*brandNavy[^:"]*:#1e3c95;--[^"]*orangeDark[^:"]*:#9a3412"/,
      );
    } finally {
      await pages.app.close();
    }
  });

  it('moves every shown time to America/Denver, on this instance at once', async () => {
    const evening = '2026-07-01T03:30:00.000Z';
    expect(formatPostDateTime(evening)).toBe('June 30, 2026 at 11:30 PM');
    expect((await save({ timeZone: 'America/Denver' })).statusCode).toBe(200);
    expect(companyTimeZone()).toBe('America/Denver');
    expect(formatPostDateTime(evening)).toBe('June 30, 2026 at 9:30 PM');
    expect(companyDay(new Date('2026-07-01T05:00:00Z'))).toBe('2026-06-30');
    expect((await save({ timeZone: 'America/New_York' })).statusCode).toBe(200);
    expect(companyDay(new Date('2026-07-01T05:00:00Z'))).toBe('2026-07-01');
  });
});
