import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from './schema/index.ts';
import { settings } from './schema/index.ts';
import { getSettings } from '../src/server/services/settings.ts';
import { parseAddressLine } from '../src/shared/postal-address.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const SPLIT = '0005_split_address';

/** The migrations folder as it was before the address was split. */
async function foldersBeforeSplit(): Promise<{ before: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
  await cp(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === SPLIT);
  journal.entries = journal.entries.slice(0, index);
  await writeFile(journalPath, JSON.stringify(journal));
  return { before: dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A database of an install made before the split, migrated once and copied for each case. */
let installedBeforeSplit: Blob;

beforeAll(async () => {
  const { before, cleanup } = await foldersBeforeSplit();
  const client = new PGlite();
  try {
    await migrate(drizzle(client, { schema }), { migrationsFolder: before });
    installedBeforeSplit = await client.dumpDataDir('none');
  } finally {
    await client.close();
    await cleanup();
  }
});

/** That install with `address` stored as `line`, then upgraded. */
async function upgradedFrom(line: string | null) {
  const client = new PGlite({ loadDataDir: installedBeforeSplit });
  const db = drizzle(client, { schema });
  try {
    await db.insert(settings).values({ key: 'companyName', value: 'Old Install Plumbing' });
    if (line !== null) await db.insert(settings).values({ key: 'address', value: line });
    await migrate(db, { migrationsFolder });
    const rows = await db.select().from(settings);
    const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    const read = await getSettings(db);
    return { stored, read };
  } finally {
    await client.close();
  }
}

describe('the one-line address setting, split into parts on upgrade', () => {
  it('splits "street, city, ST ZIP" and removes the old row', async () => {
    const { stored, read } = await upgradedFrom('Suite 4, 220 Canton Hwy, Cumming, ga 30040-1234');
    expect(stored).not.toHaveProperty('address');
    expect(read).toMatchObject({
      companyName: 'Old Install Plumbing',
      addressStreet: 'Suite 4, 220 Canton Hwy',
      addressCity: 'Cumming',
      addressState: 'GA',
      addressZip: '30040-1234',
    });
  });

  it('keeps a line it cannot read whole, as the street, so nothing is lost', async () => {
    const { read } = await upgradedFrom('Behind the old mill on Route 9');
    expect(read).toMatchObject({
      addressStreet: 'Behind the old mill on Route 9',
      addressCity: '',
      addressState: '',
      addressZip: '',
    });
  });

  it('the SQL split and the one the admin save uses for a one-line address agree', async () => {
    for (const line of ['100 Main Street, Cumming, GA 30040', '9 Elm St , Suwanee, GA', 'Cumming, GA']) {
      const { read } = await upgradedFrom(line);
      const { addressStreet, addressCity, addressState, addressZip } = read;
      expect({ addressStreet, addressCity, addressState, addressZip }, line).toEqual(parseAddressLine(line));
    }
  });

  it('an install that never stored an address keeps the defaults', async () => {
    const { stored, read } = await upgradedFrom(null);
    expect(stored).not.toHaveProperty('addressStreet');
    expect(read.addressStreet).toBe('100 Main Street');
  });
});
