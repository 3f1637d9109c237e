// The company's time zone is a setting, but many callers need it synchronously (a date formatted in a
// render, a day counted for the dashboard, a backup's schedule): they read companyTimeZone(), which
// this keeps equal to the stored setting. It is read at start and again whenever the settings change,
// through this instance or another (the site_changes notification, background-work.ts).
import type { Database } from '../../../db/client.ts';
import { setCompanyTimeZone } from '../../shared/company-time.ts';
import type { Logger } from '../logger.ts';
import { getSettings } from './settings.ts';

/** Reads the zone from the settings and makes it the one every caller sees; a failed read keeps the last. */
export async function followCompanyTimeZone(db: Database, log: Pick<Logger, 'error'>): Promise<void> {
  try {
    setCompanyTimeZone((await getSettings(db)).timeZone);
  } catch (error) {
    log.error({ err: error }, 'could not read the company time zone; keeping the one in use');
  }
}
