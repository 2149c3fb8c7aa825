import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { buildResourceRoutes } from '../../../shared/resource/resource-routes';
import { branchesList } from './branches';
import { countriesList } from './countries';
import { currenciesList } from './currencies';
import {
  cargoesList, cashbacksList, companiesList, couponsList, modelsList, productTypesList, refundsList, regionsList, returnReasonsList,
  returnTypesList, shopNamesList, statusesList,
} from './other-lists';
import { PlanCategoriesModal } from './plan-categories-modal';
import { plansList } from './plans';

/**
 * spec §2: a country's details are the full page countries/{id}/info (double-click opens it); the
 * row's details path countries/{id} leads there too.
 */
function withInfoPage(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => (route.path === ':id'
    ? [{ path: ':id/info', element: route.element }, { path: ':id', element: <Navigate to="info" replace /> }]
    : [route]));
}

/** Every settings-type list (spec §2) by its path, each through the one resource pattern. */
export const SETTING_LIST_ROUTES = {
  plans: buildResourceRoutes(plansList, [
    { path: 'categories', element: <PlanCategoriesModal /> },
    { path: 'categories/create', element: <PlanCategoriesModal mode="create" /> },
    { path: 'categories/:id/update', element: <PlanCategoriesModal mode="update" /> },
  ]),
  branches: buildResourceRoutes(branchesList),
  countries: withInfoPage(buildResourceRoutes(countriesList)),
  currencies: buildResourceRoutes(currenciesList),
  status: buildResourceRoutes(statusesList),
  'return-types/reasons': buildResourceRoutes(returnReasonsList),
  'return-types': buildResourceRoutes(returnTypesList),
  'product-types': buildResourceRoutes(productTypesList),
  'shop-names': buildResourceRoutes(shopNamesList),
  'branch-partners': buildResourceRoutes(companiesList),
  models: buildResourceRoutes(modelsList),
  regions: buildResourceRoutes(regionsList),
  coupons: buildResourceRoutes(couponsList),
  cargoes: buildResourceRoutes(cargoesList),
  refunds: buildResourceRoutes(refundsList),
  cashback: buildResourceRoutes(cashbacksList),
} as const;
export type SettingListPath = keyof typeof SETTING_LIST_ROUTES;
export const SETTING_LIST_PATHS = Object.keys(SETTING_LIST_ROUTES) as SettingListPath[];

/** One list's screens under `{list}/*`. */
export function SettingListScreen({ path }: { path: SettingListPath }) {
  return useRoutes(SETTING_LIST_ROUTES[path]);
}
