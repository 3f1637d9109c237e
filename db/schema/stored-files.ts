import { bigint, customType, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * Uploaded files kept in the database, so that every instance sharing it serves every upload and a file
 * outlives the instance that received it. Used only when uploads are stored in the database.
 */
export const storedFiles = pgTable('stored_files', {
  name: varchar('name', { length: 255 }).primaryKey(),
  contentType: varchar('content_type', { length: 100 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A stored file's bytes in pieces of at most STORED_FILE_CHUNK_BYTES: a long video never has to sit in
 * memory whole, and a request for a range reads only the pieces it covers.
 */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    name: varchar('name', { length: 255 })
      .notNull()
      .references(() => storedFiles.name, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.name, table.seq] })],
);

export const STORED_FILE_CHUNK_BYTES = 1024 * 1024;
