import type { Database } from '../../../db/client.ts';
import { contactSubmissions, type ContactSubmission } from '../../../db/schema/index.ts';
import type { ContactData } from '../../shared/schemas/contact.ts';

export async function createContactSubmission(
  db: Database,
  input: ContactData & { page?: string | null; source?: string | null },
  now = new Date(),
): Promise<ContactSubmission> {
  const [row] = await db
    .insert(contactSubmissions)
    .values({ ...input, createdAt: now })
    .returning();
  return row!;
}
