import { describe, expect, test } from 'vitest';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { restrictColumns, withDatePreset } from './list-columns';

type Row = { id: number };
const columns: DataTableColumn<Row>[] = [
  { key: 'customer', title: 'Müştəri', render: () => null, filter: { kind: 'text', param: 'user_name' } },
  { key: 'track_code', title: 'İzləmə kodu', render: () => null, sortColumn: 'track_code', filter: { kind: 'text', param: 'track_code' } },
  { key: 'weight', title: 'Çəki', render: () => null, sortColumn: 'weight', filter: { kind: 'number', param: 'weight' } },
  { key: 'created_at', title: 'Tarix', render: () => null, sortColumn: 'created_at', filter: { kind: 'date-range', param: 'created' } },
];

describe('restrictColumns', () => {
  test('drops the filters and sorts the screen call does not take, and the hidden columns', () => {
    const out = restrictColumns(columns, { filters: ['track_code', 'created'], sorts: ['created_at'], hidden: ['customer'] });
    expect(out.map((c) => c.key)).toEqual(['track_code', 'weight', 'created_at']);
    expect(out[0]).toMatchObject({ filter: { param: 'track_code' } });
    expect(out[0]!.sortColumn).toBeUndefined();
    expect(out[1]!.filter).toBeUndefined();
    expect(out[2]).toMatchObject({ sortColumn: 'created_at', filter: { kind: 'date-range' } });
    expect(columns[1]!.sortColumn).toBe('track_code'); // the main list's columns are untouched
  });

  test('withDatePreset changes only that column\'s date-range start', () => {
    const out = withDatePreset(columns, 'created_at', 'all');
    expect(out[3]!.filter).toMatchObject({ kind: 'date-range', defaultPreset: 'all' });
    expect(withDatePreset(columns, 'weight', 'all')[2]!.filter).toEqual({ kind: 'number', param: 'weight' });
  });
});
