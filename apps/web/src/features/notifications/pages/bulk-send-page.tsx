import type { BulkKind } from '@app/contract/bulk-notifications';
import { azNotifier } from '@app/contract/texts/az-notifier';
import { Card, Col, Row, Typography } from 'antd';
import { useState } from 'react';
import { BulkHistory } from '../components/bulk-history';
import { BulkSendForm } from '../components/bulk-send-form';
import { NotifierTabs } from '../components/notifier-tabs';
import { ARCHIVE_CHANNELS, type ArchiveChannel } from '../model/archive-channels';

/**
 * notifier/{sms,whatsapp,email}/bulk/send (a tab of the channel's archive) and notifier/mobile/bulk/send
 * (the app push, spec §2): the form on the left, the channel's bulk sends and their progress on the right.
 */
export function BulkSendPage({ kind, channel }: { kind: BulkKind; channel?: ArchiveChannel }) {
  const [startedId, setStartedId] = useState<number | null>(null);
  const spec = channel ? ARCHIVE_CHANNELS[channel] : null;
  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: spec ? 0 : 12 }}>
        {spec ? azNotifier.titles[spec.channel] : azNotifier.titles.mobileBulk}
      </Typography.Title>
      {spec ? <NotifierTabs spec={spec} active="bulk" /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <BulkSendForm kind={kind} onStarted={setStartedId} />
        </Col>
        <Col xs={24} xl={10}>
          <BulkHistory kind={kind} highlightId={startedId} />
        </Col>
      </Row>
    </Card>
  );
}
