import { join } from 'node:path';
import { projectRoot } from '../../project-root.ts';
import { rowsOf } from '../../../../db/rows.ts';
import { readFileSync } from 'node:fs';
import { is, sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../../db/client.ts';
import * as schema from '../../../../db/schema/index.ts';

/**
 * Tables whose rows describe this machine rather than the site, left out of every archive: the record
 * of backup files written here (the files stay on this machine; a restored copy would also carry the
 * "running" row of the very backup being made). Sessions are not listed: they are kept, so everyone
 * signed in stays signed in after a move to another database. A table added to db/schema is backed up
 * unless it is named here.
 */
export const RUNTIME_TABLES = new Set<string>(['backup_runs', 'rate_limits']);

/**
 * Tables holding uploaded files' bytes when uploads are kept in the database. An archive carries every
 * file as a file, whichever store kept it, so that it restores into either; these are not dumped as rows.
 */
export const FILE_TABLES = new Set<string>(['stored_files', 'stored_file_chunks']);

export interface TableInfo {
  name: string;
  /** Primary key columns, to write rows in a stable order. */
  primaryKey: string[];
}

/**
 * Every table of the Drizzle schema, parents before the tables that reference them, so rows can be
 * inserted in this order with every foreign key already satisfied.
 */
export function tablesInForeignKeyOrder(tables: unknown[] = Object.values(schema)): TableInfo[] {
  const configs = new Map<string, ReturnType<typeof getTableConfig>>();
  for (const value of tables) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    if (config.schema && config.schema !== 'public') continue;
    configs.set(config.name, config);
  }
  const ordered: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done' || state.get(name) === 'visiting') return;
    state.set(name, 'visiting');
    const config = configs.get(name)!;
    for (const foreignKey of config.foreignKeys) {
      const parent = getTableConfig(foreignKey.reference().foreignTable).name;
      if (parent !== name && configs.has(parent)) visit(parent);
    }
    state.set(name, 'done');
    const primaryKey = config.columns.filter((column) => column.primary).map((column) => column.name);
    ordered.push({
      name,
      primaryKey: primaryKey.length ? primaryKey : (config.primaryKeys[0]?.columns.map((c) => c.name) ?? []),
    });
  };
  for (const name of [...configs.keys()].sort()) visit(name);
  return ordered.filter((table) => !RUNTIME_TABLES.has(table.name) && !FILE_TABLES.has(table.name));
}

// From the project's folder: the compiled server runs this code from dist/node, not from here.
export const migrationsFolder = join(projectRoot, 'db', 'migrations');

export interface MigrationStep extends MigrationMeta {
  tag: string;
}

/** The migrations this release knows, oldest first, each with the tag of its file. */
export function knownMigrations(folder = migrationsFolder): MigrationStep[] {
  const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as {
    entries: { tag: string }[];
  };
  return readMigrationFiles({ migrationsFolder: folder }).map((migration, index) => ({
    ...migration,
    tag: journal.entries[index]!.tag,
  }));
}

export interface SchemaVersion {
  /** The file name of the newest migration applied, for people. */
  migration: string;
  /** The SHA-256 Drizzle records for that migration, which identifies it whatever its number. */
  hash: string;
  appliedAt: number;
}

/** The newest migration applied to this database. */
export async function schemaVersionOf(db: Database): Promise<SchemaVersion> {
  const [row] = rowsOf<{ hash: string; created_at: string | number }>(
    await db.execute(
      sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    ),
  );
  if (!row) throw new Error('The database has no migrations applied');
  const known = knownMigrations().find((migration) => migration.hash === row.hash);
  return { migration: known?.tag ?? 'unknown', hash: row.hash, appliedAt: Number(row.created_at) };
}

/** Applies migrations as Drizzle's migrator does, on the given transaction, recording each one. */
export async function applyMigrations(db: Database, steps: MigrationStep[]): Promise<void> {
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const step of steps) {
    for (const statement of step.sql) {
      if (statement.trim()) await db.execute(sql.raw(statement));
    }
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${step.hash}, ${step.folderMillis})`,
    );
  }
}
