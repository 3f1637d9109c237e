import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerFor } from './caller.ts';
import { baseVersionOf } from './content.ts';
import { baseVersionSchema } from '../../../shared/schemas/content.ts';
import { ok, okWithMessage, typed } from './typed.ts';
import { InvalidInputError } from '../../errors.ts';
import { pageTextSchemas, textPageSchema } from '../../../shared/schemas/page-texts.ts';

const pageParams = z.object({ page: textPageSchema });

type AdminPages = ReturnType<typeof callerFor>['adminPages'];

/**
 * The body of PUT /api/admin/pages/:page is checked by that page's own schema before anything else, so
 * a mistake is named by its field (`heroHeadline`), as the form names it.
 */
function checkPageText(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  const page = textPageSchema.safeParse((request.params as { page?: unknown }).page);
  if (!page.success) return done();
  const { version, ...text } = (request.body ?? {}) as Record<string, unknown>;
  const parsed = pageTextSchemas[page.data].safeParse(text);
  if (!parsed.success) return done(InvalidInputError.fromZod(parsed.error));
  const base = baseVersionSchema.safeParse(version);
  done(base.success ? undefined : InvalidInputError.fromZod(base.error));
}

/**
 * Page text for staff: GET and PUT /api/admin/pages/:page (home, about, contact, footer). A PUT names
 * the version it was read at by `version` in the body or `If-Match`; an older one is refused (409).
 */
export async function pageTextRestRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/api/admin/pages/:page',
    {
      schema: {
        params: pageParams,
        response: {
          200: z.object({
            ...ok,
            page: textPageSchema,
            text: z.unknown(),
            defaults: z.unknown(),
            version: z.number(),
          }),
        },
      },
    },
    async (request, reply) => {
      const answer = await callerFor(request, reply).adminPages.get({
        page: request.params.page,
      });
      return { success: true as const, ...answer };
    },
  );

  app.put(
    '/api/admin/pages/:page',
    {
      preValidation: checkPageText,
      schema: {
        params: pageParams,
        body: z.record(z.string(), z.unknown()),
        response: {
          200: z.object({ ...okWithMessage, page: textPageSchema, text: z.unknown(), version: z.number() }),
        },
      },
    },
    async (request, reply) => {
      const page = request.params.page;
      const { version, ...text } = request.body;
      const saved = await callerFor(request, reply).adminPages.save({
        page,
        text: pageTextSchemas[page].parse(text),
        // Checked by checkPageText: a whole number or absent.
        version: baseVersionOf(request, version as number | undefined),
      } as Parameters<AdminPages['save']>[0]);
      return { success: true as const, message: 'Page text saved', ...saved };
    },
  );
}
