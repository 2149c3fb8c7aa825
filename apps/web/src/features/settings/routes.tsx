import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SettingsPage = lazy(() => import('./pages/settings-page').then((m) => ({ default: m.SettingsPage })));

/** settings and settings/{group} (spec §2 "Settings screens"): one page with a menu of the groups. */
export const settingGroupRoutes: RouteObject[] = [
  { path: 'settings', element: <SettingsPage /> },
  { path: 'settings/:section', element: <SettingsPage /> },
];
