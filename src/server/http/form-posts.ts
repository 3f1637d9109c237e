// The public forms (contact, review, booking, sign-in) and signing out as plain HTML form posts, for a
// visitor whose page script has not loaded yet or never will. Each handler only turns the form's fields
// into the input the JSON call takes and calls the very same procedure, so the schema, honeypot, limits
// and spam rules are those of POST /api/contact, /api/reviews, /api/login and /api/logout. The answer is
// the same page showing the outcome, or a redirect after success (Post/Redirect/Get) so a reload does
// not send it twice.
import { safeAdminReturn } from '../../shared/admin-return.ts';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { describeError } from './error-handler.ts';
import { ForbiddenError } from '../errors.ts';
import { fillTimeFromStamp } from './form-stamp.ts';
import { callerFor } from './rest/caller.ts';
import { bookingFormPosts } from './booking-form-posts.ts';
import { windowFullIn } from '../services/bookings.ts';
import {
  FORM_STAMP_FIELD,
  SENT_PARAM,
  SIGN_OUT_FIELD,
  type FormPostOutcome,
} from '../../shared/form-post.ts';

type SendPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  formPost?: { outcome: FormPostOutcome; statusCode: number },
) => Promise<unknown>;

export interface FormPostOptions {
  sendPage: SendPage;
  formStampKey: Buffer;
}

export type Fields = Record<string, string>;

/** Answers a refused form post with its page: the refusal's message, by field, and the values typed. */
export type AnswerWithPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  values: Fields,
) => Promise<unknown>;

/** The honeypot input's name on the page; the JSON calls name the same field `website`. */
const HONEYPOT_FIELD = 'hp_field';

const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'service', 'message'] as const;
const REVIEW_FIELDS = ['name', 'secondName', 'rating', 'review'] as const;
/** A review request's personal link sends its token with the review; it is never shown back. */
const REVIEW_TOKEN_FIELD = 'token';

/** Form-encoded bodies are small: the longest field (a message) is capped at 10,000 characters. */
const FORM_BODY_LIMIT = 64 * 1024;

function pick(fields: Fields, names: readonly string[]): Fields {
  return Object.fromEntries(names.filter((name) => name in fields).map((name) => [name, fields[name]!]));
}

/** The form each path serves, for the error handler that may run before a route's handler. */
function formOf(url: string): FormPostOutcome['form'] {
  const path = url.split('?')[0]!;
  if (path === '/book') return 'booking';
  if (path.startsWith('/booking/')) return 'booking-manage';
  return path === '/contact' ? 'contact' : path === '/testimonials' ? 'review' : 'login';
}

export const formPostRoutes: FastifyPluginCallback<FormPostOptions> = (
  app,
  { sendPage, formStampKey },
  done,
) => {
  // Only these routes read urlencoded bodies; the JSON API keeps refusing them (415). The last value
  // of a repeated field wins, as it would in the JSON a script builds.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  // Cross-site writes are refused for every method in app.ts by their Origin; a form post must also say
  // where it comes from (every browser sends Origin or Sec-Fetch-Site with one), so a post with neither
  // is not taken on trust. The session cookie is SameSite=Lax, so another site's form never carries it.
  app.addHook('onRequest', (request, _reply, next) => {
    if (!request.headers.origin && !request.headers['sec-fetch-site'])
      return next(new ForbiddenError('This form must be sent from its page on our site.'));
    next();
  });

  const answerWithPage: AnswerWithPage = (request, reply, error, values) => {
    const { status, message, fieldErrors } = describeError(error as Error);
    if (status >= 500) request.log.error({ err: error }, 'form post failed');
    const config = request.routeOptions.config;
    const firstByField = Object.fromEntries(
      Object.entries(fieldErrors ?? {}).map(([field, messages]) => [field, messages[0]!]),
    );
    const outcome: FormPostOutcome = {
      form: formOf(request.url),
      values,
      fieldErrors: firstByField,
      // Field errors are shown at their fields; a form-wide message only when there are none.
      message: Object.keys(firstByField).length
        ? null
        : status >= 500
          ? (config?.serverFailure?.message ?? message)
          : message,
      ...(windowFullIn(error) ? { alternatives: windowFullIn(error)!.alternatives } : {}),
    };
    return sendPage(request, reply, { outcome, statusCode: status });
  };

  // Errors before a handler ran (a refused origin, the rate limit, a body too large) are shown on the page too.
  app.setErrorHandler((error, request, reply) => answerWithPage(request, reply, error, {}));

  const bodyOf = (request: FastifyRequest): Fields =>
    request.body && typeof request.body === 'object' ? (request.body as Fields) : {};

  app.post(
    '/contact',
    { config: { serverFailure: { message: 'Failed to send message' } } },
    async (request, reply) => {
      const fields = bodyOf(request);
      const values = pick(fields, CONTACT_FIELDS);
      try {
        await callerFor(request, reply).contact.send({
          ...values,
          website: fields[HONEYPOT_FIELD],
          formFillMs: fillTimeFromStamp(formStampKey, fields[FORM_STAMP_FIELD]),
        } as never);
      } catch (error) {
        return answerWithPage(request, reply, error, values);
      }
      return reply.redirect(`/contact?${SENT_PARAM}=1`, 303);
    },
  );

  app.post('/testimonials', async (request, reply) => {
    const fields = bodyOf(request);
    const values = pick(fields, REVIEW_FIELDS);
    let pending: boolean;
    try {
      ({ pending } = await callerFor(request, reply).reviews.create({
        ...values,
        // The select sends text; an empty or missing rating is left to the schema's default.
        rating: values.rating ? Number(values.rating) : undefined,
        token: fields[REVIEW_TOKEN_FIELD] || undefined,
        website: fields[HONEYPOT_FIELD],
        formFillMs: fillTimeFromStamp(formStampKey, fields[FORM_STAMP_FIELD]),
      } as never));
    } catch (error) {
      return answerWithPage(request, reply, error, values);
    }
    return reply.redirect(`/testimonials?${SENT_PARAM}=${pending ? 'held' : 'published'}#review-form`, 303);
  });

  bookingFormPosts(app, answerWithPage);

  // The button of the page an unsubscribe link opens; the page then says it is done.
  app.post<{ Params: { token: string } }>('/unsubscribe/:token', async (request, reply) => {
    try {
      await callerFor(request, reply).reviewRequests.unsubscribe({ token: request.params.token });
    } catch (error) {
      return answerWithPage(request, reply, error, {});
    }
    return reply.redirect(`/unsubscribe/${encodeURIComponent(request.params.token)}`, 303);
  });

  app.post('/admin-login', async (request, reply) => {
    const fields = bodyOf(request);
    // The admin header's Logout is a form that posts here: it signs out before the panel's script has
    // loaded, or without it, and a refusal is shown on the sign-in page like any other.
    if (SIGN_OUT_FIELD in fields) {
      try {
        await callerFor(request, reply).auth.logout();
      } catch (error) {
        return answerWithPage(request, reply, error, {});
      }
      return reply.redirect('/admin-login', 303);
    }
    // The second step's form posts here too, with its code; the password is never in it.
    if ('code' in fields) {
      try {
        await callerFor(request, reply).auth.loginSecondStep({ code: fields.code });
      } catch (error) {
        return answerWithPage(request, reply, error, {});
      }
      const { next } = request.query as { next?: string };
      return reply.redirect(safeAdminReturn(next), 303);
    }
    // The password is never sent back in the page.
    const values = pick(fields, ['username']);
    let answer;
    try {
      answer = await callerFor(request, reply).auth.login({
        username: fields.username,
        password: fields.password,
        website: fields[HONEYPOT_FIELD],
      } as never);
    } catch (error) {
      return answerWithPage(request, reply, error, values);
    }
    // Back to the admin address opened before signing in (a lead's link), as the script does; by way
    // of the second step when the account has one.
    const { next } = request.query as { next?: string };
    if ('secondStep' in answer) {
      const step = answer.secondStep === 'passkey' ? 'passkey' : 'code';
      const query = new URLSearchParams({ step, ...(next ? { next } : {}) });
      return reply.redirect(`/admin-login?${query.toString()}`, 303);
    }
    return reply.redirect(safeAdminReturn(next), 303);
  });

  done();
};
