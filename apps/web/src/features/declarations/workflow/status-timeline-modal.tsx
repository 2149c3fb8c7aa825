import { MODEL } from '@app/contract/models';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Flex, Modal, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/format-date';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useDeclarationTimeline } from '../api';

interface StatusTimelineModalProps {
  declarationId: number;
  trackCode?: string;
  onClose: () => void;
}

function describeAction(action: string): string {
  return az.declarations.timelineActions[action] ?? az.declarationWorkflow.timelineActions[action] ?? action;
}

/** spec §2 "Status timeline": who changed what and when, with links to the operation log and status archive. */
export function StatusTimelineModal({ declarationId, trackCode, onClose }: StatusTimelineModalProps) {
  const timeline = useDeclarationTimeline(declarationId);
  const t = az.declarationsUi;
  const entries = timeline.data ?? [];
  const code = trackCode ?? entries[0]?.track_code ?? `#${declarationId}`;
  return (
    <Modal
      open
      width={768}
      title={fill(t.timelineTitle, { CODE: code })}
      onCancel={onClose}
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <Space wrap>
            <Link to={`/@next/logs?model_id=${MODEL.declarations}&object_id=${declarationId}`}>
              <Button>{t.operationLog}</Button>
            </Link>
            <Link to={`/@next/archive/state?model_id=${MODEL.declarations}&object_id=${declarationId}`}>
              <Button>{t.statusArchive}</Button>
            </Link>
          </Space>
          <Button type="primary" onClick={onClose}>
            {az.usersUi.back}
          </Button>
        </Flex>
      }
      destroyOnHidden
    >
      {timeline.isError && <Alert type="error" showIcon title={readErrorMessage(timeline.error)} />}
      <Spin spinning={timeline.isLoading}>
        {!timeline.isLoading && !timeline.isError && entries.length === 0 && <Typography.Text type="secondary">{t.timelineEmpty}</Typography.Text>}
        <div data-testid="declaration-timeline" style={{ maxHeight: 520, overflowY: 'auto', paddingTop: 8 }}>
          <Timeline
            items={entries.map((entry) => ({
              key: entry.id,
              color: entry.state_id !== null ? 'blue' : 'gray',
              content: (
                <Flex vertical gap={2} data-testid="timeline-entry">
                  <Space wrap size={6}>
                    <Typography.Text strong>{describeAction(entry.action)}</Typography.Text>
                    {entry.state_id !== null && <Tag color="blue">{entry.state_name}</Tag>}
                  </Space>
                  {entry.note && <Typography.Text>{`${t.reason}: ${entry.note}`}</Typography.Text>}
                  <Typography.Text type="secondary">
                    {[formatDateTime(entry.created_at), entry.causer_name ? `${t.changer}: ${entry.causer_name}` : t.system, entry.branch_name]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                </Flex>
              ),
            }))}
          />
        </div>
      </Spin>
    </Modal>
  );
}
