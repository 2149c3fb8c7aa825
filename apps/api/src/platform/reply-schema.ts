import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * Reply schemas (`schema.response` of a route, zod from the contract) are the one source of the
 * OpenAPI document's reply shapes and, when `check` is on (REPLY_CHECK, on under NODE_ENV=test),
 * of a check of every reply: a reply that does not match fails loudly (500 with the zod issues in
 * the log), so the API suites keep replies and contract together. The reply is always sent as the
 * handler built it (the schema never strips or reshapes keys), so checked and unchecked runs send
 * the same bytes; production skips the check, a list reply is not parsed twice.
 */
export function replySerializer(check: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!check) return (data: unknown) => JSON.stringify(data);
    const zod = resolve(schema);
    return (data: unknown) => {
      const result = zod.safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(data);
    };
  };
}

function resolve(schema: unknown): ZodType {
  const s = schema as { safeParse?: unknown; properties?: unknown };
  if (typeof s.safeParse === 'function') return s as ZodType;
  if (s.properties && typeof (s.properties as { safeParse?: unknown }).safeParse === 'function') return s.properties as ZodType;
  throw new Error(`Reply schema of a route is not a zod schema: ${JSON.stringify(schema)}`);
}
