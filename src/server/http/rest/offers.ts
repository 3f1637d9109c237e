import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerFor } from './caller.ts';
import { baseVersionOf } from './content.ts';
import type { Versioned } from '../../services/content/history.ts';
import { withBaseVersion } from '../../../shared/schemas/content.ts';
import { ok, okWithMessage, serviceResult, typed } from './typed.ts';
import {
  offerIdSchema,
  offerInputSchema,
  type AdminOffer,
  type PublicOffer,
} from '../../../shared/schemas/offer.ts';

const offerIdParams = z.object({ id: offerIdSchema });

/** GET /api/offers for anyone; the owner's list and changes under /api/admin/offers (staff). */
export async function offerRestRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/api/offers',
    { schema: { response: { 200: z.object({ ...ok, offers: serviceResult<PublicOffer[]>() }) } } },
    async (request, reply) => {
      const offers = await callerFor(request, reply).offers.active();
      return { success: true as const, offers };
    },
  );

  app.get(
    '/api/admin/offers',
    { schema: { response: { 200: z.object({ ...ok, offers: serviceResult<Versioned<AdminOffer>[]>() }) } } },
    async (request, reply) => {
      const offers = await callerFor(request, reply).adminOffers.list();
      return { success: true as const, offers };
    },
  );

  app.post(
    '/api/admin/offers',
    {
      schema: {
        body: offerInputSchema,
        response: { 201: z.object({ ...okWithMessage, offer: serviceResult<Versioned<AdminOffer>>() }) },
      },
    },
    async (request, reply) => {
      const offer = await callerFor(request, reply).adminOffers.create(request.body);
      return reply.status(201).send({ success: true, message: 'Offer created', offer });
    },
  );

  app.put(
    '/api/admin/offers/:id',
    {
      schema: {
        params: offerIdParams,
        body: withBaseVersion(offerInputSchema),
        response: { 200: z.object({ ...okWithMessage, offer: serviceResult<Versioned<AdminOffer>>() }) },
      },
    },
    async (request, reply) => {
      const { version, ...offer } = request.body;
      const saved = await callerFor(request, reply).adminOffers.update({
        id: request.params.id,
        offer,
        version: baseVersionOf(request, version),
      });
      return { success: true as const, message: 'Offer updated', offer: saved };
    },
  );

  app.delete(
    '/api/admin/offers/:id',
    { schema: { params: offerIdParams, response: { 200: z.object(okWithMessage) } } },
    async (request, reply) => {
      await callerFor(request, reply).adminOffers.delete({ id: request.params.id });
      return { success: true as const, message: 'Offer moved to the Trash' };
    },
  );
}
