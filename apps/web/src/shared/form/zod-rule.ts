import { az, fill } from '@app/contract/texts/az';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** A zod issue in the interface's words: the contract's own messages are already Azerbaijani. */
export function describeIssue(issue: Issue): string {
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1 ? az.errors.required : az.errors.invalidInput;
    case 'too_big':
      return issue.origin === 'string' ? fill(az.errors.tooLong, { N: Number(issue.maximum) }) : az.errors.invalidInput;
    case 'invalid_format':
      return issue.format === 'email' ? az.errors.invalidEmail : az.errors.invalidInput;
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === '' ? az.errors.required : az.errors.invalidInput;
    case 'invalid_union':
      // A blank value fails every branch of a union (string | number) as "received undefined".
      return issue.errors.every((branch) => branch.some((e) => e.code === 'invalid_type' && /undefined/.test(e.message)))
        ? az.errors.required
        : az.errors.invalidInput;
    case 'custom':
      return issue.message;
    default:
      return az.errors.invalidInput;
  }
}

/** Field name → its first message, from validating the whole form (cross-field rules need all of it). */
export function listFieldIssues(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in messages)) messages[field] = describeIssue(issue);
  }
  return messages;
}

/**
 * An antd rule validating one field by the contract's zod schema: the schema sees the whole form
 * (as `toWire` shapes it), so rules like "the confirmation equals the password" hold.
 */
export function zodRule(schema: z.ZodType, field: string, toWire: (values: never) => unknown): Rule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const message = listFieldIssues(schema, toWire(getFieldsValue(true) as never))[field];
      if (message) throw new Error(message);
    },
  });
}
