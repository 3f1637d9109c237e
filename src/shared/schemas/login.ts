// zod/mini, as every schema a public form loads (docs/decisions/025-public-form-schemas-light-and-loaded-on-use.md).
import { z } from 'zod/mini';
import { antiSpamFields } from './spam.ts';
import { plainText } from './text.ts';

export const loginInputSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Username is required'),
      z.maxLength(100, 'Username must be at most 100 characters'),
      plainText('Username'),
    ),
  // Not trimmed: spaces may be part of a password. The cap keeps hashing cheap for the server.
  password: z
    .string({ error: 'Password is required' })
    .check(
      z.minLength(1, 'Password is required'),
      z.maxLength(256, 'Password must be at most 256 characters'),
      plainText('Password'),
    ),
  ...antiSpamFields,
});

export type LoginInput = z.input<typeof loginInputSchema>;

/** The second step of a sign-in: six digits from the authenticator app, or a recovery code. */
export const secondStepInputSchema = z.object({
  code: z
    .string({ error: 'Enter the code' })
    .check(
      z.trim(),
      z.minLength(1, 'Enter the code'),
      z.maxLength(20, 'Enter the six digits from your app, or a recovery code'),
    ),
});

export type SecondStepInput = z.input<typeof secondStepInputSchema>;
