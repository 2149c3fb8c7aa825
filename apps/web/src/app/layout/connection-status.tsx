import { az } from '@app/contract/texts/az';
import { Badge } from 'antd';
import { useOnlineStatus } from '../../shared/hooks/use-online-status';

/** The top bar's status indicator: online or offline. */
export function ConnectionStatus({ isCompact }: { isCompact: boolean }) {
  const isOnline = useOnlineStatus();
  const text = isOnline ? az.topbar.statusOnline : az.topbar.statusOffline;
  return (
    <Badge
      data-testid="connection-status"
      status={isOnline ? 'success' : 'error'}
      text={isCompact ? undefined : text}
      title={text}
    />
  );
}
