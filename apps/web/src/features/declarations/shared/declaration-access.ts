import type { AuthUser } from '@app/contract/auth';
import { manualTargetsFrom } from '@app/contract/declaration-status-rules';
import { ROLE } from '@app/contract/roles';
import { DECLARATION_STATUS } from '@app/contract/statuses-constants';

export type Viewer = Pick<AuthUser, 'admin' | 'permissions'>;

/** What the rules need to know about one declaration (a list row or the detail). */
export interface DeclarationFacts {
  statusId: number;
  hasFlight: boolean;
  isRead: boolean;
  isReturned?: boolean;
}

/** spec §6: admin (1) holds every permission; others what their codes say. */
export function hasPermission(viewer: Viewer, code: string): boolean {
  return viewer.admin === ROLE.admin || viewer.permissions.includes(code);
}

/** spec §2: delete needs declaration_cancel. */
export function canDelete(viewer: Viewer): boolean {
  return hasPermission(viewer, 'declaration_cancel');
}

/** spec §2/§4: hand over needs declarations_handover, and only status 9 allows it. */
export function canHandOver(viewer: Viewer, facts: Pick<DeclarationFacts, 'statusId'>): boolean {
  return hasPermission(viewer, 'declarations_handover') && facts.statusId === DECLARATION_STATUS.localWarehouse;
}

/**
 * Issue 13 item 2: a manual status change may set `to` only where the rule table (the server's
 * MANUAL_STATUS_TARGETS, also served as `manual_targets` on the status lookup) allows it from every
 * parcel's status; the server refuses anything else.
 */
export function canChangeStatusTo(selected: readonly Pick<DeclarationFacts, 'statusId'>[], to: number): boolean {
  return selected.length > 0 && selected.every((facts) => manualTargetsFrom(facts.statusId).includes(to));
}

/** spec §2/§4: cancel dispatch needs canceldepesh, and only at status 8. */
export function canCancelDispatch(viewer: Viewer, facts: Pick<DeclarationFacts, 'statusId'>): boolean {
  return hasPermission(viewer, 'canceldepesh') && facts.statusId === DECLARATION_STATUS.dispatchSent;
}

/** A parcel leaves its flight only while its dispatch is not sent (the server asks to cancel it first). */
export function canRemoveFromFlight(facts: Pick<DeclarationFacts, 'statusId' | 'hasFlight'>): boolean {
  return facts.hasFlight && facts.statusId !== DECLARATION_STATUS.dispatchSent;
}

/** A handed-over parcel (10) is no longer edited. */
export function canEdit(facts: Pick<DeclarationFacts, 'statusId'>): boolean {
  return facts.statusId !== DECLARATION_STATUS.handedOver;
}

/** spec §2: weight needs changeweightdeclaration; delivery price, special tariff and plan need changedeliveryprice. */
export function canEditWeight(viewer: Viewer): boolean {
  return hasPermission(viewer, 'changeweightdeclaration');
}

export function canChangeDeliveryPrice(viewer: Viewer): boolean {
  return hasPermission(viewer, 'changedeliveryprice');
}

export type RowActionKey =
  | 'details'
  | 'edit'
  | 'removeFromFlight'
  | 'handOver'
  | 'return'
  | 'timeline'
  | 'toggleRead'
  | 'status9'
  | 'status88'
  | 'delete';

export interface RowAction {
  key: RowActionKey;
  isDisabled: boolean;
}

/**
 * spec §2 "Row menu" with each item's permission and status rule: items the user may never use are
 * left out, items the parcel's status does not allow yet are shown disabled.
 */
export function listRowActions(viewer: Viewer, facts: DeclarationFacts): RowAction[] {
  const actions: RowAction[] = [
    { key: 'details', isDisabled: false },
    { key: 'edit', isDisabled: !canEdit(facts) },
    { key: 'removeFromFlight', isDisabled: !canRemoveFromFlight(facts) },
  ];
  if (hasPermission(viewer, 'declarations_handover')) actions.push({ key: 'handOver', isDisabled: !canHandOver(viewer, facts) });
  actions.push(
    { key: 'return', isDisabled: facts.statusId === DECLARATION_STATUS.handedOver || facts.isReturned === true },
    { key: 'timeline', isDisabled: false },
    { key: 'toggleRead', isDisabled: false },
    { key: 'status9', isDisabled: !canChangeStatusTo([facts], DECLARATION_STATUS.localWarehouse) },
    { key: 'status88', isDisabled: !canChangeStatusTo([facts], DECLARATION_STATUS.heldAtCustoms) },
  );
  if (canDelete(viewer)) actions.push({ key: 'delete', isDisabled: false });
  return actions;
}

export type SelectionActionKey = 'combine' | 'handOver' | 'changeStatus' | 'delete';
export interface SelectionAction {
  key: SelectionActionKey;
  isDisabled: boolean;
}

/** spec §2 selection menu: Combine for 2 or more rows, Hand over, Change status, Delete (declaration_cancel). */
export function listSelectionActions(viewer: Viewer, selected: (Pick<DeclarationFacts, 'statusId'> & { userId?: number | null })[]): SelectionAction[] {
  const count = selected.length;
  const actions: SelectionAction[] = [{ key: 'combine', isDisabled: count < 2 }];
  if (hasPermission(viewer, 'declarations_handover')) {
    actions.push({ key: 'handOver', isDisabled: count === 0 || selected.some((facts) => !canHandOver(viewer, facts)) || !isOneCustomer(selected) });
  }
  actions.push({ key: 'changeStatus', isDisabled: count === 0 });
  if (canDelete(viewer)) actions.push({ key: 'delete', isDisabled: count === 0 });
  return actions;
}

/** spec §5 / server rule: one handover is for the parcels of one customer. */
export function isOneCustomer(selected: { userId?: number | null }[]): boolean {
  return new Set(selected.map((facts) => facts.userId ?? null)).size <= 1;
}

/** spec §2/§7: bulk handover (Other menu) needs bulkdeclarationhandover. */
export function canBulkHandOver(viewer: Viewer): boolean {
  return hasPermission(viewer, 'bulkdeclarationhandover');
}

/** spec §2/§5: the PIN (FIN) is edited only on Temu-type (provider 2) parcels. */
export function canEditPin(facts: { provider: number }): boolean {
  return facts.provider === 2;
}

/** spec §2: "Change partner status" on the detail page for partner 1 (Trendyol-type), with trendyol_declarations. */
export function canChangePartnerStatus(viewer: Viewer, facts: { provider: number }): boolean {
  return facts.provider === 1 && hasPermission(viewer, 'trendyol_declarations');
}
