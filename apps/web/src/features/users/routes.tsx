import { ROLE, ROLE_NAMES, type RoleCode } from '@app/contract/roles';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const UserListPage = lazy(() => import('./pages/user-list-page').then((m) => ({ default: m.UserListPage })));
const UserDetailsPage = lazy(() => import('./pages/user-details-page').then((m) => ({ default: m.UserDetailsPage })));
const UserDiscountsPage = lazy(() => import('./pages/user-discounts-page').then((m) => ({ default: m.UserDiscountsPage })));
const CreateUserRoute = lazy(() => import('./pages/user-modal-routes').then((m) => ({ default: m.CreateUserRoute })));
const UpdateUserRoute = lazy(() => import('./pages/user-modal-routes').then((m) => ({ default: m.UpdateUserRoute })));
const PermissionsRoute = lazy(() => import('./pages/user-modal-routes').then((m) => ({ default: m.PermissionsRoute })));
const DiscountRoute = lazy(() => import('./pages/user-modal-routes').then((m) => ({ default: m.DiscountRoute })));
const RoleGate = lazy(() => import('./pages/role-gate').then((m) => ({ default: m.RoleGate })));

/** The modal routes over a users table (spec §2: rendered over the table as child routes). */
function modalChildren(role?: RoleCode): RouteObject[] {
  return [
    { path: 'create', element: <CreateUserRoute role={role} /> },
    { path: ':userId/update', element: <UpdateUserRoute role={role} /> },
    { path: ':userId/update/permissions', element: <PermissionsRoute role={role} /> },
  ];
}

/**
 * users/{role}: the role is named in the path (users/admin, users/warehouseman, users/back_office)
 * so it never collides with users/{id}.
 */
const ROLE_LISTS: RoleCode[] = [ROLE.admin, ROLE.warehouseman, ROLE.backOffice];

export const userRoutes: RouteObject[] = [
  { path: 'users', element: <UserListPage />, children: modalChildren() },
  ...ROLE_LISTS.map((role) => ({
    path: `users/${ROLE_NAMES[role]}`,
    element: (
      <RoleGate role={role}>
        <UserListPage key={role} role={role} />
      </RoleGate>
    ),
    children: modalChildren(role),
  })),
  { path: 'users/discounts', element: <UserDiscountsPage /> },
  { path: 'users/:userId', element: <UserDetailsPage />, children: [{ path: 'discount', element: <DiscountRoute /> }] },
];
