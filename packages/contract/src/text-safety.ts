import { az } from './texts/az';

/**
 * C0 control characters except tab, line feed and carriage return (multi-line texts keep those),
 * and DEL. No field of the product holds them, and PostgreSQL cannot store NUL at all.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
/** A UTF-16 surrogate without its pair: not a character, refused by UTF-8 and jsonb. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const LONE_SURROGATES_ALL = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * Keys that reach Object.prototype (`__proto__`, `constructor`, `prototype`) or make String()/Number()
 * of their object throw (`toString`, `valueOf`): no form of ours has such a field.
 */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'toJSON']);
/** Deeper than any form of ours; a deeper body is refused rather than walked. */
export const MAX_DEPTH = 32;

export const isBinary = (v: unknown): v is Uint8Array => v instanceof Uint8Array;

/** Is this text safe to store: no control character, no lone UTF-16 surrogate (invalid in UTF-8 and jsonb)? */
export function isSafeText(text: string): boolean {
  return !CONTROL_CHARACTERS.test(text) && !LONE_SURROGATE.test(text);
}

/**
 * Every string and key of the request's query, params and body, however they arrived (JSON,
 * urlencoded, multipart text parts): the field path of each unsafe one, with its Azerbaijani text.
 */
export function findUnsafeInput(sources: unknown[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const report = (path: string[], text: string) => {
    const field = path.map(escapeText).join('.') || 'form';
    const list = (errors[field] ??= []);
    if (!list.includes(text)) list.push(text);
  };
  const walk = (value: unknown, path: string[], depth: number): void => {
    if (typeof value === 'string') {
      if (!isSafeText(value)) report(path, az.errors.controlCharacters);
      return;
    }
    if (!value || typeof value !== 'object' || isBinary(value)) return;
    if (depth > MAX_DEPTH) return report(path, az.errors.invalidInput);
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, [...path, String(i)], depth + 1));
      return;
    }
    for (const key of Object.keys(value)) {
      if (RESERVED_KEYS.has(key)) report([...path, key], az.errors.invalidInput);
      else if (!isSafeText(key)) report([...path, key], az.errors.controlCharacters);
      else walk((value as Record<string, unknown>)[key], [...path, key], depth + 1);
    }
  };
  for (const source of sources) walk(source, [], 0);
  return errors;
}

/** Control characters written as `\u0000` text, lone surrogates as U+FFFD: what is kept of an unsafe text (audit entries, field names). */
export function escapeText(text: string): string {
  return text.replace(CONTROL_CHARACTERS_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(LONE_SURROGATES_ALL, '\uFFFD');
}
