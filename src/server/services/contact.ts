import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { contactSubmissions, type ContactSubmission } from '../../../db/schema/index.ts';
import type { ContactData } from '../../shared/schemas/contact.ts';
import { looksLikeBot } from '../../shared/schemas/spam.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import { enqueueLeadAlert, type LeadNotifier } from './lead-notifier.ts';
import { enforceActionLimit } from './rate-limits.ts';
import { getSettings } from './settings.ts';

export async function createContactSubmission(
  db: Database,
  input: Omit<ContactData, 'website' | 'formFillMs'> & { page?: string | null; source?: string | null },
  now = new Date(),
  options: { spam: boolean } = { spam: false },
): Promise<ContactSubmission> {
  const { firstName, lastName, email, phone, service, message, page = null, source = null } = input;
  const [row] = await db
    .insert(contactSubmissions)
    .values({
      firstName,
      lastName,
      email,
      phone,
      service,
      message,
      page,
      source,
      isSpam: options.spam,
      createdAt: now,
    })
    .returning();
  return row!;
}

export interface ContactDependencies {
  db: Database;
  leadNotifier: LeadNotifier;
}

/**
 * A visitor's message to the owner, whichever way it arrives: refused while the owner has the form
 * switched off, limited per address, then kept. A message sent the way a bot sends is kept as spam
 * and nobody is alerted; the sender is told it went through either way, so a bot learns nothing.
 */
export async function sendContactMessage(
  { db, leadNotifier }: ContactDependencies,
  input: ContactData & { page?: string | null; source?: string | null },
  clientAddress: string,
  now = new Date(),
): Promise<{ submission: ContactSubmission; spam: boolean }> {
  const settings = await getSettings(db);
  if (!settings.contactFormEnabled) {
    throw new ForbiddenError(
      `The contact form is turned off at the moment. Please call us at ${settings.phoneNumber}.`,
    );
  }
  await enforceActionLimit(db, 'contact', clientAddress, now);
  const spam = looksLikeBot(input);
  // The lead and its alert commit together: a crash after the answer cannot leave a lead unannounced.
  const submission = await db.transaction(async (tx) => {
    const row = await createContactSubmission(tx, input, now, { spam });
    if (!spam) await enqueueLeadAlert(tx, row.id);
    return row;
  });
  if (!spam) leadNotifier.wake();
  return { submission, spam };
}

/** "Not spam": the lead joins the inbox and the owner is alerted as for any new lead. */
export async function restoreSpamLead(
  { db, leadNotifier }: ContactDependencies,
  id: number,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [submission] = await tx
      .update(contactSubmissions)
      .set({ isSpam: false, updatedAt: now })
      .where(and(eq(contactSubmissions.id, id), eq(contactSubmissions.isSpam, true)))
      .returning();
    if (!submission) throw new NotFoundError('No such lead in the spam folder');
    await enqueueLeadAlert(tx, submission.id);
  });
  leadNotifier.wake();
}
