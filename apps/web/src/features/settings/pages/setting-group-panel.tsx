import type { SettingGroupId } from '@app/contract/settings';
import { az } from '@app/contract/texts/az';
import { Alert, Form, Skeleton } from 'antd';
import { useState } from 'react';
import { SearchSelect } from '../../../shared/form/search-select';
import { SettingGroupForm } from '../components/setting-group-form';
import { useSettingGroup } from '../groups-api';
import { keyFieldOf } from '../model/setting-forms';

/** One group: its form; a keyed group (warehouse per country, contact per branch) first picks the entry. */
export function SettingGroupPanel({ groupId }: { groupId: SettingGroupId }) {
  const group = useSettingGroup(groupId);
  const keyField = keyFieldOf(groupId);
  const [picked, setPicked] = useState<number | null>(null);

  if (group.isPending) return <Skeleton active />;
  if (group.isError) return <Alert type="warning" showIcon title={group.error.message || az.settingsUi.loadFailed} />;

  const { data, options } = group.data;
  if (!keyField) return <SettingGroupForm groupId={groupId} stored={data} options={options} />;

  const entries = (keyField === 'country_id' ? options?.countries : options?.branches) ?? [];
  const entryKey = picked ?? entries[0]?.id ?? null;
  return (
    <>
      <Form layout="vertical">
        <Form.Item label={keyField === 'country_id' ? az.settingsUi.pickCountry : az.settingsUi.pickBranch}>
          <SearchSelect
            allowClear={false}
            value={entryKey}
            onChange={(value) => setPicked(Number(value))}
            options={entries.map((e) => ({ value: e.id, label: e.name }))}
            style={{ maxWidth: 360 }}
            data-testid="settings-entry"
          />
        </Form.Item>
      </Form>
      {entryKey !== null && (
        <SettingGroupForm
          key={entryKey}
          groupId={groupId}
          entryKey={entryKey}
          stored={data[String(entryKey)] as Record<string, unknown> | undefined}
          options={options}
        />
      )}
    </>
  );
}
