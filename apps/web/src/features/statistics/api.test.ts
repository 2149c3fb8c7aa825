import { beforeEach, describe, expect, test, vi } from 'vitest';

const calls: Record<string, unknown>[] = [];
vi.mock('../../shared/http/http-client', () => ({
  http: {
    get: vi.fn(async (_path: string, params: Record<string, unknown>) => {
      calls.push(params);
      const page = Number(params.page);
      const size = Number(params.per_page);
      const total = 1203;
      const from = (page - 1) * size;
      const rows = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => ({ id: from + i + 1, track_code: `T${from + i + 1}` }));
      return { data: rows, total };
    }),
    getBlob: vi.fn(),
  },
}));
const saved: { name: string; text: Promise<string> }[] = [];
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}
vi.mock('../../shared/files/save-blob', () => ({
  saveBlob: (blob: Blob, name: string) => saved.push({ name, text: readBlob(blob) }),
}));

const { exportDrillCsv, fetchDrillPage } = await import('./api');

beforeEach(() => {
  calls.length = 0;
  saved.length = 0;
});

describe('[STATISTICS][EXPORT] the CSV of a drill-down holds every row behind the number', () => {
  test('pages of 500 with the drill-down query (getlist=true), one file with a line per row', async () => {
    await exportDrillCsv('/api/admin/statistics/by_declarations_count', { start_date: '2026-11-01', end_date: '2026-11-30', state_id: '9' }, 'declarations', 'statistics_declarations_2026-11-01_2026-11-30.csv');
    expect(calls.map((c) => c.page)).toEqual([1, 2, 3]);
    expect(calls.every((c) => c.getlist === 'true' && c.per_page === 500 && c.state_id === '9' && c.start_date === '2026-11-01')).toBe(true);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('statistics_declarations_2026-11-01_2026-11-30.csv');
    const lines = (await saved[0]!.text).trim().split('\r\n');
    expect(lines).toHaveLength(1 + 1203);
    expect(lines[1]).toMatch(/^1,T1,/);
  });

  test('a drill-down page reads a numeric total, or the count of an aggregate-shaped total', async () => {
    const page = await fetchDrillPage('/x', { start_date: '2026-11-01' }, { page: 3, per_page: 25 });
    expect(page.total).toBe(1203);
    expect(calls[0]).toMatchObject({ start_date: '2026-11-01', page: 3, per_page: 25, getlist: 'true' });
  });
});
