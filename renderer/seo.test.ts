import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../src/shared/site-defaults.ts';
import type { SeoOverride } from '../src/shared/schemas/seo-override.ts';
import { applySeoOverride, buildHeadTags, type SeoInput } from './seo.ts';

const PUBLIC_URL = 'https://plumber.example';

function headFor(seo: SeoInput, override: Partial<SeoOverride> | null = null) {
  const full: SeoOverride | null = override
    ? { page: '/', title: null, description: null, keywords: null, ogTitle: null, ogDescription: null, ogImage: null, canonicalUrl: null, ...override }
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

const breadcrumbOf = (tags: string[]) => structuredDataOf(tags).find((data) => data['@type'] === 'BreadcrumbList');

describe('breadcrumb (SPEC "Page metadata": every page whose canonical path is not the root)', () => {
  it('is Home > page on a page whose canonical path is not the root', () => {
    expect(breadcrumbOf(headFor({ title: 'Services', path: '/services', breadcrumb: 'Services' }).tags)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
        { '@type': 'ListItem', position: 2, name: 'Services', item: `${PUBLIC_URL}/services` },
      ],
    });
  });

  it('is absent on the home page', () => {
    expect(breadcrumbOf(headFor({ title: 'Home', path: '/' }).tags)).toBeUndefined();
  });

  it('follows the canonical address the owner set, not the page path', () => {
    // The home page made canonical elsewhere gets a breadcrumb to that address...
    const movedHome = breadcrumbOf(headFor({ title: 'Home', path: '/', breadcrumb: 'Home' }, { canonicalUrl: '/welcome' }).tags);
    expect(movedHome?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Home', item: `${PUBLIC_URL}/welcome` },
    ]);
    // ...and a page whose canonical address is the root (absolute or a path) gets none.
    expect(breadcrumbOf(headFor({ title: 'Services', path: '/services' }, { page: '/services', canonicalUrl: `${PUBLIC_URL}/` }).tags)).toBeUndefined();
    expect(breadcrumbOf(headFor({ title: 'Services', path: '/services' }, { page: '/services', canonicalUrl: '/' }).tags)).toBeUndefined();
  });
});
