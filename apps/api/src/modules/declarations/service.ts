/* What other domains use of declarations (flights: the list and the marketplace state update). */

export { findDeclarationIdByTrackCode, listDeclarations, listPartnerDeclarations, listThisMonthDeclarations } from './lists/service';

/** The marketplace status update (single or bulk), for other domains (flights: trendyol/updateStates). */
export { updateMarketplaceState } from './marketplace/declaration-marketplace';
