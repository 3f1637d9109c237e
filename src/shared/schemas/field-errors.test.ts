import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { firstMessageByField } from './field-errors.ts';

describe('firstMessageByField', () => {
  it('keeps the first message of each field, nested paths joined with dots, object-level issues under _', () => {
    const schema = z
      .object({
        name: z.string().min(1, 'Name is required').min(3, 'Too short'),
        hours: z.object({ monday: z.string().min(1, 'Enter hours or Closed') }),
        a: z.string(),
        b: z.string(),
      })
      .refine((value) => value.a === value.b, { message: 'A and B differ' });
    const result = schema.safeParse({ name: '', hours: { monday: '' }, a: 'x', b: 'x' });
    expect(result.success).toBe(false);
    expect(firstMessageByField(result.error!)).toEqual({
      name: 'Name is required',
      'hours.monday': 'Enter hours or Closed',
    });
    const objectLevel = schema.safeParse({ name: 'Ann', hours: { monday: 'Closed' }, a: 'x', b: 'y' });
    expect(firstMessageByField(objectLevel.error!)).toEqual({ _: 'A and B differ' });
  });
});
