import type { DatabaseHandle } from '../../../db/client.ts';

/**
 * The channel on which the database announces, at commit, each table visitors see whose rows changed
 * (posts, visible reviews, settings, search metadata, an upload's alt text or copies), whichever
 * instance or tool changed them.
 */
export const SITE_CHANGES_CHANNEL = 'site_changes';

export interface SiteChangeListener {
  /** A table visitors see changed. */
  changed(table: string): void;
  /**
   * The listening connection is (again) up. Anything announced while it was away is lost, so whatever
   * was derived from the database must be thrown away.
   */
  resync(): void;
}

/** Follows the changes until the returned function is called. */
export function followSiteChanges(
  database: Pick<DatabaseHandle, 'listen'>,
  listener: SiteChangeListener,
): Promise<() => Promise<void>> {
  return database.listen(
    SITE_CHANGES_CHANNEL,
    (table) => listener.changed(table),
    () => listener.resync(),
  );
}
