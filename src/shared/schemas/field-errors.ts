import type { z } from 'zod';

/**
 * What a form shows next to each field: the first message of each field's issues, keyed by the
 * field's path ("phone", "businessHours.monday"); "_" for a whole-object issue.
 */
export function firstMessageByField(error: z.ZodError): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) found[issue.path.join('.') || '_'] ??= issue.message;
  return found;
}
