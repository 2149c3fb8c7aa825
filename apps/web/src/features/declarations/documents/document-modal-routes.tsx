import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HandoverExportModal } from './handover-export-modal';
import { ImportModal } from './import-modal';

const LIST = '/@next/declarations';

function useCloseToList() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(() => void navigate({ pathname: LIST, search }, { replace: true }), [navigate, search]);
}

/** declarations/import (spec §2 modal route): Excel import by track code. */
export function ImportRoute() {
  return <ImportModal onClose={useCloseToList()} />;
}

/** declarations/handover-export (spec §2 modal route). */
export function HandoverExportRoute() {
  return <HandoverExportModal onClose={useCloseToList()} />;
}
