import { describe, expect, it } from 'vitest';
import { SHARED_CACHE_CONTROL } from '../src/server/caching/page-cache.ts';
import { useSite } from './support/site.ts';
import { changeSettings, signInAsAdmin } from './support/site-api.ts';

describe('public pages a CDN may share, revalidated by ETag', () => {
  const site = useSite();

  it('gives a visitor the shared header and an ETag; a repeat with If-None-Match is a 304 with no body', async () => {
    for (const path of ['/', '/services', '/news']) {
      const first = await fetch(`${site.url}${path}`);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control'), path).toBe(SHARED_CACHE_CONTROL);
      const etag = first.headers.get('etag')!;
      expect(etag, path).toMatch(/^W\/".+"$/);
      await first.arrayBuffer();
      const again = await fetch(`${site.url}${path}`, { headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }
  });

  it('changes the ETag when the page changes, and keeps staff views private', async () => {
    const cookie = await signInAsAdmin(site.url);
    const before = await fetch(`${site.url}/about`);
    const etag = before.headers.get('etag')!;
    await before.arrayBuffer();
    await changeSettings(site.url, cookie, { companyName: 'Forsyth Pipe Pros' });
    const after = await fetch(`${site.url}/about`, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain('Forsyth Pipe Pros');
    expect(after.headers.get('etag')).not.toBe(etag);

    const staff = await fetch(`${site.url}/about`, { headers: { cookie } });
    expect(staff.headers.get('cache-control')).toBe('no-store');
    expect(staff.headers.get('etag')).toBeNull();
    await changeSettings(site.url, cookie, { companyName: 'Cumming Plumbing Pros' });
  });
});
