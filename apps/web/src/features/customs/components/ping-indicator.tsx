import { CheckCircleFilled, WarningFilled } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { Tag, Tooltip } from 'antd';
import { useCustomsPing } from '../api';

/** spec §2 "Customs": the ping indicator reports success or warning. */
export function CustomsPingIndicator() {
  const ping = useCustomsPing();
  if (ping.isLoading) return <Tag data-testid="customs-ping">…</Tag>;
  const reply = ping.data;
  const isOk = Boolean(reply?.data) && reply?.sending !== false;
  const text = reply?.message ?? az.customsUi.pingFailed;
  return (
    <Tooltip title={reply ? `${reply.ms} ms` : undefined}>
      <Tag data-testid="customs-ping" color={isOk ? 'success' : 'warning'} icon={isOk ? <CheckCircleFilled /> : <WarningFilled />}>
        {text}
      </Tag>
    </Tooltip>
  );
}
