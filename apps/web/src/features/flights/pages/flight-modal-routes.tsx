import { FLIGHT_CLOSE_TYPES, type FlightCloseType } from '@app/contract/flights';
import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { AirwaybillModal } from '../components/airwaybill-modal';
import { CloseFlightModal } from '../components/close-flight-modal';
import { CurrentMonthModal } from '../components/current-month-modal';
import { FlightCreateModal } from '../components/flight-create-modal';
import { ManifestUploadModal } from '../components/manifest-upload-modal';
import { useFlightIdParam } from '../components/flight-page';

const BASE = '/@next/flights';

/** Closing a modal route goes back to the table as it was (its URL state rides along). */
function useBackToList() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(() => void navigate({ pathname: BASE, search }, { replace: true }), [navigate, search]);
}

export function CreateFlightRoute() {
  const back = useBackToList();
  return <FlightCreateModal onClose={back} />;
}

function readCloseType(text: string | undefined): FlightCloseType {
  return (FLIGHT_CLOSE_TYPES as readonly string[]).includes(text ?? '') ? (text as FlightCloseType) : 'with-dispatch';
}

/** flights/{id}/close and /close/{type} (with-dispatch, without-dispatch, all). */
export function CloseFlightRoute() {
  const flightId = useFlightIdParam();
  const { type } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const back = useBackToList();
  return (
    <CloseFlightModal
      flightId={flightId}
      type={readCloseType(type)}
      onTypeChange={(next) => void navigate({ pathname: `${BASE}/${flightId}/close/${next}`, search }, { replace: true })}
      onClose={back}
      onOpenPackages={() => void navigate(`${BASE}/${flightId}/packages`)}
    />
  );
}

export function CurrentMonthRoute() {
  const flightId = useFlightIdParam();
  const back = useBackToList();
  return <CurrentMonthModal flightId={flightId} onClose={back} />;
}

export function ManifestUploadRoute() {
  const flightId = useFlightIdParam();
  const back = useBackToList();
  return <ManifestUploadModal flightId={flightId} onClose={back} />;
}

/** flights/{id}/air-waybills/update: over the flight's sent dispatches. */
export function AirwaybillUpdateRoute() {
  const flightId = useFlightIdParam();
  const navigate = useNavigate();
  return <AirwaybillModal flightId={flightId} onClose={() => void navigate(`${BASE}/${flightId}/air-waybills`, { replace: true })} />;
}
