/** Rows of a raw `db.execute()`: PGlite answers `{ rows }`, postgres.js an array. */
export function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}
