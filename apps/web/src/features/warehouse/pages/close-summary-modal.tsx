import { az, fill } from '@app/contract/texts/az';
import { Alert, Descriptions, Flex, Modal, Select, Typography } from 'antd';
import type { BoxOption } from '../api';
import type { AcceptanceMode, CloseSummary } from '../model/acceptance';

const W = az.warehouse;

/**
 * What 'Yeşiyi bağla' (or 'Yeşiyə köçür') will do, before it does it (issue 16): the box (required:
 * parcels closed without one show under 'Digər' at the counter), the branch, how many parcels go,
 * and the red rows that do NOT go, each with its reason. Rows still being looked up or waiting for
 * an answer hold the close back.
 */
export function CloseSummaryModal({ open, mode, summary, boxes, containerId, branchName, isSending, onBoxChange, onConfirm, onCancel }: {
  open: boolean;
  mode: AcceptanceMode;
  summary: CloseSummary;
  boxes: BoxOption[];
  containerId: number | null;
  branchName: string;
  isSending: boolean;
  onBoxChange: (containerId: number | null) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { send, refused, unsettled, duplicates } = summary;
  const hasBox = containerId !== null;
  const canSend = hasBox && send.length > 0 && unsettled.length === 0;
  return (
    <Modal
      open={open} width={640} destroyOnHidden maskClosable={false}
      title={mode === 'transfer' ? W.transferSummaryTitle : W.summaryTitle}
      okText={mode === 'transfer' ? W.transferToBox : W.closeBox} cancelText={az.warehouse.cancel}
      okButtonProps={{ disabled: !canSend, 'data-testid': 'close-summary-ok' } as never}
      confirmLoading={isSending} onOk={onConfirm} onCancel={onCancel}
    >
      <Flex vertical gap={12} data-testid="close-summary">
        <Descriptions size="small" column={1} bordered items={[
          {
            key: 'box', label: W.box, children: (
              <Select
                aria-label={`${W.box} (${W.summaryTitle})`} placeholder={W.chooseBox} style={{ width: '100%' }} showSearch allowClear optionFilterProp="label"
                status={hasBox ? undefined : 'error'} value={containerId ?? undefined} options={boxes} onChange={(v?: number) => onBoxChange(v ?? null)}
              />
            ),
          },
          { key: 'branch', label: W.branch, children: branchName || '-' },
        ]} />
        <Typography.Text strong data-testid="close-summary-send">{fill(W.summarySend, { N: send.length })}</Typography.Text>
        {!hasBox ? <Alert type="error" showIcon message={W.chooseBox} description={W.summaryBoxRequired} /> : null}
        {send.length === 0 ? <Alert type="warning" showIcon message={W.summaryNothing} /> : null}
        {unsettled.length > 0 ? <Alert type="warning" showIcon message={fill(W.summaryUnsettled, { N: unsettled.length })} /> : null}
        {refused.length > 0 ? (
          <Alert
            type="error" showIcon data-testid="close-summary-refused"
            message={fill(W.summaryRefused, { N: refused.length })}
            description={(
              <Flex vertical gap={2} style={{ maxHeight: 220, overflowY: 'auto' }}>
                {duplicates > 0 ? <Typography.Text strong>{fill(W.duplicates, { N: duplicates })}</Typography.Text> : null}
                {refused.map((r) => <Typography.Text key={r.key} data-code={r.code}>{`${r.code}: ${r.error ?? ''}`}</Typography.Text>)}
              </Flex>
            )}
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
