import { expect, test } from 'vitest';
import { normalizeBracketKeys } from './validation';

test('[PLATFORM] PHP-style list keys become plain lists', () => {
  expect(normalizeBracketKeys({ 'ids[]': ['1', '2'], name: 'x' })).toEqual({ ids: ['1', '2'], name: 'x' });
  expect(normalizeBracketKeys({ 'ids[]': '7' })).toEqual({ ids: ['7'] });
  expect(normalizeBracketKeys(undefined)).toBeUndefined();
});

test('[PLATFORM] a blank decimal field is reported as required, not as malformed', async () => {
  const { z } = await import('zod');
  const { zDecimal } = await import('@app/contract/common');
  const { az } = await import('@app/contract/texts/az');
  const { parseOrThrow } = await import('./validation');
  const schema = z.object({ price: zDecimal });
  try {
    parseOrThrow(schema, {});
    expect.unreachable();
  } catch (err) {
    expect((err as { errors: Record<string, string[]> }).errors.price).toEqual([az.errors.required]);
  }
  expect(() => parseOrThrow(schema, { price: '12a' })).toThrow(az.errors.invalidInput);
});
