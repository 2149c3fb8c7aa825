import { DisconnectOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useOnlineStatus } from '../../shared/hooks/use-online-status';

/** spec §1/§9: a red icon by the logo that blinks every 600 ms while the browser is offline. */
export const OFFLINE_BLINK_MS = 600;

export function OfflineIndicator() {
  const isOnline = useOnlineStatus();
  const [isLit, setLit] = useState(true);

  useEffect(() => {
    if (isOnline) return;
    const timer = window.setInterval(() => setLit((lit) => !lit), OFFLINE_BLINK_MS);
    return () => window.clearInterval(timer);
  }, [isOnline]);

  if (isOnline) return null;
  return (
    <Tooltip title={az.connection.offlineIcon}>
      <DisconnectOutlined
        data-testid="offline-indicator"
        aria-label={az.connection.offlineIcon}
        style={{ color: '#ff4d4f', fontSize: 16, opacity: isLit ? 1 : 0.15, transition: 'opacity 150ms' }}
      />
    </Tooltip>
  );
}
