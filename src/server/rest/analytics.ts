import type { FastifyInstance } from 'fastify';
import { callBeaconSchema } from '../../shared/schemas/analytics.ts';
import { InvalidInputError } from '../errors.ts';
import { callerFor } from './caller.ts';

export function analyticsRestRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  // A tap on a tel: link: navigator.sendBeacon posts the page's path as text. Nothing to answer, and a
  // signed-in member of staff testing the button is not a caller.
  app.post(
    '/api/analytics/call',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const parsed = callBeaconSchema.safeParse(request.body);
      if (!parsed.success) throw InvalidInputError.fromZod(parsed.error);
      if (!request.auth) app.analytics.noteCall(request.raw, parsed.data);
      return reply.status(204).send();
    },
  );

  // The dashboard's figures for other tools; staff only (the /api/admin hook answers 401 first).
  app.get('/api/admin/stats', async (request, reply) => {
    const { stats } = await callerFor(request, reply).adminStats.get(request.query as never);
    return { success: true, stats };
  });
  done();
}
