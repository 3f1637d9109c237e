import { z } from 'zod';
import { antiSpamFields } from './spam.ts';

export const loginInputSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(100, 'Username must be at most 100 characters'),
  // Not trimmed: spaces may be part of a password. The cap keeps hashing cheap for the server.
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(256, 'Password must be at most 256 characters'),
  ...antiSpamFields,
});

export type LoginInput = z.input<typeof loginInputSchema>;
