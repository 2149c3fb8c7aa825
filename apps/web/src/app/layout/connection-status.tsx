import { az, fill } from '@app/contract/texts/az';
import { Badge } from 'antd';
import { useOnlineStatus } from '../../shared/hooks/use-online-status';
import { useWaitingWriteCount } from '../../shared/hooks/use-waiting-writes';

/** The top bar's status indicator: online or offline, and how many saves wait for the connection. */
export function ConnectionStatus({ isCompact }: { isCompact: boolean }) {
  const isOnline = useOnlineStatus();
  const waiting = useWaitingWriteCount();
  const state = isOnline ? az.topbar.statusOnline : az.topbar.statusOffline;
  const text = waiting > 0 ? `${state} · ${fill(az.connection.waitingCount, { N: waiting })}` : state;
  return (
    <Badge
      data-testid="connection-status"
      status={!isOnline ? 'error' : waiting > 0 ? 'warning' : 'success'}
      text={isCompact ? undefined : text}
      title={text}
    />
  );
}
