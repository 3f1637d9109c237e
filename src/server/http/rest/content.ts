import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerFor } from './caller.ts';
import { ok, okWithMessage, serviceResult, typed } from './typed.ts';
import { InvalidInputError } from '../../errors.ts';
import {
  contentItemSchema,
  scheduleChangeInputSchema,
  scheduledChangeIdSchema,
  trashSettingsSchema,
  versionIdSchema,
  type TrashSettings,
} from '../../../shared/schemas/content.ts';
import type { VersionComparison, VersionSummary } from '../../services/content/history.ts';
import type { PendingChange } from '../../services/content/scheduled.ts';
import type { TrashEntry } from '../../services/content/trash.ts';

/**
 * The version a REST save was made from: `version` in the body, or the `If-Match` header (`"7"` or `7`,
 * as an ETag is written). Neither: the client read no version and the save is not checked, as before
 * versions existed.
 */
export function baseVersionOf(request: FastifyRequest, bodyVersion: number | undefined): number | undefined {
  if (bodyVersion !== undefined) return bodyVersion;
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) {
    const message = 'If-Match must be the version the item was read at, such as "7"';
    throw new InvalidInputError(message, { 'If-Match': [message] });
  }
  return Number(match[1]);
}

const versionIdParams = versionIdSchema;
const itemParams = contentItemSchema;

// History, scheduled changes and Trash of every kind of content. The hook in app.ts answers 401 without a session; the
// procedures say which role may do what.
export async function contentRestRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/api/admin/history',
    {
      schema: {
        querystring: contentItemSchema,
        response: { 200: z.object({ ...ok, versions: serviceResult<VersionSummary[]>() }) },
      },
    },
    async (request, reply) => {
      const versions = await callerFor(request, reply).content.versions(request.query);
      return { success: true as const, versions };
    },
  );

  app.get(
    '/api/admin/history/:versionId',
    {
      schema: {
        params: versionIdParams,
        response: { 200: z.object({ ...ok, version: serviceResult<VersionComparison>() }) },
      },
    },
    async (request, reply) => {
      const version = await callerFor(request, reply).content.compare(request.params);
      return { success: true as const, version };
    },
  );

  app.post(
    '/api/admin/history/:versionId/restore',
    {
      schema: {
        params: versionIdParams,
        response: {
          200: z.object({ ...okWithMessage, type: z.string(), id: z.string(), version: z.number() }),
        },
      },
    },
    async (request, reply) => {
      const restored = await callerFor(request, reply).content.restoreVersion(request.params);
      return { success: true as const, ...restored, message: `Restored as version ${restored.version}` };
    },
  );

  // A change to a live item that goes live at a set time, the changes waiting, and cancelling one.
  app.post(
    '/api/admin/scheduled-changes',
    {
      schema: {
        body: scheduleChangeInputSchema,
        response: { 201: z.object({ ...okWithMessage, change: serviceResult<PendingChange>() }) },
      },
    },
    async (request, reply) => {
      const change = await callerFor(request, reply).content.scheduleChange(request.body);
      return reply.status(201).send({ success: true, change, message: 'Change scheduled' });
    },
  );

  app.get(
    '/api/admin/scheduled-changes',
    {
      schema: {
        querystring: contentItemSchema,
        response: { 200: z.object({ ...ok, changes: serviceResult<PendingChange[]>() }) },
      },
    },
    async (request, reply) => {
      const changes = await callerFor(request, reply).content.scheduledChanges(request.query);
      return { success: true as const, changes };
    },
  );

  app.delete(
    '/api/admin/scheduled-changes/:changeId',
    { schema: { params: scheduledChangeIdSchema, response: { 200: z.object(okWithMessage) } } },
    async (request, reply) => {
      await callerFor(request, reply).content.cancelScheduledChange(request.params);
      return { success: true as const, message: 'Scheduled change cancelled' };
    },
  );

  app.get(
    '/api/admin/trash',
    { schema: { response: { 200: z.object({ ...ok, items: serviceResult<TrashEntry[]>() }) } } },
    async (request, reply) => {
      const items = await callerFor(request, reply).content.trash();
      return { success: true as const, items };
    },
  );

  app.get(
    '/api/admin/trash/settings',
    { schema: { response: { 200: z.object({ ...ok, settings: serviceResult<TrashSettings>() }) } } },
    async (request, reply) => {
      const settings = await callerFor(request, reply).content.trashSettings();
      return { success: true as const, settings };
    },
  );

  app.put(
    '/api/admin/trash/settings',
    {
      schema: {
        body: trashSettingsSchema,
        response: { 200: z.object({ ...okWithMessage, settings: serviceResult<TrashSettings>() }) },
      },
    },
    async (request, reply) => {
      const settings = await callerFor(request, reply).content.saveTrashSettings(request.body);
      return { success: true as const, settings, message: 'Trash settings saved' };
    },
  );

  app.post(
    '/api/admin/trash/:type/:id/restore',
    { schema: { params: itemParams, response: { 200: z.object(okWithMessage) } } },
    async (request, reply) => {
      await callerFor(request, reply).content.restoreFromTrash(request.params);
      return { success: true as const, message: 'Restored from the Trash' };
    },
  );

  app.delete(
    '/api/admin/trash/:type/:id',
    {
      schema: { params: itemParams, response: { 200: z.object({ ...okWithMessage, purged: z.boolean() }) } },
    },
    async (request, reply) => {
      const { purged } = await callerFor(request, reply).content.purge(request.params);
      return {
        success: true as const,
        purged,
        message: purged
          ? 'Deleted for good'
          : 'Kept in the Trash: an item in the Trash still uses it; it goes when that one does',
      };
    },
  );
}
