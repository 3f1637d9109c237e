import type { FastifyInstance } from 'fastify';
import { callerFor } from './caller.ts';
import { PassThrough } from 'node:stream';
import { leadsToCsv } from '../services/leads.ts';
import { recordedBackup } from '../services/backup/nightly.ts';

// Admin calls of SPEC section 7. The hook in app.ts answers 401 before any of these runs without a session.
export async function adminRestRoutes(app: FastifyInstance) {
  app.get('/api/admin/settings', async (request, reply) => {
    const settings = await callerFor(request, reply).adminSettings.get();
    return { success: true, settings };
  });

  app.put('/api/admin/settings', async (request, reply) => {
    const settings = await callerFor(request, reply).adminSettings.save(request.body as never);
    return { success: true, settings, message: 'Settings saved' };
  });

  // The leads inbox's "Export CSV": the same filter as the list on screen.
  app.get<{ Querystring: { status?: string; search?: string } }>(
    '/api/admin/leads.csv',
    async (request, reply) => {
      const leads = await callerFor(request, reply).leads.list({
        status: request.query.status || undefined,
        search: request.query.search || undefined,
      } as never);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(leadsToCsv(leads));
    },
  );

  app.get('/api/admin/backups', async (request, reply) => {
    const backups = await callerFor(request, reply).adminBackups.status();
    return { success: true, backups };
  });

  app.put('/api/admin/backups/settings', async (request, reply) => {
    const settings = await callerFor(request, reply).adminBackups.saveSettings(request.body as never);
    return { success: true, settings, message: 'Backup settings saved' };
  });

  // A fresh archive of the whole site, streamed as it is written: nothing large is held in memory.
  app.get('/api/admin/backups/download', async (request, reply) => {
    // The status query carries the admin-only check; an editor is refused (403) before anything is read.
    await callerFor(request, reply).adminBackups.status();
    const body = new PassThrough();
    recordedBackup(app.db, app.databaseKind, app.config.uploadsDir, body).catch((error: unknown) => {
      request.log.error({ err: error }, 'backup download failed');
      // The client sees a cut-off download, which restore refuses as incomplete.
      body.destroy(error as Error);
    });
    const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="site-${stamp}.backup"`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.get('/api/admin/posts', async (request, reply) => {
    const posts = await callerFor(request, reply).adminPosts.list();
    return {
      success: true,
      newsPosts: posts.filter((post) => post.type === 'news'),
      advicePosts: posts.filter((post) => post.type === 'advice'),
    };
  });

  app.post('/api/admin/posts', async (request, reply) => {
    const post = await callerFor(request, reply).adminPosts.create(request.body as never);
    return reply.status(201).send({ success: true, postId: post.id, post, message: 'Post created' });
  });

  app.put<{ Params: { id: string } }>('/api/admin/posts/:id', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const post = await callerFor(request, reply).adminPosts.update({
      ...body,
      id: request.params.id,
    } as never);
    return { success: true, post, message: 'Post updated' };
  });

  app.delete<{ Params: { id: string } }>('/api/admin/posts/:id', async (request, reply) => {
    await callerFor(request, reply).adminPosts.delete({ id: request.params.id });
    return { success: true, message: 'Post deleted' };
  });
}
