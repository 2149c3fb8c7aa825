import { azNotifier } from '@app/contract/texts/az-notifier';
import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { ArchiveChannelSpec } from '../model/archive-channels';

export type NotifierTab = 'archive' | 'queues' | 'bulk';

/** The three faces of a channel: its archive, the queue of what waits, its bulk send. Filters carry over between the two lists. */
export function notifierTabPath(spec: ArchiveChannelSpec, tab: NotifierTab): string {
  if (tab === 'queues') return `/@next/${spec.path}/queues`;
  if (tab === 'bulk') return `/@next/${spec.path}/bulk/send`;
  return `/@next/${spec.path}`;
}

export function NotifierTabs({ spec, active }: { spec: ArchiveChannelSpec; active: NotifierTab }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Tabs
      activeKey={active}
      size="small"
      style={{ marginBottom: 4 }}
      onChange={(key) => {
        const tab = key as NotifierTab;
        const keepsFilters = tab !== 'bulk' && active !== 'bulk';
        void navigate(`${notifierTabPath(spec, tab)}${keepsFilters ? location.search : ''}`);
      }}
      items={[
        { key: 'archive', label: azNotifier.tabs.archive },
        { key: 'queues', label: azNotifier.tabs.queues },
        { key: 'bulk', label: azNotifier.tabs.bulk },
      ]}
    />
  );
}
