import { az } from '@app/contract/texts/az';
import { useCallback, useEffect } from 'react';
import { useOnWriteWaiting } from '../../shared/hooks/use-waiting-writes';
import { useToast } from '../../shared/toast/toast-provider';

const TOAST_KEY = 'connection';

/**
 * spec §1: a toast when the connection drops and another when it is back; issue 16: a save made
 * offline says that it waits for the connection (it is sent when the connection is back).
 */
export function useConnectionToasts(): void {
  const message = useToast();
  useEffect(() => {
    const showOffline = () => void message.open({ key: TOAST_KEY, type: 'error', content: az.connection.offline, duration: 4 });
    const showOnline = () => void message.open({ key: TOAST_KEY, type: 'success', content: az.connection.online, duration: 3 });
    window.addEventListener('offline', showOffline);
    window.addEventListener('online', showOnline);
    return () => {
      window.removeEventListener('offline', showOffline);
      window.removeEventListener('online', showOnline);
    };
  }, [message]);
  const showWaiting = useCallback(() => void message.open({ key: TOAST_KEY, type: 'warning', content: az.connection.saveWaiting, duration: 6 }), [message]);
  useOnWriteWaiting(showWaiting);
}
