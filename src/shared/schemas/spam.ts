// zod/mini: the same checks as zod with a bundle that tree-shakes, for schemas public forms load
// (docs/decisions/025-public-form-schemas-light-and-loaded-on-use.md).
import { z } from 'zod/mini';
import { plainText } from './text.ts';

/**
 * Fields every public form adds against bots: a honeypot input people never see (bots fill every
 * field) and how long the form was on screen before it was sent. Both optional, so plain API clients
 * of the REST routes still work.
 *
 * The fill time is measured by the browser on its own clock (milliseconds since the form appeared),
 * not as a timestamp: a visitor whose clock runs fast or slow would otherwise look like a bot.
 */
export const antiSpamFields = {
  website: z.optional(z.string().check(z.maxLength(500), plainText('website'))),
  formFillMs: z.optional(
    z.number().check(z.refine(Number.isInteger, 'formFillMs must be a whole number'), z.minimum(0)),
  ),
};

/** A person needs longer than this to fill in a form; a script posting at once does not. */
export const MIN_FORM_FILL_MS = 2_500;

export function looksLikeBot(input: { website?: string; formFillMs?: number }): boolean {
  if (input.website && input.website.trim() !== '') return true;
  if (input.formFillMs !== undefined && input.formFillMs < MIN_FORM_FILL_MS) return true;
  return false;
}
