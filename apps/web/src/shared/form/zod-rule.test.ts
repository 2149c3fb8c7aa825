import { az } from '@app/contract/texts/az';
import { zDecimal } from '@app/contract/common';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { listFieldIssues } from './zod-rule';

describe('zod issues in the interface words', () => {
  const schema = z.object({ price: zDecimal, email: z.string().email(), name: z.string().min(1).max(5) });

  test('a blank required field says it is required, whatever its type', () => {
    const issues = listFieldIssues(schema, { email: 'a@b.az', name: '' });
    expect(issues).toEqual({ price: az.errors.required, name: az.errors.required });
  });

  test('malformed values get the matching message', () => {
    const issues = listFieldIssues(schema, { price: '1x', email: 'nope', name: 'toolongname' });
    expect(issues.price).toBe(az.errors.invalidInput);
    expect(issues.email).toBe(az.errors.invalidEmail);
    expect(issues.name).toBe('Maksimum 5 simvol...');
  });
});
