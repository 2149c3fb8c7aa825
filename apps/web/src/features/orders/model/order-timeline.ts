import { ORDER_STATUS, ORDER_STATUS_FLOW, type OrderStateRow } from '@app/contract/orders';

/** Statuses that end an order early (rejected, cancelled). */
export const ENDING_STATUSES: readonly number[] = [ORDER_STATUS.rejected, ORDER_STATUS.cancelled];

export interface TimelineStep {
  stateId: number;
  name: string;
  state: 'finished' | 'current' | 'waiting';
  at: string | null;
  by: string | null;
  reason: string | null;
}

/**
 * spec §2 "Timeline steps are current, finished (dated) or waiting": the steps of ORDER_STATUS_FLOW
 * against the order's history. Each step takes its latest visit; steps after the current one wait.
 * A rejected (4) or cancelled (32) order ends there: that status is the last, current step, with its
 * reason, and the flow's steps not reached are left out.
 */
export function buildTimelineSteps(history: readonly OrderStateRow[], names: Record<number, string> = {}): TimelineStep[] {
  const last = history.find((row) => row.current === 1) ?? history[history.length - 1];
  const currentId = last?.state_id ?? ORDER_STATUS.pending;
  const visit = (stateId: number) => [...history].reverse().find((row) => row.state_id === stateId);
  const nameOf = (stateId: number) => visit(stateId)?.state_name ?? names[stateId] ?? String(stateId);
  if (ENDING_STATUSES.includes(currentId)) {
    const reached = ORDER_STATUS_FLOW.filter((stateId) => visit(stateId));
    return [
      ...reached.map((stateId): TimelineStep => ({ stateId, name: nameOf(stateId), state: 'finished', at: visit(stateId)?.created_at ?? null, by: visit(stateId)?.user_name || null, reason: null })),
      { stateId: currentId, name: nameOf(currentId), state: 'current', at: last?.created_at ?? null, by: last?.user_name || null, reason: last?.descr ?? null },
    ];
  }
  const currentIndex = ORDER_STATUS_FLOW.indexOf(currentId);
  return ORDER_STATUS_FLOW.map((stateId, index): TimelineStep => {
    const row = visit(stateId);
    const state = index < currentIndex ? 'finished' : index === currentIndex ? 'current' : 'waiting';
    return { stateId, name: nameOf(stateId), state, at: state === 'waiting' ? null : row?.created_at ?? null, by: state === 'waiting' ? null : row?.user_name || null, reason: null };
  });
}

