// `npm run backup -- <file>`: the whole site (every table's rows and every uploaded file) in one archive.
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileStoreFor } from '../src/server/storage/file-store-for.ts';
import { writeBackup } from '../src/server/services/backup/archive.ts';
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

const target = process.argv[2];
if (!target || target.startsWith('-'))
  fail('Usage: npm run backup -- <file>   (for example: npm run backup -- site.backup)');
const file = resolve(target);
if (existsSync(file)) fail(`${file} already exists; choose another name or delete it first.`);

const config = configOrExit();
console.log(
  `Backing up ${describeDatabase(config)} and the uploads ${
    config.uploadStorage === 'database' ? 'kept in it' : `in ${config.uploadsDir}`
  }`,
);
const database = await openForCommand(config, 'npm run backup', { mustExist: true });
// Written under a temporary name, so an interrupted run never leaves a file that looks complete.
const partial = `${file}.partial`;
try {
  const summary = await writeBackup(
    database.db,
    database.kind,
    fileStoreFor(config, database.db),
    createWriteStream(partial),
    progressPrinter(),
  );
  await rename(partial, file);
  const { manifest } = summary;
  for (const table of manifest.tables) console.log(`  ${table.name.padEnd(28)} ${plural(table.rows, 'row')}`);
  console.log(
    `  ${'uploaded files'.padEnd(28)} ${manifest.files.length} (${formatBytes(summary.fileBytes)})`,
  );
  console.log(
    `Wrote ${file}: ${manifest.tables.length} tables, ${plural(summary.rows, 'row')}, ${plural(manifest.files.length, 'file')}, ` +
      `${formatBytes((await stat(file)).size)}, schema ${manifest.schema.migration}, in ${seconds(summary.ms)}.`,
  );
} catch (error) {
  await rm(partial, { force: true });
  await database.close();
  fail(`Backup failed: ${(error as Error).message}`);
}
await database.close();
