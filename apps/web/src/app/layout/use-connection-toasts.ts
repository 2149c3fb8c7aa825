import { az } from '@app/contract/texts/az';
import { useEffect } from 'react';
import { useToast } from '../../shared/toast/toast-provider';

const TOAST_KEY = 'connection';

/** spec §1: a toast when the connection drops and another when it is back. */
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
}
