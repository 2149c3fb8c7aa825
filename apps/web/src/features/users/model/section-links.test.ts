import { ROLE } from '@app/contract/roles';
import type { RouteObject } from 'react-router';
import { describe, expect, test } from 'vitest';
import { canOpenPath } from '../../../app/navigation';
import { routes as appRoutes } from '../../../app/router';
import { listSectionLinkCandidates, listSectionLinks } from './section-links';
import { hasBuiltRoute } from './use-route-presence';

const CUSTOMER = { id: 100023, code: 'C100023' };
const admin = { admin: ROLE.admin, permissions: [] };
const ofis = { admin: ROLE.backOffice, permissions: ['users', 'user_edit', 'user_discount'] };

/** The app's shape: built sections under /@next, everything else falls to the "not ready yet" catch-all. */
function routeTable(built: string[]): RouteObject[] {
  return [
    { path: '/@next', children: [...built.map((path) => ({ path, element: null })), { path: '*', element: null }] },
    { path: '*', element: null },
  ];
}

const keysOf = (links: { key: string }[]) => links.map((link) => link.key);

describe('[USERS][DETAILS] the section buttons lead only to built screens (issue 16)', () => {
  test('with the app as built today: orders, parcels, current month, balance operations, tickets, e-mails, SMS and customs data show; couriers do not', () => {
    const links = listSectionLinks(CUSTOMER, { hasRoute: (path) => hasBuiltRoute(appRoutes, path), canOpen: (path) => canOpenPath(admin, path) === true });
    const shown = keysOf(links);
    expect(shown).toEqual(expect.arrayContaining(['orders', 'parcels', 'month', 'transactions', 'tickets', 'emails', 'sms', 'customs']));
    // Each hidden one is hidden because its section has no route yet, never by a fixed list.
    for (const candidate of listSectionLinkCandidates(CUSTOMER)) {
      expect(shown.includes(candidate.key)).toBe(hasBuiltRoute(appRoutes, candidate.path));
    }
    // Today couriers are not built (issue 17 built balance operations, 18 orders, 20 tickets and the e-mail and SMS archives).
    expect(shown).not.toContain('couriers');
  });

  test('a section that gets its route shows its button without touching the users feature', () => {
    const checks = (built: string[]) => ({ hasRoute: (path: string) => hasBuiltRoute(routeTable(built), path), canOpen: () => true });
    const today = ['declarations', 'declarations/users/:userId/current-month', 'customs/declarations'];
    expect(keysOf(listSectionLinks(CUSTOMER, checks(today)))).toEqual(['parcels', 'month', 'customs']);
    expect(keysOf(listSectionLinks(CUSTOMER, checks([...today, 'orders', 'supports'])))).toEqual(['orders', 'parcels', 'month', 'tickets', 'customs']);
    expect(listSectionLinks(CUSTOMER, checks([]))).toEqual([]);
  });

  test('the targets filter by this user: parcels by the exact customer code, the month by id, customs data by user_id', () => {
    const links = Object.fromEntries(listSectionLinkCandidates(CUSTOMER).map((link) => [link.key, `${link.path}?${link.search}`]));
    expect(links.parcels).toBe('declarations?customer_code=C100023&created=all');
    expect(links.month).toBe('declarations/users/100023/current-month?');
    expect(links.customs).toBe('customs/declarations?user_id=100023');
    expect(links.orders).toBe('orders?customer_id=100023&created_at=');
  });

  test('a user without a customer code gets no parcels button (an empty code would list every parcel)', () => {
    expect(keysOf(listSectionLinkCandidates({ id: 5, code: null }))).not.toContain('parcels');
  });

  test('a viewer who may not open the customs declarations (dgk_declarations) gets no customs data button', () => {
    const links = listSectionLinks(CUSTOMER, { hasRoute: (path) => hasBuiltRoute(appRoutes, path), canOpen: (path) => canOpenPath(ofis, path) === true });
    expect(keysOf(links)).toEqual(['parcels', 'month']);
    const withCustoms = { ...ofis, permissions: [...ofis.permissions, 'dgk_declarations'] };
    expect(keysOf(listSectionLinks(CUSTOMER, { hasRoute: (path) => hasBuiltRoute(appRoutes, path), canOpen: (path) => canOpenPath(withCustoms, path) === true })))
      .toEqual(['parcels', 'month', 'customs']);
  });
});

describe('the balance operations button', () => {
  test('opens the transactions list by the customer code (its filter), over all dates; no code, no button', () => {
    const withCode = listSectionLinkCandidates({ id: 7, code: 'AB 100' }).find((l) => l.key === 'transactions');
    expect(withCode).toMatchObject({ path: 'transactions', search: 'user_id=AB%20100&created_at=' });
    expect(listSectionLinkCandidates({ id: 7, code: null }).some((l) => l.key === 'transactions')).toBe(false);
  });
});
