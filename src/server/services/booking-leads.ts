// The leads the booking page writes into the leads inbox: an emergency, which alerts the owner at once
// through the lead alert outbox, and a ZIP outside the service area, kept so the owner can still call
// back (nothing a visitor types is thrown away).
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { bookingLeads, contactSubmissions } from '../../../db/schema/index.ts';
import type { EmergencyData, ZipCheckData } from '../../shared/schemas/booking.ts';
import { createContactSubmission } from './contact.ts';
import { enqueueLeadAlert, type LeadNotifier } from './lead-notifier.ts';
import { enforceActionLimit } from './rate-limits.ts';
import { bookableService, nearestServedTowns, servedZip } from './booking-catalog.ts';

interface Origin {
  page?: string | null;
  source?: string | null;
}

/** The lead's name split as the inbox stores it: first word, and the rest. */
function nameParts(name: string): { firstName: string; lastName: string } {
  const [firstName = name, ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** An emergency: stored as an urgent lead and the owner alerted at once, in one transaction. */
export async function createEmergencyLead(
  { db, leadNotifier }: { db: Database; leadNotifier: LeadNotifier },
  input: EmergencyData & Origin,
  clientAddress: string,
  now = new Date(),
): Promise<{ leadId: number }> {
  await enforceActionLimit(db, 'booking', clientAddress, now);
  const message = [
    'URGENT: emergency reported from the booking page (water leaking, no water or sewage backing up).',
    input.problem ? `What is happening: ${input.problem}` : null,
    input.address ? `Address: ${input.address}` : null,
    `Call back: ${input.phone}`,
  ]
    .filter(Boolean)
    .join('\n');
  const leadId = await db.transaction(async (tx) => {
    const lead = await createContactSubmission(
      tx,
      {
        ...nameParts(input.name),
        email: '',
        phone: input.phone,
        service: 'EMERGENCY',
        message,
        page: input.page ?? '/book',
        source: input.source ?? null,
      },
      now,
    );
    await tx.insert(bookingLeads).values({ leadId: lead.id, kind: 'emergency', createdAt: now });
    await enqueueLeadAlert(tx, lead.id);
    return lead.id;
  });
  leadNotifier.wake();
  return { leadId };
}

export type ZipCheck =
  | { serviceable: true; zip: string; service: string | null }
  | { serviceable: false; zip: string; nearestTowns: string[]; leadId: number };

/**
 * The first step of booking: a ZIP served goes on to the calendar; one outside the service area is
 * kept as a lead marked so, with the service asked for, and answered with the nearest towns served.
 */
export async function checkZipForBooking(
  db: Database,
  input: ZipCheckData & Origin,
  clientAddress: string,
  now = new Date(),
): Promise<ZipCheck> {
  const bookable = input.service ? await bookableService(db, input.service) : undefined;
  const service = bookable ? bookable.slug : null;
  if ((await servedZip(db, input.zip)).length > 0) return { serviceable: true, zip: input.zip, service };
  await enforceActionLimit(db, 'booking', clientAddress, now);
  const nearestTowns = await nearestServedTowns(db, input.zip);
  const leadId = await db.transaction(async (tx) => {
    const lead = await createContactSubmission(
      tx,
      {
        firstName: 'Visitor',
        lastName: `from ZIP ${input.zip}`,
        email: '',
        phone: null,
        service: bookable?.title ?? null,
        message: `Outside service area: a visitor tried to book online from ZIP ${input.zip}${service ? ` for ${service}` : ''}. Nearest towns served: ${nearestTowns.join(', ')}.`,
        page: input.page ?? '/book',
        source: input.source ?? null,
      },
      now,
    );
    await tx
      .insert(bookingLeads)
      .values({ leadId: lead.id, kind: 'outside-service-area', zip: input.zip, createdAt: now });
    return lead.id;
  });
  return { serviceable: false, zip: input.zip, nearestTowns, leadId };
}

/** Whether a lead of the inbox came from the booking page, and how. */
export async function bookingLeadKind(db: Database, leadId: number) {
  const [row] = await db.select().from(bookingLeads).where(eq(bookingLeads.leadId, leadId));
  return row ?? null;
}

/** A lead's contact details, for the owner turning it into a booking. */
export async function leadContact(db: Database, leadId: number) {
  const [lead] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, leadId));
  return lead ?? null;
}
