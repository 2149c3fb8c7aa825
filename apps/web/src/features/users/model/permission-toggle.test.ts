import type { OperationRow } from '@app/contract/users';
import { describe, expect, test } from 'vitest';
import { groupOperations, isLockedOn, toggleGroup, toggleOperation } from './permission-toggle';

const OPERATIONS: OperationRow[] = [
  { id: 1, name: 'İstifadəçilər', code_name: 'users', model_id: 3, model_name: 'İstifadəçilər' },
  { id: 2, name: 'İcazələr', code_name: 'changeuserpermissions', model_id: 3, model_name: 'İstifadəçilər' },
  { id: 3, name: 'Uçuşlar', code_name: 'flights', model_id: 8, model_name: 'Uçuşlar' },
  { id: 4, name: 'Depeş', code_name: 'canceldepesh', model_id: 8, model_name: 'Uçuşlar' },
];
const other = { operations: OPERATIONS, isSelf: false };
const self = { operations: OPERATIONS, isSelf: true };

describe('[USERS][PERMISSIONS] spec §5: the permission change toggles every operation', () => {
  test('switching changeuserpermissions on selects all operations', () => {
    expect(toggleOperation([3], 2, true, other).sort()).toEqual([1, 2, 3, 4]);
  });

  test('switching it off clears all operations', () => {
    expect(toggleOperation([1, 2, 3, 4], 2, false, other)).toEqual([]);
  });

  test('any other switch changes only itself', () => {
    expect(toggleOperation([3], 4, true, other)).toEqual([3, 4]);
    expect(toggleOperation([3, 4], 3, false, other)).toEqual([4]);
  });

  test('switching one off while holding all also drops the permission change ("all" no longer holds)', () => {
    expect(toggleOperation([1, 2, 3, 4], 3, false, other)).toEqual([1, 4]);
  });

  test('on oneself the permission change cannot be switched off, nor anything it covers', () => {
    expect(isLockedOn([1, 2, 3, 4], self)).toBe(true);
    expect(toggleOperation([1, 2, 3, 4], 2, false, self)).toEqual([1, 2, 3, 4]);
    expect(toggleOperation([1, 2, 3, 4], 3, false, self)).toEqual([1, 2, 3, 4]);
    expect(toggleGroup([1, 2, 3, 4], [3, 4], false, self)).toEqual([1, 2, 3, 4]);
  });

  test('on oneself without the permission change, switches work as usual', () => {
    expect(isLockedOn([3], self)).toBe(false);
    expect(toggleOperation([3], 3, false, self)).toEqual([]);
  });

  test('a group switch sets its own operations; one holding the permission change sets all', () => {
    expect(toggleGroup([], [3, 4], true, other)).toEqual([3, 4]);
    expect(toggleGroup([1, 3, 4], [3, 4], false, other)).toEqual([1]);
    expect(toggleGroup([], [1, 2], true, other).sort()).toEqual([1, 2, 3, 4]);
  });

  test('operations are grouped by model in the server order', () => {
    expect(groupOperations(OPERATIONS).map((g) => [g.modelName, g.operations.map((o) => o.id)])).toEqual([
      ['İstifadəçilər', [1, 2]],
      ['Uçuşlar', [3, 4]],
    ]);
  });
});
