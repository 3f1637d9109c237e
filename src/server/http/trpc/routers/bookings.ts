import { z } from 'zod';
import { leadOrigin } from '../../../services/analytics.ts';
import {
  blockWindow,
  bookingBoard,
  bookingForToken,
  cancelByCustomer,
  createBooking,
  getAvailability,
  getBookingSettings,
  listBookings,
  patchBooking,
  rescheduleByCustomer,
  saveBookingSettings,
  unblockWindow,
} from '../../../services/bookings.ts';
import { checkZipForBooking, createEmergencyLead } from '../../../services/booking-leads.ts';
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
  manageTokenSchema,
  unblockWindowSchema,
  zipCheckInputSchema,
} from '../../../../shared/schemas/booking.ts';
import { actingRequest, type RequestContext } from '../../request-context.ts';
import { adminInternalProcedure, publicProcedure, router, staffInternalProcedure } from '../init.ts';

/** The page the visitor sent from and where they came from today, for the dashboard. */
function originOf(ctx: RequestContext) {
  return leadOrigin(ctx.analytics, ctx.db, {
    address: ctx.clientAddress,
    userAgent: ctx.userAgent,
    referer: ctx.referer,
    host: ctx.host,
  });
}

// Booking changes no cached page: /book and the customer's page are never cached.
export const bookingRouter = router({
  services: publicProcedure.query(({ ctx }) => bookableServices(ctx.db)),
  availability: publicProcedure
    .input(availabilityQuerySchema)
    .query(({ ctx, input }) => getAvailability(ctx.db, input, ctx.now())),
  create: publicProcedure.input(bookingInputSchema).mutation(async ({ ctx, input }) => {
    await enforceActionLimit(ctx.db, 'booking', ctx.clientAddress, ctx.now());
    const created = await createBooking(ctx.db, { ...input, ...(await originOf(ctx)) }, ctx.now());
    ctx.bookingMailer.wake();
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
    ctx.bookingMailer.wake();
    return booking;
  }),
  reschedule: publicProcedure.input(customerRescheduleSchema).mutation(async ({ ctx, input }) => {
    const booking = await rescheduleByCustomer(ctx.db, input, ctx.now());
    ctx.bookingMailer.wake();
    return booking;
  }),
});

// Editors answer customers too: the board is for staff; the rules of booking are for admins.
export const adminBookingsRouter = router({
  list: staffInternalProcedure
    .input(bookingRangeSchema)
    .query(({ ctx, input }) => listBookings(ctx.db, input.from, input.to)),
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
});

function describePatch(patch: z.output<typeof bookingPatchSchema>): string {
  if (patch.status) return `marked ${patch.status}${patch.reason ? ` (${patch.reason})` : ''}`;
  if (patch.runningLate)
    return `running late, new window ${patch.runningLate.start}-${patch.runningLate.end}`;
  return `moved to ${patch.date} ${patch.start}`;
}
