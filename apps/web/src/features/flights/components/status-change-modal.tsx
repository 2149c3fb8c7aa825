import { az, fill } from '@app/contract/texts/az';
import { Alert, Form, Modal } from 'antd';
import { useState } from 'react';
import { SearchSelect, type SelectOption } from '../../../shared/form/search-select';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useChangeFlightStatus, useFlightStatuses } from '../api';
import { FlightStatusTag } from './flight-cells';

const t = az.flightsUi;

export interface StatusFlight { id: number; name: string; state_id: number; state_name: string }

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
      okButtonProps={{ disabled: !stateId || stateId === flight.state_id, 'data-testid': 'flight-status-submit' }}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={change.isPending}
      destroyOnHidden
    >
      {holder}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form layout="vertical">
        <Form.Item label={t.status}>
          <FlightStatusTag flight={flight} />
        </Form.Item>
        <Form.Item label={t.newStatus} help={stateId === flight.state_id ? t.sameStatus : undefined}>
          <StatusSelect statuses={statuses} value={stateId} onChange={setStateId} testId="flight-status-select" />
        </Form.Item>
      </Form>
      {statuses.isError && <Alert type="error" showIcon title={readErrorMessage(statuses.error)} />}
    </Modal>
  );
}

/** The new-status select of the status modals (flight statuses, group 8; marketplace statuses, group 43). */
export function StatusSelect({ statuses, value, onChange, testId }: {
  statuses: { data?: SelectOption[]; isLoading: boolean };
  value: number | null;
  onChange: (stateId: number | null) => void;
  testId: string;
}) {
  return (
    <SearchSelect
      autoFocus
      options={statuses.data ?? []}
      loading={statuses.isLoading}
      value={value ?? undefined}
      onChange={(v) => onChange(v === undefined ? null : Number(v))}
      data-testid={testId}
    />
  );
}
