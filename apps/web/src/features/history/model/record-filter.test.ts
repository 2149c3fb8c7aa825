import { describe, expect, test } from 'vitest';
import { describeChanges, entityPath, recordPath, startPreset } from './record-filter';

describe('history links and filters', () => {
  test('records link to their details pages', () => {
    expect(recordPath(2, 15)).toBe('/@next/declarations/15');
    expect(recordPath(19, 3)).toBe('/@next/declarations/unknowns/3');
    expect(recordPath(8, 3)).toBeNull();
    expect(entityPath('declaration', '42')).toBe('/@next/declarations/42');
    expect(entityPath('declaration', 'x')).toBeNull();
    expect(entityPath(null, '1')).toBeNull();
    expect(entityPath('tariff', '1')).toBeNull();
  });

  test('opened from a record the date range starts at all time', () => {
    expect(startPreset(new URLSearchParams('model_id=2&object_id=5'))).toBe('all');
    expect(startPreset(new URLSearchParams('user_name=Nigar'))).toBeUndefined();
  });

  test('changes are shown as indented JSON', () => {
    expect(describeChanges(null)).toBe('—');
    expect(describeChanges({ state_id: { from: 7, to: 9 } })).toContain('"from": 7');
  });
});
