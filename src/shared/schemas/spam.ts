import { z } from 'zod';

/**
 * Fields every public form adds against bots: a honeypot input people never see (bots fill every
 * field) and how long the form was on screen before it was sent. Both optional, so plain API clients
 * of SPEC section 7 still work.
 *
 * The fill time is measured by the browser on its own clock (milliseconds since the form appeared),
 * not as a timestamp: a visitor whose clock runs fast or slow would otherwise look like a bot.
 */
export const antiSpamFields = {
  website: z.string().max(500).optional(),
  formFillMs: z.number().int().nonnegative().optional(),
};

/** A person needs longer than this to fill in a form; a script posting at once does not. */
export const MIN_FORM_FILL_MS = 2_500;

export function looksLikeBot(input: { website?: string; formFillMs?: number }): boolean {
  if (input.website && input.website.trim() !== '') return true;
  if (input.formFillMs !== undefined && input.formFillMs < MIN_FORM_FILL_MS) return true;
  return false;
}
