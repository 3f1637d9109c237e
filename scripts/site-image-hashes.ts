/**
 * Writes src/shared/image-hashes.ts: a short hash of each file in public/images/, from its bytes, so
 * pages can name `/images/hero-800.webp` as `/images/hero-800.<hash>.webp` and browsers may keep it a
 * year (docs/decisions/041). `npm run illustrations` runs this after drawing; `npm run images:hash`
 * runs it alone, after a picture was replaced by hand. src/shared/image-hashes.test.ts fails when the
 * module no longer matches the files.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SITE_IMAGES_DIR = fileURLToPath(new URL('../public/images', import.meta.url));
const MODULE_FILE = fileURLToPath(new URL('../src/shared/image-hashes.ts', import.meta.url));

/** Eight hex digits: enough to tell two versions of one picture apart, short enough for every page. */
const HASH_LENGTH = 8;

function hashOfBytes(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, HASH_LENGTH);
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile() && !entry.name.startsWith('.')) yield path;
  }
}

/** Each picture's path under public/images/ (with `/`, e.g. `services/sewer-drain-1.jpg`) and the hash of its bytes, sorted. */
export function hashSiteImages(): Record<string, string> {
  const entries = [...filesUnder(SITE_IMAGES_DIR)].map(
    (file) =>
      [relative(SITE_IMAGES_DIR, file).split(sep).join('/'), hashOfBytes(readFileSync(file))] as const,
  );
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The module's text, already as Prettier would write it. */
export function hashModuleSource(hashes: Record<string, string>): string {
  const lines = Object.entries(hashes).map(([path, hash]) => `  '${path}': '${hash}',`);
  return [
    '// Written by scripts/site-image-hashes.ts (npm run images:hash) from the files in public/images/:',
    '// do not edit. Keys are paths under /images/, values the first hex digits of their SHA-256.',
    'export const imageHashes: Readonly<Record<string, string>> = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}

/** Rewrites the module when the files changed; returns whether it did. */
export function writeSiteImageHashes(): boolean {
  const source = hashModuleSource(hashSiteImages());
  let current = '';
  try {
    current = readFileSync(MODULE_FILE, 'utf8');
  } catch {
    // No module yet: written below.
  }
  if (current === source) return false;
  writeFileSync(MODULE_FILE, source);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const changed = writeSiteImageHashes();
  console.log(
    changed ? `Wrote ${relative(process.cwd(), MODULE_FILE)}` : 'Image hashes already match public/images/',
  );
}
