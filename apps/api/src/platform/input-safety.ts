import { escapeText, findUnsafeInput, isBinary, isSafeText, MAX_DEPTH } from '@app/contract/text-safety';
import { invalid } from './errors';

/**
 * The request side of issue 13 item 4 (the rules live in contract/text-safety.ts, shared with
 * schemas that parse JSON text themselves): unsafe input is refused, and what is logged is made storable.
 */

/** preValidation: a request with an unsafe text anywhere is a 422 naming each field, before any schema or handler reads it. */
export function refuseUnsafeInput(sources: unknown[]): void {
  const errors = findUnsafeInput(sources);
  if (Object.keys(errors).length) throw invalid(errors);
}

export { escapeText };

/** A copy of a logged value whose every string and key can be stored in text and jsonb columns. */
export function toStorable(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return isSafeText(value) ? value : escapeText(value);
  if (!value || typeof value !== 'object' || isBinary(value)) return value;
  if (depth > MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => toStorable(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // a `__proto__` key assigned to a plain object would set its prototype instead of logging it
    out[key === '__proto__' ? '[__proto__]' : escapeText(key)] = toStorable(item, depth + 1);
  }
  return out;
}
