import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  bookingLeads,
  bookings,
  contactSubmissions,
  leadNotifications,
  type LeadStatus,
} from '../../../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';

export interface LeadFilter {
  status?: LeadStatus;
  /** Matched against name, email, phone, service and message. */
  search?: string;
  /** The spam folder instead of the inbox. */
  spam?: boolean;
}

export interface Lead {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  service: string | null;
  message: string;
  status: LeadStatus;
  createdAt: string;
  updatedAt: string;
  /** How the owner was alerted: sent, failed, logged, skipped, pending, or null before any attempt. */
  notification: string | null;
  /** The ZIP typed on the booking page, for a lead it wrote (an address outside the area). */
  zip: string | null;
  /** The latest visit booked from this lead, if any. */
  booking: { id: number; date: string; start: string; end: string } | null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function whereFor(filter: LeadFilter): SQL | undefined {
  const conditions: SQL[] = [
    eq(contactSubmissions.isSpam, filter.spam ?? false),
    isNull(contactSubmissions.deletedAt),
  ];
  if (filter.status) conditions.push(eq(contactSubmissions.status, filter.status));
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(
      or(
        ilike(sql`${contactSubmissions.firstName} || ' ' || ${contactSubmissions.lastName}`, pattern),
        ilike(contactSubmissions.email, pattern),
        ilike(contactSubmissions.phone, pattern),
        ilike(contactSubmissions.service, pattern),
        ilike(contactSubmissions.message, pattern),
      )!,
    );
  }
  return and(...conditions);
}

/** Leads newest first (the inbox, or the spam folder), with the latest alert status of each. */
export async function listLeads(db: Database, filter: LeadFilter = {}, limit = 500): Promise<Lead[]> {
  // The lead's id is named with its table: drizzle writes a column of a one-table select without it,
  // and inside a subquery a bare "id" is the subquery's own table's id.
  const latestNotification = sql<string | null>`(
    select n.status from ${leadNotifications} n
    where n.submission_id = "contact_submissions"."id"
    order by n.id desc limit 1
  )`;
  const zip = sql<string | null>`(
    select l.zip from ${bookingLeads} l where l.lead_id = "contact_submissions"."id"
  )`;
  const booking = sql<Lead['booking']>`(
    select json_build_object('id', b.id, 'date', b.day::text, 'start', b.start, 'end', b."end")
    from ${bookings} b where b.lead_id = "contact_submissions"."id"
    order by b.id desc limit 1
  )`;
  const rows = await db
    .select({
      id: contactSubmissions.id,
      firstName: contactSubmissions.firstName,
      lastName: contactSubmissions.lastName,
      email: contactSubmissions.email,
      phone: contactSubmissions.phone,
      service: contactSubmissions.service,
      message: contactSubmissions.message,
      status: contactSubmissions.status,
      createdAt: contactSubmissions.createdAt,
      updatedAt: contactSubmissions.updatedAt,
      notification: latestNotification,
      zip,
      booking,
    })
    .from(contactSubmissions)
    .where(whereFor(filter))
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function countNewLeads(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contactSubmissions)
    .where(
      and(
        eq(contactSubmissions.status, 'new'),
        eq(contactSubmissions.isSpam, false),
        isNull(contactSubmissions.deletedAt),
      ),
    );
  return row?.count ?? 0;
}

export async function setLeadStatus(
  db: Database,
  id: number,
  status: LeadStatus,
  now = new Date(),
): Promise<void> {
  const updated = await db
    .update(contactSubmissions)
    .set({ status, updatedAt: now })
    .where(and(eq(contactSubmissions.id, id), isNull(contactSubmissions.deletedAt)))
    .returning({ id: contactSubmissions.id });
  if (updated.length === 0) throw new NotFoundError('Lead not found');
}

export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  // A cell starting with = + - @ is a formula to a spreadsheet: prefix it so it stays text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The leads as CSV, one row each, in the order given. */
export function leadsToCsv(leads: Lead[]): string {
  const header = ['Received', 'Status', 'First name', 'Last name', 'Email', 'Phone', 'Service', 'Message'];
  const lines = [header.join(',')];
  for (const lead of leads) {
    lines.push(
      [
        lead.createdAt,
        lead.status,
        lead.firstName,
        lead.lastName,
        lead.email,
        lead.phone,
        lead.service,
        lead.message,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
