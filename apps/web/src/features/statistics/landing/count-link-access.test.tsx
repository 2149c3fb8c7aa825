import type { AuthUser } from '@app/contract/auth';
import { ROLE_DEFAULT_PERMISSIONS } from '@app/contract/permissions';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import type { NavUser } from '../../../app/navigation';
import { AuthContext } from '../../../app/auth/auth-context';
import { canOpenLink, permittedLink } from '../model/link-access';
import { HANDOVER_QUEUE_PATH, cashFlowLink, declarationsLink, ordersLink, statusChangesLink } from './landing-links';
import { CountLink } from './landing-widgets';

const days = { from: '2026-11-01', to: '2026-11-27' };
const admin: NavUser = { admin: 1, permissions: [] };
// the demo's ofis@ and anbar@: `stat`, but neither `state_changes` (status archive) nor `cashflow`
const office: NavUser = { admin: 3, permissions: [...ROLE_DEFAULT_PERMISSIONS[3]] };
const warehouseman: NavUser = { admin: 2, permissions: [...ROLE_DEFAULT_PERMISSIONS[2]] };

function renderAs(user: NavUser, to: string) {
  const authUser: AuthUser = { id: 1, firstName: 'Test', lastName: 'User', adminBranchId: 1, deliveryPointId: null, email: 't@example.az', role: 'x', ...user };
  return render(
    <MemoryRouter>
      <AuthContext.Provider value={{ user: authUser, signOutNow: () => undefined }}>
        <CountLink value={377} to={to} testId="figure" />
      </AuthContext.Provider>
    </MemoryRouter>,
  );
}

describe('[STATISTICS][LANDING] a number links only to a page the viewer may open (H6 finding 1)', () => {
  test('without the status archive or cash flow permission the number is plain text; the admin gets the link', () => {
    for (const to of [statusChangesLink(days, 9), cashFlowLink(days, 3, 1)]) {
      const office_ = renderAs(office, to);
      expect(screen.getByTestId('figure').tagName).toBe('SPAN');
      expect(screen.getByTestId('figure').textContent).toBe('377');
      expect(screen.getByTestId('figure').getAttribute('href')).toBeNull();
      office_.unmount();
      const admin_ = renderAs(admin, to);
      expect(screen.getByTestId('figure').tagName).toBe('A');
      expect(screen.getByTestId('figure').getAttribute('href')).toBe(to);
      admin_.unmount();
    }
  });

  test('a list the viewer may open stays a link (ofis@: orders; anbar@: the handover queue and declarations)', () => {
    renderAs(office, ordersLink(days));
    expect(screen.getByTestId('figure').getAttribute('href')).toBe(ordersLink(days));
  });

  test('the rule reads the path, not the query: the same as the route guard', () => {
    expect(canOpenLink(warehouseman, HANDOVER_QUEUE_PATH)).toBe(true);
    expect(canOpenLink(warehouseman, declarationsLink(days, { state_id: 9 }))).toBe(true);
    expect(canOpenLink(warehouseman, ordersLink(days))).toBe(false);
    expect(canOpenLink(warehouseman, cashFlowLink(days, 1, 2))).toBe(false);
    expect(canOpenLink(office, HANDOVER_QUEUE_PATH)).toBe(false);
    expect(permittedLink(office, statusChangesLink(days, 10))).toBeUndefined();
    expect(permittedLink(admin, statusChangesLink(days, 10))).toBe(statusChangesLink(days, 10));
    expect(permittedLink({ admin: 4, permissions: ['branch_manager'] }, '/@next/declarations/5')).toBeUndefined();
    expect(permittedLink({ admin: 4, permissions: ['branch_manager'] }, '/@next/users/5')).toBeUndefined();
  });
});
