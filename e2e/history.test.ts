import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, toastWith, waitForHydration } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { useSite } from './support/site.ts';
import { createPost, postReview, uploadThrough } from './support/site-api.ts';
import sharp from 'sharp';

/** Opens the admin area on one post's editor, as the Media tab's links do. */
async function openEditor(page: Page, baseUrl: string, postId: number) {
  await page.goto(`${baseUrl}/admin?tab=content&post=${postId}`);
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Edit Post' }).waitFor();
}

async function saveTitle(page: Page, title: string) {
  await page.getByLabel('Title *').fill(title);
  await page.getByRole('button', { name: 'Update Post' }).click();
  await toastWith(page, 'Post updated').waitFor();
  await toastWith(page, 'Post updated')
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

describe('history, conflicts and the Trash in the admin area', () => {
  const site = useSite();
  const json = async <T>(path: string): Promise<T> =>
    (await (
      await fetch(`${site.url}${path}`, { headers: { cookie: await site.adminCookie() } })
    ).json()) as T;

  it('keeps each save of a post, shows what changed and restores the first as a new version', async () => {
    const cookie = await site.adminCookie();
    const postId = await createPost(site.url, cookie, {
      type: 'advice',
      title: 'Gutter drains',
      excerpt: 'Keep downspouts clear.',
      content: '<p>Clear the leaves every autumn.</p>',
      isPublished: true,
    });
    const { page, errors } = await site.signedInPage();
    for (const title of ['Gutter drains 2', 'Gutter drains 3', 'Gutter drains 4']) {
      await openEditor(page, site.url, postId);
      await saveTitle(page, title);
    }
    await openEditor(page, site.url, postId);
    const versions = page.getByTestId('history-version');
    await versions.nth(3).waitFor();
    await expect(versions.count()).resolves.toBe(4);
    await expect(versions.first().textContent()).resolves.toContain('Version 4 (current)');
    await expect(versions.first().textContent()).resolves.toContain('by owner');

    const first = versions.filter({ hasText: 'Version 1' });
    await first.getByRole('button', { name: 'Show changes of version 1' }).click();
    // From version 1 to now the title gained a word: " 4", marked as added.
    await first.locator('ins', { hasText: '4' }).waitFor();
    await expect(first.locator('ins').allTextContents()).resolves.toContain(' 4');
    await expect(first.textContent()).resolves.toContain('Title');
    await expectNoSeriousAxeViolations(page);

    await first.getByRole('button', { name: 'Restore version 1' }).click();
    await toastWith(page, 'Version restored').waitFor();
    // The editor reloads the post as restored.
    await eventually(
      async () => ((await page.getByLabel('Title *').inputValue()) === 'Gutter drains' ? true : undefined),
      10_000,
    );
    await versions.nth(4).waitFor();
    await expect(versions.count()).resolves.toBe(5);
    const history = await json<{ versions: { summary: string; savedBy: string }[] }>(
      `/api/admin/history?type=post&id=${postId}`,
    );
    expect(history.versions.map((version) => version.summary.replace(/ of .*/, ''))).toEqual([
      'Restored version 1',
      'Edited Title',
      'Edited Title',
      'Edited Title',
      'Created “Gutter drains”',
    ]);
    const article = await (await fetch(`${site.url}/post/${postId}`)).text();
    expect(article).toContain('<h1');
    expect(article).toContain('Gutter drains</h1>');

    const activity = await json<{ entries: { kind: string; user: string; summary: string }[] }>(
      '/api/admin/activity?limit=50',
    );
    const kinds = activity.entries.map((entry) => [entry.kind, entry.user]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['content-edited', 'owner'],
        ['version-restored', 'owner'],
      ]),
    );
    expect(errors).toEqual([]);
  });

  it('refuses the second of two saves from the same version and shows both texts', async () => {
    const cookie = await site.adminCookie();
    const postId = await createPost(site.url, cookie, {
      type: 'news',
      title: 'Holiday hours',
      excerpt: 'When we are open.',
      content: '<p>Open every day.</p>',
      isPublished: true,
    });
    const first = await site.signedInPage();
    const second = await site.signedInPage();
    await openEditor(first.page, site.url, postId);
    await openEditor(second.page, site.url, postId);
    await saveTitle(first.page, 'Holiday hours: closed Christmas Day');

    await second.page.getByLabel('Title *').fill('Holiday hours: open all week');
    await second.page.getByRole('button', { name: 'Update Post' }).click();
    const conflict = second.page.getByTestId('edit-conflict');
    await conflict.waitFor();
    await expect(conflict.textContent()).resolves.toMatch(
      /owner changed “Holiday hours: closed Christmas Day” at/,
    );
    await expect(conflict.textContent()).resolves.toContain('Holiday hours: open all week');
    // Nothing typed is lost, and the first save stands.
    await expect(second.page.getByLabel('Title *').inputValue()).resolves.toBe(
      'Holiday hours: open all week',
    );
    const stored = await json<{ post: { title: string } }>(`/api/posts/${postId}`);
    expect(stored.post.title).toBe('Holiday hours: closed Christmas Day');

    // Keeping one's own text and saving again goes through, over the version now shown.
    await conflict.getByRole('button', { name: 'Keep my text (then save over theirs)' }).click();
    await second.page.getByRole('button', { name: 'Update Post' }).click();
    await toastWith(second.page, 'Post updated').waitFor();
    expect((await json<{ post: { title: string } }>(`/api/posts/${postId}`)).post.title).toBe(
      'Holiday hours: open all week',
    );
    expect(second.errors.filter((error) => !error.includes('409 (Conflict)'))).toEqual([]);
  });

  it('moves a review, a lead and a post to the Trash and restores them with their data and photo', async () => {
    const cookie = await site.adminCookie();
    await postReview(site.url, { name: 'Grace', rating: 4, review: 'Fixed our sump pump the same day.' });
    const lead = await fetch(`${site.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Hank',
        lastName: 'Moss',
        email: 'hank@example.com',
        phone: '470-555-0199',
        service: 'Water Heater Services',
        message: 'No hot water since Sunday.',
      }),
    });
    expect(lead.status).toBe(201);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f97316' } })
      .png()
      .toBuffer();
    const photo = await uploadThrough(site, cookie, png, 'boiler.png');
    const postId = await createPost(site.url, cookie, {
      type: 'news',
      title: 'New boiler room',
      excerpt: 'Our workshop grew.',
      content: '<p>More room for parts.</p>',
      image: photo,
      isPublished: true,
    });

    const { page } = await site.signedInPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${site.url}/admin#reviews`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Delete the review by Grace' }).click();
    await toastWith(page, 'Review deleted').waitFor();
    await page.getByRole('tab', { name: /^Leads/ }).click();
    await page.getByRole('button', { name: 'Delete the lead from Hank Moss' }).click();
    await toastWith(page, 'Lead deleted').waitFor();
    await page.getByRole('tab', { name: 'Content Management' }).click();
    await page.getByRole('button', { name: 'Delete New boiler room' }).click();
    await toastWith(page, 'Post deleted').waitFor();

    // Gone from visitors at once.
    expect((await fetch(`${site.url}/api/posts/${postId}`)).status).toBe(404);
    expect(await (await fetch(`${site.url}/testimonials`)).text()).not.toContain('Fixed our sump pump');

    await page.getByRole('tab', { name: 'Trash' }).click();
    const items = page.getByTestId('trash-item');
    await items.first().waitFor();
    await expect(items.count()).resolves.toBe(3);
    await expectNoSeriousAxeViolations(page);
    for (const title of [
      'New boiler room',
      'Lead from Hank Moss <hank@example.com>',
      'Review by Grace (4 stars)',
    ]) {
      await items
        .filter({ hasText: title })
        .getByRole('button', { name: `Restore ${title}` })
        .click();
      await toastWith(page, 'Restored').first().waitFor();
      await items.filter({ hasText: title }).waitFor({ state: 'detached' });
    }
    await page.getByText('The Trash is empty.').waitFor();

    const post = await json<{ post: { title: string; image: string } }>(`/api/posts/${postId}`);
    expect(post.post).toMatchObject({ title: 'New boiler room', image: photo });
    expect((await fetch(`${site.url}${photo}`)).status).toBe(200);
    expect(await (await fetch(`${site.url}/testimonials`)).text()).toContain(
      'Fixed our sump pump the same day.',
    );
    const trpcLeads = await json<{
      result: { data: { firstName: string; message: string; phone: string }[] };
    }>('/trpc/leads.list');
    expect(trpcLeads.result.data).toEqual([
      expect.objectContaining({
        firstName: 'Hank',
        message: 'No hot water since Sunday.',
        phone: '470-555-0199',
      }),
    ]);

    const activity = await json<{ entries: { kind: string; user: string }[] }>(
      '/api/admin/activity?limit=100',
    );
    const count = (kind: string) =>
      activity.entries.filter((entry) => entry.kind === kind && entry.user === 'owner').length;
    expect(count('content-trashed')).toBe(3);
    expect(count('content-restored')).toBe(3);
  });

  it('restores the first version of a service from its History, and an offer from the Trash', async () => {
    const cookie = await site.adminCookie();
    const post = async (path: string, body: object) => {
      const answer = await fetch(`${site.url}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(201);
    };
    await post('/api/admin/services', {
      title: 'Drain Camera Inspection',
      summary: 'We look inside your drains with a camera.',
      description: '<p>A camera on a cable shows roots, cracks and clogs.</p>',
    });
    await post('/api/admin/offers', { title: 'Drain Camera Check', amount: '$40 Off' });
    const summaries = async () =>
      (
        (await (await fetch(`${site.url}/api/services`)).json()) as {
          services: { title: string; summary: string }[];
        }
      ).services.find((service) => service.title === 'Drain Camera Inspection')?.summary;

    const { page, errors } = await site.signedInPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${site.url}/admin?tab=services`);
    await waitForHydration(page);
    for (const summary of ['A camera shows what is inside.', 'A camera shows roots and cracks.']) {
      await page.getByRole('button', { name: 'Edit Drain Camera Inspection' }).click();
      await page.getByLabel('Summary *').fill(summary);
      await page.getByRole('button', { name: 'Save Service' }).click();
      await toastWith(page, 'Service saved').waitFor();
      await page.getByRole('heading', { name: 'Add a Service' }).waitFor();
    }
    await page.getByRole('button', { name: 'Edit Drain Camera Inspection' }).click();
    const versions = page.getByTestId('history-version');
    await versions.nth(2).waitFor();
    await expect(versions.first().textContent()).resolves.toContain('Edited Summary');
    await versions
      .filter({ hasText: 'Version 1' })
      .getByRole('button', { name: 'Restore version 1' })
      .click();
    await toastWith(page, 'Version restored').waitFor();
    // The editor reloads the service as restored, and visitors see it so.
    await eventually(
      async () =>
        (await page.getByLabel('Summary *').inputValue()) === 'We look inside your drains with a camera.'
          ? true
          : undefined,
      10_000,
    );
    expect(await summaries()).toBe('We look inside your drains with a camera.');

    await page.getByRole('tab', { name: 'Offers' }).click();
    await page.getByRole('button', { name: 'Delete $40 Off Drain Camera Check' }).click();
    await toastWith(page, 'Offer moved to the Trash').waitFor();
    const offerTitles = async () =>
      ((await (await fetch(`${site.url}/api/offers`)).json()) as { offers: { title: string }[] }).offers.map(
        (offer) => offer.title,
      );
    expect(await offerTitles()).not.toContain('Drain Camera Check');
    await page.getByRole('tab', { name: 'Trash' }).click();
    await page
      .getByTestId('trash-item')
      .filter({ hasText: '$40 Off Drain Camera Check' })
      .getByRole('button', { name: 'Restore $40 Off Drain Camera Check' })
      .click();
    await toastWith(page, 'Restored').first().waitFor();
    expect(await offerTitles()).toContain('Drain Camera Check');
    expect(errors).toEqual([]);
  });
});

describe('autosave in the post editor', () => {
  const site = useSite();

  it('offers back what was typed into a new post after the page was closed without saving', async () => {
    const { page, context } = await site.signedInPage();
    await page.goto(`${site.url}/admin#content`);
    await waitForHydration(page);
    await page.getByLabel('Title *').fill('Tankless or tank?');
    await page.getByLabel('Excerpt *').fill('How to choose a water heater.');
    await page.getByRole('textbox', { name: 'Content *' }).click();
    await page.keyboard.type('A tankless heater saves space.');
    // Saved to the server within seconds of the last key, shown in the company's time.
    await page
      .getByTestId('autosave-status')
      .getByText(/^Draft saved \d{1,2}:\d{2} [AP]M$/)
      .waitFor({ timeout: 6_000 });
    await page.close();

    // Another browser with the same account: the server's draft is what comes back.
    const other = await site.signedInPage();
    await other.page.goto(`${site.url}/admin#content`);
    await waitForHydration(other.page);
    const offer = other.page.getByTestId('draft-offer');
    await offer.getByText(/^Restore unsaved changes from \d{1,2}:\d{2} [AP]M\?$/).waitFor();
    await offer.getByRole('button', { name: 'Restore unsaved changes' }).click();
    await expect(other.page.getByLabel('Title *').inputValue()).resolves.toBe('Tankless or tank?');
    await expect(other.page.getByRole('textbox', { name: 'Content *' }).textContent()).resolves.toContain(
      'A tankless heater saves space.',
    );
    // Never shown to visitors: it is not a post until it is saved.
    expect(await (await fetch(`${site.url}/advice-center`)).text()).not.toContain('Tankless or tank?');
    await other.page.getByRole('button', { name: 'Create Post' }).click();
    await toastWith(other.page, 'Post created').waitFor();
    await other.page.reload();
    await waitForHydration(other.page);
    await other.page.getByRole('heading', { name: /^All Posts/ }).waitFor();
    await expect(other.page.getByTestId('draft-offer').count()).resolves.toBe(0);
    await context.close();
  });
});
