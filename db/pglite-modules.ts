// The embedded database's packages, loaded together the first time it is opened (db/client.ts), and
// only then: a server on PostgreSQL never loads them. Imported here, not each on its own, so that the
// compiled server loads PGlite once: Drizzle's PGlite driver requires it too, and a separate dynamic
// import would load a second copy of the package beside it.
export { PGlite } from '@electric-sql/pglite';
export { drizzle } from 'drizzle-orm/pglite';
export { migrate } from 'drizzle-orm/pglite/migrator';
