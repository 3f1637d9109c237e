import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { settings, type SettingType } from '../../../db/schema/index.ts';
import {
  addressPartsSchema,
  publicSettingsSchema,
  siteSettingsSchema,
  type AdminSiteSettings,
  type PublicSiteSettings,
  type SiteSettings,
  type SiteSettingsInput,
} from '../../shared/schemas/settings.ts';
import type { Logger } from '../logger.ts';
import type { ReadCache } from '../caching/read-cache.ts';
import { defaultSettings } from '../../shared/site-defaults.ts';
import { formatAddressLine, parseAddressLine } from '../../shared/postal-address.ts';
import { InvalidInputError } from '../errors.ts';
import { setCompanyTimeZone } from '../../shared/company-time.ts';

type AddressParts = Pick<SiteSettings, 'addressStreet' | 'addressCity' | 'addressState' | 'addressZip'>;

type SettingKey = keyof SiteSettings;
const settingKeys = Object.keys(defaultSettings) as SettingKey[];

function typeOf(value: unknown): SettingType {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') return 'string';
  return 'json';
}

function encode(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function decode(value: string, type: SettingType): unknown {
  if (type === 'string') return value;
  return JSON.parse(value);
}

/**
 * The site settings: stored rows over the built-in defaults. A stored value that no longer fits the
 * schema (an older release, a hand edit) falls back to its default instead of breaking every page.
 */
export async function getSettings(db: Database): Promise<SiteSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, settingKeys));
  const merged: Record<string, unknown> = { ...defaultSettings };
  for (const row of rows) {
    try {
      merged[row.key] = decode(row.value, row.type);
    } catch {
      // Unreadable JSON keeps the default.
    }
  }
  const parsed = siteSettingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const repaired: Record<string, unknown> = { ...merged };
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as SettingKey;
    repaired[key] = defaultSettings[key];
  }
  return siteSettingsSchema.parse(repaired);
}

const publicSettingKeys = Object.keys(publicSettingsSchema.shape) as Array<keyof PublicSiteSettings>;

/** The settings a visitor may see (publicSettingsSchema): no adminEmail, no server-only switches. */
export function publicSettingsOf(settings: SiteSettings): PublicSiteSettings {
  let known = publicViews.get(settings);
  if (!known) {
    known = Object.fromEntries(publicSettingKeys.map((key) => [key, settings[key]])) as PublicSiteSettings;
    publicViews.set(settings, known);
  }
  return known;
}

/**
 * The public view of each settings object, made once: every render is given the settings the read
 * cache keeps, the same object until they change, and building their view anew was half a percent
 * of a fresh render. Shared by every caller: treat it as frozen, as the read cache's answers are.
 */
const publicViews = new WeakMap<SiteSettings, PublicSiteSettings>();

/**
 * GET /api/settings and tRPC settings.get: the public settings, with the address also as the one line
 * clients read before it had parts.
 */
export async function getPublicSettings(db: Database): Promise<PublicSiteSettings & { address: string }> {
  const settings = await getSettings(db);
  return { ...publicSettingsOf(settings), address: formatAddressLine(settings) };
}

/** GET /api/admin/settings and tRPC adminSettings.get: every setting, and the address as one line too. */
export async function getAdminSettings(db: Database): Promise<AdminSiteSettings> {
  return withAddressLine(await getSettings(db));
}

function withAddressLine(settings: SiteSettings): AdminSiteSettings {
  return { ...settings, address: formatAddressLine(settings) };
}

/** Saves the whole settings object; answers it as the admin reads it. */
export async function saveSettings(
  db: Database,
  input: SiteSettingsInput,
  now = new Date(),
): Promise<AdminSiteSettings> {
  const { address, ...values } = input;
  const settingsToSave = address === undefined ? values : await applyAddressLine(db, values, address);
  await writeSettings(db, settingsToSave, now);
  const saved = await getSettings(db);
  // This instance follows at once; the others when the change is announced (company-zone.ts).
  setCompanyTimeZone(saved.timeZone);
  return withAddressLine(saved);
}

/**
 * The admin reads the address both as parts and as one line, and sends both back. A line that matches
 * the parts sent, or the parts stored (a part was changed and the line sent back as it was read),
 * changes nothing: the parts win. Any other line is a client that changed only the line, as clients
 * written before the address had parts do: it is split into the parts, which are checked like any.
 */
async function applyAddressLine<Values extends AddressParts>(
  db: Database,
  values: Values,
  line: string,
): Promise<Values> {
  if (line === formatAddressLine(values) || line === formatAddressLine(await getSettings(db))) return values;
  const parts = addressPartsSchema.safeParse(parseAddressLine(line));
  if (!parts.success) {
    const message = `Address: ${parts.error.issues[0]?.message ?? 'not a valid address'}`;
    throw new InvalidInputError(message, { address: [message] });
  }
  return { ...values, ...parts.data };
}

async function writeSettings(
  db: Database,
  values: Partial<SiteSettings>,
  now: Date,
  overwrite = true,
): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({
    key,
    value: encode(value),
    type: typeOf(value),
    updatedAt: now,
  }));
  if (rows.length === 0) return;
  const insert = db.insert(settings).values(rows);
  if (overwrite) {
    await insert.onConflictDoUpdate({
      target: settings.key,
      set: { value: sqlExcluded('value'), type: sqlExcluded('type'), updatedAt: now },
    });
  } else {
    await insert.onConflictDoNothing({ target: settings.key });
  }
}

/** Writes the defaults for every key not stored yet; never overwrites what the owner set. */
export async function seedDefaultSettings(db: Database, now = new Date()): Promise<void> {
  await writeSettings(db, defaultSettings, now, false);
}

function sqlExcluded(column: string) {
  return sql.raw(`excluded.${column}`);
}

/**
 * The settings, or the built-in defaults when reading fails;
 * `degraded` says which, so a page built on the defaults is not cached (src/server/rendering/ssr.ts).
 */
export async function getSettingsOrDefaults(
  db: Database,
  log: Pick<Logger, 'error'>,
  readCache?: ReadCache,
): Promise<{ settings: SiteSettings; degraded: boolean }> {
  try {
    const settings = await (readCache
      ? readCache.remember('settings', () => getSettings(db))
      : getSettings(db));
    return { settings, degraded: false };
  } catch (error) {
    log.error({ err: error }, 'reading settings failed; using the built-in defaults');
    return { settings: defaultSettings, degraded: true };
  }
}
