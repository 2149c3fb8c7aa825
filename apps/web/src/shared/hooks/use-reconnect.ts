import { useEffect, useRef } from 'react';

/** Calls `onReconnect` each time the browser comes back online (the window's `online` event). */
export function useReconnect(onReconnect: () => void, isEnabled = true): void {
  const latest = useRef(onReconnect);
  useEffect(() => {
    latest.current = onReconnect;
  });
  useEffect(() => {
    if (!isEnabled) return;
    const listener = () => latest.current();
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  }, [isEnabled]);
}
