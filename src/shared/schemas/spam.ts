import { z } from 'zod';

/**
 * Fields every public form adds against bots: a honeypot input people never see (bots fill every
 * field) and when the form was shown. Both optional, so plain API clients of SPEC section 7 still work.
 */
export const antiSpamFields = {
  website: z.string().max(500).optional(),
  formStartedAt: z.number().int().nonnegative().optional(),
};

/** A person needs longer than this to fill in a form; a script posting at once does not. */
export const MIN_FORM_FILL_MS = 2_500;

export function looksLikeBot(input: { website?: string; formStartedAt?: number }, now = Date.now()): boolean {
  if (input.website && input.website.trim() !== '') return true;
  if (input.formStartedAt !== undefined && now - input.formStartedAt < MIN_FORM_FILL_MS) return true;
  return false;
}
