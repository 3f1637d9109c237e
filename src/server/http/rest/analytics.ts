import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callBeaconSchema } from '../../../shared/schemas/analytics.ts';
import { statsInputSchema } from '../../../shared/schemas/stats.ts';
import { InvalidInputError } from '../../errors.ts';
import { enforceActionLimit } from '../../services/rate-limits.ts';
import type { bookingCounts } from '../../services/bookings.ts';
import type { getSiteStats } from '../../services/site-stats.ts';
import { callerFor } from './caller.ts';
import { ok, serviceResult, typed } from './typed.ts';

export function analyticsRestRoutes(fastify: FastifyInstance, _options: unknown, done: () => void) {
  const app = typed(fastify);
  // A tap on a tel: link: navigator.sendBeacon posts the page's path as text. Nothing to answer, and a
  // signed-in member of staff testing the button is not a caller.
  app.post('/api/analytics/call', async (request, reply) => {
    const parsed = callBeaconSchema.safeParse(request.body);
    if (!parsed.success) throw InvalidInputError.fromZod(parsed.error);
    if (!request.auth) {
      await enforceActionLimit(app.db, 'call', request.ip);
      app.analytics.noteCall(request.raw, parsed.data);
    }
    return reply.status(204).send();
  });

  // The dashboard's figures for other tools, online bookings by page and source among them; staff only
  // (the /api/admin hook answers 401 first).
  app.get(
    '/api/admin/stats',
    {
      schema: {
        querystring: statsInputSchema,
        response: {
          200: z.object({
            ...ok,
            stats: serviceResult<Awaited<ReturnType<typeof getSiteStats>>['stats']>(),
            bookings: serviceResult<Awaited<ReturnType<typeof bookingCounts>>>(),
          }),
        },
      },
    },
    async (request, reply) => {
      const { stats, bookings } = await callerFor(request, reply).adminStats.get(request.query);
      return { success: true as const, stats, bookings };
    },
  );
  done();
}
