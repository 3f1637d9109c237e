import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { testPhoto, uploadInto } from '../../testing/uploads.ts';

describe(`/api/services and /api/admin/services, /api/admin/faqs (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await buildTestApp();
    cookie = await t.signInAs('editor');
  });
  afterEach(async () => {
    await t.close();
  });

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, asStaff = true) =>
    t.app.inject({
      method,
      url,
      headers: asStaff ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const gasLine = (photoUrl: string) => ({
    title: 'Gas Line Repair',
    summary: 'Leaking or new gas lines, fixed safely.',
    description: '<p>We find the leak and fix it.</p>',
    offerings: ['Leak detection', 'Line replacement', 'Appliance hookups'],
    photos: [{ src: photoUrl, alt: 'New gas meter on a brick wall' }],
    priceFrom: 149,
  });

  it('lists the shown services in order for anyone, and one with its questions', async () => {
    const list = await send('GET', '/api/services', undefined, false);
    expect(list.statusCode).toBe(200);
    const { services } = list.json<{ services: { slug: string; title: string; anchor: string }[] }>();
    expect(services).toHaveLength(6);
    expect(services[5]).toMatchObject({
      title: 'Tankless Water Installation',
      anchor: 'leak-detection-services',
    });

    const one = await send('GET', `/api/services/${services[1]!.slug}`, undefined, false);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      success: true,
      service: { title: 'Sewer + Drain Solutions', offerings: expect.arrayContaining(['Snaking']) },
      faqs: [expect.objectContaining({ question: expect.stringContaining('camera inspection') })],
    });
    expect((await send('GET', '/api/services/no-such-service', undefined, false)).statusCode).toBe(404);
    const bad = await send('GET', '/api/services/Not_A_Slug', undefined, false);
    expect(bad.statusCode).toBe(400);
  });

  it('lets an editor add, rename, hide and delete a service; the old address answers 301', async () => {
    const photo = await uploadInto(t, await testPhoto(), 'meter.jpg');
    expect((await send('POST', '/api/admin/services', gasLine(photo.url), false)).statusCode).toBe(401);

    const created = await send('POST', '/api/admin/services', gasLine(photo.url));
    expect(created.statusCode).toBe(201);
    const { service } = created.json<{ service: { id: number; slug: string; photos: unknown[] } }>();
    expect(service).toMatchObject({
      slug: 'gas-line-repair',
      photos: [{ src: photo.url, alt: 'New gas meter on a brick wall', width: 500, height: 300 }],
    });
    expect((await send('GET', '/api/services', undefined, false)).json().services.at(-1).slug).toBe(
      'gas-line-repair',
    );
    const sitemap = await send('GET', '/sitemap.xml', undefined, false);
    expect(sitemap.body).toContain('/services/gas-line-repair</loc>');

    const renamed = await send('PUT', `/api/admin/services/${service.id}`, {
      ...gasLine(photo.url),
      slug: 'gas-lines',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().service).toMatchObject({ slug: 'gas-lines', formerSlugs: ['gas-line-repair'] });
    const moved = await send('GET', '/api/services/gas-line-repair', undefined, false);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/api/services/gas-lines');

    // The upload is in use now: the media library refuses to delete it.
    const deleteUpload = await send('DELETE', `/api/admin/media/${photo.id}`);
    expect(deleteUpload.statusCode).toBe(409);
    expect(deleteUpload.json().message).toContain('the service “Gas Line Repair”');

    const hidden = await send('PUT', `/api/admin/services/${service.id}`, {
      ...gasLine(photo.url),
      isShown: false,
    });
    expect(hidden.statusCode).toBe(200);
    expect((await send('GET', '/api/services/gas-lines', undefined, false)).statusCode).toBe(404);
    const afterHiding = await send('GET', '/api/services', undefined, false);
    expect(afterHiding.json().services.map((each: { slug: string }) => each.slug)).not.toContain('gas-lines');
    expect((await send('GET', '/sitemap.xml', undefined, false)).body).not.toContain('/services/gas-lines');

    expect((await send('DELETE', `/api/admin/services/${service.id}`)).json()).toEqual({
      success: true,
      message: 'Service moved to the Trash',
    });
    expect((await send('DELETE', `/api/admin/services/${service.id}`)).statusCode).toBe(404);
    expect((await send('GET', '/api/admin/services')).json().services).toHaveLength(6);
  });

  it('answers bad input with 400 naming the field, and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{ ...gasLine('/uploads/x.jpg'), title: '' }, 'Title is required'],
      [{ ...gasLine('/uploads/x.jpg'), description: '<p> </p>' }, 'Description is required'],
      [{ ...gasLine('/uploads/x.jpg'), priceFrom: 'cheap' }, 'Price from must be a whole number of dollars'],
      [{ ...gasLine('/uploads/x.jpg'), slug: 'Gas Lines!' }, 'Address (slug) may hold only'],
      [{ ...gasLine('/uploads/x.jpg'), offerings: 'all of them' }, 'Offerings must be a list'],
      [{ ...gasLine('https://elsewhere.test/x.jpg') }, 'Photo must be chosen from the media library'],
      [
        { ...gasLine('/uploads/x.jpg'), photos: [{ src: '/uploads/x.jpg', alt: '' }] },
        'Photo alt text is required',
      ],
      [gasLine('/uploads/not-uploaded.jpg'), 'Photo 1 is not an image in the media library'],
    ];
    for (const [payload, message] of cases) {
      const response = await send('POST', '/api/admin/services', payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json(), message).toMatchObject({
        success: false,
        message: expect.stringContaining(message),
      });
    }
    const taken = await send('POST', '/api/admin/services', {
      ...gasLine('/uploads/x.jpg'),
      photos: [],
      slug: 'residential-plumbing',
    });
    expect(taken.statusCode).toBe(409);
    expect((await send('GET', '/api/admin/services')).json().services).toHaveLength(6);
    expect((await send('PUT', '/api/admin/services/0', gasLine('/uploads/x.jpg'))).statusCode).toBe(400);
  });

  it('keeps questions: general or about a service, shown with it, 400 for bad input', async () => {
    expect((await send('GET', '/api/admin/faqs', undefined, false)).statusCode).toBe(401);
    const before = (await send('GET', '/api/admin/faqs')).json().faqs.length;
    const services = (await send('GET', '/api/admin/services')).json().services as {
      id: number;
      slug: string;
    }[];

    const created = await send('POST', '/api/admin/faqs', {
      question: 'Do you install filters for well water?',
      answer: 'Yes.\n\nWe test the water first.',
      serviceId: services[2]!.id,
    });
    expect(created.statusCode).toBe(201);
    const { faq } = created.json<{ faq: { id: number } }>();
    const page = await send('GET', `/api/services/${services[2]!.slug}`, undefined, false);
    expect(page.json().faqs.map((each: { question: string }) => each.question)).toContain(
      'Do you install filters for well water?',
    );

    const saved = await send('PUT', `/api/admin/faqs/${faq.id}`, {
      question: 'Do you treat well water?',
      answer: 'Yes.',
      serviceId: null,
      isShown: false,
    });
    expect(saved.json().faq).toMatchObject({ serviceId: null, isShown: false });

    const bad = await send('POST', '/api/admin/faqs', { question: '', answer: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Question is required');
    const unknownService = await send('POST', '/api/admin/faqs', {
      question: 'Q',
      answer: 'A',
      serviceId: 99_999,
    });
    expect(unknownService.statusCode).toBe(400);
    expect(unknownService.json().message).toContain('Service');

    expect((await send('DELETE', `/api/admin/faqs/${faq.id}`)).statusCode).toBe(200);
    expect((await send('GET', '/api/admin/faqs')).json().faqs).toHaveLength(before);
  });
});
