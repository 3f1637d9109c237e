import type { FastifyInstance } from 'fastify';
import { callerFor } from './caller.ts';
import { REVIEW_HELD_MESSAGE } from '../trpc/routers/reviews.ts';

/** Public writes are limited per address so a script cannot flood the owner (the form posts too). */
export const PUBLIC_WRITE_LIMIT = { rateLimit: { max: 20, timeWindow: '10 minutes' } };

// Public calls of SPEC section 7.
export async function publicRestRoutes(app: FastifyInstance) {
  const writeLimit = PUBLIC_WRITE_LIMIT;

  app.get('/api/posts', async (request, reply) => {
    const { newsPosts, advicePosts } = await callerFor(request, reply).posts.list();
    return { success: true, message: 'Posts loaded', newsPosts, advicePosts };
  });

  app.get<{ Params: { id: string } }>('/api/posts/:id', async (request, reply) => {
    const post = await callerFor(request, reply).posts.byId({ id: request.params.id });
    return { success: true, post };
  });

  app.get('/api/reviews', async (request, reply) => {
    const reviews = await callerFor(request, reply).reviews.list();
    return { success: true, reviews, message: 'Reviews loaded' };
  });

  app.post('/api/reviews', { config: writeLimit }, async (request, reply) => {
    const { review, pending } = await callerFor(request, reply).reviews.create(request.body as never);
    return reply.status(201).send({
      success: true,
      review,
      pending,
      message: pending ? REVIEW_HELD_MESSAGE : 'Review submitted successfully',
    });
  });

  app.post(
    '/api/contact',
    { config: { ...writeLimit, serverFailure: { message: 'Failed to send message' } } },
    async (request, reply) => {
      await callerFor(request, reply).contact.send(request.body as never);
      return reply.status(201).send({ success: true, message: 'Message sent successfully' });
    },
  );

  // SPEC section 7: the browser reads success, settings and error.
  app.get(
    '/api/settings',
    { config: { serverFailure: { error: 'Failed to load settings', message: 'Failed to load settings' } } },
    async (request, reply) => {
      const settings = await callerFor(request, reply).settings.get();
      return { success: true, settings };
    },
  );

  app.get('/api/auth/status', async (request, reply) => callerFor(request, reply).auth.status());

  app.post('/api/login', async (request, reply) =>
    callerFor(request, reply).auth.login(request.body as never),
  );

  app.post('/api/logout', async (request, reply) => callerFor(request, reply).auth.logout());
}
