import { useRoutes } from 'react-router';
import { buildResourceRoutes } from '../../../shared/resource/resource-routes';
import { branchesList } from './branches';
import { countriesList } from './countries';
import {
  cargoesList, cashbacksList, companiesList, couponsList, modelsList, productTypesList, refundsList, regionsList, returnReasonsList,
  returnTypesList, shopNamesList, statusesList,
} from './other-lists';
import { PlanCategoriesModal } from './plan-categories-modal';
import { plansList } from './plans';

/** Every settings-type list (spec §2) by its path, each through the one resource pattern. */
const ROUTES = {
  plans: buildResourceRoutes(plansList, [{ path: 'categories', element: <PlanCategoriesModal /> }]),
  branches: buildResourceRoutes(branchesList),
  countries: buildResourceRoutes(countriesList),
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
export type SettingListPath = keyof typeof ROUTES;
export const SETTING_LIST_PATHS = Object.keys(ROUTES) as SettingListPath[];

/** One list's screens under `{list}/*`. */
export function SettingListScreen({ path }: { path: SettingListPath }) {
  return useRoutes(ROUTES[path]);
}
