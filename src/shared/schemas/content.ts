import { z } from 'zod';

/** The kinds of content with history or a Trash, as URLs and the API name them. */
export const contentTypeNameSchema = z
  .string({ error: 'type is required' })
  .trim()
  .min(1, 'type is required')
  .max(40, 'type must be at most 40 characters')
  .regex(/^[a-z][a-z-]*$/, 'type must be a content type such as post or review');

/** An item's id: a row id, or the fixed name of a one-of-a-kind item (`site` for the settings). */
export const contentItemIdSchema = z
  .string({ error: 'id is required' })
  .trim()
  .min(1, 'id is required')
  .max(100, 'id must be at most 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'id must be an item id');

export const contentItemSchema = z.object({
  type: contentTypeNameSchema,
  id: z.coerce.string().pipe(contentItemIdSchema),
});

/** When a scheduled change goes live: an instant (the editor sends a day and time of the company's clocks as one). */
export const runAtSchema = z.iso
  .datetime({ offset: true, error: 'runAt must be a date and time' })
  .transform((value) => new Date(value));

/**
 * A change to a live item that goes live at `runAt`. The document is the fields its editor saves; the
 * kind's own schema checks it when it is scheduled.
 */
export const scheduleChangeInputSchema = contentItemSchema.extend({
  document: z.record(z.string().max(40), z.unknown(), { error: 'document must be the editor’s fields' }),
  runAt: runAtSchema,
});

export const scheduledChangeIdSchema = z.object({
  changeId: z.coerce
    .number({ error: 'changeId must be a scheduled change id' })
    .int('changeId must be a scheduled change id')
    .positive('changeId must be a scheduled change id')
    .max(2_147_483_647, 'changeId must be a scheduled change id'),
});

export const versionIdSchema = z.object({
  versionId: z.coerce
    .number({ error: 'versionId must be a version id' })
    .int('versionId must be a version id')
    .positive('versionId must be a version id')
    .max(2_147_483_647, 'versionId must be a version id'),
});

/**
 * The version an editor loaded an item at, sent back with a save: a save from an older one than the
 * stored one is refused (409). Optional, so clients written before versions existed keep saving.
 */
export const baseVersionSchema = z
  .number({ error: 'version must be a whole number' })
  .int('version must be a whole number')
  .min(0, 'version must be a whole number')
  .optional();

/** A save's body with the version its editor loaded the item at, as REST and form clients send it. */
export function withBaseVersion<Schema extends z.ZodType>(schema: Schema) {
  return z.intersection(schema, z.object({ version: baseVersionSchema }));
}

export const trashSettingsSchema = z.object({
  keptDays: z
    .number({ error: 'Enter how many days the Trash keeps items' })
    .int('Enter a whole number of days')
    .min(1, 'Keep deleted items at least 1 day')
    .max(365, 'Keep deleted items at most 365 days'),
});

export type TrashSettings = z.output<typeof trashSettingsSchema>;

const draftScalar = z.union([
  z.string().max(200_000, 'A draft field must be at most 200,000 characters'),
  z.boolean(),
  z.null(),
]);

/**
 * One field of a draft: what an editor's form holds. A list of small records (a service's photos, the
 * About page's team) is one field, each record's values text, numbers, yes/no or empty.
 */
const draftValue = z.union([
  draftScalar,
  z
    .array(
      z.record(
        z.string().max(40),
        z.union([z.string().max(5_000), z.number(), z.boolean(), z.null(), z.undefined()]),
      ),
      { error: 'A draft list must hold records' },
    )
    .max(200, 'A draft list has at most 200 entries'),
]);

/** What the editor sends a few seconds after typing stops (autosave); `id` is `new` for an item not created yet. */
export const saveDraftInputSchema = contentItemSchema.extend({
  document: z
    .record(z.string().max(40), draftValue, { error: 'document must be the editor’s fields' })
    .refine((document) => Object.keys(document).length <= 40, 'A draft has at most 40 fields'),
  baseVersion: z.number().int().min(0).default(0),
});
