import { useRoutes } from 'react-router';
import { buildResourceRoutes } from '../../../shared/resource/resource-routes';
import { boxesList, partnerBoxesList } from '../lists/boxes';

const BOX_ROUTES = buildResourceRoutes(boxesList);
const PARTNER_BOX_ROUTES = buildResourceRoutes(partnerBoxesList);

export function BoxesScreen() {
  return useRoutes(BOX_ROUTES);
}
export function PartnerBoxesScreen() {
  return useRoutes(PARTNER_BOX_ROUTES);
}
