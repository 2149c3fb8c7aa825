import type { OrderStateRow } from '@app/contract/orders';
import { describe, expect, test } from 'vitest';
import { buildTimelineSteps } from './order-timeline';

let nextId = 1;
const row = (state_id: number, state_name: string, created_at: string, patch: Partial<OrderStateRow> = {}): OrderStateRow => ({
  id: nextId++, state_id, state_name, user_id: 1, user_name: 'Admin', current: 0, descr: null, created_at, ...patch,
});

describe('[ORDERS][TIMELINE] steps are current, finished (dated) or waiting', () => {
  test('an order at 7: 5 finished with its date and who, 7 current, 8–10 waiting', () => {
    const steps = buildTimelineSteps([row(5, 'Gözləmədə', '2026-11-01 10:00:00'), row(7, 'Ödəniş gözlənilir', '2026-11-02 11:00:00', { current: 1 })]);
    expect(steps.map((s) => [s.stateId, s.state])).toEqual([[5, 'finished'], [7, 'current'], [8, 'waiting'], [9, 'waiting'], [10, 'waiting']]);
    expect(steps[0]).toMatchObject({ at: '2026-11-01 10:00:00', by: 'Admin' });
    expect(steps[2]).toMatchObject({ at: null, by: null });
  });
  test('a rejected order ends at 4 with its reason; steps not reached are left out', () => {
    const steps = buildTimelineSteps([
      row(5, 'Gözləmədə', '2026-11-01 10:00:00'),
      row(4, 'Rədd edilib', '2026-11-03 09:00:00', { current: 1, descr: 'Stokda yoxdur' }),
    ]);
    expect(steps.map((s) => [s.stateId, s.state])).toEqual([[5, 'finished'], [4, 'current']]);
    expect(steps[1]?.reason).toBe('Stokda yoxdur');
  });
  test('a step visited twice shows its latest visit; no history: the order is pending', () => {
    const steps = buildTimelineSteps([
      row(5, 'Gözləmədə', '2026-11-01 10:00:00'), row(7, 'Ödəniş gözlənilir', '2026-11-02 10:00:00'),
      row(5, 'Gözləmədə', '2026-11-03 10:00:00'), row(7, 'Ödəniş gözlənilir', '2026-11-04 10:00:00'), row(8, 'Sifariş verilib', '2026-11-05 10:00:00', { current: 1 }),
    ]);
    expect(steps.find((s) => s.stateId === 7)?.at).toBe('2026-11-04 10:00:00');
    expect(buildTimelineSteps([]).map((s) => s.state)).toEqual(['current', 'waiting', 'waiting', 'waiting', 'waiting']);
  });
});
