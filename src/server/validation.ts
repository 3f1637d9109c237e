import type { z } from 'zod';
import { InvalidInputError } from './errors.ts';

/** Parses outside input with its one schema; a mismatch becomes a 400 with the schema's own message. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw InvalidInputError.fromZod(parsed.error);
  return parsed.data;
}
