import { describe, expect, test } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csv', () => {
  test('quotes separators, quotes and line breaks; keeps Azerbaijani letters; starts with a BOM', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "salam"')).toBe('"say ""salam"""');
    expect(csvField('iki\nsətir')).toBe('"iki\nsətir"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+994 50 123 45 67')).toBe('+994 50 123 45 67');
    const csv = toCsv([{ header: 'Ad', value: (r: { n: string }) => r.n }], [{ n: 'Şəhriyar Ğöyçə, Çıxışlı Ümüd' }]);
    expect(csv).toBe('\uFEFFAd\r\n"Şəhriyar Ğöyçə, Çıxışlı Ümüd"\r\n');
  });
});
