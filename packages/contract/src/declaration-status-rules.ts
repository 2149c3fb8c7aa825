/*
 * Manual declaration status changes (issue 13 item 2), without zod (issue 15 item 2).
 * `declaration-workflow.ts` re-exports them beside its schemas.
 */

/**
 * THE rule table of manual declaration status changes (row menu, selection, bulk by filter, the
 * accept action's change_state): for each SOURCE status, the TARGET statuses a person may set.
 * spec §4: the manual changes are 9 (in local warehouse: the row menu's acceptance shortcut, the
 * same move as box acceptance and `declaration/update` change_state, without the box) and held at
 * customs: 88 with a reason (row menu, selection) or 36 (bulk by filter).
 * Every other model-2 status belongs to a workflow and is set only by its own code path:
 * 5/7 registration (create, dispatch cancel, a package run customs declined), 8 flight close,
 * 10 handover with its payment, 12 returns run. Finished journeys (10, 12) and 5 (nothing arrived
 * yet) allow no manual change; a status absent here (one added later in settings) allows none.
 */
export const MANUAL_STATUS_TARGETS: Readonly<Record<number, readonly number[]>> = {
  7: [9, 36, 88], // foreign warehouse: arrives (flight closed without dispatch) or is held at customs
  8: [9, 36, 88], // dispatch sent: arrives or is held at customs
  9: [36, 88], // customs calls it back after acceptance (or a wrong acceptance is corrected)
  36: [9, 88], // held (bulk): released into the warehouse, or the hold is given its reason
  88: [9, 36], // held: released into the warehouse
};

/** The workflow that owns each status no manual change may set (texts: az.declarationStatusRules.owners). */
export const STATUS_WORKFLOW_OWNER: Readonly<Record<number, 'registration' | 'flightClose' | 'handover' | 'return'>> = {
  5: 'registration', 7: 'registration', 8: 'flightClose', 10: 'handover', 12: 'return',
};

/** Targets a manual change may set from `from` (none for an unknown or finished status). */
export function manualTargetsFrom(from: number): readonly number[] {
  return MANUAL_STATUS_TARGETS[from] ?? [];
}
/** Every status some manual change may set (9, 36, 88). */
export const MANUAL_TARGET_STATUSES: readonly number[] = [...new Set(Object.values(MANUAL_STATUS_TARGETS).flat())].sort((a, b) => a - b);
/** The sources from which a manual change may set `to` (the SQL `status_id in (…)` of the bulk change). */
export function manualSourcesOf(to: number): number[] {
  return Object.entries(MANUAL_STATUS_TARGETS).filter(([, targets]) => targets.includes(to)).map(([from]) => Number(from));
}

export type ManualChangeRefusal = 'workflowOwned' | 'alreadyInStatus' | 'sourceRefused';
/** Why a manual change from → to is refused, or null when the table allows it. */
export function refuseManualChange(from: number, to: number): ManualChangeRefusal | null {
  if (!MANUAL_TARGET_STATUSES.includes(to)) return 'workflowOwned';
  if (from === to) return 'alreadyInStatus';
  return manualTargetsFrom(from).includes(to) ? null : 'sourceRefused';
}
