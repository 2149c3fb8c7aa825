import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { DecimalInput } from './decimal-input';
import { IntegerInput } from './integer-input';
import { normalizeDecimal, normalizeInteger } from './normalize-number';

function Harness({ kind }: { kind: 'decimal' | 'integer' }) {
  const [value, setValue] = useState('');
  return kind === 'decimal' ? (
    <DecimalInput aria-label="weight" value={value} onChange={setValue} />
  ) : (
    <IntegerInput aria-label="quantity" value={value} onChange={setValue} />
  );
}

describe('[FORM][DECIMAL] spec §5: comma becomes a dot, only digits and one dot survive', () => {
  test.each([
    ['12,5', '12.5'],
    ['1.250,75', '1.25075'],
    ['abc3.4kg', '3.4'],
    ['-7', '7'],
    ['0,0,1', '0.01'],
    [' 4 5 ', '45'],
    ['', ''],
  ])('%j is kept as %j', (typed, kept) => {
    expect(normalizeDecimal(typed)).toBe(kept);
  });

  test('a weight typed with a comma shows with a dot in the field', () => {
    render(<Harness kind="decimal" />);
    const input = screen.getByLabelText('weight') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2,35 kq' } });
    expect(input.value).toBe('2.35');
  });
});

describe('[FORM][SIGN] issue 16: a ranged field keeps a leading minus, so its message shows', () => {
  test.each([
    ['-7', '-7', '-7'],
    [' -1,5', '-1.5', '-15'],
    ['5-', '5', '5'],
    ['--2', '-2', '-2'],
  ])('%j is kept as %j (decimal) and %j (integer)', (typed, decimal, integer) => {
    expect(normalizeDecimal(typed, { keepSign: true })).toBe(decimal);
    expect(normalizeInteger(typed, { keepSign: true })).toBe(integer);
  });
});

describe('[FORM][INTEGER] spec §5: integer inputs keep only digits', () => {
  test.each([
    ['12', '12'],
    ['1.5', '15'],
    ['-3', '3'],
    ['7 ədəd', '7'],
  ])('%j is kept as %j', (typed, kept) => {
    expect(normalizeInteger(typed)).toBe(kept);
  });

  test('a quantity pasted with letters keeps only its digits in the field', () => {
    render(<Harness kind="integer" />);
    const input = screen.getByLabelText('quantity') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '3 ədəd,5' } });
    expect(input.value).toBe('35');
  });
});
