import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerFor } from './caller.ts';
import { PassThrough } from 'node:stream';
import { ok, okWithMessage, serviceResult, typed } from './typed.ts';
import { leadsToCsv } from '../../services/leads.ts';
import { writeBackupForDownload, type getBackupStatus } from '../../services/backup/nightly.ts';
import type { MediaLibraryItem } from '../../services/media-library.ts';
import { ADMIN_ONLY_MESSAGE } from '../trpc/init.ts';
import { leadFilterSchema } from '../trpc/routers/leads.ts';
import { ForbiddenError } from '../../errors.ts';
import { recordActivityBy } from '../../services/activity-log.ts';
import { assertRecentlyAuthenticated } from '../../services/sessions.ts';
import { actingRequest, createRequestContext } from '../request-context.ts';
import { backupSettingsSchema, type BackupSettings } from '../../../shared/schemas/backup.ts';
import {
  postIdSchema,
  savePostInputSchema,
  schedulePostChangeInputSchema,
} from '../../../shared/schemas/post.ts';
import type { PendingChange } from '../../services/content/scheduled.ts';
import { mediaAltSchema, mediaIdSchema } from '../../../shared/schemas/media.ts';
import {
  reviewReplyInputSchema,
  reviewRequestInputSchema,
  reviewRequestStatuses,
  type ReviewRequestLogEntry,
} from '../../../shared/schemas/review-request.ts';
import type { ModeratedReview } from '../../services/reviews.ts';
import type { AdminFaq, AdminService } from '../../services/service-catalog.ts';
import {
  faqIdSchema,
  faqInputSchema,
  serviceIdSchema,
  serviceInputSchema,
} from '../../../shared/schemas/service.ts';
import { adminSiteSettingsSchema } from '../../../shared/schemas/settings.ts';
import { saveSiteSettingsInputSchema } from '../trpc/routers/settings.ts';
import type { VersionedPost } from '../trpc/routers/admin-posts.ts';
import { baseVersionOf } from './content.ts';
import type { Versioned } from '../../services/content/history.ts';
import { withBaseVersion } from '../../../shared/schemas/content.ts';

const postIdParams = z.object({ id: postIdSchema });
const mediaIdParams = z.object({ id: mediaIdSchema });
const serviceIdParams = z.object({ id: serviceIdSchema });
const faqIdParams = z.object({ id: faqIdSchema });
const reviewIdParams = z.object({ id: z.coerce.number().int().positive() });
const versionedSettings = adminSiteSettingsSchema.extend({ version: z.number() });

/** The inbox's filter link sends an empty field for "any": the filter schema should see it unset. */
function dropBlankQueryFields(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
  const query: unknown = request.query;
  if (typeof query === 'object' && query !== null) {
    for (const [field, value] of Object.entries(query)) {
      if (value === '') Reflect.deleteProperty(query, field);
    }
  }
  done();
}

/**
 * Settings are for admins. The settings procedures say so too, but a route checks its body before
 * the handler reaches them, and an editor must hear 403, not a 400 about a body they may not send.
 */
function adminOnly(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  done(request.auth?.user.role === 'admin' ? undefined : new ForbiddenError(ADMIN_ONLY_MESSAGE));
}

// Admin calls. The hook in app.ts answers 401 before any of these runs without a session.
export async function adminRestRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/api/admin/settings',
    {
      preValidation: adminOnly,
      schema: { response: { 200: z.object({ ...ok, settings: versionedSettings }) } },
    },
    async (request, reply) => {
      const settings = await callerFor(request, reply).adminSettings.get();
      return { success: true as const, settings };
    },
  );

  app.put(
    '/api/admin/settings',
    {
      preValidation: adminOnly,
      schema: {
        body: saveSiteSettingsInputSchema,
        response: { 200: z.object({ ...okWithMessage, settings: versionedSettings }) },
      },
    },
    async (request, reply) => {
      const settings = await callerFor(request, reply).adminSettings.save({
        ...request.body,
        version: baseVersionOf(request, request.body.version),
      });
      return { success: true as const, settings, message: 'Settings saved' };
    },
  );

  // The leads inbox's "Export CSV": the same filter as the list on screen.
  app.get(
    '/api/admin/leads.csv',
    {
      preValidation: dropBlankQueryFields,
      schema: { querystring: leadFilterSchema, response: { 200: z.string() } },
    },
    async (request, reply) => {
      const leads = await callerFor(request, reply).leads.export(request.query);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(leadsToCsv(leads));
    },
  );

  app.get(
    '/api/admin/backups',
    {
      preValidation: adminOnly,
      schema: {
        response: {
          200: z.object({ ...ok, backups: serviceResult<Awaited<ReturnType<typeof getBackupStatus>>>() }),
        },
      },
    },
    async (request, reply) => {
      const backups = await callerFor(request, reply).adminBackups.status();
      return { success: true as const, backups };
    },
  );

  app.put(
    '/api/admin/backups/settings',
    {
      preValidation: adminOnly,
      schema: {
        body: backupSettingsSchema,
        response: { 200: z.object({ ...okWithMessage, settings: serviceResult<BackupSettings>() }) },
      },
    },
    async (request, reply) => {
      const settings = await callerFor(request, reply).adminBackups.saveSettings(request.body);
      return { success: true as const, settings, message: 'Backup settings saved' };
    },
  );

  // A fresh archive of the whole site, streamed as it is written: nothing large is held in memory.
  // A backup holds every password hash and every lead: like the procedures that change accounts, it asks
  // for the password within the last five minutes, and is logged.
  app.get('/api/admin/backups/download', { preValidation: adminOnly }, async (request, reply) => {
    const acting = actingRequest({ ...createRequestContext(request, reply), auth: request.auth! });
    assertRecentlyAuthenticated(request.auth!.session, acting.at);
    await recordActivityBy(app.db, acting, { kind: 'backup-downloaded', summary: 'Downloaded a backup' });
    const body = new PassThrough();
    writeBackupForDownload(app.db, app.databaseKind, app.fileStore, body).catch((error: unknown) => {
      request.log.error({ err: error }, 'backup download failed');
      // The client sees a cut-off download, which restore refuses as incomplete.
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="site-${stamp}.backup"`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.get(
    '/api/admin/posts',
    {
      schema: {
        response: {
          200: z.object({
            ...ok,
            newsPosts: serviceResult<VersionedPost[]>(),
            advicePosts: serviceResult<VersionedPost[]>(),
          }),
        },
      },
    },
    async (request, reply) => {
      const posts = await callerFor(request, reply).adminPosts.list();
      return {
        success: true as const,
        newsPosts: posts.filter((post) => post.type === 'news'),
        advicePosts: posts.filter((post) => post.type === 'advice'),
      };
    },
  );

  app.post(
    '/api/admin/posts',
    {
      schema: {
        body: savePostInputSchema,
        response: {
          201: z.object({ ...okWithMessage, postId: z.number(), post: serviceResult<VersionedPost>() }),
        },
      },
    },
    async (request, reply) => {
      const post = await callerFor(request, reply).adminPosts.create(request.body);
      return reply.status(201).send({ success: true, postId: post.id, post, message: 'Post created' });
    },
  );

  app.put(
    '/api/admin/posts/:id',
    {
      schema: {
        params: postIdParams,
        body: savePostInputSchema,
        response: { 200: z.object({ ...okWithMessage, post: serviceResult<VersionedPost>() }) },
      },
    },
    async (request, reply) => {
      const post = await callerFor(request, reply).adminPosts.update({
        ...request.body,
        ...request.params,
        version: baseVersionOf(request, request.body.version),
      });
      return { success: true as const, post, message: 'Post updated' };
    },
  );

  app.delete(
    '/api/admin/posts/:id',
    { schema: { params: postIdParams, response: { 200: z.object(okWithMessage) } } },
    async (request, reply) => {
      await callerFor(request, reply).adminPosts.delete(request.params);
      return { success: true as const, message: 'Post moved to the Trash' };
    },
  );

  // A change to a live post that goes live at a set time and the changes waiting; cancelling one, and
  // the same for every kind, is in content.ts.
  app.post(
    '/api/admin/posts/:id/scheduled-changes',
    {
      schema: {
        params: postIdParams,
        body: schedulePostChangeInputSchema,
        response: { 201: z.object({ ...okWithMessage, change: serviceResult<PendingChange>() }) },
      },
    },
    async (request, reply) => {
      const change = await callerFor(request, reply).adminPosts.scheduleChange({
        ...request.body,
        ...request.params,
      });
      return reply.status(201).send({ success: true, change, message: 'Change scheduled' });
    },
  );

  app.get(
    '/api/admin/posts/:id/scheduled-changes',
    {
      schema: {
        params: postIdParams,
        response: { 200: z.object({ ...ok, changes: serviceResult<PendingChange[]>() }) },
      },
    },
    async (request, reply) => {
      const changes = await callerFor(request, reply).adminPosts.scheduledChanges(request.params);
      return { success: true as const, changes };
    },
  );

  // The Media tab's list, alt text and deletion of unused uploads; uploading is POST /api/admin/upload.
  app.get(
    '/api/admin/media',
    { schema: { response: { 200: z.object({ ...ok, media: serviceResult<MediaLibraryItem[]>() }) } } },
    async (request, reply) => {
      const media = await callerFor(request, reply).media.library();
      return { success: true as const, media };
    },
  );

  app.patch(
    '/api/admin/media/:id',
    {
      schema: {
        params: mediaIdParams,
        body: mediaAltSchema,
        response: { 200: z.object({ ...okWithMessage, media: serviceResult<MediaLibraryItem>() }) },
      },
    },
    async (request, reply) => {
      const media = await callerFor(request, reply).media.updateAlt({ ...request.body, ...request.params });
      return { success: true as const, media, message: 'Alt text saved' };
    },
  );

  app.delete(
    '/api/admin/media/:id',
    { schema: { params: mediaIdParams, response: { 200: z.object(okWithMessage) } } },
    async (request, reply) => {
      await callerFor(request, reply).media.delete(request.params);
      return { success: true as const, message: 'Upload moved to the Trash' };
    },
  );

  // Review requests: ask a customer after a job (409 with the reason when they may not be asked), and
  // the log of every request.
  app.post(
    '/api/admin/review-requests',
    {
      schema: {
        body: reviewRequestInputSchema,
        response: {
          201: z.object({
            ...okWithMessage,
            request: z.object({ id: z.number(), status: z.enum(reviewRequestStatuses) }),
          }),
        },
      },
    },
    async (request, reply) => {
      const created = await callerFor(request, reply).adminReviewRequests.create(request.body);
      return reply.status(201).send({ success: true, request: created, message: 'Review request queued' });
    },
  );

  app.get(
    '/api/admin/review-requests',
    {
      schema: { response: { 200: z.object({ ...ok, requests: serviceResult<ReviewRequestLogEntry[]>() }) } },
    },
    async (request, reply) => {
      const requests = await callerFor(request, reply).adminReviewRequests.list();
      return { success: true as const, requests };
    },
  );

  app.delete(
    '/api/admin/reviews/:id',
    { schema: { params: reviewIdParams, response: { 200: z.object(okWithMessage) } } },
    async (request, reply) => {
      await callerFor(request, reply).adminReviews.delete(request.params);
      return { success: true as const, message: 'Review moved to the Trash' };
    },
  );

  app.delete(
    '/api/admin/leads/:id',
    { schema: { params: reviewIdParams, response: { 200: z.object(okWithMessage) } } },
    async (request, reply) => {
      await callerFor(request, reply).leads.delete(request.params);
      return { success: true as const, message: 'Lead moved to the Trash' };
    },
  );

  app.put(
    '/api/admin/reviews/:id/reply',
    {
      schema: {
        params: reviewIdParams,
        body: reviewReplyInputSchema,
        response: { 200: z.object({ ...okWithMessage, review: serviceResult<ModeratedReview>() }) },
      },
    },
    async (request, reply) => {
      const review = await callerFor(request, reply).adminReviews.reply({
        ...request.body,
        ...request.params,
      });
      return {
        success: true as const,
        review,
        message: review.reply ? 'Reply saved' : 'Reply removed',
      };
    },
  );

  // Services and questions: the Services tab's lists, and each one created, saved (kept in its history,
  // checked against the version in the body or If-Match) or moved to the Trash.
  app.get(
    '/api/admin/services',
    {
      schema: {
        response: { 200: z.object({ ...ok, services: serviceResult<Versioned<AdminService>[]>() }) },
      },
    },
    async (request, reply) => {
      const services = await callerFor(request, reply).adminServices.list();
      return { success: true as const, services };
    },
  );

  app.post(
    '/api/admin/services',
    {
      schema: {
        body: serviceInputSchema,
        response: { 201: z.object({ ...okWithMessage, service: serviceResult<Versioned<AdminService>>() }) },
      },
    },
    async (request, reply) => {
      const service = await callerFor(request, reply).adminServices.create(request.body);
      return reply.status(201).send({ success: true, service, message: 'Service created' });
    },
  );

  app.put(
    '/api/admin/services/:id',
    {
      schema: {
        params: serviceIdParams,
        body: withBaseVersion(serviceInputSchema),
        response: { 200: z.object({ ...okWithMessage, service: serviceResult<Versioned<AdminService>>() }) },
      },
    },
    async (request, reply) => {
      const service = await callerFor(request, reply).adminServices.update({
        ...request.body,
        ...request.params,
        version: baseVersionOf(request, request.body.version),
      });
      return { success: true as const, service, message: 'Service saved' };
    },
  );

  app.delete(
    '/api/admin/services/:id',
    { schema: { params: serviceIdParams, response: { 200: z.object(okWithMessage) } } },
    async (request, reply) => {
      await callerFor(request, reply).adminServices.delete(request.params);
      return { success: true as const, message: 'Service moved to the Trash' };
    },
  );

  app.get(
    '/api/admin/faqs',
    { schema: { response: { 200: z.object({ ...ok, faqs: serviceResult<Versioned<AdminFaq>[]>() }) } } },
    async (request, reply) => {
      const faqs = await callerFor(request, reply).adminFaqs.list();
      return { success: true as const, faqs };
    },
  );

  app.post(
    '/api/admin/faqs',
    {
      schema: {
        body: faqInputSchema,
        response: { 201: z.object({ ...okWithMessage, faq: serviceResult<Versioned<AdminFaq>>() }) },
      },
    },
    async (request, reply) => {
      const faq = await callerFor(request, reply).adminFaqs.create(request.body);
      return reply.status(201).send({ success: true, faq, message: 'Question created' });
    },
  );

  app.put(
    '/api/admin/faqs/:id',
    {
      schema: {
        params: faqIdParams,
        body: withBaseVersion(faqInputSchema),
        response: { 200: z.object({ ...okWithMessage, faq: serviceResult<Versioned<AdminFaq>>() }) },
      },
    },
    async (request, reply) => {
      const faq = await callerFor(request, reply).adminFaqs.update({
        ...request.body,
        ...request.params,
        version: baseVersionOf(request, request.body.version),
      });
      return { success: true as const, faq, message: 'Question saved' };
    },
  );

  app.delete(
    '/api/admin/faqs/:id',
    { schema: { params: faqIdParams, response: { 200: z.object(okWithMessage) } } },
    async (request, reply) => {
      await callerFor(request, reply).adminFaqs.delete(request.params);
      return { success: true as const, message: 'Question moved to the Trash' };
    },
  );
}
