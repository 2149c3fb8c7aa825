import { describe, expect, test } from 'vitest';
import { insertPlaceholder, unknownPlaceholders } from './placeholder-insert';

describe('placeholder chips', () => {
  test('[NOTIFIER][TEMPLATES] a chip writes at the caret, not at the end, and the caret follows it', () => {
    const text = 'Hörmətli , bağlamanız gəldi';
    const at = 'Hörmətli '.length;
    const next = insertPlaceholder({ text, start: at, end: at }, 'customer_name');
    expect(next.text).toBe('Hörmətli {customer_name}, bağlamanız gəldi');
    expect(next.start).toBe(at + '{customer_name}'.length);
    expect(next.end).toBe(next.start);
  });

  test('[NOTIFIER][TEMPLATES] a selection is replaced by the placeholder', () => {
    const text = 'Kod: XXX hazırdır';
    const next = insertPlaceholder({ text, start: 5, end: 8 }, 'track_code');
    expect(next.text).toBe('Kod: {track_code} hazırdır');
  });

  test('[NOTIFIER][TEMPLATES] a field never focused (no caret) gets the placeholder at its end', () => {
    expect(insertPlaceholder({ text: 'Çəki: ', start: -1, end: -1 }, 'weight').text).toBe('Çəki: {weight}');
    expect(insertPlaceholder({ text: '', start: 0, end: 0 }, 'weight').text).toBe('{weight}');
    expect(insertPlaceholder({ text: 'ab', start: 10, end: 10 }, 'x').text).toBe('ab{x}');
  });

  test('[NOTIFIER][TEMPLATES] a backwards selection (end before start) still replaces it', () => {
    expect(insertPlaceholder({ text: 'a123b', start: 4, end: 1 }, 'p').text).toBe('a{p}b');
  });

  test('[NOTIFIER][TEMPLATES] two chips one after the other keep their order', () => {
    const first = insertPlaceholder({ text: ' - ', start: 0, end: 0 }, 'track_code');
    const second = insertPlaceholder({ ...first, start: first.text.length, end: first.text.length }, 'weight');
    expect(second.text).toBe('{track_code} - {weight}');
  });
});

describe('unknown placeholders', () => {
  test('[NOTIFIER][TEMPLATES] names not in the list are reported once each', () => {
    expect(unknownPlaceholders('{track_code} {musteri} {musteri} { weight }', ['track_code', 'weight'])).toEqual(['musteri']);
    expect(unknownPlaceholders('no placeholders', ['a'])).toEqual([]);
  });
});
