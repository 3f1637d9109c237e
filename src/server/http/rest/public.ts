import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerFor } from './caller.ts';
import { ok, okWithMessage, serviceResult, typed } from './typed.ts';
import { REVIEW_HELD_MESSAGE } from '../trpc/routers/reviews.ts';
import { contactInputSchema } from '../../../shared/schemas/contact.ts';
import { loginInputSchema, secondStepInputSchema } from '../../../shared/schemas/login.ts';
import { postIdSchema } from '../../../shared/schemas/post.ts';
import {
  passkeySignInInputSchema,
  passkeySignInOptionsInputSchema,
} from '../../../shared/schemas/passkey.ts';
import { reviewInputSchema } from '../../../shared/schemas/review.ts';
import { publicSettingsSchema } from '../../../shared/schemas/settings.ts';
import type { PublicPost, listPublishedPosts } from '../../services/posts.ts';
import type { PublicReview } from '../../services/reviews.ts';
import type { PublicFaq, PublicService } from '../../services/service-catalog.ts';
import { serviceSlugParamSchema } from '../../../shared/schemas/service.ts';

type PostLists = Awaited<ReturnType<typeof listPublishedPosts>>;
type AuthStatus = Awaited<ReturnType<ReturnType<typeof callerFor>['auth']['status']>>;
type LoginResult = Awaited<ReturnType<ReturnType<typeof callerFor>['auth']['login']>>;
type SecondStepResult = Awaited<ReturnType<ReturnType<typeof callerFor>['auth']['loginSecondStep']>>;
type PasskeyOptions = Awaited<ReturnType<ReturnType<typeof callerFor>['auth']['passkeyOptions']>>;

// Public calls. Writes are limited per address by the services they call.
export async function publicRestRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/api/posts',
    {
      schema: {
        response: {
          200: z.object({
            ...okWithMessage,
            newsPosts: serviceResult<PostLists['newsPosts']>(),
            advicePosts: serviceResult<PostLists['advicePosts']>(),
          }),
        },
      },
    },
    async (request, reply) => {
      const { newsPosts, advicePosts } = await callerFor(request, reply).posts.list();
      return { success: true as const, message: 'Posts loaded', newsPosts, advicePosts };
    },
  );

  app.get(
    '/api/posts/:id',
    {
      schema: {
        params: z.object({ id: postIdSchema }),
        response: { 200: z.object({ ...ok, post: serviceResult<PublicPost>() }) },
      },
    },
    async (request, reply) => {
      const post = await callerFor(request, reply).posts.byId(request.params);
      return { success: true as const, post };
    },
  );

  // The shown services in the owner's order, and one with its questions. An address the service had
  // before answers 301 to the current one, as its page does.
  app.get(
    '/api/services',
    { schema: { response: { 200: z.object({ ...ok, services: serviceResult<PublicService[]>() }) } } },
    async (request, reply) => {
      const services = await callerFor(request, reply).services.list();
      return { success: true as const, services };
    },
  );

  app.get(
    '/api/services/:slug',
    {
      schema: {
        params: z.object({ slug: serviceSlugParamSchema }),
        response: {
          200: z.object({
            ...ok,
            service: serviceResult<PublicService>(),
            faqs: serviceResult<PublicFaq[]>(),
          }),
        },
      },
    },
    async (request, reply) => {
      const caller = callerFor(request, reply);
      const found = await caller.services.bySlug(request.params);
      if ('movedTo' in found) return reply.redirect(`/api/services/${found.movedTo}`, 301);
      const faqs = (await caller.services.faqs()).filter((faq) => faq.serviceId === found.service.id);
      return { success: true as const, service: found.service, faqs };
    },
  );

  app.get(
    '/api/reviews',
    {
      schema: { response: { 200: z.object({ ...okWithMessage, reviews: serviceResult<PublicReview[]>() }) } },
    },
    async (request, reply) => {
      const reviews = await callerFor(request, reply).reviews.list();
      return { success: true as const, reviews, message: 'Reviews loaded' };
    },
  );

  app.post(
    '/api/reviews',
    {
      schema: {
        body: reviewInputSchema,
        response: {
          201: z.object({ ...okWithMessage, review: serviceResult<PublicReview>(), pending: z.boolean() }),
        },
      },
    },
    async (request, reply) => {
      const { review, pending } = await callerFor(request, reply).reviews.create(request.body);
      return reply.status(201).send({
        success: true,
        review,
        pending,
        message: pending ? REVIEW_HELD_MESSAGE : 'Review submitted successfully',
      });
    },
  );

  app.post(
    '/api/contact',
    {
      config: { serverFailure: { message: 'Failed to send message' } },
      schema: { body: contactInputSchema, response: { 201: z.object(okWithMessage) } },
    },
    async (request, reply) => {
      await callerFor(request, reply).contact.send(request.body);
      return reply.status(201).send({ success: true, message: 'Message sent successfully' });
    },
  );

  // The browser reads success, settings and, on a failure, error.
  app.get(
    '/api/settings',
    {
      config: { serverFailure: { error: 'Failed to load settings', message: 'Failed to load settings' } },
      schema: { response: { 200: z.object({ ...ok, settings: publicSettingsSchema }) } },
    },
    async (request, reply) => {
      const settings = await callerFor(request, reply).settings.get();
      return { success: true as const, settings };
    },
  );

  app.get(
    '/api/auth/status',
    { schema: { response: { 200: serviceResult<AuthStatus>() } } },
    async (request, reply) => callerFor(request, reply).auth.status(),
  );

  app.post(
    '/api/login',
    { schema: { body: loginInputSchema, response: { 200: serviceResult<LoginResult>() } } },
    async (request, reply) => callerFor(request, reply).auth.login(request.body),
  );

  // The second step of a sign-in, after `POST /api/login` answered `secondStep`.
  app.post(
    '/api/login/totp',
    { schema: { body: secondStepInputSchema, response: { 200: serviceResult<SecondStepResult>() } } },
    async (request, reply) => callerFor(request, reply).auth.loginSecondStep(request.body),
  );

  // A sign-in with a passkey: the options (a challenge the server keeps), then the browser's answer.
  app.post(
    '/api/login/passkey/options',
    {
      schema: {
        body: passkeySignInOptionsInputSchema,
        response: { 200: z.object({ ...ok, options: serviceResult<PasskeyOptions>() }) },
      },
    },
    async (request, reply) => ({
      success: true as const,
      options: await callerFor(request, reply).auth.passkeyOptions(request.body ?? {}),
    }),
  );

  app.post(
    '/api/login/passkey',
    { schema: { body: passkeySignInInputSchema, response: { 200: serviceResult<SecondStepResult>() } } },
    async (request, reply) => callerFor(request, reply).auth.loginPasskey(request.body),
  );

  app.post('/api/logout', { schema: { response: { 200: z.object(ok) } } }, async (request, reply) =>
    callerFor(request, reply).auth.logout(),
  );
}
