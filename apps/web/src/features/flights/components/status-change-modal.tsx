import { az, fill } from '@app/contract/texts/az';
import { Alert, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { SearchSelect } from '../../../shared/form/search-select';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useChangeFlightStatus, useFlightStatuses } from '../api';
import { FlightStatusTag } from './flight-cells';

const t = az.flightsUi;

export interface StatusFlight { id: number; name: string; status: { id: number; name: string } }

/** spec §4: any status of lookup group 8 may be chosen, after a confirmation. */
export function StatusChangeModal({ flight, onClose }: { flight: StatusFlight; onClose: () => void }) {
  const statuses = useFlightStatuses();
  const change = useChangeFlightStatus();
  const toast = useToast();
  const [modal, holder] = Modal.useModal();
  const [stateId, setStateId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = statuses.data?.find((s) => s.value === stateId);

  const submit = () => {
    if (!stateId || !chosen) return;
    void modal.confirm({
      title: az.form.confirmTitle,
      content: fill(t.confirmStatus, { NAME: flight.name, STATUS: chosen.label }),
      okText: az.table.yes,
      cancelText: az.table.no,
      onOk: async () => {
        setError(null);
        toast.open({ key: 'flight-status', type: 'loading', content: t.statusChanging, duration: 0 });
        try {
          await change.mutateAsync({ flightId: flight.id, stateId });
          toast.open({ key: 'flight-status', type: 'success', content: t.statusChanged });
          onClose();
        } catch (e) {
          toast.destroy('flight-status');
          setError(readErrorMessage(e));
        }
      },
    });
  };

  return (
    <Modal
      open
      title={fill(t.statusTitle, { NAME: flight.name })}
      okText={t.changeStatus}
      cancelText={az.form.cancel}
      okButtonProps={{ disabled: !stateId || stateId === flight.status.id, 'data-testid': 'flight-status-submit' }}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={change.isPending}
      destroyOnHidden
    >
      {holder}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form layout="vertical">
        <Form.Item label={t.status}>
          <FlightStatusTag status={flight.status} />
        </Form.Item>
        <Form.Item label={t.newStatus} help={stateId === flight.status.id ? t.sameStatus : undefined}>
          <SearchSelect
            autoFocus
            options={statuses.data ?? []}
            loading={statuses.isLoading}
            value={stateId ?? undefined}
            onChange={(value) => setStateId(value === undefined ? null : Number(value))}
            data-testid="flight-status-select"
          />
        </Form.Item>
      </Form>
      {statuses.isError && <Typography.Text type="danger">{readErrorMessage(statuses.error)}</Typography.Text>}
    </Modal>
  );
}
