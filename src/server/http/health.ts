// https://fastify.dev/docs/latest/Reference/Plugins/ : GET /api/health, which a load balancer asks every
// few seconds to decide whether to send visitors to this instance.
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { z } from 'zod';
import type { DatabaseHandle } from '../../../db/client.ts';
import { RETRY_AFTER_SECONDS } from './http-errors.ts';
import { typed } from './rest/typed.ts';

export interface HealthOptions {
  database: Pick<DatabaseHandle, 'ping'>;
}

const healthSchema = {
  response: {
    200: z.object({ ok: z.literal(true), db: z.literal('up') }),
    503: z.object({ ok: z.literal(false), db: z.enum(['up', 'down']), stopping: z.literal(true).optional() }),
  },
};

/**
 * 200 while a query sent for this very request is answered, 503 otherwise. The answer is never kept
 * from an earlier check, nor taken from other queries' recent timeouts (db/client.ts): the instance
 * is reported up as soon as the database answers again, and stays up while it does.
 */
async function health(fastify: FastifyInstance, { database }: HealthOptions) {
  // Once the instance begins to stop, health says so, so that a load balancer sends nobody new here.
  let stopping = false;
  fastify.addHook('preClose', (done) => {
    stopping = true;
    done();
  });
  typed(fastify).get('/api/health', { schema: healthSchema }, async (_request, reply) => {
    if (stopping)
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ ok: false, db: 'up', stopping: true });
    if (await database.ping()) return reply.status(200).send({ ok: true, db: 'up' });
    return reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ ok: false, db: 'down' });
  });
}

/** Not encapsulated, as the route was while it lived in app.ts: its stopping hook is the app's. */
export const healthRoute = fastifyPlugin(health, { name: 'health', fastify: '5.x' });
