import { ROLE_DEFAULT_PERMISSIONS } from '@app/contract/permissions';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { az } from '@app/contract/texts/az';
import { describe, expect, test } from 'vitest';
import type { AuthUser } from '@app/contract/auth';
import { EMPTY_COUNTERS } from '../features/notifications/api';
import { AuthContext } from './auth/auth-context';
import { SidebarMenu } from './layout/sidebar-menu';
import { NAV_ENTRIES, canOpenPath, findHomePath, listNavSections, type NavUser } from './navigation';

const admin: NavUser = { admin: 1, permissions: [] };
const warehouseman: NavUser = { admin: 2, permissions: [...ROLE_DEFAULT_PERMISSIONS[2]] };
const partner: NavUser = { admin: 4, permissions: ['branch_manager'] };
const partnerWithoutManager: NavUser = { admin: 4, permissions: [] };

function pathsOf(user: NavUser): string[] {
  return listNavSections(user).flatMap((section) => section.entries.map((entry) => entry.path));
}

function renderSidebar(user: NavUser, path = '/@next/declarations') {
  const authUser: AuthUser = {
    id: 1, firstName: 'Test', lastName: 'User', adminBranchId: 1, deliveryPointId: null,
    email: 'test@example.az', role: 'x', ...user,
  };
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AuthContext.Provider value={{ user: authUser, signOutNow: () => undefined }}>
        <SidebarMenu counters={{ ...EMPTY_COUNTERS, declaration: 7 }} isCollapsed={false} />
      </AuthContext.Provider>
    </MemoryRouter>,
  );
}

describe('[NAV][ADMIN] spec §6: admin (1) sees every route and every entry', () => {
  test('every entry of the rule table is in the admin sidebar', () => {
    expect(pathsOf(admin)).toHaveLength(NAV_ENTRIES.length);
  });

  test('admin opens any section, branch sections included, and lands on statistics', () => {
    for (const path of ['users', 'declarations/12', 'partner-boxes', 'statistics/branches-partner', 'box-transfers/4/container']) {
      expect(canOpenPath(admin, path)).toBe(true);
    }
    expect(findHomePath(admin)).toBe('statistics');
  });
});

describe('[NAV][PARTNER] spec §6: partner (4) sees only the branch sections', () => {
  test('boxes and acceptance always, branch statistics with branch_manager', () => {
    expect(pathsOf(partner)).toEqual(['partner-boxes', 'partner/acceptance/box', 'statistics/branches-partner']);
    expect(pathsOf(partnerWithoutManager)).toEqual(['partner-boxes', 'partner/acceptance/box']);
  });

  test('the ungated declarations list and statistics are refused to a partner', () => {
    expect(canOpenPath(partner, 'declarations')).toBe(false);
    expect(canOpenPath(partner, 'statistics')).toBe(false);
    expect(findHomePath(partner)).toBe('partner-boxes');
  });
});

describe('[NAV][STAFF] spec §2/§6: other staff see the entries whose codes they hold', () => {
  test('the warehouseman sees flights, boxes and unknown parcels but not users', () => {
    const paths = pathsOf(warehouseman);
    expect(paths).toEqual(expect.arrayContaining(['statistics', 'warehouse/handover/queues', 'flights', 'boxes', 'sorting', 'declarations/unknowns', 'box-transfers']));
    expect(paths).not.toContain('users');
    expect(paths).not.toContain('partner-boxes');
    expect(canOpenPath(warehouseman, 'users')).toBe(false);
  });

  test('declarations has no gate: a back-office user without codes still sees it', () => {
    expect(pathsOf({ admin: 3, permissions: [] })).toEqual(['declarations']);
  });

  test('a group shows only when one of its entries is allowed', () => {
    const groups = listNavSections(warehouseman).map((section) => section.group);
    expect(groups).toEqual(['general', 'main', 'settings', 'other']);
    expect(listNavSections({ admin: 3, permissions: ['post_declarations'] }).map((s) => s.group)).toEqual(['main', 'customsDeclarations']);
  });

  test('paths no entry covers are unknown (404), not refused', () => {
    expect(canOpenPath(warehouseman, 'no-such-page')).toBeUndefined();
  });
});

describe('[NAV][SIDEBAR] what the warehouseman sees in the sidebar', () => {
  test('his groups and entries, with the declarations badge, and no İstifadəçilər', () => {
    renderSidebar(warehouseman);
    expect(screen.getByText('Ümumi')).toBeTruthy();
    expect(screen.getByText('Əsas')).toBeTruthy();
    expect(screen.queryByText('Bonus keşbek')).toBeNull();
    expect(screen.queryByText('Filial bölmələri')).toBeNull();
    expect(screen.getByText('Uçuşlar')).toBeTruthy();
    expect(screen.queryByText('İstifadəçilər')).toBeNull();
    const declarations = screen.getByTestId('nav-declarations');
    expect(within(declarations).getByText('Bağlamalar')).toBeTruthy();
    expect(declarations.textContent).toContain('7');
  });

  test('a partner sees only the branch group', () => {
    renderSidebar(partner, '/@next/partner-boxes');
    expect(screen.getByText('Filial bölmələri')).toBeTruthy();
    expect(screen.queryByText('Əsas')).toBeNull();
    expect(screen.getByText('Filial statistikası')).toBeTruthy();
  });
});

describe('[NAV][DEAD-ENDS] no route past the gate, no "not ready" home (issue 16)', () => {
  test('the handover History tab has the gate of the queues (it answered 403 to anyone)', () => {
    const backOffice: NavUser = { admin: 3, permissions: ['users'] };
    expect(canOpenPath(backOffice, 'warehouse/handover/history')).toBe(false);
    expect(canOpenPath(warehouseman, 'warehouse/handover/history')).toBe(true);
  });

  test('the users statistics pages (reached from the users list) have the users gate, not the statistics one', () => {
    expect(warehouseman.permissions).toContain('stat');
    expect(canOpenPath(warehouseman, 'statistics/users/general')).toBe(false);
    expect(canOpenPath(warehouseman, 'statistics/qizil-onluq')).toBe(false);
    expect(canOpenPath({ admin: 3, permissions: ['users'] }, 'statistics/users/general')).toBe(true);
    expect(canOpenPath(warehouseman, 'statistics/status/declaration-counts')).toBe(true);
  });

  test('the root goes to statistics once it is built, until then to the declarations list, else the first built section', () => {
    expect(findHomePath(admin)).toBe('statistics');
    expect(findHomePath(admin, (path) => path !== 'statistics')).toBe('declarations');
    expect(findHomePath(warehouseman, (path) => path === 'declarations' || path === 'warehouse/handover/queues')).toBe('declarations');
    expect(findHomePath(warehouseman, (path) => path === 'flights' || path === 'warehouse/handover/queues')).toBe('warehouse/handover/queues');
    expect(findHomePath(partner, () => false)).toBe('partner-boxes');
  });
});

describe('[NAV][LABELS] one name for one place (issue 16)', () => {
  test('no two sidebar entries share a label (boxes and partner boxes were both "Yeşiklər")', () => {
    const labels = NAV_ENTRIES.map((entry) => az.sidebar.entries[entry.label]);
    expect(labels.filter((label, index) => labels.indexOf(label) !== index)).toEqual([]);
    expect(az.sidebar.entries.boxes).toBe('Yeşiklər');
    expect(az.sidebar.entries.partnerBoxes).toBe('Partnyor yeşikləri');
  });

  test('a long label is shown whole (wrapped, and on hover), not cut', () => {
    renderSidebar({ admin: 1, permissions: [] });
    const unknowns = screen.getByTestId('nav-declarations/unknowns');
    expect(unknowns.getAttribute('title')).toBe('Naməlum bağlamalar');
    expect(within(unknowns).getByText('Naməlum bağlamalar').getAttribute('style') ?? '').not.toContain('ellipsis');
    expect(screen.getByTitle('Gömrük bəyannamələri')).toBeTruthy();
  });
});
