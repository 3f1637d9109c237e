// `npm run restore -- <file>`: replaces the configured database (DATA_DIR or DATABASE_URL) and the uploads
// folder with an archive's content, after checking all of it; a damaged archive changes nothing.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  BackupArchiveError,
  loadStagedArchive,
  migrationIndexFor,
  stageArchive,
} from '../src/server/services/backup/archive.ts';
import {
  configOrExit,
  describeDatabase,
  fail,
  formatBytes,
  openForCommand,
  progressPrinter,
  plural,
  seconds,
} from './backup-cli.ts';

const source = process.argv[2];
if (!source || source.startsWith('-'))
  fail('Usage: npm run restore -- <file>   (for example: npm run restore -- site.backup)');
const file = resolve(source);
if (!existsSync(file)) fail(`${file} does not exist.`);

const config = configOrExit();
console.log(
  `Restoring ${file} into ${describeDatabase(config)} and the uploads ${
    config.uploadStorage === 'database' ? 'into the same database' : `in ${config.uploadsDir}`
  }`,
);
const started = performance.now();
const progress = progressPrinter();
const database = await openForCommand(config, 'npm run restore', { mustExist: false });
let staged;
try {
  staged = await stageArchive(file, config.uploadsDir, progress);
  try {
    migrationIndexFor(staged.manifest);
  } catch (error) {
    await staged.discard();
    throw error;
  }
} catch (error) {
  await database.close();
  if (error instanceof BackupArchiveError) fail(`Not restored: ${error.message}`, 3);
  fail(`Not restored: ${(error as Error).message}`);
}
const { manifest } = staged;
console.log(
  `  Archive checked: made ${manifest.createdAt} from the ${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL'}, ` +
    `schema ${manifest.schema.migration}, every checksum matches.`,
);
try {
  const summary = await loadStagedArchive(
    database.db,
    staged,
    config.uploadsDir,
    progress,
    config.uploadStorage,
  );
  for (const table of manifest.tables) console.log(`  ${table.name.padEnd(28)} ${plural(table.rows, 'row')}`);
  console.log(
    `  ${'uploaded files'.padEnd(28)} ${manifest.files.length} (${formatBytes(summary.fileBytes)})`,
  );
  if (summary.migratedFrom) console.log(`  Migrated forward from schema ${summary.migratedFrom}.`);
  console.log(
    `Restored ${plural(summary.rows, 'row')} in ${manifest.tables.length} tables and ${plural(manifest.files.length, 'file')} ` +
      `in ${seconds(performance.now() - started)}.`,
  );
} catch (error) {
  await database.close();
  fail(`Not restored, nothing was changed: ${(error as Error).message}`);
}
await database.close();
