import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageArchive } from '../src/server/services/backup/archive.ts';
import {
  expectNoSeriousAxeViolations,
  openPage,
  signInThroughForm,
  waitForHydration,
} from './support/browser.ts';
import { useSite } from './support/site.ts';

describe('backups in the admin Settings', () => {
  const site = useSite();
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'e2e-backup-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('the admin downloads a complete backup, then sees its time and size; the schedule saves', async () => {
    const context = await site.browser.newContext({ acceptDownloads: true });
    const { page, errors } = await openPage(context);
    await signInThroughForm(page, site.url);
    await page.getByRole('tab', { name: 'Settings' }).click();
    const status = page.getByTestId('backup-status');
    await status.getByText('Last backup: none yet.').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download a backup now' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^site-\d{8}-\d{4}\.backup$/);
    const file = join(work, download.suggestedFilename());
    await download.saveAs(file);
    const staged = await stageArchive(file, join(work, 'uploads'));
    expect(staged.manifest.tables.find((table) => table.name === 'users')?.rows).toBe(1);
    await staged.discard();
    const size = (await stat(file)).size;

    // Back on the tab later, the download is the last backup, with its size.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await status.getByText(/Last backup: Downloaded backup/).waitFor();
    const kb = `${parseFloat((size / 1024).toFixed(2))} KB`;
    await expect(status.textContent()).resolves.toContain(kb);

    await page.getByLabel('Nightly backups to keep').fill('0');
    await page.getByRole('button', { name: 'Save Backups' }).click();
    await page.getByText('Keep at least 1 backup').waitFor();
    await page.getByLabel('Nightly backups to keep').fill('3');
    await page.getByLabel(/^Time \(/).fill('03:15');
    await page.getByRole('button', { name: 'Save Backups' }).click();
    await page.locator('[role="status"]').filter({ hasText: 'Backup settings saved' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    const saved = await fetch(`${site.url}/api/admin/backups`, {
      headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect((await saved.json()).backups.settings).toEqual({ enabled: true, time: '03:15', keep: 3 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
