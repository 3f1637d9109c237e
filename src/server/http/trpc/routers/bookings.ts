import { z } from 'zod';
import { leadOrigin } from '../../../services/analytics.ts';
import {
  blockWindow,
  bookingBoard,
  bookingFromLead,
  calendarFeedState,
  isCalendarFeedToken,
  renewCalendarFeed,
  revokeCalendarFeed,
  bookingForToken,
  cancelByCustomer,
  createBooking,
  rememberedAvailability,
  getBooking,
  getBookingSettings,
  listBookings,
  patchBooking,
  rescheduleByCustomer,
  saveBookingSettings,
  unblockWindow,
} from '../../../services/bookings.ts';
import { checkZipForBooking, createEmergencyLead } from '../../../services/booking-leads.ts';
import { bookingPhoto } from '../../../services/booking-photos.ts';
import { enforceActionLimit } from '../../../services/rate-limits.ts';
import { recordActivityBy } from '../../../services/activity-log.ts';
import { bookableServices } from '../../../services/booking-catalog.ts';
import {
  availabilityQuerySchema,
  blockWindowSchema,
  bookingInputSchema,
  bookingPatchSchema,
  bookingRangeSchema,
  bookingSettingsSchema,
  customerRescheduleSchema,
  emergencyInputSchema,
  leadToBookingSchema,
  manageTokenSchema,
  unblockWindowSchema,
  zipCheckInputSchema,
} from '../../../../shared/schemas/booking.ts';
import { actingRequest, type RequestContext } from '../../request-context.ts';
import {
  adminInternalProcedure,
  publicProcedure,
  recentStaffProcedure,
  router,
  staffInternalProcedure,
} from '../init.ts';
import { NotFoundError } from '../../../errors.ts';
import { ownerCalendarFeed } from '../../../services/booking-mailer.ts';

/** The page the visitor sent from and where they came from today, for the dashboard. */
function originOf(ctx: RequestContext) {
  return leadOrigin(ctx.analytics, ctx.db, {
    address: ctx.clientAddress,
    userAgent: ctx.userAgent,
    referer: ctx.referer,
    host: ctx.host,
  });
}

/**
 * After a visitor's booking changed: its emails go now, and the availability and the booking page's
 * answers this instance keeps for the minute are dropped at once (other instances hear of it from the
 * database a moment later). No page in the page cache shows bookings.
 */
function bookingsChanged(ctx: RequestContext): void {
  ctx.bookingMailer.wake();
  ctx.contentChanged(['bookings']);
}

export const bookingRouter = router({
  services: publicProcedure.query(({ ctx }) => bookableServices(ctx.db)),
  availability: publicProcedure
    .input(availabilityQuerySchema)
    .query(({ ctx, input }) => rememberedAvailability(ctx.readCache, ctx.db, input, ctx.now())),
  /** Photos come only through a multipart post (ctx.receivedPhotos), never in the JSON input. */
  create: publicProcedure.input(bookingInputSchema).mutation(async ({ ctx, input }) => {
    await enforceActionLimit(ctx.db, 'booking', ctx.clientAddress, ctx.now());
    // Each photo was counted against the sender's own limit as it arrived (booking-photo-parts.ts).
    const received = ctx.receivedPhotos;
    const created = await createBooking(
      ctx.db,
      { ...input, ...(await originOf(ctx)) },
      ctx.now(),
      received ? { store: ctx.fileStore, received } : undefined,
    );
    bookingsChanged(ctx);
    return created;
  }),
  checkZip: publicProcedure
    .input(zipCheckInputSchema)
    .mutation(async ({ ctx, input }) =>
      checkZipForBooking(ctx.db, { ...input, ...(await originOf(ctx)) }, ctx.clientAddress, ctx.now()),
    ),
  emergency: publicProcedure
    .input(emergencyInputSchema)
    .mutation(async ({ ctx, input }) =>
      createEmergencyLead(ctx, { ...input, ...(await originOf(ctx)) }, ctx.clientAddress, ctx.now()),
    ),
  byToken: publicProcedure
    .input(z.object({ token: manageTokenSchema }))
    .query(({ ctx, input }) => bookingForToken(ctx.db, input.token, ctx.now())),
  cancel: publicProcedure.input(z.object({ token: manageTokenSchema })).mutation(async ({ ctx, input }) => {
    const booking = await cancelByCustomer(ctx.db, input.token, ctx.now());
    bookingsChanged(ctx);
    return booking;
  }),
  /** The owner's private calendar feed, read by their phone's calendar with the secret address. */
  calendarFeed: publicProcedure
    .input(z.object({ token: manageTokenSchema }))
    .query(async ({ ctx, input }) => {
      if (!(await isCalendarFeedToken(ctx.db, input.token))) throw new NotFoundError('No such calendar feed');
      return ownerCalendarFeed(ctx.db, ctx.config.publicUrl, ctx.now());
    }),
  reschedule: publicProcedure.input(customerRescheduleSchema).mutation(async ({ ctx, input }) => {
    const booking = await rescheduleByCustomer(ctx.db, input, ctx.now());
    bookingsChanged(ctx);
    return booking;
  }),
});

// Editors answer customers too: the board is for staff; the rules of booking are for admins.
export const adminBookingsRouter = router({
  get: staffInternalProcedure
    .input(z.object({ id: z.coerce.number().int().positive() }))
    .query(({ ctx, input }) => getBooking(ctx.db, input.id)),
  list: staffInternalProcedure
    .input(bookingRangeSchema)
    .query(({ ctx, input }) => listBookings(ctx.db, input.from, input.to)),
  /**
   * Every booking of the period, for the CSV export: customers' contact details leaving the site, so
   * it asks for the password within the last five minutes and is logged, as the leads export is.
   */
  export: recentStaffProcedure.input(bookingRangeSchema).query(async ({ ctx, input }) => {
    const bookings = await listBookings(ctx.db, input.from, input.to);
    await recordActivityBy(ctx.db, actingRequest(ctx), {
      kind: 'bookings-exported',
      summary: `Exported ${bookings.length} booking${bookings.length === 1 ? '' : 's'} as CSV`,
      details: { count: bookings.length, ...input },
    });
    return bookings;
  }),
  board: staffInternalProcedure
    .input(bookingRangeSchema)
    .query(({ ctx, input }) => bookingBoard(ctx.db, input.from, input.to, ctx.now())),
  patch: staffInternalProcedure
    .input(z.object({ id: z.coerce.number().int().positive(), patch: bookingPatchSchema }))
    .mutation(async ({ ctx, input }) => {
      const booking = await patchBooking(ctx.db, input.id, input.patch, ctx.now());
      await recordActivityBy(ctx.db, actingRequest(ctx), {
        kind: 'booking-changed',
        summary: `Booking ${booking.id} of ${booking.name}: ${describePatch(input.patch)}`,
        details: { bookingId: booking.id, ...input.patch },
      });
      ctx.bookingMailer.wake();
      return booking;
    }),
  settings: staffInternalProcedure.query(({ ctx }) => getBookingSettings(ctx.db)),
  saveSettings: adminInternalProcedure.input(bookingSettingsSchema).mutation(async ({ ctx, input }) => {
    const settings = await saveBookingSettings(ctx.db, input, ctx.now());
    await recordActivityBy(ctx.db, actingRequest(ctx), {
      kind: 'booking-settings-saved',
      summary: 'Saved the booking settings',
    });
    return settings;
  }),
  blockWindow: staffInternalProcedure.input(blockWindowSchema).mutation(async ({ ctx, input }) => {
    await blockWindow(ctx.db, input);
    await recordActivityBy(ctx.db, actingRequest(ctx), {
      kind: 'booking-window-blocked',
      summary: `Blocked the ${input.start} window of ${input.day}${input.reason ? `: ${input.reason}` : ''}`,
      details: input,
    });
    return { success: true as const };
  }),
  unblockWindow: staffInternalProcedure.input(unblockWindowSchema).mutation(async ({ ctx, input }) => {
    await unblockWindow(ctx.db, input);
    await recordActivityBy(ctx.db, actingRequest(ctx), {
      kind: 'booking-window-blocked',
      summary: `Opened the ${input.start} window of ${input.day} again`,
      details: input,
    });
    return { success: true as const };
  }),
  /** A photo a visitor sent with a booking, for staff to open (the REST route sends its bytes). */
  photo: staffInternalProcedure
    .input(
      z.object({
        bookingId: z.coerce.number().int().positive(),
        photoId: z.coerce.number().int().positive(),
      }),
    )
    .query(({ ctx, input }) => bookingPhoto(ctx.db, input.bookingId, input.photoId)),
  fromLead: staffInternalProcedure.input(leadToBookingSchema).mutation(async ({ ctx, input }) => {
    const { booking } = await bookingFromLead(ctx.db, input, ctx.now());
    await recordActivityBy(ctx.db, actingRequest(ctx), {
      kind: 'booking-created',
      summary: `Booked lead ${input.leadId} for ${input.date} ${input.start}`,
      details: { bookingId: booking.id, leadId: input.leadId },
    });
    ctx.bookingMailer.wake();
    return booking;
  }),
  /** Whether a calendar feed address exists (the address itself is shown only when made). */
  calendarFeed: adminInternalProcedure.query(({ ctx }) => calendarFeedState(ctx.db)),
  /** A new private feed address; the one before stops working. */
  renewCalendarFeed: adminInternalProcedure.mutation(async ({ ctx }) => {
    const token = await renewCalendarFeed(ctx.db, ctx.now());
    await recordActivityBy(ctx.db, actingRequest(ctx), {
      kind: 'booking-calendar-feed-changed',
      summary: 'Made a new calendar feed address (the one before stopped working)',
    });
    return { url: `${ctx.config.publicUrl}/api/booking/calendar/${token}.ics` };
  }),
  revokeCalendarFeed: adminInternalProcedure.mutation(async ({ ctx }) => {
    await revokeCalendarFeed(ctx.db);
    await recordActivityBy(ctx.db, actingRequest(ctx), {
      kind: 'booking-calendar-feed-changed',
      summary: 'Turned the calendar feed off',
    });
    return { success: true as const };
  }),
});

function describePatch(patch: z.output<typeof bookingPatchSchema>): string {
  if (patch.status) return `marked ${patch.status}${patch.reason ? ` (${patch.reason})` : ''}`;
  if (patch.runningLate)
    return `running late, new window ${patch.runningLate.start}-${patch.runningLate.end}`;
  return `moved to ${patch.date} ${patch.start}`;
}
