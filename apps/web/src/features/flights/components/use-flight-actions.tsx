import type { FlightRow } from '@app/contract/flights';
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { FlightActionKey } from '../model/flight-access';
import { MarketplaceStatusModal } from './marketplace-status-modal';
import { StatusChangeModal } from './status-change-modal';
import { useFlightFiles } from './use-flight-files';

/** The modals some row-menu items open: routes over the table, or dialogs of the page. */
export type FlightModalKind = 'close' | 'airwaybill' | 'currentMonth' | 'manifest';

export type FlightRef = Pick<FlightRow, 'id' | 'name' | 'state_id' | 'state_name' | 'trendyol'>;

const BASE = '/@next/flights';

/**
 * What each row-menu item does (spec §2 "Flights" row menu). Pages decide how the modal items open
 * (`openModal`); the status dialogs are the hook's own. Render `holder` once.
 */
export function useFlightActions(openModal: (kind: FlightModalKind, flight: FlightRef) => void) {
  const navigate = useNavigate();
  const downloadFile = useFlightFiles();
  const [statusFlight, setStatusFlight] = useState<FlightRef | null>(null);
  const [marketplaceFlight, setMarketplaceFlight] = useState<FlightRef | null>(null);

  const run = useCallback((key: FlightActionKey, flight: FlightRef) => {
    switch (key) {
      case 'details':
        return void navigate(`${BASE}/${flight.id}`);
      case 'declarations':
        return void navigate(`${BASE}/${flight.id}/declarations`);
      case 'unsorted':
        return void navigate(`/@next/sorting/${flight.id}/non-sorted-declarations`);
      case 'packages':
        return void navigate(`${BASE}/${flight.id}/packages`);
      case 'airWaybills':
        return void navigate(`${BASE}/${flight.id}/air-waybills`);
      case 'pallets':
        return void navigate(`${BASE}/${flight.id}/palets`);
      case 'changeStatus':
        return setStatusFlight(flight);
      case 'changeMarketplaceStatus':
        return setMarketplaceFlight(flight);
      case 'close':
        return openModal('close', flight);
      case 'changeAirwaybill':
        return openModal('airwaybill', flight);
      case 'currentMonth':
        return openModal('currentMonth', flight);
      case 'manifest':
        return openModal('manifest', flight);
      case 'xml':
        return void downloadFile('xml', flight);
      case 'roadsheet':
        return void downloadFile('roadsheet', flight);
      case 'partnerExport':
        return void downloadFile('partnerExport', flight);
    }
  }, [navigate, openModal, downloadFile]);

  const holder: ReactNode = (
    <>
      {statusFlight && <StatusChangeModal flight={statusFlight} onClose={() => setStatusFlight(null)} />}
      {marketplaceFlight && <MarketplaceStatusModal flights={[marketplaceFlight]} onClose={() => setMarketplaceFlight(null)} />}
    </>
  );
  return { run, downloadFile, holder };
}
