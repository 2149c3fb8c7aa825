import { az } from '@app/contract/texts/az';
import { Drawer, Flex, Layout, Spin } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCounters } from '../../features/notifications/api';
import { useClientSettings } from '../../features/settings/api';
import { useMediaQuery } from '../../shared/hooks/use-media-query';
import { ErrorBoundary } from '../error-boundary';
import { findNavEntry, toSectionPath } from '../navigation';
import { BrandLogo } from './brand-logo';
import { RouteGuard } from './route-guard';
import { SidebarMenu } from './sidebar-menu';
import { TopBar } from './top-bar';
import { useConnectionToasts } from './use-connection-toasts';

/** spec §1/§9: sidebar 224 px, 46 px collapsed, open above 992 px and a drawer below. */
export const SIDEBAR_WIDTH = 224;
export const SIDEBAR_COLLAPSED_WIDTH = 46;
const WIDE_SCREEN_QUERY = '(min-width: 992px)';
const SIDEBAR_BG = '#06323c';

export function AppLayout() {
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [isCollapsed, setCollapsed] = useState(false);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const { counters, refreshCounters } = useCounters(true);
  const { pathname } = useLocation();
  useClientSettings(true);
  useConnectionToasts();

  useEffect(() => {
    const entry = findNavEntry(toSectionPath(pathname));
    document.title = entry ? `${az.sidebar.entries[entry.label]} | ${az.app.brand}` : az.app.brand;
  }, [pathname]);

  const toggleSidebar = () => (isWide ? setCollapsed((v) => !v) : setDrawerOpen((v) => !v));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isWide ? (
        <Layout.Sider
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
          collapsed={isCollapsed}
          trigger={null}
          data-testid="sidebar"
          onMouseEnter={refreshCounters}
          style={{ position: 'sticky', top: 0, height: '100vh', overflowY: 'auto', overflowX: 'hidden', background: SIDEBAR_BG }}
        >
          <BrandLogo isCollapsed={isCollapsed} />
          <SidebarMenu counters={counters} isCollapsed={isCollapsed} />
        </Layout.Sider>
      ) : (
        <Drawer
          open={isDrawerOpen}
          placement="left"
          size={SIDEBAR_WIDTH}
          closable={false}
          onClose={() => setDrawerOpen(false)}
          afterOpenChange={(isOpen) => isOpen && refreshCounters()}
          styles={{ body: { padding: 0, background: SIDEBAR_BG } }}
        >
          <div data-testid="sidebar" onMouseEnter={refreshCounters}>
            <BrandLogo isCollapsed={false} />
            <SidebarMenu counters={counters} isCollapsed={false} onNavigate={() => setDrawerOpen(false)} />
          </div>
        </Drawer>
      )}
      <Layout style={{ minWidth: 0 }}>
        <TopBar
          isSidebarOpen={isWide ? !isCollapsed : isDrawerOpen}
          isCompact={!isWide}
          onToggleSidebar={toggleSidebar}
          brand={isWide ? null : <BrandLogo isCollapsed={false} isDark={false} />}
        />
        {/* data-path: the route on screen (a navigation commits once its screen is ready), read by the routes E2E */}
        <Layout.Content data-path={pathname} style={{ padding: 16, minWidth: 0 }}>
          <ErrorBoundary resetKey={pathname}>
            <Suspense
              fallback={
                <Flex justify="center" style={{ padding: 48 }}>
                  <Spin size="large" />
                </Flex>
              }
            >
              <RouteGuard>
                <Outlet />
              </RouteGuard>
            </Suspense>
          </ErrorBoundary>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
