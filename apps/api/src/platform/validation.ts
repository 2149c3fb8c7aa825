import { az, fill } from '@app/contract/texts/az';
import type { FastifyError } from 'fastify';
import type { z } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { invalid, type AppError } from './errors';

interface ZodIssueLike {
  code?: string;
  message: string;
  maximum?: unknown;
  minimum?: unknown;
  errors?: { code?: string; message: string }[][];
  format?: string;
}

/** Turns a zod issue into the Azerbaijani text the user reads next to the field. */
function describeIssue(issue: ZodIssueLike, isMissing: boolean): string {
  if (isMissing) return az.errors.required;
  switch (issue.code) {
    case 'invalid_union':
      // A blank value fails every branch of a union (string | number) as "received undefined".
      return issue.errors?.every((branch) => branch.some((e) => e.code === 'invalid_type' && /undefined/.test(e.message)))
        ? az.errors.required
        : az.errors.invalidInput;
    case 'too_small':
      return issue.minimum === 1 ? az.errors.required : az.errors.invalidInput;
    case 'too_big':
      return typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint'
        ? fill(az.errors.tooLong, { N: String(issue.maximum) })
        : az.errors.invalidInput;
    case 'invalid_format':
      return issue.format === 'email' ? az.errors.invalidEmail : az.errors.invalidInput;
    case 'invalid_type':
      return az.errors.invalidInput;
    case 'custom':
      // A refinement in the contract carries its own text (e.g. az.users.passwordMismatch).
      return issue.message && issue.message !== 'Invalid input' ? issue.message : az.errors.invalidInput;
    default:
      return az.errors.invalidInput;
  }
}

/** Fastify's schema validation failure → 422 `{ message, errors: { field: [text] } }` (spec §8). */
export function toValidationError(error: FastifyError): AppError | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const errors: Record<string, string[]> = {};
  for (const v of error.validation) {
    const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'form';
    const issue: ZodIssueLike = { ...(v.params as object), code: v.keyword, message: v.message ?? '' };
    const isMissing = issue.code === 'invalid_type' && /undefined/.test(issue.message);
    (errors[field] ??= []).push(describeIssue(issue, isMissing));
  }
  return invalid(errors);
}

/** Validates data a route could not declare in its schema (e.g. a form whose shape depends on a field). */
export function parseOrThrow<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    const like = issue as unknown as ZodIssueLike;
    const isMissing = issue.code === 'invalid_type' && /undefined/.test(issue.message);
    (errors[field] ??= []).push(describeIssue(like, isMissing));
  }
  throw invalid(errors);
}

/** `ids[]=1&ids[]=2` (PHP-style form lists, which existing clients send) arrive as `ids: ['1','2']`. */
export function normalizeBracketKeys(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!key.endsWith('[]')) {
      if (!(key in out)) out[key] = value;
      continue;
    }
    const name = key.slice(0, -2);
    const items = Array.isArray(value) ? value : [value];
    const existing = out[name];
    out[name] = existing === undefined ? items : [...(Array.isArray(existing) ? existing : [existing]), ...items];
  }
  return out;
}
