import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../src/shared/site-defaults.ts';
import { siteImageUrl } from '../src/shared/site-image-url.ts';
import type { SeoOverride } from '../src/shared/schemas/seo-override.ts';
import { applySeoOverride, buildHeadTags, escapeHtml, jsonForScript, type SeoInput } from './seo.ts';

const PUBLIC_URL = 'https://plumber.example';

function headFor(seo: SeoInput, override: Partial<SeoOverride> | null = null) {
  const full: SeoOverride | null = override
    ? {
        page: '/',
        title: null,
        description: null,
        keywords: null,
        ogTitle: null,
        ogDescription: null,
        ogImage: null,
        canonicalUrl: null,
        ...override,
      }
    : null;
  return buildHeadTags(applySeoOverride(seo, full), defaultSettings, PUBLIC_URL);
}

/** Every JSON-LD block of the head, parsed: a block that is not valid JSON fails the test here. */
function structuredDataOf(tags: string[]): Array<Record<string, unknown>> {
  return tags.flatMap((tag) => {
    const match = /^<script type="application\/ld\+json">(.*)<\/script>$/s.exec(tag);
    return match ? [JSON.parse(match[1]!) as Record<string, unknown>] : [];
  });
}

const breadcrumbOf = (tags: string[]) =>
  structuredDataOf(tags).find((data) => data['@type'] === 'BreadcrumbList');

describe('breadcrumb (every page whose canonical path is not the root)', () => {
  it('is Home > page on a page whose canonical path is not the root', () => {
    expect(
      breadcrumbOf(headFor({ title: 'Services', path: '/services', breadcrumb: 'Services' }).tags),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
        { '@type': 'ListItem', position: 2, name: 'Services', item: `${PUBLIC_URL}/services` },
      ],
    });
  });

  it('is Home > Services > service on a service page, each with its address', () => {
    const head = headFor({
      title: 'Gas Line Repair',
      path: '/services/gas-line-repair',
      breadcrumb: 'Gas Line Repair',
      breadcrumbParents: [{ name: 'Services', path: '/services' }],
    });
    expect(breadcrumbOf(head.tags)).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
        { position: 2, name: 'Services', item: `${PUBLIC_URL}/services` },
        { position: 3, name: 'Gas Line Repair', item: `${PUBLIC_URL}/services/gas-line-repair` },
      ],
    });
  });

  it('is absent on the home page', () => {
    expect(breadcrumbOf(headFor({ title: 'Home', path: '/' }).tags)).toBeUndefined();
  });

  it('follows the canonical address the owner set, not the page path', () => {
    // The home page made canonical elsewhere gets a breadcrumb to that address...
    const movedHome = breadcrumbOf(
      headFor({ title: 'Home', path: '/', breadcrumb: 'Home' }, { canonicalUrl: '/welcome' }).tags,
    );
    expect(movedHome?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Home', item: `${PUBLIC_URL}/welcome` },
    ]);
    // ...and a page whose canonical address is the root (absolute or a path) gets none.
    expect(
      breadcrumbOf(
        headFor(
          { title: 'Services', path: '/services' },
          { page: '/services', canonicalUrl: `${PUBLIC_URL}/` },
        ).tags,
      ),
    ).toBeUndefined();
    expect(
      breadcrumbOf(
        headFor({ title: 'Services', path: '/services' }, { page: '/services', canonicalUrl: '/' }).tags,
      ),
    ).toBeUndefined();
  });
});

/** The content of every meta tag of that name or property, unescaped, in order. */
function metaValues(tags: string[], key: string): string[] {
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return tags.flatMap((tag) => {
    const match = /^<meta (?:name|property)="([^"]+)" content="([^"]*)">$/.exec(tag);
    return match && match[1] === key ? [unescape(match[2]!)] : [];
  });
}
const metaOf = (tags: string[], key: string) => metaValues(tags, key)[0];
const canonicalOf = (tags: string[]) =>
  tags.map((tag) => /^<link rel="canonical" href="([^"]+)">$/.exec(tag)?.[1]).find(Boolean);

const company = defaultSettings.companyName;
// Shared by its content-addressed name: a new picture is a new address to sharing sites.
const DEFAULT_IMAGE = `${PUBLIC_URL}${siteImageUrl('/images/plumber_photo.jpg')}`;
const DATA_IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

describe('head tags of a page', () => {
  const services: SeoInput = {
    title: 'Plumbing Services',
    description: 'Drains & heaters',
    keywords: 'plumber, drains',
    path: '/services',
    breadcrumb: 'Services',
  };

  it('title with the company, the page description and keywords, indexable, canonical made absolute', () => {
    const { title, tags } = headFor(services);
    expect(title).toBe(`Plumbing Services | ${company}`);
    expect(metaOf(tags, 'description')).toBe('Drains & heaters');
    expect(metaOf(tags, 'keywords')).toBe('plumber, drains');
    expect(metaOf(tags, 'author')).toBe(company);
    expect(metaOf(tags, 'robots')).toBe('index, follow');
    expect(canonicalOf(tags)).toBe(`${PUBLIC_URL}/services`);
    expect(metaOf(tags, 'og:url')).toBe(`${PUBLIC_URL}/services`);
  });

  it('the home page title stands alone; a page without its own description and keywords takes the site SEO settings', () => {
    const { title, tags } = headFor({ title: 'Plumber in Cumming', path: '/' });
    expect(title).toBe('Plumber in Cumming');
    expect(metaOf(tags, 'description')).toBe(defaultSettings.seoDescription);
    expect(metaOf(tags, 'keywords')).toBe(defaultSettings.seoKeywords);
    expect(canonicalOf(tags)).toBe(`${PUBLIC_URL}/`);
  });

  it('a page marked so is noindex, nofollow', () => {
    expect(metaOf(headFor({ title: 'Admin', path: '/admin', noindex: true }).tags, 'robots')).toBe(
      'noindex, nofollow',
    );
  });

  it('Open Graph and the social card: website type, the page title and description, the default image as an absolute URL', () => {
    const { title, tags } = headFor(services);
    expect(metaOf(tags, 'og:type')).toBe('website');
    expect(metaOf(tags, 'og:site_name')).toBe(company);
    expect(metaOf(tags, 'og:title')).toBe(title);
    expect(metaOf(tags, 'og:description')).toBe('Drains & heaters');
    expect(metaOf(tags, 'og:image')).toBe(DEFAULT_IMAGE);
    expect(metaOf(tags, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(tags, 'twitter:title')).toBe(title);
    expect(metaOf(tags, 'twitter:description')).toBe('Drains & heaters');
    expect(metaOf(tags, 'twitter:image')).toBe(DEFAULT_IMAGE);
    // No article tags on a page that is not an article.
    expect(tags.some((tag) => tag.includes('article:'))).toBe(false);
  });

  it('an image of the page is shared as an absolute URL; an inline data: image never is, the default stands in', () => {
    const withPath = headFor({ ...services, image: '/uploads/heater.jpg' }).tags;
    expect(metaOf(withPath, 'og:image')).toBe(`${PUBLIC_URL}/uploads/heater.jpg`);
    expect(metaOf(withPath, 'twitter:image')).toBe(`${PUBLIC_URL}/uploads/heater.jpg`);
    const withData = headFor({ ...services, image: DATA_IMAGE }).tags;
    expect(metaOf(withData, 'og:image')).toBe(DEFAULT_IMAGE);
    expect(metaOf(withData, 'twitter:image')).toBe(DEFAULT_IMAGE);
    expect(withData.join('\n')).not.toContain('data:image');
  });

  it('every shared image has alt text for og:image:alt and twitter:image:alt: the default describes its photo, a page image its own alt or the share title', () => {
    const altsOf = (tags: string[]) => [metaOf(tags, 'og:image:alt'), metaOf(tags, 'twitter:image:alt')];
    const defaultAlt = 'Friendly plumber holding a wrench beside a blue and orange service van';
    expect(altsOf(headFor(services).tags)).toEqual([defaultAlt, defaultAlt]);
    expect(altsOf(headFor({ ...services, image: DATA_IMAGE }).tags)).toEqual([defaultAlt, defaultAlt]);
    const described = headFor({ ...services, image: '/uploads/heater.jpg', imageAlt: 'A new water heater' });
    expect(altsOf(described.tags)).toEqual(['A new water heater', 'A new water heater']);
    const undescribed = headFor({ ...services, image: '/uploads/heater.jpg' });
    expect(altsOf(undescribed.tags)).toEqual([undescribed.title, undescribed.title]);
    // The owner's image is not the one the page described: the owner's share title names it.
    const overridden = headFor(
      { ...services, image: '/uploads/heater.jpg', imageAlt: 'A new water heater' },
      { page: '/services', ogTitle: 'Share title', ogImage: 'https://cdn.example/share.jpg' },
    );
    expect(altsOf(overridden.tags)).toEqual(['Share title', 'Share title']);
  });

  it("the owner's override replaces title, description, keywords, share texts, image and canonical; a data: image there is refused too", () => {
    const override = {
      page: '/services' as const,
      title: 'Owner title',
      description: 'Owner description',
      keywords: 'owner, words',
      ogTitle: 'Share title',
      ogDescription: 'Share text',
      ogImage: 'https://cdn.example/share.jpg',
      canonicalUrl: '/services-and-prices',
    };
    const { title, tags } = headFor(services, override);
    expect(title).toBe(`Owner title | ${company}`);
    expect(metaOf(tags, 'description')).toBe('Owner description');
    expect(metaOf(tags, 'keywords')).toBe('owner, words');
    expect([metaOf(tags, 'og:title'), metaOf(tags, 'twitter:title')]).toEqual(['Share title', 'Share title']);
    expect([metaOf(tags, 'og:description'), metaOf(tags, 'twitter:description')]).toEqual([
      'Share text',
      'Share text',
    ]);
    expect([metaOf(tags, 'og:image'), metaOf(tags, 'twitter:image')]).toEqual([
      'https://cdn.example/share.jpg',
      'https://cdn.example/share.jpg',
    ]);
    expect(canonicalOf(tags)).toBe(`${PUBLIC_URL}/services-and-prices`);

    const dataOverride = headFor(
      { ...services, image: '/uploads/heater.jpg' },
      { page: '/services', ogImage: DATA_IMAGE },
    ).tags;
    expect([metaOf(dataOverride, 'og:image'), metaOf(dataOverride, 'twitter:image')]).toEqual([
      DEFAULT_IMAGE,
      DEFAULT_IMAGE,
    ]);
  });

  it('an article: og:type article, published and modified time, the company as author, section and tags', () => {
    const { tags } = headFor({
      title: 'Frozen pipes',
      path: '/post/7',
      type: 'article',
      image: DATA_IMAGE,
      article: {
        publishedTime: '2026-01-05T10:00:00.000Z',
        modifiedTime: '2026-01-06T08:30:00.000Z',
        section: 'Advice',
        tags: ['Plumbing', 'Advice', 'Cumming GA'],
      },
    });
    expect(metaOf(tags, 'og:type')).toBe('article');
    expect(metaOf(tags, 'og:image')).toBe(DEFAULT_IMAGE);
    expect(metaOf(tags, 'article:published_time')).toBe('2026-01-05T10:00:00.000Z');
    expect(metaOf(tags, 'article:modified_time')).toBe('2026-01-06T08:30:00.000Z');
    expect(metaOf(tags, 'article:author')).toBe(company);
    expect(metaOf(tags, 'article:section')).toBe('Advice');
    expect(metaValues(tags, 'article:tag')).toEqual(['Plumbing', 'Advice', 'Cumming GA']);
  });

  it('structured data parses as JSON: the web page, extra objects of the page, then Home > page', () => {
    const extra = {
      '@context': 'https://schema.org',
      '@type': 'Plumber',
      name: `${company} </script><script>alert(1)</script>`,
    };
    const { title, tags } = headFor({ ...services, structuredData: [extra] });
    const data = structuredDataOf(tags);
    expect(data.map((item) => item['@type'])).toEqual(['WebPage', 'Plumber', 'BreadcrumbList']);
    expect(data[0]).toMatchObject({
      name: title,
      description: 'Drains & heaters',
      url: `${PUBLIC_URL}/services`,
      publisher: { '@type': 'Organization', name: company },
    });
    // Text that would close the script element stays inside the JSON.
    expect(data[1]).toEqual(extra);
    expect(data[2]?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Services', item: `${PUBLIC_URL}/services` },
    ]);
  });
});

describe('escaping for the head', () => {
  it('escapes the five characters that matter in an attribute or text, and nothing else', () => {
    expect(escapeHtml(`Tom & Jerry's "best" <plumbing> in Cumming`)).toBe(
      'Tom &amp; Jerry&#39;s &quot;best&quot; &lt;plumbing&gt; in Cumming',
    );
  });

  it('writes JSON that no text inside can close the script it sits in', () => {
    const json = jsonForScript({ name: '</script><script>alert(1)</script> & \u2028\u2029' });
    expect(json).toBe(
      '{"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u0026 \\u2028\\u2029"}',
    );
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script> & \u2028\u2029' });
  });
});
