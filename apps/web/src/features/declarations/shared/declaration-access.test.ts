import { ROLE } from '@app/contract/roles';
import { DECLARATION_STATUS } from '@app/contract/statuses-constants';
import { describe, expect, test } from 'vitest';
import {
  canBulkHandOver, canCancelDispatch, canChangePartnerStatus, canChangeStatusTo, canEditPin, canHandOver, isOneCustomer, listRowActions, listSelectionActions, type Viewer,
} from './declaration-access';

const clerk = (permissions: string[] = []): Viewer => ({ admin: ROLE.backOffice, permissions });
const admin: Viewer = { admin: ROLE.admin, permissions: [] };
const facts = (statusId: number, hasFlight = false) => ({ statusId, hasFlight, isRead: true });

function describeMenu(viewer: Viewer, statusId: number, hasFlight = false) {
  return Object.fromEntries(listRowActions(viewer, facts(statusId, hasFlight)).map((action) => [action.key, action.isDisabled ? 'off' : 'on']));
}

describe('[DECLARATIONS][ROW MENU] spec §2: every item with its permission and status rule', () => {
  test('a clerk without permissions sees no hand over and no delete', () => {
    const menu = describeMenu(clerk(), DECLARATION_STATUS.localWarehouse);
    expect(menu.handOver).toBeUndefined();
    expect(menu.delete).toBeUndefined();
    expect(menu.details).toBe('on');
    expect(menu.timeline).toBe('on');
  });

  test('delete shows with declaration_cancel', () => {
    expect(describeMenu(clerk(['declaration_cancel']), 7).delete).toBe('on');
  });

  test.each([
    [DECLARATION_STATUS.foreignWarehouse, 'off'],
    [DECLARATION_STATUS.dispatchSent, 'off'],
    [DECLARATION_STATUS.localWarehouse, 'on'],
    [DECLARATION_STATUS.handedOver, 'off'],
  ])('hand over with declarations_handover at status %i is %s', (statusId, state) => {
    expect(describeMenu(clerk(['declarations_handover']), statusId).handOver).toBe(state);
  });

  test('the admin (1) holds every permission', () => {
    const menu = describeMenu(admin, DECLARATION_STATUS.localWarehouse);
    expect(menu.handOver).toBe('on');
    expect(menu.delete).toBe('on');
  });

  test('remove from flight only in a flight and not once the dispatch is sent', () => {
    expect(describeMenu(admin, 7, false).removeFromFlight).toBe('off');
    expect(describeMenu(admin, 7, true).removeFromFlight).toBe('on');
    expect(describeMenu(admin, DECLARATION_STATUS.dispatchSent, true).removeFromFlight).toBe('off');
  });

  test('the manual status items: the current status is disabled', () => {
    expect(describeMenu(admin, DECLARATION_STATUS.localWarehouse)).toMatchObject({ status9: 'off', status88: 'on' });
    expect(describeMenu(admin, DECLARATION_STATUS.heldAtCustoms)).toMatchObject({ status9: 'on', status88: 'off' });
  });

  test('issue 13: the manual status items follow the rule table (never out of 10, 12 or 5)', () => {
    for (const statusId of [DECLARATION_STATUS.awaiting, DECLARATION_STATUS.handedOver, DECLARATION_STATUS.returned]) {
      expect(describeMenu(admin, statusId)).toMatchObject({ status9: 'off', status88: 'off' });
    }
    expect(describeMenu(admin, DECLARATION_STATUS.dispatchSent)).toMatchObject({ status9: 'on', status88: 'on' });
    expect(canChangeStatusTo([facts(8), facts(88)], DECLARATION_STATUS.localWarehouse)).toBe(true);
    expect(canChangeStatusTo([facts(8), facts(10)], DECLARATION_STATUS.localWarehouse)).toBe(false);
    expect(canChangeStatusTo([facts(9)], DECLARATION_STATUS.handedOver)).toBe(false);
    expect(canChangeStatusTo([], DECLARATION_STATUS.localWarehouse)).toBe(false);
  });

  test('a handed-over parcel (10) is not edited', () => {
    expect(describeMenu(admin, DECLARATION_STATUS.handedOver).edit).toBe('off');
    expect(describeMenu(admin, DECLARATION_STATUS.awaiting).edit).toBe('on');
  });
});

describe('[DECLARATIONS][RULES] hand over and cancel dispatch', () => {
  test('cancel dispatch needs canceldepesh and status 8', () => {
    expect(canCancelDispatch(clerk(['canceldepesh']), facts(DECLARATION_STATUS.dispatchSent))).toBe(true);
    expect(canCancelDispatch(clerk(['canceldepesh']), facts(DECLARATION_STATUS.foreignWarehouse))).toBe(false);
    expect(canCancelDispatch(clerk(), facts(DECLARATION_STATUS.dispatchSent))).toBe(false);
  });

  test('hand over needs declarations_handover and status 9', () => {
    expect(canHandOver(clerk(['declarations_handover']), facts(9))).toBe(true);
    expect(canHandOver(clerk(), facts(9))).toBe(false);
  });
});

describe('[DECLARATIONS][SELECTION MENU] spec §2: Combine for 2 or more rows', () => {
  const keys = (viewer: Viewer, statuses: number[]) =>
    Object.fromEntries(listSelectionActions(viewer, statuses.map((statusId) => ({ statusId }))).map((a) => [a.key, a.isDisabled ? 'off' : 'on']));

  test('one row: no combine; two rows: combine', () => {
    expect(keys(admin, [7]).combine).toBe('off');
    expect(keys(admin, [7, 9]).combine).toBe('on');
  });

  test('hand over only when every selected parcel is at 9', () => {
    expect(keys(admin, [9, 9]).handOver).toBe('on');
    expect(keys(admin, [9, 7]).handOver).toBe('off');
  });

  test('delete only with declaration_cancel', () => {
    expect(keys(clerk(), [7]).delete).toBeUndefined();
    expect(keys(clerk(['declaration_cancel']), [7]).delete).toBe('on');
  });
});

describe('[DECLARATIONS][WORKFLOW] handover selection, bulk handover, PIN, partner status', () => {
  test('selection hand over needs one customer', () => {
    const actions = (rows: { statusId: number; userId: number }[]) => listSelectionActions(admin, rows).find((a) => a.key === 'handOver')?.isDisabled;
    expect(actions([{ statusId: 9, userId: 1 }, { statusId: 9, userId: 1 }])).toBe(false);
    expect(actions([{ statusId: 9, userId: 1 }, { statusId: 9, userId: 2 }])).toBe(true);
    expect(isOneCustomer([{ userId: 3 }])).toBe(true);
  });

  test('bulk handover needs bulkdeclarationhandover', () => {
    expect(canBulkHandOver(clerk())).toBe(false);
    expect(canBulkHandOver(clerk(['bulkdeclarationhandover']))).toBe(true);
    expect(canBulkHandOver(admin)).toBe(true);
  });

  test('PIN only on provider 2; partner status only on provider 1 with trendyol_declarations', () => {
    expect(canEditPin({ provider: 2 })).toBe(true);
    expect(canEditPin({ provider: 1 })).toBe(false);
    expect(canEditPin({ provider: 0 })).toBe(false);
    expect(canChangePartnerStatus(clerk(['trendyol_declarations']), { provider: 1 })).toBe(true);
    expect(canChangePartnerStatus(clerk(), { provider: 1 })).toBe(false);
    expect(canChangePartnerStatus(admin, { provider: 2 })).toBe(false);
  });
});
