import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scheduledChanges } from '../../../../db/schema/index.ts';
import { buildTestApp, movableClock, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { applyDueScheduledChanges } from '../../services/content/scheduled.ts';
import { getShownPageText } from '../../services/page-texts.ts';
import { wallTimeToInstant } from '../../../shared/zoned-time.ts';
import { DEFAULT_COMPANY_TIME_ZONE } from '../../../shared/company-time.ts';

describe(`scheduled changes to any kind of content over HTTP (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await buildTestApp({ clock: movableClock('2026-03-07T15:00:00Z').now });
    cookie = await t.signInAs('editor', 'eddie');
  });
  afterEach(async () => {
    await t.close();
  });
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie } });
  const shownServices = async () =>
    ((await t.app.inject({ url: '/api/services' })).json().services as { title: string }[]).map(
      (service) => service.title,
    );
  // The words the pages show (each page's +data.ts reads them so).
  const footerShown = async () => (await getShownPageText(t.database.db, 'footer', 'Acme')).line;
  const runDue = (now: Date) => applyDueScheduledChanges(t.database.db, now);

  it('hides a service and rewrites a page’s words at their time, checked when scheduled', async () => {
    const jetting = {
      title: 'Hydro Jetting',
      summary: 'Roots and grease cleared.',
      description: '<p>High-pressure water clears the line.</p>',
    };
    const service = (await send('POST', '/api/admin/services', jetting)).json().service as { id: number };
    expect((await send('PUT', '/api/admin/pages/footer', { line: 'Family plumbers' })).statusCode).toBe(200);
    // Monday 6 AM company time, the day after the clocks spring forward.
    const runAt = wallTimeToInstant('2026-03-09', '06:00', DEFAULT_COMPANY_TIME_ZONE);
    expect(runAt.toISOString()).toBe('2026-03-09T10:00:00.000Z');

    const hide = await send('POST', '/api/admin/scheduled-changes', {
      type: 'service',
      id: String(service.id),
      document: { ...jetting, isShown: false },
      runAt: runAt.toISOString(),
    });
    expect([hide.statusCode, hide.json().change.runAt]).toEqual([201, '2026-03-09T10:00:00.000Z']);
    const reword = await send('POST', '/api/admin/scheduled-changes', {
      type: 'page-text',
      id: 'footer',
      document: { line: 'Plumbers since 1990' },
      runAt: runAt.toISOString(),
    });
    expect(reword.statusCode).toBe(201);

    // A document its editor's save would refuse is refused now, naming the field; nothing is stored.
    const bad = await send('POST', '/api/admin/scheduled-changes', {
      type: 'page-text',
      id: 'footer',
      document: { line: 'a\u0000b' },
      runAt: runAt.toISOString(),
    });
    expect([bad.statusCode, bad.json().errors]).toEqual([
      400,
      { line: ["Footer's line must not contain control characters"] },
    ]);
    const untitled = await send('POST', '/api/admin/scheduled-changes', {
      type: 'service',
      id: String(service.id),
      document: { ...jetting, title: '' },
      runAt: runAt.toISOString(),
    });
    expect([untitled.statusCode, Object.keys(untitled.json().errors)]).toEqual([400, ['title']]);
    expect(await t.database.db.select().from(scheduledChanges)).toHaveLength(2);
    const pending = await send('GET', '/api/admin/scheduled-changes?type=page-text&id=footer');
    expect(pending.json().changes).toEqual([
      expect.objectContaining({ createdBy: 'eddie', document: { line: 'Plumbers since 1990' } }),
    ]);

    expect(await runDue(new Date(runAt.getTime() - 1))).toBe(0);
    expect(await shownServices()).toContain('Hydro Jetting');
    expect(await footerShown()).toBe('Family plumbers');
    expect(await runDue(runAt)).toBe(2);
    // Saved by a background job, not a request: the public read shows it once the database's notice
    // has emptied what was kept (at once on PGlite, a moment later on PostgreSQL).
    await expect.poll(shownServices).not.toContain('Hydro Jetting');
    expect(await footerShown()).toBe('Plumbers since 1990');
    const versions = (await send('GET', `/api/admin/history?type=service&id=${service.id}`)).json().versions;
    expect(versions[0]).toMatchObject({ savedBy: 'eddie', summary: expect.stringMatching(/went live$/) });

    // Cancelled before its time, a change never goes live; settings are not an editor's to schedule.
    const later = await send('POST', '/api/admin/scheduled-changes', {
      type: 'page-text',
      id: 'footer',
      document: { line: 'Never shown' },
      runAt: '2026-03-10T10:00:00Z',
    });
    expect((await send('DELETE', `/api/admin/scheduled-changes/${later.json().change.id}`)).statusCode).toBe(
      200,
    );
    expect(await runDue(new Date('2026-03-11T00:00:00Z'))).toBe(0);
    expect(await footerShown()).toBe('Plumbers since 1990');
    const settings = await send('POST', '/api/admin/scheduled-changes', {
      type: 'settings',
      id: 'site',
      document: {},
      runAt: runAt.toISOString(),
    });
    expect(settings.statusCode).toBe(403);
  });
});
