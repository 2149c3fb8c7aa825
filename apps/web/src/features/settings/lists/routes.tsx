import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SettingListScreen = lazy(() => import('./screens').then((m) => ({ default: m.SettingListScreen })));

/** The settings lists' paths (spec §2 "Settings"); kept here so the router need not load the screens. */
const PATHS = [
  'plans', 'branches', 'countries', 'status', 'return-types/reasons', 'return-types', 'product-types', 'shop-names', 'branch-partners',
  'models', 'regions', 'coupons', 'cargoes', 'refunds', 'cashback', 'currencies',
] as const;

/** `{list}/*`: the list's table, create, update and details load with the list's own chunk. */
export const settingListRoutes: RouteObject[] = PATHS.map((path) => ({
  path: `${path}/*`,
  element: <SettingListScreen key={path} path={path} />,
}));
