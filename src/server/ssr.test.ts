import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSettings, saveSettings } from './services/settings.ts';
import { buildTestApp, type TestApp } from './testing/test-app.ts';
import { testDatabaseKind } from './testing/test-database.ts';

// Pages rendered by the real app through app.inject. Vite in middleware mode compiles the pages, so no
// production build is needed; starting it takes a few seconds, hence one app for the whole file.
describe(`server-rendered pages (${testDatabaseKind})`, () => {
  let t: TestApp;
  const page = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await buildTestApp({ ssr: { mode: 'development' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("never puts the owner's adminEmail into a page's HTML, where the browser's copy of the settings travels", async () => {
    await saveSettings(t.database.db, { ...(await getSettings(t.database.db)), adminEmail: 'owner.private@example.com' });
    t.app.pageCache.clear();
    for (const url of ['/', '/contact', '/testimonials']) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      // The page context does travel: companyName is in it, adminEmail is not.
      expect(response.body).toContain('"companyName"');
      expect(response.body).not.toContain('owner.private@example.com');
      expect(response.body).not.toContain('adminEmail');
    }
  });
});
