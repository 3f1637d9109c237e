// How the booking page's steps name an arrival window in a form and an address: one `slot` value,
// "2026-12-02T10:00", the window's day and local start.

export function slotOf(date: string, start: string): string {
  return `${date}T${start}`;
}

/** The day and start of a slot; blanks when it is not one, which the booking schema then refuses by field. */
export function splitSlot(slot: string): { date: string; start: string } {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(slot);
  return match ? { date: match[1]!, start: match[2]! } : { date: '', start: '' };
}
