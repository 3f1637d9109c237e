import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerFor } from './caller.ts';
import { handleError } from '../error-handler.ts';
import { ok, serviceResult, typed } from './typed.ts';
import {
  availabilityQuerySchema,
  bookingInputSchema,
  bookingPatchSchema,
  bookingRangeSchema,
  bookingSettingsSchema,
} from '../../../shared/schemas/booking.ts';
import { bookingsToCsv, windowFullIn, type BookingView, type PublicWindow } from '../../services/bookings.ts';
import { csvCell } from '../../services/leads.ts';
import { readBookingParts, removeBookingParts } from '../booking-photo-parts.ts';
import { FILE_NOT_FOUND, sendFile } from '../send-file.ts';
import type { BookingSettings } from '../../../shared/schemas/booking.ts';

const windowFullAnswer = z.object({
  success: z.literal(false),
  message: z.string(),
  alternatives: serviceResult<PublicWindow[]>(),
});

const bookingIdParams = z.object({ id: z.coerce.number().int().positive() });

// Online booking over REST, calling the procedures tRPC serves. Staff paths sit under /api/admin,
// which answers 401 without a session (app.ts).
export async function bookingRestRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  // A full window answers 409 with the next free windows; every other failure as everywhere else.
  fastify.setErrorHandler<Error>(function (error, request, reply) {
    const full = windowFullIn(error);
    if (!full) return handleError.call(this, error, request, reply);
    return reply.status(409).send({ success: false, message: full.message, alternatives: full.alternatives });
  });

  app.get(
    '/api/booking/availability',
    {
      schema: {
        querystring: availabilityQuerySchema,
        response: {
          200: z.object({
            ...ok,
            serviceable: z.boolean(),
            message: z.string().optional(),
            nearestTowns: z.array(z.string()).optional(),
            windows: serviceResult<PublicWindow[]>(),
          }),
        },
      },
    },
    async (request, reply) => {
      const availability = await callerFor(request, reply).booking.availability(request.query);
      // Room changes with every booking and with the clock: never kept by a browser or a CDN.
      reply.header('cache-control', 'no-store');
      return availability.serviceable
        ? { success: true as const, serviceable: true, windows: availability.windows }
        : {
            success: true as const,
            serviceable: false,
            message: availability.message,
            nearestTowns: availability.nearestTowns,
            windows: [],
          };
    },
  );

  // JSON, or multipart/form-data with the same fields and up to three files named "photos".
  app.post(
    '/api/bookings',
    {
      preValidation: readBookingParts,
      onSend: removeBookingParts,
      schema: {
        body: bookingInputSchema,
        response: {
          201: z.object({
            ...ok,
            booking: z.object({
              id: z.number(),
              status: z.string(),
              date: z.string(),
              start: z.string(),
              end: z.string(),
            }),
          }),
          409: windowFullAnswer,
        },
      },
    },
    async (request, reply) => {
      const { booking } = await callerFor(request, reply).booking.create(request.body);
      return reply.status(201).send({ success: true, booking });
    },
  );

  app.get(
    '/api/admin/bookings',
    {
      schema: {
        querystring: bookingRangeSchema,
        response: { 200: z.object({ ...ok, bookings: serviceResult<BookingView[]>() }) },
      },
    },
    async (request, reply) => {
      const bookings = await callerFor(request, reply).adminBookings.list(request.query);
      return { success: true as const, bookings };
    },
  );

  app.patch(
    '/api/admin/bookings/:id',
    {
      schema: {
        params: bookingIdParams,
        body: bookingPatchSchema,
        response: {
          200: z.object({ ...ok, booking: serviceResult<BookingView>() }),
          409: windowFullAnswer,
        },
      },
    },
    async (request, reply) => {
      const booking = await callerFor(request, reply).adminBookings.patch({
        id: request.params.id,
        patch: request.body,
      });
      return { success: true as const, booking };
    },
  );

  // A visitor's photo, for staff only (every /api/admin path needs a session): never cached by anyone
  // but the signed-in browser, and never offered as a page of its own (nosniff, its own image type).
  app.get(
    '/api/admin/bookings/:id/photos/:photoId',
    { schema: { params: bookingIdParams.extend({ photoId: z.coerce.number().int().positive() }) } },
    async (request, reply) => {
      const photo = await callerFor(request, reply).adminBookings.photo({
        bookingId: request.params.id,
        photoId: request.params.photoId,
      });
      const folder = await request.server.fileStore.localFolderOf(photo.filename);
      if (!folder) return reply.status(404).send(FILE_NOT_FOUND);
      return sendFile(
        request,
        reply,
        photo.filename,
        { root: folder, cacheControl: false },
        {
          'cache-control': 'private, max-age=3600',
          'x-content-type-options': 'nosniff',
          'content-type': photo.mimeType,
        },
      );
    },
  );

  // The Bookings tab's "Export CSV": the period on the board.
  app.get(
    '/api/admin/bookings.csv',
    { schema: { querystring: bookingRangeSchema, response: { 200: z.string() } } },
    async (request, reply) => {
      const bookings = await callerFor(request, reply).adminBookings.export(request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="bookings-${request.query.from}-to-${request.query.to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(bookingsToCsv(bookings, csvCell));
    },
  );

  // The owner's private calendar feed; its address is the secret, so it is never cached or shared.
  app.get(
    '/api/booking/calendar/:file',
    {
      schema: {
        params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{16,100}\.ics$/, 'No such calendar feed') }),
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const feed = await callerFor(request, reply).booking.calendarFeed({ token });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(feed);
    },
  );

  app.get(
    '/api/admin/booking-settings',
    { schema: { response: { 200: z.object({ ...ok, settings: serviceResult<BookingSettings>() }) } } },
    async (request, reply) => {
      const settings = await callerFor(request, reply).adminBookings.settings();
      return { success: true as const, settings };
    },
  );

  app.put(
    '/api/admin/booking-settings',
    {
      schema: {
        body: bookingSettingsSchema,
        response: { 200: z.object({ ...ok, settings: serviceResult<BookingSettings>() }) },
      },
    },
    async (request, reply) => {
      const settings = await callerFor(request, reply).adminBookings.saveSettings(request.body);
      return { success: true as const, settings };
    },
  );
}
