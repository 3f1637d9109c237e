import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  activityLog,
  contactSubmissions,
  contentVersions,
  faqs,
  leadNotifications,
  offers,
  serviceAreas,
  services,
} from '../../../../db/schema/index.ts';
import { buildTestApp, movableClock, type MovableClock, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { sweepExpired } from '../../services/sweep.ts';
import { VERSIONS_KEPT } from '../../services/content/history.ts';
import { applyDueScheduledChanges } from '../../services/content/scheduled.ts';
import { wallTimeToInstant } from '../../../shared/zoned-time.ts';
import { DEFAULT_COMPANY_TIME_ZONE } from '../../../shared/company-time.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const fields = (title: string, content: string) => ({
  title,
  excerpt: `About ${title}`,
  content: `<p>${content}</p>`,
  isPublished: true,
});

describe(`history, conflicts and the Trash over HTTP (${testDatabaseKind})`, () => {
  let t: TestApp;
  let clock: MovableClock;
  let cookie: string;
  beforeEach(async () => {
    clock = movableClock('2026-03-07T15:00:00Z');
    t = await buildTestApp({ clock: clock.now });
    cookie = await t.signInAs('admin', 'olivia');
  });
  afterEach(async () => {
    await t.close();
  });
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    as = cookie,
    headers = {},
  ) => t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: as, ...headers } });
  const createPost = async (title: string, content: string) => {
    const created = await send('POST', '/api/admin/posts', { type: 'advice', post: fields(title, content) });
    expect(created.statusCode).toBe(201);
    return created.json().post as { id: number; version: number };
  };
  const publicTitle = async (id: number) => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/posts/${id}` });
    return answer.statusCode === 200 ? (answer.json().post.title as string) : answer.statusCode;
  };

  it('keeps every save of a post, compares a version word by word and restores it as a new version', async () => {
    const post = await createPost('Drain care', 'Pour hot water down the drain weekly.');
    expect(post.version).toBe(1);
    let version = post.version;
    for (const [title, content] of [
      ['Drain care tips', 'Pour hot water down the drain every week.'],
      ['Drain care tips', 'Pour boiling water down the kitchen drain every week.'],
      ['Drain care guide', 'Use a strainer; pour boiling water down the kitchen drain every week.'],
    ] as const) {
      clock.later(60_000);
      const saved = await send('PUT', `/api/admin/posts/${post.id}`, {
        type: 'advice',
        post: fields(title, content),
        version,
      });
      expect(saved.statusCode).toBe(200);
      version = saved.json().post.version;
    }
    expect(version).toBe(4);

    const listed = await send('GET', `/api/admin/history?type=post&id=${post.id}`);
    expect(listed.statusCode).toBe(200);
    const versions = listed.json().versions as {
      id: number;
      savedAt: string;
      savedBy: string;
      summary: string;
    }[];
    expect(versions.map((entry) => entry.summary)).toEqual([
      'Edited Title, Excerpt, Content',
      'Edited Content',
      'Edited Title, Excerpt, Content',
      'Created “Drain care”',
    ]);
    expect(versions[0]).toMatchObject({ savedBy: 'olivia', savedAt: '2026-03-07T15:03:00.000Z' });
    expect(Object.keys(versions[0]!).sort()).toEqual(['id', 'savedAt', 'savedBy', 'summary', 'version']);

    const first = versions.at(-1)!;
    const compared = (await send('GET', `/api/admin/history/${first.id}`)).json().version;
    const content = compared.changes.find((change: { field: string }) => change.field === 'content');
    // From the first version to now: what was added and what was taken out, in reading order.
    expect(content.words).toEqual([
      { kind: 'removed', text: 'Pour hot' },
      { kind: 'added', text: 'Use a strainer; pour boiling' },
      { kind: 'same', text: 'water down the' },
      { kind: 'added', text: 'kitchen' },
      { kind: 'same', text: 'drain' },
      { kind: 'removed', text: 'weekly.' },
      { kind: 'added', text: 'every week.' },
    ]);
    expect(compared.changes.map((change: { field: string }) => change.field)).toEqual([
      'title',
      'excerpt',
      'content',
    ]);

    const restored = await send('POST', `/api/admin/history/${first.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ success: true, type: 'post', id: String(post.id), version: 5 });
    expect(await publicTitle(post.id)).toBe('Drain care');
    const after = (await send('GET', `/api/admin/history?type=post&id=${post.id}`)).json().versions;
    expect(after).toHaveLength(5);
    expect(after[0].summary).toMatch(/^Restored version 1 of Mar 7, 2026, 10:00 AM EST$/);

    const kinds = (await t.database.db.select().from(activityLog)).map((row) => [row.kind, row.username]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['content-created', 'olivia'],
        ['content-edited', 'olivia'],
        ['version-restored', 'olivia'],
      ]),
    );
  });

  it('refuses a save made from an older version, naming who saved and when, through tRPC, JSON and If-Match', async () => {
    const post = await createPost('Water heaters', 'Flush yearly.');
    const editor = await t.callerAs('editor', 'eddie');
    clock.later(5 * 60_000);
    const first = await editor.mutate('adminPosts.update', {
      id: post.id,
      type: 'advice',
      post: fields('Water heaters', 'Flush the tank yearly.'),
      version: post.version,
    });
    expect(first.statusCode).toBe(200);

    const stale = await send('PUT', `/api/admin/posts/${post.id}`, {
      type: 'advice',
      post: fields('Water heaters', 'Flush twice a year.'),
      version: post.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      success: false,
      message:
        'eddie changed “Water heaters” at Mar 7, 2026, 10:05 AM EST, after you opened it. Nothing was saved: compare your text with theirs, then save again.',
    });
    const byHeader = await send(
      'PUT',
      `/api/admin/posts/${post.id}`,
      { type: 'advice', post: fields('Water heaters', 'Flush twice a year.') },
      cookie,
      { 'if-match': `"${post.version}"` },
    );
    expect(byHeader.statusCode).toBe(409);
    const overTrpc = await editor.mutate('adminPosts.update', {
      id: post.id,
      type: 'advice',
      post: fields('Water heaters', 'Again'),
      version: post.version,
    });
    expect(overTrpc.statusCode).toBe(409);
    const badHeader = await send(
      'PUT',
      `/api/admin/posts/${post.id}`,
      { type: 'advice', post: fields('W', 'x') },
      cookie,
      {
        'if-match': 'yesterday',
      },
    );
    expect(badHeader.statusCode).toBe(400);
    expect(badHeader.json().message).toMatch(/If-Match/);
    expect(await publicTitle(post.id)).toBe('Water heaters');
    const [row] = await t.database.db.select().from(contentVersions).where(eq(contentVersions.version, 3));
    expect(row).toBeUndefined();

    // A client that sends no version saves as before (decision 058).
    const legacy = await send('PUT', `/api/admin/posts/${post.id}`, {
      type: 'advice',
      post: fields('Water heaters', 'Legacy'),
    });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json().post.version).toBe(3);

    // The settings are one item with a version of their own.
    const settings = (await send('GET', '/api/admin/settings')).json().settings;
    expect(settings.version).toBe(0);
    const savedSettings = await send('PUT', '/api/admin/settings', {
      ...settings,
      companyName: 'Pros One',
      version: 0,
    });
    expect(savedSettings.statusCode).toBe(200);
    expect(savedSettings.json().settings.version).toBe(2);
    const staleSettings = await send('PUT', '/api/admin/settings', {
      ...settings,
      companyName: 'Pros Two',
      version: 0,
    });
    expect(staleSettings.statusCode).toBe(409);
    const settingsHistory = (await send('GET', '/api/admin/history?type=settings&id=site')).json().versions;
    expect(settingsHistory.map((entry: { summary: string }) => entry.summary)).toEqual([
      'Edited companyName',
      'As it was before history was kept',
    ]);
    const editorCookie = editor.cookie!;
    expect(
      (await send('GET', '/api/admin/history?type=settings&id=site', undefined, editorCookie)).statusCode,
    ).toBe(403);
    expect((await send('GET', '/api/admin/history?type=nothing&id=1')).statusCode).toBe(400);
  });

  it('keeps each person’s unsaved draft until the item is saved, and never shows it to visitors', async () => {
    const post = await createPost('Septic care', 'Pump every three years.');
    const owner = t.caller(cookie);
    const editor = await t.callerAs('editor', 'eddie');
    const draft = { ...fields('Septic care, revised', 'Pump every two years.'), publishAt: '' };
    const saved = await owner.mutate('content.saveDraft', {
      type: 'post',
      id: String(post.id),
      document: draft,
      baseVersion: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result.data).toEqual({
      document: draft,
      baseVersion: 1,
      savedAt: '2026-03-07T15:00:00.000Z',
    });
    const newDraft = await owner.mutate('content.saveDraft', {
      type: 'post',
      id: 'new',
      document: { title: 'Half a thought' },
    });
    expect(newDraft.statusCode).toBe(200);
    // Each person's own: the editor has none of the owner's.
    expect(
      (await editor.query('content.draft', { type: 'post', id: String(post.id) })).json().result.data,
    ).toBeNull();
    expect(
      (await owner.query('content.draft', { type: 'post', id: String(post.id) })).json().result.data.document,
    ).toEqual(draft);
    expect(await publicTitle(post.id)).toBe('Septic care');
    const bad = await owner.mutate('content.saveDraft', {
      type: 'post',
      id: String(post.id),
      document: { title: { nested: 1 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await owner.mutate('content.saveDraft', { type: 'nothing', id: '1', document: {} })).statusCode,
    ).toBe(400);

    // Saving the item spends the draft; creating a post spends the draft of a new one.
    await send('PUT', `/api/admin/posts/${post.id}`, {
      type: 'advice',
      post: fields('Septic care', 'Pump every two years.'),
      version: 1,
    });
    expect(
      (await owner.query('content.draft', { type: 'post', id: String(post.id) })).json().result.data,
    ).toBeNull();
    await createPost('Half a thought', 'Now whole.');
    expect((await owner.query('content.draft', { type: 'post', id: 'new' })).json().result.data).toBeNull();
  });

  it('saves a scheduled change of a live post at its time, once, and keeps the post as it was until then', async () => {
    const post = await createPost('Water softeners', 'Soft water protects pipes.');
    // 6 AM company time on the Sunday the clocks spring forward (2 AM does not exist that night).
    const runAt = wallTimeToInstant('2026-03-08', '06:00', DEFAULT_COMPANY_TIME_ZONE);
    expect(runAt.toISOString()).toBe('2026-03-08T10:00:00.000Z');
    const body = {
      type: 'advice',
      post: fields('Water softeners: spring offer', 'Soft water protects pipes and heaters.'),
    };
    expect(
      (
        await send('POST', `/api/admin/posts/${post.id}/scheduled-changes`, {
          ...body,
          runAt: '2026-03-07T14:00:00Z',
        })
      ).statusCode,
    ).toBe(400);
    const scheduled = await send('POST', `/api/admin/posts/${post.id}/scheduled-changes`, {
      ...body,
      runAt: runAt.toISOString(),
    });
    expect(scheduled.statusCode).toBe(201);
    const pending = (await send('GET', `/api/admin/posts/${post.id}/scheduled-changes`)).json().changes;
    expect(pending).toEqual([
      expect.objectContaining({ runAt: '2026-03-08T10:00:00.000Z', createdBy: 'olivia' }),
    ]);

    expect(await applyDueScheduledChanges(t.database.db, new Date(runAt.getTime() - 1))).toBe(0);
    expect(await publicTitle(post.id)).toBe('Water softeners');
    // Two instances asking at once: the change is saved once.
    const [first, second] = await Promise.all([
      applyDueScheduledChanges(t.database.db, runAt),
      applyDueScheduledChanges(t.database.db, runAt),
    ]);
    expect(first + second).toBe(1);
    // Saved by a background job, not a request: the public read shows it once the database's notice
    // of the change has emptied what was kept (at once on PGlite, a moment later on PostgreSQL).
    await expect.poll(() => publicTitle(post.id)).toBe('Water softeners: spring offer');
    const versions = (await send('GET', `/api/admin/history?type=post&id=${post.id}`)).json().versions;
    expect(versions[0]).toMatchObject({
      savedBy: 'olivia',
      summary: 'Scheduled change of Mar 7, 2026, 10:00 AM EST went live',
    });
    expect((await send('GET', `/api/admin/posts/${post.id}/scheduled-changes`)).json().changes).toEqual([]);
    const kinds = (await t.database.db.select().from(activityLog)).map((row) => row.kind);
    expect(kinds).toEqual(expect.arrayContaining(['change-scheduled', 'scheduled-change-applied']));

    // A change cancelled before its time never goes live.
    const later = await send('POST', `/api/admin/posts/${post.id}/scheduled-changes`, {
      ...body,
      runAt: '2026-03-09T10:00:00Z',
    });
    expect((await send('DELETE', `/api/admin/scheduled-changes/${later.json().change.id}`)).statusCode).toBe(
      200,
    );
    expect(await applyDueScheduledChanges(t.database.db, new Date('2026-03-10T00:00:00Z'))).toBe(0);
  });

  it('keeps the newest hundred versions of an item', async () => {
    const post = await createPost('Sump pumps', 'Version 1');
    for (let save = 2; save <= VERSIONS_KEPT + 5; save++) {
      const saved = await send('PUT', `/api/admin/posts/${post.id}`, {
        type: 'advice',
        post: fields('Sump pumps', `Version ${save}`),
      });
      expect(saved.statusCode).toBe(200);
    }
    const versions = (await send('GET', `/api/admin/history?type=post&id=${post.id}`)).json().versions;
    expect(versions).toHaveLength(VERSIONS_KEPT);
    expect(versions.at(-1).version).toBe(6);
  });

  it('moves a post, a review, a lead and an upload to the Trash, restores them whole, and purges after the set days', async () => {
    const post = await createPost('Frozen pipes', 'Keep the heat on.');
    await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { name: 'Ann', rating: 4, review: 'Quick and tidy' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { firstName: 'Bo', lastName: 'Ray', email: 'bo@example.com', message: 'Leaky tap' },
    });
    const reviewId = (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json().reviews[0].id;
    const [lead] = await t.database.db.select().from(contactSubmissions);
    const alertsBefore = await t.database.db.select().from(leadNotifications);

    expect((await send('DELETE', `/api/admin/posts/${post.id}`)).json()).toEqual({
      success: true,
      message: 'Post moved to the Trash',
    });
    expect((await send('DELETE', `/api/admin/reviews/${reviewId}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/admin/leads/${lead!.id}`)).statusCode).toBe(200);
    expect(await publicTitle(post.id)).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/posts' })).json().advicePosts).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/reviews' })).json().reviews).toEqual([]);
    const admin = await send('GET', '/api/admin/posts');
    expect(admin.json().advicePosts).toEqual([]);
    expect((await send('GET', '/api/admin/stats?days=30')).json().stats.totals).toMatchObject({
      leads: 0,
      reviews: 0,
    });

    const trash = (await send('GET', '/api/admin/trash')).json().items;
    expect(trash).toEqual(
      expect.arrayContaining([
        {
          type: 'post',
          id: String(post.id),
          title: 'Frozen pipes',
          deletedAt: '2026-03-07T15:00:00.000Z',
          deletedBy: 'olivia',
          purgeAt: '2026-04-06T15:00:00.000Z',
        },
        expect.objectContaining({ type: 'review', id: reviewId, title: 'Review by Ann (4 stars)' }),
        expect.objectContaining({
          type: 'lead',
          id: String(lead!.id),
          title: 'Lead from Bo Ray <bo@example.com>',
        }),
      ]),
    );

    // A new post takes the trashed post's address; restoring the old one then says so.
    const rival = await createPost('Frozen pipes', 'A newer take.');
    const refused = await send('POST', `/api/admin/trash/post/${post.id}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The address “frozen-pipes” is now used by the post “Frozen pipes”. Change that post’s slug, then restore this one.',
    );
    expect(
      (
        await send('PUT', `/api/admin/posts/${rival.id}`, {
          type: 'advice',
          post: { ...fields('Frozen pipes', 'A newer take.'), slug: 'frozen-pipes-2026' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await send('POST', `/api/admin/trash/post/${post.id}/restore`)).statusCode).toBe(200);
    expect(await publicTitle(post.id)).toBe('Frozen pipes');
    expect((await send('POST', `/api/admin/trash/review/${reviewId}/restore`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/reviews' })).json().reviews).toEqual([
      expect.objectContaining({ id: reviewId, name: 'Ann', rating: 4, review: 'Quick and tidy' }),
    ]);
    expect((await send('POST', `/api/admin/trash/lead/${lead!.id}/restore`)).statusCode).toBe(200);
    const [leadBack] = await t.database.db.select().from(contactSubmissions);
    expect(leadBack).toMatchObject({ ...lead, deletedAt: null });
    // Its alert (sent meanwhile or not) is still there: a trashed lead keeps what hangs on it.
    const alertIds = (rows: { id: number; submissionId: number }[]) =>
      rows.map((row) => [row.id, row.submissionId]);
    expect(alertIds(await t.database.db.select().from(leadNotifications))).toEqual(alertIds(alertsBefore));
    expect((await send('POST', `/api/admin/trash/lead/${lead!.id}/restore`)).statusCode).toBe(404);

    // Deleted for good: only by an admin; by the sweep when the days are up.
    await send('DELETE', `/api/admin/leads/${lead!.id}`);
    await send('DELETE', `/api/admin/reviews/${reviewId}`);
    const editorCookie = await t.signInAs('editor', 'eddie');
    expect(
      (await send('DELETE', `/api/admin/trash/lead/${lead!.id}`, undefined, editorCookie)).statusCode,
    ).toBe(403);
    expect((await send('DELETE', `/api/admin/trash/lead/${lead!.id}`)).json()).toMatchObject({
      success: true,
      purged: true,
    });
    expect(await t.database.db.select().from(contactSubmissions)).toEqual([]);
    expect((await send('PUT', '/api/admin/trash/settings', { keptDays: 0 })).statusCode).toBe(400);
    expect((await send('PUT', '/api/admin/trash/settings', { keptDays: 10 })).statusCode).toBe(200);
    const fileStore = { fileStore: t.app.fileStore };
    expect(
      (await sweepExpired(t.database.db, fileStore, new Date(clock.now().getTime() + 9 * DAY_MS))).trash,
    ).toBe(0);
    expect(
      (await sweepExpired(t.database.db, fileStore, new Date(clock.now().getTime() + 10 * DAY_MS + 1))).trash,
    ).toBe(1);
    expect((await send('GET', '/api/admin/trash')).json().items).toEqual([]);
    const purges = (await t.database.db.select().from(activityLog)).filter(
      (row) => row.kind === 'content-purged',
    );
    expect(purges.map((row) => [row.username, row.summary])).toEqual([
      ['olivia', 'Deleted lead “Lead from Bo Ray <bo@example.com>” for good'],
      [null, 'Deleted review “Review by Ann (4 stars)” for good'],
    ]);
  });

  /** A kind of content kept by row id: how to write one, where visitors read it, and who may take its address. */
  interface RowKind {
    type: string;
    path: string;
    /** The property of a save's answer holding the item. */
    answer: string;
    trashed: string;
    body: (name: string) => Record<string, unknown>;
    /** The names visitors can read now. */
    shown: () => Promise<string[]>;
    /** An item that takes the address of one named `name` while that one is in the Trash. */
    /** Whether online booking offers it (a service to choose, a town's ZIP served). */
    bookable?: () => Promise<boolean>;
    rival?: { body: (name: string) => Record<string, unknown>; refusal: RegExp };
  }
  const publicList = async (url: string, field: string, name: string) =>
    ((await t.app.inject({ method: 'GET', url })).json()[field] as Record<string, string>[]).map(
      (item) => item[name]!,
    );
  const availability = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/booking/availability?${query}` });
  const rowKinds: RowKind[] = [
    {
      type: 'service',
      path: '/api/admin/services',
      answer: 'service',
      trashed: 'Service moved to the Trash',
      body: (name) => ({
        title: name,
        summary: `All about ${name}`,
        description: `<p>${name} done well.</p>`,
      }),
      shown: () => publicList('/api/services', 'services', 'title'),
      bookable: async () => (await availability('zip=30040&service=hydro-jetting')).statusCode === 200,
      rival: {
        body: (name) => ({
          title: 'Rival',
          slug: name.toLowerCase().replace(/ /g, '-'),
          summary: 'R',
          description: '<p>R</p>',
        }),
        refusal:
          /^The address \/services\/hydro-jetting is already used by “Rival”\. Change that service’s address, then restore this one\.$/,
      },
    },
    {
      type: 'faq',
      path: '/api/admin/faqs',
      answer: 'faq',
      trashed: 'Question moved to the Trash',
      body: (name) => ({ question: `${name}?`, answer: `Yes, ${name}.` }),
      shown: async () =>
        (
          (await t.app.inject({ method: 'GET', url: '/trpc/services.faqs' })).json().result.data as {
            question: string;
          }[]
        ).map((faq) => faq.question.replace(/\?$/, '')),
    },
    {
      type: 'offer',
      path: '/api/admin/offers',
      answer: 'offer',
      trashed: 'Offer moved to the Trash',
      body: (name) => ({ title: name, amount: '$10 Off' }),
      shown: () => publicList('/api/offers', 'offers', 'title'),
    },
    {
      type: 'service-area',
      path: '/api/admin/service-areas',
      answer: 'serviceArea',
      trashed: 'Service area moved to the Trash',
      body: (name) => ({ town: name, state: 'GA', zips: ['39901'] }),
      shown: () => publicList('/api/service-areas', 'serviceAreas', 'town'),
      bookable: async () => (await availability('zip=39901')).json().serviceable === true,
      rival: {
        body: (name) => ({ town: name, state: 'GA', zips: ['39902'] }),
        refusal:
          /^The address \/service-areas\/hydro-jetting-ga is now used by Hydro Jetting\. Change that town’s slug, then restore this one\.$/,
      },
    },
  ];

  for (const kind of rowKinds)
    it(`keeps every save of a ${kind.type}, refuses a stale one, and moves it to the Trash and back`, async () => {
      const name = 'Hydro Jetting';
      const created = await send('POST', kind.path, kind.body(name));
      expect(created.statusCode).toBe(201);
      const { id, version } = created.json()[kind.answer] as { id: number; version: number };
      expect(version).toBe(1);
      const eddie = await t.signInAs('editor', 'eddie');
      clock.later(60_000);
      const edited = await send('PUT', `${kind.path}/${id}`, { ...kind.body('Jetting'), version }, eddie);
      expect(edited.statusCode).toBe(200);
      expect(edited.json()[kind.answer].version).toBe(2);
      expect(await kind.shown()).toContain('Jetting');

      // Saved from version 1 after eddie's save: refused by the body's version and by If-Match alike.
      const stale = await send('PUT', `${kind.path}/${id}`, { ...kind.body('Mine'), version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(
        /^eddie changed “[^”]*Jetting[^”]*” at Mar 7, 2026, 10:01 AM EST, after you opened it\. Nothing was saved/,
      );
      const byHeader = await send('PUT', `${kind.path}/${id}`, kind.body('Mine'), cookie, {
        'if-match': '"1"',
      });
      expect(byHeader.statusCode).toBe(409);

      const versions = (await send('GET', `/api/admin/history?type=${kind.type}&id=${id}`)).json().versions;
      expect(versions.map((entry: { savedBy: string | null }) => entry.savedBy)).toEqual(['eddie', 'olivia']);
      expect(versions[1].summary).toMatch(/^Created “/);
      const restored = await send('POST', `/api/admin/history/${versions[1].id}/restore`);
      expect(restored.json()).toMatchObject({ type: kind.type, id: String(id), version: 3 });
      expect(await kind.shown()).toContain(name);
      expect(await kind.shown()).not.toContain('Jetting');
      if (kind.bookable) expect(await kind.bookable()).toBe(true);

      expect((await send('DELETE', `${kind.path}/${id}`)).json()).toEqual({
        success: true,
        message: kind.trashed,
      });
      expect(await kind.shown()).not.toContain(name);
      if (kind.bookable) expect(await kind.bookable()).toBe(false);
      const adminList = Object.values((await send('GET', kind.path)).json()).find(Array.isArray) as {
        id: number;
      }[];
      const adminIds = adminList.map((item) => item.id);
      expect(adminIds).not.toContain(id);
      expect((await send('GET', '/api/admin/trash')).json().items).toEqual([
        expect.objectContaining({ type: kind.type, id: String(id), deletedBy: 'olivia' }),
      ]);
      expect((await send('PUT', `${kind.path}/${id}`, kind.body('Ghost'))).statusCode).toBe(404);

      if (kind.rival) {
        // Another item takes the trashed one's address; restoring it is refused until that one moves.
        const rival = await send('POST', kind.path, kind.rival.body(name));
        expect(rival.statusCode).toBe(201);
        const refused = await send('POST', `/api/admin/trash/${kind.type}/${id}/restore`);
        expect([refused.statusCode, refused.json().message]).toEqual([
          409,
          expect.stringMatching(kind.rival.refusal),
        ]);
        await send('DELETE', `${kind.path}/${rival.json()[kind.answer].id}`);
      }
      expect((await send('POST', `/api/admin/trash/${kind.type}/${id}/restore`)).statusCode).toBe(200);
      expect(await kind.shown()).toContain(name);

      // In the Trash again, it is deleted for good once the days are up.
      await send('DELETE', `${kind.path}/${id}`);
      const fileStore = { fileStore: t.app.fileStore };
      const swept = await sweepExpired(
        t.database.db,
        fileStore,
        new Date(clock.now().getTime() + 31 * DAY_MS),
      );
      expect(swept.trash).toBe(kind.rival ? 2 : 1);
      expect((await send('GET', '/api/admin/trash')).json().items).toEqual([]);
      expect((await send('POST', `/api/admin/trash/${kind.type}/${id}/restore`)).statusCode).toBe(404);
      const table = { service: services, faq: faqs, offer: offers, 'service-area': serviceAreas }[kind.type]!;
      expect(await t.database.db.select().from(table).where(eq(table.id, id))).toEqual([]);
    });

  it('takes a service’s questions to the Trash with it, and brings a question back only after its service', async () => {
    const service = (await send('POST', '/api/admin/services', rowKinds[0]!.body('Hydro Jetting'))).json()
      .service;
    const faqIds = [];
    for (const question of ['Is it safe for old pipes?', 'How long does it take?'])
      faqIds.push(
        (await send('POST', '/api/admin/faqs', { question, answer: 'Yes.', serviceId: service.id })).json()
          .faq.id,
      );
    const questions = () => rowKinds[1]!.shown();
    const adminQuestions = async () =>
      ((await send('GET', '/api/admin/faqs')).json().faqs as { question: string }[]).map(
        (faq) => faq.question,
      );
    await send('DELETE', `/api/admin/faqs/${faqIds[0]}`);
    await send('DELETE', `/api/admin/services/${service.id}`);
    expect(await questions()).not.toContain('How long does it take');
    expect(await adminQuestions()).not.toContain('How long does it take?');

    const refused = await send('POST', `/api/admin/trash/faq/${faqIds[0]}/restore`);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'This question is about the service “Hydro Jetting”, which is in the Trash. Restore that service first.',
    ]);
    expect((await send('POST', `/api/admin/trash/service/${service.id}/restore`)).statusCode).toBe(200);
    expect(await questions()).toContain('How long does it take');
    expect(await questions()).not.toContain('Is it safe for old pipes');
    expect((await send('POST', `/api/admin/trash/faq/${faqIds[0]}/restore`)).statusCode).toBe(200);
    expect(await questions()).toContain('Is it safe for old pipes');
  });

  it('keeps every save of a page’s text and refuses one made from an older version', async () => {
    const eddie = await t.signInAs('editor', 'eddie');
    const read = async () => (await send('GET', '/api/admin/pages/footer')).json();
    expect((await read()).version).toBe(0);
    const first = await send('PUT', '/api/admin/pages/footer', { line: 'Family plumbers', version: 0 });
    expect(first.json()).toMatchObject({ text: { line: 'Family plumbers' }, version: 2 });
    clock.later(60_000);
    const second = await send('PUT', '/api/admin/pages/footer', { line: 'Plumbers since 1990' }, eddie, {
      'if-match': '"2"',
    });
    expect(second.json().version).toBe(3);
    const stale = await send('PUT', '/api/admin/pages/footer', { line: 'Mine', version: 2 });
    expect([stale.statusCode, stale.json().message]).toEqual([
      409,
      expect.stringMatching(/^eddie changed “Footer text” at Mar 7, 2026, 10:01 AM EST, after you opened it/),
    ]);
    const versions = (await send('GET', '/api/admin/history?type=page-text&id=footer')).json().versions;
    expect(versions.map((entry: { summary: string }) => entry.summary)).toEqual([
      'Edited line',
      'Edited line',
      'As it was before history was kept',
    ]);
    expect((await send('POST', `/api/admin/history/${versions[1].id}/restore`)).json().version).toBe(4);
    expect((await read()).text.line).toBe('Family plumbers');
    expect((await send('GET', '/api/admin/history?type=page-text&id=nowhere')).statusCode).toBe(400);

    // A page's unsaved words, lists of records too, wait as a draft until the page is saved.
    const owner = t.caller(cookie);
    const draft = { story: 'Since 1990.', team: [{ name: 'Ana Ruiz', role: 'Owner', photoUrl: '' }] };
    const about = { type: 'page-text', id: 'about' };
    expect(
      (await owner.mutate('content.saveDraft', { ...about, document: draft, baseVersion: 0 })).statusCode,
    ).toBe(200);
    expect((await owner.query('content.draft', about)).json().result.data.document).toEqual(draft);
    expect((await send('PUT', '/api/admin/pages/about', draft)).statusCode).toBe(200);
    expect((await owner.query('content.draft', about)).json().result.data).toBeNull();
    expect((await send('DELETE', '/api/admin/trash/page-text/footer')).statusCode).toBe(400);
  });
});
