import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../../../db/client.ts';

interface Statement {
  sql: string;
  params: unknown[];
}

interface PreparedQuery {
  execute(): Promise<unknown>;
}

/** The part of Drizzle's session (the same for PGlite and postgres.js) every query goes through. */
interface Session {
  prepareQuery: (this: Session, query: Statement, ...rest: unknown[]) => PreparedQuery;
}

const recording = new AsyncLocalStorage<Statement[]>();
const watchedSessions = new WeakSet<object>();

/**
 * Has every Drizzle session of this database's driver note the statements it prepares while a
 * `tablesReadBy` call is under way, in that call's own async context: work the app does meanwhile on
 * its own (timers, background jobs) is not counted. Transactions open sessions of the same class.
 */
function watch(db: Database): Session {
  const session = (db as unknown as { session: Session }).session;
  const prototype = Object.getPrototypeOf(session) as Session;
  if (!watchedSessions.has(prototype)) {
    watchedSessions.add(prototype);
    const prepareQuery = prototype.prepareQuery;
    prototype.prepareQuery = function (this: Session, query, ...rest) {
      recording.getStore()?.push({ sql: query.sql, params: query.params });
      return prepareQuery.call(this, query, ...rest);
    };
  }
  return session;
}

/**
 * The tables `run` read, as PostgreSQL plans each query it sent (EXPLAIN, which runs nothing): the
 * relations the planner scans, through joins, subqueries and views alike, whatever code built the
 * query. Writes are not counted; nothing a visitor reads should write.
 */
export async function tablesReadBy<T>(
  db: Database,
  run: () => Promise<T>,
): Promise<{ result: T; tables: Set<string> }> {
  const session = watch(db);
  const statements: Statement[] = [];
  // Awaited inside: a lazy thenable (app.inject's) starts its work only once awaited.
  const result = await recording.run(statements, async () => await run());
  const tables = new Set<string>();
  for (const statement of statements) {
    if (!/^\s*\(?\s*(select|with)\b/i.test(statement.sql)) continue;
    // Through the same session, so the parameters are sent as the query sent them.
    const answer = await session
      .prepareQuery(
        { sql: `explain (format json) ${statement.sql}`, params: statement.params },
        undefined,
        undefined,
        false,
      )
      .execute();
    const rows = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as Record<
      string,
      unknown
    >[];
    const plan = Object.values(rows[0] ?? {})[0];
    collectRelations(typeof plan === 'string' ? JSON.parse(plan) : plan, tables);
  }
  return { result, tables };
}

function collectRelations(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const child of node) collectRelations(child, into);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'Relation Name' && typeof value === 'string') into.add(value);
    else collectRelations(value, into);
  }
}
