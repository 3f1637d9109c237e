import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activityLog } from '../../../../db/schema/index.ts';
import { buildTestApp, movableClock, type TestApp, type TrpcCaller } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { createReview } from '../../services/reviews.ts';
import { createContactSubmission } from '../../services/contact.ts';
import { testPhoto, uploadInto } from '../../testing/uploads.ts';
import { recordActivity } from '../../services/activity-log.ts';

const post = (title: string, isPublished: boolean) => ({
  type: 'news',
  post: { title, excerpt: `About ${title}`, content: `<p>${title}</p>`, isPublished },
});

// What staff do in the admin area, each step as the Activity tab lists it: who, which kind, what.
describe(`every change staff make is in the activity log (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: TrpcCaller;
  let editor: TrpcCaller;
  beforeEach(async () => {
    t = await buildTestApp({ clock: movableClock('2026-03-07T15:00:00Z').now });
    admin = await t.callerAs('admin', 'olivia');
    editor = await t.callerAs('editor', 'eddie');
    await t.database.db.delete(activityLog);
  });
  afterEach(async () => {
    await t.close();
  });
  const send = (caller: TrpcCaller, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: caller.cookie! } });
  const logged = async () =>
    (await t.database.db.select().from(activityLog).orderBy(activityLog.id)).map((entry) => ({
      user: entry.username,
      kind: entry.kind,
      summary: entry.summary,
      fields: (entry.details as { fields?: string[] } | null)?.fields,
    }));

  it('logs creates, edits with their fields, publishing and unpublishing of posts, and settings changes', async () => {
    const draft = await send(editor, 'POST', '/api/admin/posts', post('Frozen pipes', false));
    const id = draft.json().postId as number;
    expect((await send(editor, 'PUT', `/api/admin/posts/${id}`, post('Frozen pipes', true))).statusCode).toBe(
      200,
    );
    await send(admin, 'PUT', `/api/admin/posts/${id}`, post('Frozen pipes in March', true));
    await send(admin, 'PUT', `/api/admin/posts/${id}`, post('Frozen pipes in March', false));
    await send(admin, 'POST', '/api/admin/posts', post('Spring checklist', true));
    const settings = (await admin.query('adminSettings.get')).json().result.data;
    await admin.mutate('adminSettings.save', { ...settings, companyName: 'Forsyth Flow' });
    const backups = { enabled: true, time: '03:15', keep: 5 };
    expect((await send(admin, 'PUT', '/api/admin/backups/settings', backups)).statusCode).toBe(200);

    const created = ['type', 'title', 'excerpt', 'content', 'slug', 'isPublished', 'publishedAt'];
    expect(await logged()).toEqual([
      {
        user: 'eddie',
        kind: 'content-created',
        summary: 'Created post “Frozen pipes”',
        fields: ['type', 'title', 'excerpt', 'content', 'slug', 'isPublished'],
      },
      {
        user: 'eddie',
        kind: 'content-published',
        summary: 'Published post “Frozen pipes”: Published, Publish date',
        fields: ['isPublished', 'publishedAt'],
      },
      {
        user: 'olivia',
        kind: 'content-edited',
        summary: 'Edited post “Frozen pipes in March”: Title, Excerpt, Content',
        fields: ['title', 'excerpt', 'content'],
      },
      {
        user: 'olivia',
        kind: 'content-unpublished',
        summary: 'Unpublished post “Frozen pipes in March”: Published',
        fields: ['isPublished'],
      },
      {
        user: 'olivia',
        kind: 'content-created',
        summary: 'Created post “Spring checklist”',
        fields: created,
      },
      {
        user: 'olivia',
        kind: 'content-published',
        summary: 'Published post “Spring checklist”',
        fields: created,
      },
      {
        user: 'olivia',
        kind: 'settings-changed',
        summary: 'Edited settings “Site settings”: companyName',
        fields: ['companyName'],
      },
      {
        user: 'olivia',
        kind: 'settings-changed',
        summary: 'Set the nightly backup to 03:15, keeping 5',
        fields: ['enabled', 'time', 'keep'],
      },
    ]);
  });

  it('logs showing, hiding, answering and releasing reviews, lead statuses, alt text, search text and review requests', async () => {
    const db = t.database.db;
    const review = await createReview(db, { name: 'Ann', secondName: null, rating: 5, review: 'Fast.' });
    const spamReview = await createReview(
      db,
      { name: 'Bot', secondName: null, rating: 5, review: 'Cheap pills.' },
      { visible: false, spam: true },
    );
    const lead = await createContactSubmission(db, {
      firstName: 'Bo',
      lastName: 'Ray',
      email: 'bo@example.com',
      phone: null,
      service: null,
      message: 'Leak under the sink',
    });
    const spamLead = await createContactSubmission(
      db,
      {
        firstName: 'Spam',
        lastName: 'Bot',
        email: 'spam@example.com',
        phone: null,
        service: null,
        message: 'Buy now',
      },
      undefined,
      { spam: true },
    );
    const upload = await uploadInto(t, await testPhoto(), 'sink.jpg');

    await editor.mutate('adminReviews.setVisible', { id: Number(review.id), isVisible: false });
    await editor.mutate('adminReviews.setVisible', { id: Number(review.id), isVisible: true });
    await send(editor, 'PUT', `/api/admin/reviews/${review.id}/reply`, { reply: 'Thank you, Ann!' });
    await admin.mutate('adminReviews.notSpam', { id: Number(spamReview.id) });
    await editor.mutate('leads.setStatus', { id: lead.id, status: 'contacted' });
    await admin.mutate('leads.notSpam', { id: spamLead.id });
    await send(editor, 'PATCH', `/api/admin/media/${upload.id}`, { alt: 'A leaking trap' });
    await admin.mutate('adminSeo.save', { page: '/services', title: 'Plumbing services' });
    const asked = await send(editor, 'POST', '/api/admin/review-requests', {
      name: 'Cy Dunn',
      email: 'cy@example.com',
    });
    expect(asked.statusCode).toBe(201);

    expect(await logged()).toEqual([
      {
        user: 'eddie',
        kind: 'content-unpublished',
        summary: 'Hid review “Review by Ann (5 stars)”',
        fields: ['isVisible'],
      },
      {
        user: 'eddie',
        kind: 'content-published',
        summary: 'Showed review “Review by Ann (5 stars)”',
        fields: ['isVisible'],
      },
      {
        user: 'eddie',
        kind: 'content-edited',
        summary: 'Replied to review “Review by Ann (5 stars)”',
        fields: ['reply'],
      },
      {
        user: 'olivia',
        kind: 'content-restored',
        summary: 'Took review “Review by Bot (5 stars)” out of Spam and published it',
        fields: undefined,
      },
      {
        user: 'eddie',
        kind: 'content-edited',
        summary: 'Marked lead “Lead from Bo Ray <bo@example.com>” contacted',
        fields: ['status'],
      },
      {
        user: 'olivia',
        kind: 'content-restored',
        summary: 'Took lead “Lead from Spam Bot <spam@example.com>” out of Spam',
        fields: undefined,
      },
      {
        user: 'eddie',
        kind: 'content-edited',
        summary: 'Edited upload “sink.jpg”: Alt text',
        fields: ['alt'],
      },
      {
        user: 'olivia',
        kind: 'settings-changed',
        summary: 'Set the search and sharing text of /services',
        fields: undefined,
      },
      { user: 'eddie', kind: 'review-requested', summary: 'Asked Cy Dunn for a review', fields: undefined },
    ]);
  });

  it('answers admins the filtered list over REST: by person and kind, page by page', async () => {
    await send(editor, 'POST', '/api/admin/posts', post('Gutters', true));
    await send(admin, 'POST', '/api/admin/posts', post('Sump pumps', true));
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'eddie', password: 'nope' },
    });
    const eddie = (await admin.query('adminUsers.list'))
      .json()
      .result.data.find((account: { username: string }) => account.username === 'eddie') as { id: number };
    const get = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/activity?${query}`,
        headers: { cookie: admin.cookie! },
      });

    const published = await get(`user=${eddie.id}&kind=content-published`);
    expect(published.statusCode).toBe(200);
    expect(
      published.json().entries.map((entry: { user: string; summary: string }) => [entry.user, entry.summary]),
    ).toEqual([['eddie', 'Published post “Gutters”']]);
    const refused = (await get('kind=sign-in-refused')).json().entries;
    expect(refused.map((entry: { user: string }) => entry.user)).toEqual(['eddie']);
    const first = (await get('limit=2')).json().entries as { id: number; kind: string }[];
    expect(first.map((entry) => entry.kind)).toEqual(['sign-in-refused', 'content-published']);
    const next = (await get(`limit=2&before=${first[1]!.id}`)).json().entries as { kind: string }[];
    expect(next.map((entry) => entry.kind)).toEqual(['content-created', 'content-published']);
    const forEditor = await t.app.inject({
      method: 'GET',
      url: '/api/admin/activity',
      headers: { cookie: editor.cookie! },
    });
    expect(forEditor.statusCode).toBe(403);
  });

  it("reads From and To as days on the company's clocks, across the night the clocks spring forward", async () => {
    // In America/New_York, 8 March 2026 begins at 05:00 UTC (EST) and ends at 04:00 UTC on the 9th (EDT).
    const at = [
      '2026-03-08T04:59:59Z',
      '2026-03-08T05:00:00Z',
      '2026-03-09T03:59:59Z',
      '2026-03-09T04:00:00Z',
    ];
    for (const [index, instant] of at.entries())
      await recordActivity(t.database.db, {
        kind: 'settings-changed',
        actor: { userId: null, username: 'olivia' },
        from: { clientAddress: undefined, userAgent: undefined },
        summary: `Entry ${index}`,
        at: new Date(instant),
      });
    const get = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/activity?${query}`,
        headers: { cookie: admin.cookie! },
      });
    const summaries = async (query: string) =>
      ((await get(query)).json().entries as { summary: string }[]).map((entry) => entry.summary);

    expect(await summaries('since=2026-03-08&until=2026-03-08')).toEqual(['Entry 2', 'Entry 1']);
    expect(await summaries('until=2026-03-07')).toEqual(['Entry 0']);
    expect(await summaries('since=2026-03-09')).toEqual(['Entry 3']);
    const impossible = await get('since=2026-02-30');
    expect(impossible.statusCode).toBe(400);
    expect(impossible.body).toContain('Use a date as YYYY-MM-DD');
  });
});
