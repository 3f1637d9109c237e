// zod/mini, as every schema a public form loads (docs/decisions/025-public-form-schemas-light-and-loaded-on-use.md).
import { z } from 'zod/mini';
import { antiSpamFields } from './spam.ts';
import { plainText, type TextOptions } from './text.ts';

/** Optional text field: blank or missing becomes null, so "" and null mean the same thing. */
function optionalText(max: number, label: string, options?: TextOptions) {
  return z.pipe(
    z.nullish(
      z
        .string({ error: `${label} must be text` })
        .check(
          z.trim(),
          z.maxLength(max, `${label} must be at most ${max} characters`),
          plainText(label, options),
        ),
    ),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );
}

function requiredText(max: number, message: string, label: string, options?: TextOptions) {
  return z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      plainText(label, options),
    );
}

// The contact submission shape without id and createdAt.
export const contactInputSchema = z.object({
  firstName: requiredText(255, 'First name is required', 'First name'),
  lastName: requiredText(255, 'Last name is required', 'Last name'),
  email: z.pipe(requiredText(255, 'Email is required', 'Email'), z.email('Enter a valid email address')),
  phone: optionalText(20, 'Phone'),
  service: optionalText(255, 'Service'),
  message: requiredText(10_000, 'Message is required', 'Message', { multiline: true }),
  ...antiSpamFields,
});

export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactData = z.output<typeof contactInputSchema>;

export { optionalText, requiredText };
