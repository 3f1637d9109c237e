import { z } from 'zod';
import { antiSpamFields } from './spam.ts';

/** Optional text field: blank or missing becomes null, so "" and null mean the same thing. */
function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));
}

function requiredText(max: number, message: string, label: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${label} must be at most ${max} characters`);
}

// SPEC section 5: the contact submission shape without id and createdAt.
export const contactInputSchema = z.object({
  firstName: requiredText(255, 'First name is required', 'First name'),
  lastName: requiredText(255, 'Last name is required', 'Last name'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(255, 'Email must be at most 255 characters')
    .pipe(z.email('Enter a valid email address')),
  phone: optionalText(20, 'Phone'),
  service: optionalText(255, 'Service'),
  message: requiredText(10_000, 'Message is required', 'Message'),
  ...antiSpamFields,
});

export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactData = z.output<typeof contactInputSchema>;

export { optionalText, requiredText };
