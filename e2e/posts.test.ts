import { siteImageUrl } from '../src/shared/site-image-url.ts';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, openPage, waitForHydration } from './support/browser.ts';
import { useSite } from './support/site.ts';
import { E2E_ADMIN } from './support/server.ts';

const XSS_CONTENT =
  '<p>Safe paragraph</p><script>window.__xss=1</script><img src=x onerror="window.__xss=2"><a href="javascript:alert(1)">x</a>';

interface NewPost {
  title: string;
  excerpt: string;
  content: string;
  isPublished: boolean;
  image?: string;
  video?: string;
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );
}

describe('news, advice and article pages', () => {
  const site = useSite();
  let cookie: string;
  const ids: Record<string, number> = {};

  async function createPost(key: string, type: 'news' | 'advice', post: NewPost) {
    const response = await fetch(`${site.url}/api/admin/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ type, post }),
    });
    expect(response.status).toBe(201);
    ids[key] = ((await response.json()) as { postId: number }).postId;
  }

  it('shows the empty news state when nothing is published', async () => {
    const signIn = await fetch(`${site.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(E2E_ADMIN),
    });
    expect(signIn.status).toBe(200);
    cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    // The first start seeds a few posts; remove them so the counts below are ours.
    const existing = (await (await fetch(`${site.url}/api/admin/posts`, { headers: { cookie } })).json()) as {
      newsPosts: { id: number }[];
      advicePosts: { id: number }[];
    };
    for (const post of [...existing.newsPosts, ...existing.advicePosts]) {
      const deleted = await fetch(`${site.url}/api/admin/posts/${post.id}`, {
        method: 'DELETE',
        headers: { cookie },
      });
      expect(deleted.status).toBe(200);
    }
    const html = await (await fetch(`${site.url}/news`)).text();
    expect(html).toContain('No News Yet');
    expect(html).toContain('Check back soon for the latest updates and expert plumbing advice!');
    expect(html).not.toContain('<article');
  });

  it('publishes the posts the remaining tests read, through the admin REST API', async () => {
    for (let index = 1; index <= 10; index++) {
      await createPost(`news${index}`, 'news', {
        title: `Company news ${index}`,
        excerpt: `Excerpt of news ${index}`,
        content: `<p>Body of news ${index}</p>`,
        isPublished: true,
      });
    }
    for (let index = 1; index <= 10; index++) {
      await createPost(`advice${index}`, 'advice', {
        title: `Plumbing advice ${index}`,
        excerpt: `Excerpt of advice ${index}`,
        content: `<p>Body of advice ${index}</p>`,
        isPublished: true,
      });
    }
    await createPost('xss', 'news', {
      title: 'Hostile content',
      excerpt: 'Nothing here may run',
      content: XSS_CONTENT,
      isPublished: true,
    });
    await createPost('brokenImage', 'news', {
      title: 'Post with a broken image',
      excerpt: 'Its image is missing',
      content: '<p>Text</p>',
      image: '/uploads/missing.jpg',
      isPublished: true,
    });
    await createPost('video', 'news', {
      title: 'Post with a video',
      excerpt: 'Watch this',
      content: '<p>Video</p>',
      video: '/uploads/clip.mp4',
      isPublished: true,
    });
    await createPost('draft', 'news', {
      title: 'Secret draft',
      excerpt: 'Not yet',
      content: '<p>Unpublished</p>',
      isPublished: false,
    });
  });

  it('pages the news nine at a time, on the server, with disabled controls at the ends', async () => {
    // 13 published news posts, newest first.
    const first = await (await fetch(`${site.url}/news`)).text();
    expect(first).toContain('Showing 1-9 of 13 posts');
    expect(first.match(/<article/g)).toHaveLength(9);
    expect(first).toContain('Post with a video');
    expect(first).not.toContain('Secret draft');
    expect(first).not.toContain('Plumbing advice');
    expect(first).toMatch(/<a class="[^"]*" role="link" aria-disabled="true">Previous<\/a>/);
    expect(first).toMatch(/<a class="[^"]*" href="\/news\?page=2">Next<\/a>/);
    expect(first).toMatch(/href="\/news" aria-current="page" aria-label="Page 1"/);
    expect(first).toContain(`By `);
    expect(first).toContain(`href="/post/${ids.news10}"`);

    const second = await (await fetch(`${site.url}/news?page=2`)).text();
    expect(second).toContain('Showing 10-13 of 13 posts');
    expect(second.match(/<article/g)).toHaveLength(4);
    expect(second).toContain('Company news 1<');
    expect(second).toMatch(/<a class="[^"]*" role="link" aria-disabled="true">Next<\/a>/);
    expect(second).toMatch(/<a class="[^"]*" href="\/news">Previous<\/a>/);
    expect(second).toMatch(/<link rel="canonical" href="[^"]+\/news\?page=2">/);
  });

  it('follows page links in the browser, shows a video when there is no image and hides a broken image', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/news`);
    await waitForHydration(page);
    const videoCard = page.locator('article', { hasText: 'Post with a video' });
    await expect(videoCard.locator('video[controls]').count()).resolves.toBe(1);
    const brokenImage = page.locator('article', { hasText: 'Post with a broken image' }).locator('img');
    await page.waitForFunction(
      (element) => (element as HTMLImageElement).hidden,
      await brokenImage.elementHandle(),
    );
    // Hidden for real: not just the attribute, which the site's own img rule could overrule.
    await expect(brokenImage.boundingBox()).resolves.toBeNull();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('navigation', { name: 'News pages' }).getByRole('link', { name: 'Next' }).click();
    await page.getByText('Showing 10-13 of 13 posts').waitFor();
    await expect(page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );
    // The browser reports the missing image and video files; nothing else may fail.
    expect(errors.filter((error) => !/404 \(Not Found\)/.test(error))).toEqual([]);
    await context.close();
  });

  it('labels the article back link after the list the visitor came from', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/advice-center`);
    await waitForHydration(page);
    await expect(page.getByText('Showing 1-9 of 10 posts').isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: 'Read more about Plumbing advice 10' }).click();
    await page.waitForURL(`${site.url}/post/${ids.advice10}`);
    await waitForHydration(page);
    const back = page.getByRole('link', { name: 'Back to Advice Center' });
    await back.waitFor();
    await expect(back.getAttribute('href')).resolves.toBe('/advice-center');
    await expect(page.evaluate(() => sessionStorage.getItem('postBackSource'))).resolves.toBe(
      'advice-center',
    );

    await page.goto(`${site.url}/news`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Read more about Company news 10' }).click();
    await page.waitForURL(`${site.url}/post/${ids.news10}`);
    await waitForHydration(page);
    await expect(page.getByRole('link', { name: 'Back to News' }).getAttribute('href')).resolves.toBe(
      '/news',
    );
    await expectNoSeriousAxeViolations(page);
    // /news lists the posts whose image and video files are missing on purpose; only those 404s are expected.
    expect(errors.filter((error) => !/404 \(Not Found\)/.test(error))).toEqual([]);
    await context.close();
  });

  it('renders the article and its metadata on the server', async () => {
    const response = await fetch(`${site.url}/post/${ids.news3}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Company news 3<\/h1>/);
    expect(html).toContain('Excerpt of news 3');
    expect(html).toContain('<p>Body of news 3</p>');
    expect(html).toContain('Back to News');
    expect(html).toMatch(/<button[^>]*>Share<\/button>/);
    expect(html).not.toContain('Get Quote');
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toMatch(/<meta property="article:published_time" content="\d{4}-\d\d-\d\dT/);
    expect(html).toMatch(/<meta property="article:modified_time" content="\d{4}-\d\d-\d\dT/);
    expect(html).toContain('<meta property="article:section" content="News">');
    expect(html).toContain('<meta property="article:tag" content="Plumbing">');
    expect(html).toContain(
      `<meta property="og:image" content="${site.url}${siteImageUrl('/images/plumber_photo.jpg')}">`,
    );
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/post/${ids.news3}">`));
    const data = jsonLd(html);
    const article = data.find((item) => item['@type'] === 'Article')!;
    expect(article).toMatchObject({
      headline: 'Company news 3',
      author: { '@type': 'Organization' },
      publisher: { '@type': 'Organization' },
    });
    expect(article.datePublished).toBeTypeOf('string');
    expect(article.dateModified).toBeTypeOf('string');
    expect(article.mainEntityOfPage).toEqual({
      '@type': 'WebPage',
      '@id': `${site.url}/post/${ids.news3}`,
    });
    const breadcrumb = data.find((item) => item['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string }[];
    };
    expect(breadcrumb.itemListElement.map((item) => item.name)).toEqual(['Home', 'Company news 3']);

    // The id may also come from the query.
    const byQuery = await fetch(`${site.url}/post?id=${ids.news3}`);
    expect(byQuery.status).toBe(200);
    expect(await byQuery.text()).toMatch(/<h1[^>]*>Company news 3<\/h1>/);
  });

  it('renders the news-post variant with the time and a Get Quote footer, and redirects unknown ids to /news', async () => {
    const html = await (await fetch(`${site.url}/news-post?id=${ids.news3}`)).text();
    expect(html).toMatch(/<h1[^>]*>Company news 3<\/h1>/);
    expect(html).toMatch(/<time dateTime="[^"]+">[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d\d [AP]M<\/time>/);
    expect(html).toMatch(/<a[^>]*href="\/contact">Get Quote<\/a>/);

    for (const path of [
      '/news-post?id=999999',
      '/news-post',
      '/news-post?id=abc',
      `/news-post?id=${ids.draft}`,
    ]) {
      const response = await fetch(`${site.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(302);
      expect(new URL(response.headers.get('location')!, site.url).pathname, path).toBe('/news');
    }
  });

  it('answers unknown ids and drafts at /post with the 404 page', async () => {
    for (const path of ['/post/999999', `/post/${ids.draft}`, '/post/not-a-number', '/post']) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain('404 Page Not Found');
      expect(html).not.toContain('Secret draft');
    }
  });

  it('hides the article image when it fails to load and shows the video only when there is no image', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/post/${ids.brokenImage}`);
    await waitForHydration(page);
    const image = page.locator('article img');
    await page.waitForFunction(
      (element) => (element as HTMLImageElement).hidden,
      await image.elementHandle(),
    );
    await expect(image.isVisible()).resolves.toBe(false);
    await expect(page.locator('article video').count()).resolves.toBe(0);

    await page.goto(`${site.url}/post/${ids.video}`);
    await waitForHydration(page);
    await expect(page.locator('article video[controls]').getAttribute('src')).resolves.toBe(
      '/uploads/clip.mp4',
    );
    // The missing image and video files are the point of this test.
    expect(errors.filter((error) => !/404 \(Not Found\)/.test(error))).toEqual([]);
    await context.close();
  });

  it('never runs script that a post carries', async () => {
    const html = await (await fetch(`${site.url}/post/${ids.xss}`)).text();
    expect(html).toContain('<p>Safe paragraph</p>');
    expect(html).not.toMatch(/__xss|onerror|javascript:/);

    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${site.url}/post/${ids.xss}`);
    await waitForHydration(page);
    await expect(
      page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).resolves.toBeUndefined();
    const link = page.getByRole('link', { name: 'x', exact: true });
    if ((await link.count()) > 0) await link.click();
    await expect(
      page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).resolves.toBeUndefined();
    expect(dialogs).toEqual([]);
    // The sanitizer keeps <img src="x"> (a harmless relative URL) without its handler; the browser reports its 404.
    expect(errors.filter((error) => !/404 \(Not Found\)/.test(error))).toEqual([]);
    await context.close();
  });

  it('copies the link and says so when the device cannot share natively', async () => {
    const context = await site.browser.newContext();
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
      const copied: string[] = [];
      (window as unknown as { __copied: string[] }).__copied = copied;
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: async (text: string) => void copied.push(text) },
        configurable: true,
      });
    });
    const { page, errors } = await openPage(context);
    const alerted = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await page.goto(`${site.url}/post/${ids.news5}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(alerted).resolves.toBe('Link copied to clipboard!');
    await expect(
      page.evaluate(() => (window as unknown as { __copied: string[] }).__copied),
    ).resolves.toEqual([`${site.url}/post/${ids.news5}`]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uses native sharing with the title, excerpt and address when the device offers it', async () => {
    const context = await site.browser.newContext();
    await context.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { __shared: unknown[] }).__shared = shared;
      Object.defineProperty(navigator, 'share', {
        value: async (data: unknown) => void shared.push(data),
        configurable: true,
      });
    });
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/post/${ids.news5}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.waitForFunction(() => (window as unknown as { __shared: unknown[] }).__shared.length === 1);
    await expect(
      page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared[0]),
    ).resolves.toEqual({
      title: 'Company news 5',
      text: 'Excerpt of news 5',
      url: `${site.url}/post/${ids.news5}`,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders the advice centre with its tips and review call, and scrolls to it from #review-form', async () => {
    const html = await (await fetch(`${site.url}/advice-center`)).text();
    expect(html).toContain('Preventive maintenance');
    expect(html).toContain('Emergency preparedness');
    expect(html).toContain('href="/testimonials#review-form"');
    expect(html).toContain('Showing 1-9 of 10 posts');
    expect(html).not.toContain('Company news');
    expect(html).toContain('"name":"Advice Center"');

    const page2 = await (await fetch(`${site.url}/advice-center?page=2`)).text();
    expect(page2).toContain('Showing 10-10 of 10 posts');
    expect(page2).toContain('Plumbing advice 1<');

    const context = await site.browser.newContext({ reducedMotion: 'reduce' });
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/advice-center#review-form`);
    await waitForHydration(page);
    await page.waitForFunction(
      () => Math.abs(document.getElementById('review-form')!.getBoundingClientRect().top - 100) < 2,
    );
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('passes axe on the news-post variant', async () => {
    const context = await site.browser.newContext();
    const { page, errors } = await openPage(context);
    await page.goto(`${site.url}/news-post?id=${ids.news2}`);
    await waitForHydration(page);
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
