import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { Button, Flex, Layout } from 'antd';
import type { ReactNode } from 'react';
import { ConnectionStatus } from './connection-status';
import { QuickSearch } from './quick-search';
import { UserMenu } from './user-menu';

/** spec §9: the top bar is 46 px high. */
export const TOP_BAR_HEIGHT = 46;

interface TopBarProps {
  isSidebarOpen: boolean;
  isCompact: boolean;
  onToggleSidebar: () => void;
  /** On narrow screens the logo (and its offline icon) sits in the top bar. */
  brand?: ReactNode;
}

export function TopBar({ isSidebarOpen, isCompact, onToggleSidebar, brand }: TopBarProps) {
  return (
    <Layout.Header
      style={{
        height: TOP_BAR_HEIGHT,
        lineHeight: `${TOP_BAR_HEIGHT}px`,
        padding: '0 8px',
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
        position: 'sticky',
        top: 0,
        zIndex: 20,
      }}
    >
      <Flex align="center" justify="space-between" style={{ height: TOP_BAR_HEIGHT }} gap={8}>
        <Flex align="center" gap={4}>
          <Button
            type="text"
            aria-label={az.topbar.toggleSidebar}
            title={az.topbar.toggleSidebar}
            data-testid="sidebar-toggle"
            icon={isSidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={onToggleSidebar}
          />
          {brand}
          <QuickSearch />
        </Flex>
        <Flex align="center" gap={12}>
          <ConnectionStatus isCompact={isCompact} />
          <UserMenu isCompact={isCompact} />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
