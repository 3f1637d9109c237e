/**
 * Where a contact message stands in the owner's inbox. Kept apart from the table definition so the
 * admin screen can list the statuses without bringing Drizzle into the browser bundle.
 */
export const leadStatuses = ['new', 'contacted', 'closed'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
