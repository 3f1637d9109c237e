import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
} from 'fastify';
import { type core, z } from 'zod';
import { InvalidInputError } from '../../errors.ts';

/**
 * Types request.body, params and query as the input their zod schema accepts, and the reply as
 * the schema's shape. Input, not output: a REST handler hands the request on to the tRPC
 * procedure, which parses it with the very same schema, and a parsed value is not always valid
 * input again (a post's publishedAt arrives as text and leaves as a Date).
 */
export interface ZodInputTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends core.$ZodType ? core.input<this['schema']> : unknown;
  serializer: this['schema'] extends core.$ZodType ? core.input<this['schema']> : unknown;
}

/** The REST routes with their zod schemas typing request.body, params, query and the reply. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodInputTypeProvider>();
}

/**
 * Checks a route's body, params or query with its zod schema before the handler runs. A mismatch
 * becomes the same InvalidInputError the tRPC procedures raise, so REST answers 400 with the first
 * issue as its message and every issue by field. The request keeps its raw value, which the typed
 * input above describes.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<core.$ZodType> =
  ({ schema }) =>
  (data: unknown) => {
    const parsed = z.safeParse(schema, data);
    return parsed.success ? { value: data } : { error: InvalidInputError.fromZod(parsed.error) };
  };

/**
 * Response schemas type the handlers at compile time only. Replies are written with plain
 * JSON.stringify, as before they were declared: no field a client reads is stripped, and no reply
 * pays for a second parse on its way out.
 */
export const jsonSerializerCompiler: FastifySerializerCompiler<core.$ZodType> = () => (data) =>
  JSON.stringify(data);

/** A service's own result type, declared for a reply without checking it again at run time. */
export function serviceResult<T>() {
  return z.custom<T>();
}

/** Successful replies share these two fields; failures are `{ success: false, message }`. */
export const ok = { success: z.literal(true) };
export const okWithMessage = { ...ok, message: z.string() };
