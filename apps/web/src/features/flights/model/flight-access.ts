import { PROVIDER } from '@app/contract/countries';
import { FLIGHT_STATUS } from '@app/contract/flights';
import { az } from '@app/contract/texts/az';

const t = az.flightsUi;

/** spec §2 "Flights" row menu, in its order. */
export type FlightActionKey =
  | 'details' | 'declarations' | 'unsorted' | 'packages' | 'airWaybills' | 'pallets' | 'changeStatus' | 'changeMarketplaceStatus'
  | 'close' | 'changeAirwaybill' | 'currentMonth' | 'manifest' | 'xml' | 'roadsheet' | 'partnerExport';

export interface FlightFacts {
  statusId: number;
  /** 0 internal, 1 Trendyol, 2 Temu */
  provider: number;
}

export interface FlightViewer {
  /** holds parcel_sorting_list (the unsorted declarations screen lives under sorting) */
  canSort: boolean;
}

export interface FlightAction {
  key: FlightActionKey;
  isDisabled: boolean;
  /** Why it is disabled (the menu's tooltip). */
  reason?: string;
}

/** spec §4: only an open flight (29) is closed. */
export const canCloseFlight = (flight: FlightFacts) => flight.statusId === FLIGHT_STATUS.open;
/** spec §4: only at 30 may the air waybill number change. */
export const canChangeAirwaybill = (flight: FlightFacts) => flight.statusId === FLIGHT_STATUS.closed;
/** spec §2: pallets only for Trendyol flights. */
export const hasPallets = (flight: FlightFacts) => flight.provider === PROVIDER.trendyol;

function rule(key: FlightActionKey, isAllowed: boolean, reason?: string): FlightAction {
  return isAllowed ? { key, isDisabled: false } : { key, isDisabled: true, reason };
}

/** Every row-menu item with whether it may run now; a disabled item says why. */
export function listFlightActions(viewer: FlightViewer, flight: FlightFacts): FlightAction[] {
  return [
    rule('details', true),
    rule('declarations', true),
    rule('unsorted', viewer.canSort, t.noSortingPermission),
    rule('packages', true),
    rule('airWaybills', true),
    rule('pallets', hasPallets(flight), t.palletsOnlyTrendyol),
    rule('changeStatus', true),
    // the server changes the flight's Trendyol parcels, whatever the flight's provider
    rule('changeMarketplaceStatus', true),
    rule('close', canCloseFlight(flight), t.closeOnlyOpen),
    rule('changeAirwaybill', canChangeAirwaybill(flight), t.airwaybillOnlyClosed),
    rule('currentMonth', true),
    rule('manifest', true),
    rule('xml', true),
    rule('roadsheet', true),
    rule('partnerExport', true),
  ];
}
