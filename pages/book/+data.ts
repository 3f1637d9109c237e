// https://vike.dev/data : the step of booking the address names. Each step is a plain form: the
// emergency question, the ZIP, the service, a window with room, then the visitor's details.
import type { PageContextServer } from 'vike/types';
import { getSettings } from '../../src/server/services/settings.ts';
import { getBookingSettings, rememberedAvailability } from '../../src/server/services/bookings.ts';
import {
  bookableServices,
  nearestServedTowns,
  servedZip,
} from '../../src/server/services/booking-catalog.ts';
import { hoursToday, isOpenAt } from '../../src/shared/business-hours.ts';
import { companyDay } from '../../src/shared/company-time.ts';
import { splitSlot } from '../../src/shared/booking-steps.ts';
import { SENT_PARAM } from '../../src/shared/form-post.ts';
import { ZIP_PATTERN } from '../../src/shared/postal-address.ts';
import { formatBytes } from '../../src/shared/format-bytes.ts';

/** Days of windows shown at once. */
const DAYS_SHOWN = 14;

export async function data(pageContext: PageContextServer) {
  const search = pageContext.urlParsed.search;
  const now = pageContext.now;
  const db = pageContext.db;
  // Kept until the services or towns change, as every public page's reads are: this page is rendered
  // for each request.
  const { readCache } = pageContext;
  const services = await readCache.remember('bookable services', () => bookableServices(db));
  const townsServing = (zip: string) => readCache.remember(`towns serving ${zip}`, () => servedZip(db, zip));
  const service = services.find((each) => each.slug === search.service) ?? null;
  const zip =
    search.zip && ZIP_PATTERN.test(search.zip) && (await townsServing(search.zip)).length ? search.zip : null;

  if (search.emergency === 'yes') {
    const settings = await getSettings(db);
    const booking = await getBookingSettings(db, companyDay(now));
    return {
      step: 'emergency' as const,
      sent: search[SENT_PARAM] === '1',
      openNow: isOpenAt(settings.businessHours, now),
      hoursToday: hoursToday(settings.businessHours, now),
      afterHoursNote: booking.afterHoursNote,
      service,
    };
  }
  if (search.outside && ZIP_PATTERN.test(search.outside)) {
    return {
      step: 'outside' as const,
      zip: search.outside,
      nearestTowns: await nearestServedTowns(db, search.outside, 4),
    };
  }
  if (search.emergency !== 'no' && !zip && !search.zip) return { step: 'question' as const, service };
  if (!zip) return { step: 'zip' as const, service, zipTyped: search.zip ?? '' };
  const towns = (await townsServing(zip)).map((town) => town.town);
  if (!service) return { step: 'service' as const, zip, towns, services };
  const slot = splitSlot(search.slot ?? '');
  const availability = await rememberedAvailability(
    readCache,
    db,
    { zip, service: service.slug, days: DAYS_SHOWN },
    now,
  );
  const open = availability.windows.filter((window) => window.available > 0);
  const chosen = open.find((window) => window.date === slot.date && window.start === slot.start) ?? null;
  if (!chosen)
    return {
      step: 'window' as const,
      zip,
      towns,
      service,
      windows: open,
      slotTaken: Boolean(search.slot),
      // The same for every visitor asking this ZIP and service within the minute (ssr.ts keeps it until
      // a booking or anything else it reads changes); a step carrying what one visitor chose or sent is not.
      keptForTheMinute:
        search.slot === undefined &&
        search.outside === undefined &&
        search[SENT_PARAM] === undefined &&
        (search.emergency ?? 'no') === 'no',
    };
  const photos = pageContext.bookingPhotoLimits;
  return {
    step: 'details' as const,
    zip,
    towns,
    service,
    window: chosen,
    photoLimits: { count: photos.count, bytes: photos.bytes, bytesText: formatBytes(photos.bytes) },
  };
}

export type BookData = Awaited<ReturnType<typeof data>>;
