import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidInputError } from '../../errors.ts';
import { savePostInputSchema } from '../../../shared/schemas/post.ts';
import { reviewInputSchema } from '../../../shared/schemas/review.ts';
import { jsonSerializerCompiler, zodValidatorCompiler } from './typed.ts';

const compile = (schema: z.core.$ZodType) =>
  zodValidatorCompiler({ schema, method: 'POST', url: '/x', httpPart: 'body' });

describe('REST edge schemas', () => {
  it('turns a mismatch into the InvalidInputError tRPC raises: first issue as message, all by field', () => {
    const result = compile(reviewInputSchema)({ name: '', review: 'fine', rating: 9 });
    expect(result).toHaveProperty('error');
    const error = (result as { error: unknown }).error;
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({
      message: 'Name is required',
      fieldErrors: { name: ['Name is required'], rating: ['Rating must be a number from 1 to 5'] },
    });
  });

  it('hands on the raw input, which the procedure behind the route parses again', () => {
    const body = {
      type: 'news',
      post: { title: ' T ', excerpt: 'E', content: 'C', publishedAt: '2026-01-02T03:04:05Z' },
    };
    expect(compile(savePostInputSchema)(body)).toEqual({ value: body });
  });

  it('writes replies as they are: a field the schema does not name is kept', () => {
    const serialize = jsonSerializerCompiler({
      schema: z.object({ success: z.literal(true) }),
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(JSON.parse(serialize({ success: true, extra: 1 }))).toEqual({ success: true, extra: 1 });
  });
});
