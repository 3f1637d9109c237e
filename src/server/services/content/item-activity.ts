import type { Database } from '../../../../db/client.ts';
import { recordActivityBy, type ActingRequest, type ActivityKind } from '../activity-log.ts';
import { contentTypeFor } from './registry.ts';
import './types.ts';

export interface ItemActivity {
  kind: ActivityKind;
  type: string;
  key: string;
  /** The line as read, given the item as it is named (`review “Review by Ann (4 stars)”`). */
  summary: (item: string) => string;
  /** The fields the change set, by name. */
  fields?: readonly string[];
}

/**
 * Logs a change to an item whose saves keep no history (a review shown or answered, a lead's status,
 * an upload's alt text), naming the item as the Trash names it, so that every change staff make is in
 * the activity log whether or not its kind has history.
 */
export async function recordItemActivity(
  db: Database,
  acting: ActingRequest,
  { kind, type, key, summary, fields }: ItemActivity,
): Promise<void> {
  const definition = contentTypeFor(type, key);
  const title = (await definition.trash?.titleOf(db, key)) ?? key;
  await recordActivityBy(db, acting, {
    kind,
    summary: summary(`${definition.label.toLowerCase()} “${title}”`),
    details: { type, id: key, ...(fields ? { fields } : {}) },
  });
}
