import { describe, expect, test } from 'vitest';
import { arrangeColumns, COLUMN_WIDTHS, resolveColumnWidth, type DataTableColumn } from './column-types';

type Row = { id: number };
const column = (key: string, extra: Partial<DataTableColumn<Row>> = {}): DataTableColumn<Row> => ({ key, title: key, render: () => null, ...extra });
const shown = (list: ReturnType<typeof arrangeColumns<Row>>) => list.map(({ column: c, isFixed }) => `${c.key}${isFixed ? '*' : ''}`);

describe('[TABLE][COLUMNS] order, widths and the columns kept in view (spec §9, issue 16)', () => {
  test('the row menu comes first wherever the list put it, and stays in view with the identifying column', () => {
    const settingsList = [column('id', { isAlwaysVisible: true, width: 'smaller' }), column('name'), column('actions', { width: 'actions' })];
    expect(shown(arrangeColumns(settingsList))).toEqual(['actions*', 'id*', 'name']);
  });

  test('columns marked isFixed are kept in view instead; a first column the user may hide is not', () => {
    const marked = [column('actions'), column('code', { isAlwaysVisible: true }), column('track', { isFixed: true }), column('status')];
    expect(shown(arrangeColumns(marked))).toEqual(['actions*', 'code', 'track', 'status']);
    const leading = [column('actions'), column('track', { isFixed: true }), column('code', { isFixed: true }), column('status')];
    expect(shown(arrangeColumns(leading))).toEqual(['actions*', 'track*', 'code*', 'status']);
    expect(shown(arrangeColumns([column('name'), column('phone')]))).toEqual(['name', 'phone']);
  });

  test('on a phone only the row menu stays in view (the screen is too narrow for more)', () => {
    const list = [column('actions'), column('code', { isAlwaysVisible: true }), column('name')];
    expect(shown(arrangeColumns(list, true))).toEqual(['actions*', 'code', 'name']);
  });

  test('spec §9 widths: smaller 75, small 100, normal 150, large 200, date 200; the row menu 39 whatever a list asked', () => {
    expect(['smaller', 'small', 'normal', 'large', 'date'].map((w) => resolveColumnWidth(w as keyof typeof COLUMN_WIDTHS))).toEqual([75, 100, 150, 200, 200]);
    expect(resolveColumnWidth(undefined)).toBe(150);
    expect(resolveColumnWidth(48, true)).toBe(39);
  });
});
