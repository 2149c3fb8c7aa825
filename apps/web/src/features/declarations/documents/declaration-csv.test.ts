import type { ListResponse } from '@app/contract/common';
import type { DeclarationListRow } from '@app/contract/declarations';
import { describe, expect, test } from 'vitest';
import type { QueryParams } from '../../../shared/http/http-client';
import { fetchAllPages, hasActiveFilters } from './declaration-csv';

describe('declaration CSV', () => {
  test('filters are active only with a filter value beyond page and sort', () => {
    expect(hasActiveFilters({ page: 1, per_page: 25, sort_column: 'id', sort_order: 'desc' })).toBe(false);
    expect(hasActiveFilters({ page: 1, track_code: '', state_id: [] })).toBe(false);
    expect(hasActiveFilters({ page: 1, state_id: [9] })).toBe(true);
  });

  test('fetches pages of 500 in parallel until a short page, keeping the order', async () => {
    const total = 1_730;
    const asked: QueryParams[] = [];
    const fetchPage = async (params: QueryParams): Promise<ListResponse<DeclarationListRow>> => {
      asked.push(params);
      const page = Number(params.page);
      const start = (page - 1) * 500;
      const ids = Array.from({ length: Math.max(0, Math.min(500, total - start)) }, (_, i) => start + i);
      return { data: ids.map((id) => ({ id }) as DeclarationListRow), total };
    };
    const rows = await fetchAllPages({ state_id: [9] }, fetchPage, 4);
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(asked.every((p) => p.per_page === 500 && (p.state_id as number[])[0] === 9)).toBe(true);
    expect(asked).toHaveLength(4);
  });
});
