import {
  AppstoreOutlined,
  BankOutlined,
  BellOutlined,
  DashboardOutlined,
  EllipsisOutlined,
  FileProtectOutlined,
  GiftOutlined,
  OrderedListOutlined,
  ReadOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { Badge, Flex, Menu, type MenuProps } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { Counters } from '../../features/notifications/api';
import { useAuth } from '../auth/auth-context';
import { findNavEntry, listNavSections, toAppPath, toSectionPath, type NavEntry, type NavGroup } from '../navigation';
import './sidebar-menu.css';

const GROUP_ICONS: Record<NavGroup, ReactNode> = {
  general: <DashboardOutlined />,
  main: <AppstoreOutlined />,
  customsDeclarations: <FileProtectOutlined />,
  queues: <OrderedListOutlined />,
  bonus: <GiftOutlined />,
  notifications: <BellOutlined />,
  content: <ReadOutlined />,
  settings: <SettingOutlined />,
  branch: <BankOutlined />,
  other: <EllipsisOutlined />,
};

const BADGE_STYLE = { boxShadow: 'none' };

function renderBadges(entry: NavEntry, counters: Counters): ReactNode {
  switch (entry.badge) {
    case 'handover_queue':
      return (
        <Flex gap={2}>
          <Badge count={counters.waiting_tasks} size="small" color="orange" style={BADGE_STYLE} title={az.sidebar.pendingCount} />
          <Badge count={counters.executing_tasks} size="small" color="blue" style={BADGE_STYLE} title={az.sidebar.executingCount} />
        </Flex>
      );
    case undefined:
      return null;
    default:
      return <Badge count={counters[entry.badge]} size="small" overflowCount={9999} style={BADGE_STYLE} />;
  }
}

interface SidebarMenuProps {
  counters: Counters;
  isCollapsed: boolean;
  onNavigate?: () => void;
}

/** The sidebar's entries by group (spec §2), each shown only when the user may open it. */
export function SidebarMenu({ counters, isCollapsed, onNavigate }: SidebarMenuProps) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const sections = useMemo(() => listNavSections(user), [user]);
  const current = findNavEntry(toSectionPath(pathname));
  const [openGroups, setOpenGroups] = useState<string[]>(() => {
    const groups = new Set<string>(['general', 'main']);
    if (current) groups.add(current.group);
    if (sections.length <= 2) sections.forEach((s) => groups.add(s.group));
    return [...groups];
  });

  const items: MenuProps['items'] = sections.map((section) => ({
    key: section.group,
    icon: GROUP_ICONS[section.group],
    label: <span className="sidebar-menu__label" title={section.title}>{section.title}</span>,
    children: section.entries.map((entry) => {
      const label = az.sidebar.entries[entry.label];
      return {
        key: entry.path,
        // the whole label, wrapped when long (sidebar-menu.css), and on hover
        label: (
          <Link to={toAppPath(entry.path)} onClick={onNavigate} data-testid={`nav-${entry.path}`} title={label}>
            <Flex justify="space-between" align="center" gap={4}>
              <span className="sidebar-menu__label">{label}</span>
              {renderBadges(entry, counters)}
            </Flex>
          </Link>
        ),
      };
    }),
  }));

  return (
    <Menu
      mode="inline"
      theme="dark"
      inlineCollapsed={isCollapsed}
      selectedKeys={current ? [current.path] : []}
      openKeys={isCollapsed ? undefined : openGroups}
      onOpenChange={(keys) => setOpenGroups(keys)}
      items={items}
      className="sidebar-menu"
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
