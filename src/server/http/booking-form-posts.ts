// The booking page's steps and the customer's own page as plain HTML form posts: each only turns the
// form's fields into the input the JSON call takes and calls the very same procedure, then redirects
// (Post/Redirect/Get) to the next step, so the flow works without script and a reload sends nothing twice.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerFor } from './rest/caller.ts';
import type { AnswerWithPage, Fields } from './form-posts.ts';
import { SENT_PARAM } from '../../shared/form-post.ts';
import { splitSlot } from '../../shared/booking-steps.ts';
import { readBookingParts, removeBookingParts } from './booking-photo-parts.ts';

const EMERGENCY_FIELDS = ['name', 'phone', 'address', 'problem'] as const;
const DETAIL_FIELDS = ['name', 'phone', 'email', 'address', 'notes'] as const;

function pick(fields: Fields, names: readonly string[]): Fields {
  return Object.fromEntries(names.filter((name) => name in fields).map((name) => [name, fields[name]!]));
}

const bodyOf = (request: FastifyRequest): Fields =>
  request.body && typeof request.body === 'object' ? (request.body as Fields) : {};

/** Blank fields left out, so the schema sees them unset (an optional service). */
function withoutBlanks(fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
}

export function bookingFormPosts(app: FastifyInstance, answerWithPage: AnswerWithPage) {
  // The details step is multipart/form-data, for its photos; the other steps are urlencoded.
  app.post(
    '/book',
    { preValidation: readBookingParts, onSend: removeBookingParts },
    async (request, reply) => {
      const fields = bodyOf(request);
      const caller = callerFor(request, reply);
      if (fields.step === 'emergency') {
        const values = pick(fields, EMERGENCY_FIELDS);
        try {
          await caller.booking.emergency(values as never);
        } catch (error) {
          return answerWithPage(request, reply, error, { ...values, step: 'emergency' });
        }
        return reply.redirect(`/book?emergency=yes&${SENT_PARAM}=1`, 303);
      }
      if (fields.step === 'zip') {
        const values = withoutBlanks(pick(fields, ['zip', 'service']));
        let answer;
        try {
          answer = await caller.booking.checkZip(values as never);
        } catch (error) {
          return answerWithPage(request, reply, error, { ...values, step: 'zip' });
        }
        if (!answer.serviceable)
          return reply.redirect(`/book?outside=${encodeURIComponent(answer.zip)}`, 303);
        const next = new URLSearchParams({
          zip: answer.zip,
          ...(answer.service ? { service: answer.service } : {}),
        });
        return reply.redirect(`/book?${next.toString()}`, 303);
      }
      // The last step: the visitor's details with the window chosen before.
      const values = pick(fields, [...DETAIL_FIELDS, 'zip', 'service', 'slot']);
      const { date, start } = splitSlot(values.slot ?? '');
      try {
        const { manageToken } = await caller.booking.create({ ...values, date, start } as never);
        return reply.redirect(`/booking/${manageToken}?${SENT_PARAM}=booked`, 303);
      } catch (error) {
        return answerWithPage(request, reply, error, { ...values, step: 'details' });
      }
    },
  );

  // The customer's own page: only its buttons change anything (mail scanners open every link).
  app.post<{ Params: { token: string } }>('/booking/:token', async (request, reply) => {
    const fields = bodyOf(request);
    const token = request.params.token;
    const caller = callerFor(request, reply);
    try {
      if (fields.action === 'cancel') {
        await caller.booking.cancel({ token });
        return reply.redirect(`/booking/${encodeURIComponent(token)}?${SENT_PARAM}=cancelled`, 303);
      }
      const { date, start } = splitSlot(fields.slot ?? '');
      await caller.booking.reschedule({ token, date, start });
      return reply.redirect(`/booking/${encodeURIComponent(token)}?${SENT_PARAM}=rescheduled`, 303);
    } catch (error) {
      return answerWithPage(request, reply, error, pick(fields, ['action', 'slot']));
    }
  });
}
