import { az } from '@app/contract/texts/az';
import { Flex } from 'antd';
import { Link } from 'react-router';
import { useOnlineStatus } from '../../shared/hooks/use-online-status';
import { APP_BASE } from '../navigation';
import { OfflineIndicator } from './offline-indicator';

/** The product mark with the offline icon beside it (spec §1). */
export function BrandLogo({ isCollapsed, isDark = true }: { isCollapsed: boolean; isDark?: boolean }) {
  const isOnline = useOnlineStatus();
  // In the 46 px sidebar there is room for one mark: offline, the blinking icon takes the logo's place.
  if (isCollapsed && !isOnline) {
    return (
      <Flex align="center" justify="center" style={{ height: 46 }}>
        <OfflineIndicator />
      </Flex>
    );
  }
  return (
    <Flex align="center" justify={isCollapsed ? 'center' : 'flex-start'} gap={8} style={{ height: 46, padding: isCollapsed ? 0 : '0 14px' }}>
      <Link to={APP_BASE} style={{ color: isDark ? '#fff' : '#0A4755', fontWeight: 700, fontSize: isCollapsed ? 18 : 16, whiteSpace: 'nowrap' }}>
        {isCollapsed ? az.app.brand.charAt(0) : az.app.brand}
      </Link>
      {!isCollapsed && <OfflineIndicator />}
    </Flex>
  );
}
