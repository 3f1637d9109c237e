import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

const ownWords =
  '<p>Flowery Branch sits on the lake shore: we fit sump pumps in walk-out basements, winterise boat-house ' +
  'lines each November and replace the polybutylene pipe many 1990s homes near the marina still have.</p>';

describe(`service areas over REST (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cookie: string;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    withCookie = true,
  ) => t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: withCookie ? { cookie } : {} });
  const adminList = async () =>
    (await call('GET', '/api/admin/service-areas')).json().serviceAreas as { id: number; town: string }[];

  beforeAll(async () => {
    t = await buildTestApp();
    cookie = await t.signInAs('editor');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the shown towns in order with their ZIP codes, for anyone', async () => {
    const response = await call('GET', '/api/service-areas', undefined, false);
    expect(response.statusCode).toBe(200);
    const { success, serviceAreas } = response.json();
    expect(success).toBe(true);
    expect(serviceAreas).toHaveLength(10);
    expect(serviceAreas[0]).toEqual({
      id: expect.any(Number),
      slug: 'cumming-ga',
      town: 'Cumming',
      state: 'GA',
      zips: ['30028', '30040', '30041'],
      inBanner: true,
      inCommunityList: true,
      pagePath: null,
    });
  });

  it('answers 401 to the staff paths without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/service-areas'],
      ['POST', '/api/admin/service-areas'],
      ['PUT', '/api/admin/service-areas/1'],
      ['DELETE', '/api/admin/service-areas/1'],
    ] as const) {
      const response = await call(method, url, method === 'GET' ? undefined : {}, false);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const before = await adminList();
    const cases: [object, string, string][] = [
      [{ state: 'GA', zips: ['30542'] }, 'town', 'Town is required'],
      [
        { town: 'Oakwood', state: 'Georgia', zips: ['30566'] },
        'state',
        'State must be a two-letter code, like GA',
      ],
      [{ town: 'Oakwood', state: 'GA', zips: ['3056'] }, 'zips.0', 'ZIP codes must be 5 digits, like 30040'],
      [{ town: 'Oakwood', state: 'GA', zips: [] }, 'zips', 'Add at least one ZIP code'],
      [
        { town: 'Oakwood', state: 'GA', zips: ['30566'], slug: 'Oak wood!' },
        'slug',
        'Slug may hold only lowercase letters, digits and single dashes',
      ],
      [
        { town: 'Oakwood', state: 'GA', zips: ['30566'], pagePublished: true },
        'pageHeading',
        'A published town page needs a heading',
      ],
      [
        { town: 'Oakwood', state: 'GA', zips: ['30566'], shown: 'yes' },
        'shown',
        'Shown must be true or false',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', '/api/admin/service-areas', payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toMatchObject({ success: false, errors: { [field]: [message] } });
    }
    expect(await adminList()).toEqual(before);
    const wrongId = await call('PUT', '/api/admin/service-areas/abc', {
      town: 'X',
      state: 'GA',
      zips: ['30566'],
    });
    expect([wrongId.statusCode, wrongId.json().message]).toEqual([400, 'Service area id must be a number']);
    const unknown = await call('PUT', '/api/admin/service-areas/99999', {
      town: 'X',
      state: 'GA',
      zips: ['30566'],
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { success: false, message: 'Service area not found' },
    ]);
    const taken = await call('POST', '/api/admin/service-areas', {
      town: 'Cumming',
      state: 'GA',
      zips: ['30040'],
    });
    expect(taken.statusCode).toBe(409);
  });

  it('adds, edits, renames, reorders and deletes a town, and the public list follows at once', async () => {
    const created = await call('POST', '/api/admin/service-areas', {
      town: 'Flowery Branch',
      state: 'GA',
      zips: ['30542'],
      inCommunityList: false,
      pageHeading: 'Plumber in Flowery Branch, GA',
      pageBody: ownWords,
      pagePublished: true,
    });
    expect(created.statusCode).toBe(201);
    const { serviceArea } = created.json();
    expect(serviceArea).toMatchObject({
      slug: 'flowery-branch-ga',
      town: 'Flowery Branch',
      pagePublished: true,
    });
    const listed = (await call('GET', '/api/service-areas', undefined, false)).json().serviceAreas;
    expect(listed.at(-1)).toMatchObject({
      town: 'Flowery Branch',
      pagePath: '/service-areas/flowery-branch-ga',
    });

    const renamed = await call('PUT', `/api/admin/service-areas/${serviceArea.id}`, {
      town: 'Flowery Branch',
      state: 'GA',
      zips: ['30542', '30566'],
      slug: 'flowery-branch',
      pageHeading: 'Plumber in Flowery Branch, GA',
      pageBody: ownWords,
      pagePublished: true,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().serviceArea).toMatchObject({
      slug: 'flowery-branch',
      formerSlugs: ['flowery-branch-ga'],
    });

    // A copy of that page for another town, with only the town changed: refused, naming the page.
    const list = await adminList();
    const gainesville = list.find((area) => area.town === 'Gainesville')!;
    const copy = await call('PUT', `/api/admin/service-areas/${gainesville.id}`, {
      town: 'Gainesville',
      state: 'GA',
      zips: ['30501'],
      pageHeading: 'Plumber in Gainesville, GA',
      pageBody: ownWords.replace('Flowery Branch', 'Gainesville'),
      pagePublished: true,
    });
    expect(copy.statusCode).toBe(400);
    expect(copy.json().message).toContain('Flowery Branch, GA town page (/service-areas/flowery-branch)');
    expect(copy.json().errors.pageBody).toHaveLength(1);
    expect((await adminList()).find((area) => area.id === gainesville.id)).toMatchObject({
      pagePublished: false,
    });

    const order = [serviceArea.id, ...list.map((area) => area.id).filter((id) => id !== serviceArea.id)];
    const reordered = await call('PUT', '/api/admin/service-areas/order', { ids: order });
    expect(reordered.statusCode).toBe(200);
    expect((await call('GET', '/api/service-areas', undefined, false)).json().serviceAreas[0].town).toBe(
      'Flowery Branch',
    );
    const partial = await call('PUT', '/api/admin/service-areas/order', { ids: order.slice(1) });
    expect(partial.statusCode).toBe(400);

    const deleted = await call('DELETE', `/api/admin/service-areas/${serviceArea.id}`);
    expect([deleted.statusCode, deleted.json()]).toEqual([
      200,
      { success: true, message: 'Service area moved to the Trash' },
    ]);
    const after = (await call('GET', '/api/service-areas', undefined, false)).json().serviceAreas;
    expect(after.map((area: { town: string }) => area.town)).not.toContain('Flowery Branch');
    expect((await call('DELETE', `/api/admin/service-areas/${serviceArea.id}`)).statusCode).toBe(404);
  });
});
