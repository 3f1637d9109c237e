import { z } from 'zod';

/** The beacon a tap on a phone link sends: the path of the page it was on. */
export const callBeaconSchema = z
  .string({ error: 'Send the page path as text' })
  .trim()
  .min(1, 'Send the page path as text')
  .max(300, 'The page path must be at most 300 characters')
  .refine((path) => path.startsWith('/') && !path.startsWith('//'), 'The page path must start with /');
