// Every request carrying a session cookie asks which session and user it stands for. On the embedded
// database that one query was a fifth of the work of a page rendered for signed-in staff. The answers are
// remembered here, as a first level only: the database announces at commit whatever could end a session
// or change what it grants (migration 0012), whichever instance or tool made the change, and each
// instance then forgets everything it remembered. A remembered answer is used only while the database
// would give the same one: not once the session has ended, nor once it is due to be renewed (a write).
import type { DatabaseHandle } from '../../../db/client.ts';
import { stillAnswersAt, validateSessionToken, type ValidSession } from '../services/sessions.ts';

/** The channel on which the database announces changes to sessions and users (migration 0012). */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

export interface SessionMemoryOptions {
  /**
   * A bound on how long an answer is trusted without asking again, for an announcement that went
   * missing. Announcements are not lost while the listening connection is up, and everything is
   * forgotten when it comes back, so this only bounds what a fault nobody foresaw could cost.
   */
  ttlMs: number;
  /** A bound on the sessions remembered; a site has a handful of staff, each with a device or two. */
  maxEntries: number;
}

const DEFAULT_OPTIONS: SessionMemoryOptions = { ttlMs: 10_000, maxEntries: 500 };

interface Remembered {
  answer: ValidSession;
  checkedAt: number;
}

export class SessionMemory {
  private readonly remembered = new Map<string, Remembered>();
  // Moves on at every forget: an answer read while a change committed is not kept.
  private generation = 0;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'db'>,
    private readonly options: SessionMemoryOptions = DEFAULT_OPTIONS,
  ) {}

  /** What `validateSessionToken` answers for this cookie token, asked of the database only when needed. */
  async validate(token: string, now = new Date()): Promise<ValidSession | null> {
    const known = this.remembered.get(token);
    if (known && now.getTime() - known.checkedAt <= this.options.ttlMs && stillAnswersAt(known.answer, now))
      return known.answer;
    const generation = this.generation;
    const answer = await validateSessionToken(this.database.db, token, now);
    this.remembered.delete(token);
    // Unknown and ended tokens are not remembered: they cost a query, as before, and fill nothing.
    if (!answer || generation !== this.generation) return answer;
    // The cookie is sent again once, with this answer; the answers after it renew nothing.
    this.remembered.set(token, {
      answer: Object.freeze({ ...answer, renewed: false }),
      checkedAt: now.getTime(),
    });
    // Oldest first out: a Map keeps insertion order.
    for (const oldest of this.remembered.keys()) {
      if (this.remembered.size <= this.options.maxEntries) break;
      this.remembered.delete(oldest);
    }
    return answer;
  }

  /** Forgets every answer: a session or user changed, or the announcements may have been missed. */
  forgetAll(): void {
    this.remembered.clear();
    this.generation++;
  }

  get size(): number {
    return this.remembered.size;
  }
}

/** Keeps `memory` in step with the database's announcements until the returned function is called. */
export function followSessionChanges(
  database: Pick<DatabaseHandle, 'listen'>,
  memory: SessionMemory,
): Promise<() => Promise<void>> {
  return database.listen(
    SESSION_CHANGES_CHANNEL,
    () => memory.forgetAll(),
    () => memory.forgetAll(),
  );
}
