import { az } from '@app/contract/texts/az';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useReconnect } from '../../shared/hooks/use-reconnect';
import { isLoadFailure } from '../../shared/http/load-failure';

/**
 * The router's last-resort error element. Plain markup on purpose: it must render even when
 * the failure was a chunk that could not load — and then the page reloads by itself when the
 * connection is back (issue 16).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const isLoad = isLoadFailure(error);
  useReconnect(() => window.location.reload(), isLoad);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : isLoad ? az.connection.pageOffline : az.errors.browserError;
  return (
    <div role="alert" style={{ textAlign: 'center', padding: '96px 16px', fontFamily: 'inherit' }}>
      <h2 style={{ color: '#0A4755' }}>{az.errors.pageError}</h2>
      <p style={{ color: 'rgba(0,0,0,0.45)' }}>{detail}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        style={{ background: '#0A4755', color: '#fff', border: 0, borderRadius: 4, padding: '6px 16px', cursor: 'pointer' }}
      >
        {az.app.retry}
      </button>
    </div>
  );
}
