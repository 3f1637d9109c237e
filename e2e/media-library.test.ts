import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, toastWith, waitForHydration } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { useSite } from './support/site.ts';
import { uploadThrough } from './support/site-api.ts';

/** The alt text of the article's photo, as a visitor without a session is served it. */
async function articlePhotoAlt(baseUrl: string, postId: string, title: string): Promise<string | undefined> {
  const html = await (await fetch(`${baseUrl}/post/${postId}`)).text();
  const article = html.slice(html.indexOf(`>${title}<`));
  return /<img[^>]* alt="([^"]*)"/.exec(article)?.[1];
}

describe('the Media tab', () => {
  const site = useSite();

  it('lists an upload with its size and its post, saves its alt text for visitors, and deletes an unused one', async () => {
    const { page, errors, context } = await site.signedInPage();
    await page.goto(`${site.url}/admin`);
    await waitForHydration(page);

    // A photo uploaded in the post form, for a published post.
    await page.getByRole('tab', { name: 'Content Management' }).click();
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1d4ed8' } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel('Upload an image (JPEG, PNG, GIF, WebP, AVIF)')
      .setInputFiles({ name: 'van-photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    await toastWith(page, 'Image uploaded').waitFor();
    await page.getByLabel('Type').selectOption('news');
    await page.getByLabel('Title *').fill('Our new service van');
    await page.getByLabel('Excerpt *').fill('A second van for north Forsyth.');
    await page.getByRole('textbox', { name: 'Content *' }).click();
    await page.keyboard.type('Book a visit any weekday.');
    await page.getByLabel('Publish immediately').check();
    await page.getByRole('button', { name: 'Create Post' }).click();
    await toastWith(page, 'Post created').waitFor();
    // One more upload that nothing uses.
    const spare = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#f97316' } })
      .png()
      .toBuffer();
    const spareUrl = await uploadThrough(site, await site.adminCookie(), spare, 'spare.png');

    await page.getByRole('tab', { name: 'Media' }).click();
    const van = page.getByTestId('media-item').filter({ hasText: 'van-photo.jpg' });
    await van.waitFor();
    const spareItem = page.getByTestId('media-item').filter({ hasText: 'spare.png' });
    // Newest first.
    await expect(page.getByTestId('media-item').first().textContent()).resolves.toContain('spare.png');
    const facts = await van.textContent();
    expect(facts).toContain('Image (JPEG)');
    expect(facts).toContain('640 × 480 px');
    expect(facts).toMatch(/\d+(\.\d+)? KB/);
    expect(facts).toContain('News post Our new service van, as its image');
    await expect(spareItem.textContent()).resolves.toContain('Not used anywhere');
    await expect(van.getByRole('button', { name: /^Delete/ }).count()).resolves.toBe(0);
    await expectNoSeriousAxeViolations(page);

    // The article is rendered and kept before the alt text changes: the change must reach it anyway.
    const postLink = van.getByRole('link', { name: 'Our new service van' });
    const postId = new URL(`${site.url}${await postLink.getAttribute('href')}`).searchParams.get('post')!;
    await expect(articlePhotoAlt(site.url, postId, 'Our new service van')).resolves.toBe(
      'Our new service van',
    );

    await van.getByLabel('Alt text').fill('Blue service van parked in front of a brick house');
    await van.getByRole('button', { name: 'Save alt text for van-photo.jpg' }).click();
    await van.getByText('Alt text saved', { exact: true }).waitFor();
    await expect(articlePhotoAlt(site.url, postId, 'Our new service van')).resolves.toBe(
      'Blue service van parked in front of a brick house',
    );
    const visitor = await site.browser.newContext();
    const article = await visitor.newPage();
    await article.goto(`${site.url}/post/${postId}`);
    await article.getByRole('img', { name: 'Blue service van parked in front of a brick house' }).waitFor();
    await visitor.close();

    // The smaller copies are made after the upload; the list says so once they are there.
    await van.getByText(/^Ready \(\d+ copies\)$/).waitFor({ timeout: 60_000 });

    // A stale screen offering to delete a used upload is refused by the server.
    const refused = await page.evaluate(async () => {
      const list = (await (await fetch('/api/admin/media')).json()) as {
        media: { id: number; originalName: string }[];
      };
      const used = list.media.find((item) => item.originalName === 'van-photo.jpg')!;
      const response = await fetch(`/api/admin/media/${used.id}`, { method: 'DELETE' });
      return { status: response.status, body: (await response.json()) as { message: string } };
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('the news post “Our new service van” (image)');

    page.once('dialog', (dialog) => void dialog.accept());
    await spareItem.getByRole('button', { name: 'Delete spare.png' }).click();
    await toastWith(page, 'Upload moved to the Trash').waitFor();
    await eventually(async () => ((await spareItem.count()) === 0 ? true : undefined), 5_000);
    // In the Trash its file stays, so a restore gets it back whole; deleting it for good removes it.
    const trashed = (await (
      await fetch(`${site.url}/api/admin/trash`, { headers: { cookie: await site.adminCookie() } })
    ).json()) as { items: { type: string; id: string; title: string }[] };
    const spareInTrash = trashed.items.find((item) => item.title === 'spare.png')!;
    expect(spareInTrash.type).toBe('upload');
    const purged = await fetch(`${site.url}/api/admin/trash/upload/${spareInTrash.id}`, {
      method: 'DELETE',
      headers: { cookie: await site.adminCookie(), origin: site.url },
    });
    expect(purged.status).toBe(200);
    expect((await fetch(`${site.url}${spareUrl}`)).status).toBe(404);

    // Each use links to where it is edited: the post opens in the form.
    await postLink.click();
    await expect(
      page.getByRole('tab', { name: 'Content Management' }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
    await page.getByRole('heading', { name: 'Edit Post' }).waitFor();
    await expect(page.getByLabel('Title *').inputValue()).resolves.toBe('Our new service van');

    // The 409 above is the one error expected.
    expect(errors.filter((error) => !error.includes('409 (Conflict)'))).toEqual([]);
    await context.close();
  });
});
