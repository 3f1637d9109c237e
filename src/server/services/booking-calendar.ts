// https://www.rfc-editor.org/rfc/rfc5545 and RFC 5546 (iTIP): the calendar file of a booking. One UID
// per booking for its whole life; every change the customer's calendar must follow raises SEQUENCE,
// and a cancellation is METHOD:CANCEL with STATUS:CANCELLED, so the visit leaves the calendar instead
// of staying in it. Times are written in UTC (the instants stored with the booking), which every
// calendar shows in its own zone: no VTIMEZONE to get wrong on the nights the clocks change.

export interface CalendarVisit {
  id: number;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  summary: string;
  description: string;
  location: string;
  cancelled: boolean;
  /** TENTATIVE while waiting for the owner's confirmation. */
  tentative?: boolean;
  attendee?: { name: string; email: string };
}

/** Text as a property value: backslash, semicolon, comma and line breaks escaped. */
function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A line folded at 75 octets, continuation lines starting with a space. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const charSize = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (size + charSize > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += charSize;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 20261201T150000Z */
function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The UID of a booking's event, the same in every file sent about it. */
export function bookingUid(id: number, host: string): string {
  return `booking-${id}@${host}`;
}

function eventLines(
  visit: CalendarVisit,
  organizer: { name: string; email: string },
  host: string,
  now: Date,
): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${bookingUid(visit.id, host)}`,
    `SEQUENCE:${visit.sequence}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(visit.startsAt)}`,
    `DTEND:${utcStamp(visit.endsAt)}`,
    `SUMMARY:${escapeText(visit.summary)}`,
    `DESCRIPTION:${escapeText(visit.description)}`,
    `LOCATION:${escapeText(visit.location)}`,
    `ORGANIZER;CN=${escapeText(organizer.name)}:mailto:${organizer.email}`,
    ...(visit.attendee
      ? [`ATTENDEE;CN=${escapeText(visit.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${visit.attendee.email}`]
      : []),
    `STATUS:${visit.cancelled ? 'CANCELLED' : visit.tentative ? 'TENTATIVE' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** A calendar file: REQUEST (an invitation or its update), CANCEL, or PUBLISH (a read-only feed). */
export function calendarFile(
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH',
  visits: CalendarVisit[],
  organizer: { name: string; email: string },
  host: string,
  now = new Date(),
  calendarName?: string,
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(organizer.name)}//Online booking//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...(calendarName ? [`X-WR-CALNAME:${escapeText(calendarName)}`] : []),
    ...visits.flatMap((visit) => eventLines(visit, organizer, host, now)),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
