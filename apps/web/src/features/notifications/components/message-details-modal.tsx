import { fill } from '@app/contract/texts/az';
import { azNotifier } from '@app/contract/texts/az-notifier';
import { Button, Descriptions, Modal, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/format-date';
import { parseMessageParams } from '../model/archive-query';
import { isTruthyFlag, type ArchiveRow } from '../model/archive-row';
import { messageObjectPath, userPath } from '../model/record-links';

/** A message whole: the body the table cuts, its params, the provider's answer. */
export function MessageDetailsModal({ row, onClose }: { row: ArchiveRow | null; onClose: () => void }) {
  const t = azNotifier.archive;
  const params = parseMessageParams(row?.params);
  return (
    <Modal
      open={row !== null}
      title={row ? fill(t.messageTitle, { ID: row.id }) : ''}
      onCancel={onClose}
      width={640}
      footer={<Button onClick={onClose} autoFocus>{t.close}</Button>}
      destroyOnHidden
    >
      {row ? (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={row.email !== undefined && row.email !== null ? t.email : t.number}>{row.email ?? row.number ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t.user}>
            {row.user_id ? <Link to={userPath(row.user_id) ?? ''} onClick={onClose}>{`#${row.user_id}${row.user_name ? ` ${row.user_name}` : ''}`}</Link> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t.model}>
            {(() => {
              const path = messageObjectPath(row.model_id, row.object_id);
              const text = `${row.model_name ?? ''}${row.object_id ? ` #${row.object_id}` : ''}`.trim() || '—';
              return path ? <Link to={path} onClick={onClose}>{text}</Link> : text;
            })()}
          </Descriptions.Item>
          <Descriptions.Item label={t.template}>{row.template_name || (row.template_id ? `#${row.template_id}` : '—')}</Descriptions.Item>
          {row.subject ? <Descriptions.Item label={azNotifier.templates.title}>{row.subject}</Descriptions.Item> : null}
          <Descriptions.Item label={t.body}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="message-body">{row.body}</Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label={t.params}>
            {params.length === 0 ? '—' : params.map(([key, value]) => <Tag key={key}>{`${key}: ${value}`}</Tag>)}
          </Descriptions.Item>
          <Descriptions.Item label={t.sent}>{isTruthyFlag(row.sent) ? t.isSent : t.isWaiting}</Descriptions.Item>
          <Descriptions.Item label={t.attempts}>{row.attempts ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t.providerState}>{row.provider_state || '—'}</Descriptions.Item>
          <Descriptions.Item label={t.error}>{row.error ? <Typography.Text type="danger">{row.error}</Typography.Text> : '—'}</Descriptions.Item>
          <Descriptions.Item label={t.retryAt}>{formatDateTime(row.retry_at)}</Descriptions.Item>
          <Descriptions.Item label={t.sentAt}>{formatDateTime(row.sended_at)}</Descriptions.Item>
          <Descriptions.Item label={t.createdAt}>{formatDateTime(row.created_at)}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}
