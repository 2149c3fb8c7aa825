import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const LoginPage = lazy(() => import('./pages/login-page').then((module) => ({ default: module.LoginPage })));

/** /login sits outside /@next (spec §2). */
export const authRoutes: RouteObject[] = [{ path: '/login', element: <LoginPage /> }];
