import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

describe(`the business address in parts, with coordinates and price range (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await buildTestApp();
    cookie = await t.signInAs('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const current = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } })).json()
      .settings as Record<string, unknown>;
  const save = async (change: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie },
      payload: { ...(await current()), ...change },
    });
  const publicSettings = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/settings' })).json().settings as Record<string, unknown>;

  it('saves the parts, the coordinates and the price range; visitors read them and the one line made of them', async () => {
    const response = await save({
      addressStreet: '220 Canton Hwy',
      addressCity: 'Cumming',
      addressState: 'ga',
      addressZip: '30040-1234',
      latitude: '34.2073',
      longitude: '-84.1402',
      priceRange: '$$',
    });
    expect(response.statusCode).toBe(200);
    expect(await publicSettings()).toMatchObject({
      address: '220 Canton Hwy, Cumming, GA 30040-1234',
      addressStreet: '220 Canton Hwy',
      addressCity: 'Cumming',
      addressState: 'GA',
      addressZip: '30040-1234',
      latitude: '34.2073',
      longitude: '-84.1402',
      priceRange: '$$',
    });
  });

  it.each([
    [
      { addressState: 'Georgia' },
      'addressState',
      'Enter a two-letter state code such as GA, or leave it empty',
    ],
    [{ addressState: 'ZZ' }, 'addressState', 'Enter a two-letter state code such as GA, or leave it empty'],
    [{ addressZip: '3004' }, 'addressZip', 'Enter a 5-digit ZIP code (or ZIP+4), or leave it empty'],
    [
      { latitude: '95', longitude: '-84.1' },
      'latitude',
      'Latitude must be a number from -90 to 90, or empty',
    ],
    [
      { latitude: '34.2', longitude: 'west' },
      'longitude',
      'Longitude must be a number from -180 to 180, or empty',
    ],
    [{ latitude: '34.2', longitude: '' }, 'longitude', 'Enter both latitude and longitude, or neither'],
    [{ priceRange: '$'.repeat(101) }, 'priceRange', 'At most 100 characters'],
  ])('refuses %j with a message at %s', async (change, field, message) => {
    const before = await publicSettings();
    const response = await save(change);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toEqual([message]);
    expect(await publicSettings()).toEqual(before);
  });

  it('a client that sends the address as one line, as before it had parts, has it split', async () => {
    const response = await save({ address: 'Unit 2, 9 Elm St, Suwanee, GA 30024' });
    expect(response.statusCode).toBe(200);
    expect(await current()).toMatchObject({
      addressStreet: 'Unit 2, 9 Elm St',
      addressCity: 'Suwanee',
      addressState: 'GA',
      addressZip: '30024',
    });
    expect((await publicSettings()).address).toBe('Unit 2, 9 Elm St, Suwanee, GA 30024');
  });
  it('the admin reads the address as one line beside its parts, as visitors do', async () => {
    await save({
      addressStreet: '9 Elm St',
      addressCity: 'Suwanee',
      addressState: 'GA',
      addressZip: '30024',
    });
    expect(await current()).toMatchObject({
      address: '9 Elm St, Suwanee, GA 30024',
      addressStreet: '9 Elm St',
    });
  });

  it('a part changed and the line sent back as it was read keeps the change', async () => {
    await save({
      addressStreet: '9 Elm St',
      addressCity: 'Suwanee',
      addressState: 'GA',
      addressZip: '30024',
    });
    const response = await save({ addressCity: 'Cumming', addressZip: '30040' });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings.address).toBe('9 Elm St, Cumming, GA 30040');
    expect((await publicSettings()).address).toBe('9 Elm St, Cumming, GA 30040');
  });

  it('a line that splits into parts that are not valid is refused at address', async () => {
    const before = await publicSettings();
    const response = await save({ address: '9 Elm St, Suwanee, ZZ 30024' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.address).toEqual([
      'Address: Enter a two-letter state code such as GA, or leave it empty',
    ]);
    expect(await publicSettings()).toEqual(before);
  });
});
