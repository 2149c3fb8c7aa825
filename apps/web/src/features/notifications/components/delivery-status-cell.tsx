import { azNotifier } from '@app/contract/texts/az-notifier';
import { Button, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { readErrorMessage } from '../../../shared/http/http-error';
import { fetchDeliveryStatus } from '../archive-api';
import type { ArchiveChannelSpec } from '../model/archive-channels';

/** The per-row delivery status (archive/{sms|whatsapp}_status): asked only on a click, one call per row. */
export function DeliveryStatusCell({ spec, id }: { spec: ArchiveChannelSpec; id: number }) {
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; text: string } | { kind: 'error'; text: string }>({ kind: 'idle' });
  if (state.kind === 'done') return <Tag color="blue">{state.text || azNotifier.archive.noStatus}</Tag>;
  const ask = () => {
    setState({ kind: 'loading' });
    fetchDeliveryStatus(spec, id).then(
      (text) => setState({ kind: 'done', text }),
      (error: unknown) => setState({ kind: 'error', text: readErrorMessage(error) }),
    );
  };
  return (
    <Tooltip title={state.kind === 'error' ? state.text : undefined}>
      <Button size="small" danger={state.kind === 'error'} loading={state.kind === 'loading'} onClick={ask} data-testid={`status-${id}`}>
        {azNotifier.archive.checkStatus}
      </Button>
    </Tooltip>
  );
}
