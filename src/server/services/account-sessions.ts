import type { Database } from '../../../db/client.ts';
import { recordActivityBy, type ActingRequest } from './activity-log.ts';
import { endOtherSessions, endOwnSession, listUserSessions, type SessionListEntry } from './sessions.ts';

/** What a signed-in person does to their own sessions, from the Account tab or the REST paths. */
export type OwnSessionRequest = ActingRequest & { sessionId: string };

export function listOwnSessions(db: Database, acting: OwnSessionRequest): Promise<SessionListEntry[]> {
  return listUserSessions(db, acting.actor.userId!, acting.sessionId, acting.at);
}

/** Signs out one of one's own sessions (a browser left signed in elsewhere), this one included. */
export async function signOutOwnSession(
  db: Database,
  acting: OwnSessionRequest,
  id: string,
): Promise<SessionListEntry> {
  const ended = await endOwnSession(db, acting.actor.userId!, id);
  const which =
    id === acting.sessionId ? 'this session' : `${ended.browser} (${ended.address ?? 'unknown address'})`;
  await recordActivityBy(db, acting, {
    kind: 'session-ended',
    summary: `Signed out ${which}`,
    details: { browser: ended.browser, address: ended.address, signedInAt: ended.createdAt },
  });
  return { ...ended, current: id === acting.sessionId };
}

/** "Sign out everywhere else": every session but this one ends. */
export async function signOutOtherSessions(db: Database, acting: OwnSessionRequest): Promise<number> {
  const ended = await endOtherSessions(db, acting.actor.userId!, acting.sessionId);
  await recordActivityBy(db, acting, {
    kind: 'other-sessions-ended',
    summary: `Signed out everywhere else (${ended} session${ended === 1 ? '' : 's'})`,
    details: { sessions: ended },
  });
  return ended;
}
