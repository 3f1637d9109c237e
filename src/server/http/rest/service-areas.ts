import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerFor } from './caller.ts';
import { baseVersionOf } from './content.ts';
import type { Versioned } from '../../services/content/history.ts';
import { withBaseVersion } from '../../../shared/schemas/content.ts';
import { ok, okWithMessage, serviceResult, typed } from './typed.ts';
import {
  reorderServiceAreasInputSchema,
  serviceAreaFieldsSchema,
  serviceAreaIdSchema,
  type AdminServiceArea,
  type PublicServiceArea,
} from '../../../shared/schemas/service-area.ts';

const serviceAreaIdParams = z.object({ id: serviceAreaIdSchema });

/** The towns served: the public list, and the Service areas tab's calls for integrations and checks. */
export async function serviceAreasRestRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/api/service-areas',
    {
      schema: { response: { 200: z.object({ ...ok, serviceAreas: serviceResult<PublicServiceArea[]>() }) } },
    },
    async (request, reply) => {
      const serviceAreas = await callerFor(request, reply).serviceAreas.list();
      return { success: true as const, serviceAreas };
    },
  );

  // Admin calls. The hook in app.ts answers 401 before any of these runs without a session.
  app.get(
    '/api/admin/service-areas',
    {
      schema: {
        response: { 200: z.object({ ...ok, serviceAreas: serviceResult<Versioned<AdminServiceArea>[]>() }) },
      },
    },
    async (request, reply) => {
      const serviceAreas = await callerFor(request, reply).adminServiceAreas.list();
      return { success: true as const, serviceAreas };
    },
  );

  app.post(
    '/api/admin/service-areas',
    {
      schema: {
        body: serviceAreaFieldsSchema,
        response: {
          201: z.object({ ...okWithMessage, serviceArea: serviceResult<Versioned<AdminServiceArea>>() }),
        },
      },
    },
    async (request, reply) => {
      const serviceArea = await callerFor(request, reply).adminServiceAreas.create(request.body);
      return reply.status(201).send({ success: true, serviceArea, message: 'Service area added' });
    },
  );

  // Before /:id, which would otherwise read "order" as an id.
  app.put(
    '/api/admin/service-areas/order',
    {
      schema: {
        body: reorderServiceAreasInputSchema,
        response: {
          200: z.object({ ...okWithMessage, serviceAreas: serviceResult<Versioned<AdminServiceArea>[]>() }),
        },
      },
    },
    async (request, reply) => {
      const serviceAreas = await callerFor(request, reply).adminServiceAreas.reorder(request.body);
      return { success: true as const, serviceAreas, message: 'Order saved' };
    },
  );

  app.put(
    '/api/admin/service-areas/:id',
    {
      schema: {
        params: serviceAreaIdParams,
        body: withBaseVersion(serviceAreaFieldsSchema),
        response: {
          200: z.object({ ...okWithMessage, serviceArea: serviceResult<Versioned<AdminServiceArea>>() }),
        },
      },
    },
    async (request, reply) => {
      const { version, ...area } = request.body;
      const serviceArea = await callerFor(request, reply).adminServiceAreas.update({
        id: request.params.id,
        area,
        version: baseVersionOf(request, version),
      });
      return { success: true as const, serviceArea, message: 'Service area saved' };
    },
  );

  app.delete(
    '/api/admin/service-areas/:id',
    { schema: { params: serviceAreaIdParams, response: { 200: z.object(okWithMessage) } } },
    async (request, reply) => {
      await callerFor(request, reply).adminServiceAreas.delete(request.params);
      return { success: true as const, message: 'Service area moved to the Trash' };
    },
  );
}
