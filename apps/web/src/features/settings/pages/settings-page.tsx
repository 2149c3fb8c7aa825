import { az } from '@app/contract/texts/az';
import { Card, Flex, Menu, Result, Spin, Typography } from 'antd';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isSettingGroup, isSettingsSection, sectionLabel, SETTINGS_SECTIONS } from '../model/setting-forms';
import { SettingGroupPanel } from './setting-group-panel';

/**
 * /@next/settings/{section} (spec §2 "Settings screens", the sidebar's one 'settings' entry): a menu
 * of the groups (mail, postal service, branches, cashback, others, cash flow, warehouses, Trendyol
 * prices) and the chosen one's form; its last item leads to the currencies list.
 */
export function SettingsPage() {
  const { section } = useParams();
  const navigate = useNavigate();
  if (!section) return <Navigate to="email" replace />;
  if (!isSettingsSection(section)) return <Result status="404" title={az.app.notFoundTitle} />;
  // The currencies are a settings-type list of their own (spec §2: currencies, currencies/create, currencies/{id}/update).
  if (!isSettingGroup(section)) return <Navigate to="/@next/currencies" replace />;
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>{az.settingsUi.title}</Typography.Title>
      <Flex gap={16} align="flex-start" wrap>
        <Menu
          mode="inline"
          style={{ width: 224, borderRadius: 8 }}
          selectedKeys={[section]}
          items={SETTINGS_SECTIONS.map((key) => ({ key, label: sectionLabel(key) }))}
          onClick={({ key }) => navigate(`../${key}`, { relative: 'path' })}
          data-testid="settings-menu"
        />
        <Card title={sectionLabel(section)} style={{ flex: 1, minWidth: 320 }}>
          <SettingGroupPanel key={section} groupId={section} />
        </Card>
      </Flex>
    </Flex>
  );
}

export function SettingsLoading() {
  return <Spin />;
}
