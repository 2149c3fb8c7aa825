import { az, fill } from '@app/contract/texts/az';
import { Alert, Form, List, Modal, Progress, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { SearchSelect, type SelectOption } from '../../../shared/form/search-select';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useChangeMarketplaceStatus, useFlightOptions, useMarketplaceStatuses } from '../api';
import { StatusSelect } from './status-change-modal';

const t = az.flightsUi;

interface Outcome { flightId: number; name: string; message?: string; error?: string }

/**
 * Trendyol (marketplace, group 43) status of flights (spec §2 row menu and "Trendyol Cari"):
 * the flights given (one row, or the table's selection) can be changed or added to; each flight is
 * sent on its own after one confirmation, and what failed is listed with its reason.
 */
export function MarketplaceStatusModal({ flights, isAccount = false, onClose }: {
  flights: { id: number; name: string }[];
  /** the toolbar's "Trendyol Cari": other flights may be picked too */
  isAccount?: boolean;
  onClose: () => void;
}) {
  const statuses = useMarketplaceStatuses();
  const options = useFlightOptions({}, isAccount);
  const change = useChangeMarketplaceStatus();
  const toast = useToast();
  const [modal, holder] = Modal.useModal();
  const [flightIds, setFlightIds] = useState<number[]>(() => flights.map((f) => f.id));
  const [stateId, setStateId] = useState<number | null>(null);
  const [progress, setProgress] = useState<{ done: number; outcomes: Outcome[] } | null>(null);
  const names = useMemo(() => {
    const map = new Map<number, string>(flights.map((f) => [f.id, f.name]));
    (options.data ?? []).forEach((o) => map.set(Number(o.value), o.label));
    return map;
  }, [flights, options.data]);
  const flightOptions: SelectOption[] = useMemo(() => [...names].map(([value, label]) => ({ value, label })), [names]);
  const chosen = statuses.data?.find((s) => s.value === stateId);
  const isRunning = progress !== null && progress.done < flightIds.length;
  const failed = progress?.outcomes.filter((o) => o.error) ?? [];

  const runAll = async () => {
    if (!stateId) return;
    const outcomes: Outcome[] = [];
    setProgress({ done: 0, outcomes });
    for (const flightId of flightIds) {
      const name = names.get(flightId) ?? String(flightId);
      try {
        const reply = await change.mutateAsync({ flightId, stateId });
        outcomes.push({ flightId, name, message: reply.message });
      } catch (error) {
        outcomes.push({ flightId, name, error: readErrorMessage(error) });
      }
      setProgress({ done: outcomes.length, outcomes: [...outcomes] });
    }
    const ok = outcomes.filter((o) => !o.error);
    // one flight: the server's own words ('{N} bağlamanın Trendyol statusu dəyişdirildi')
    if (ok.length === 1 && outcomes.length === 1) void toast.success(ok[0]?.message || fill(t.accountDone, { OK: 1 }));
    else if (ok.length > 0) void toast.success(fill(t.accountDone, { OK: ok.length }));
    if (ok.length === outcomes.length) onClose();
  };

  const submit = () => {
    if (!stateId || !chosen || flightIds.length === 0) return;
    void modal.confirm({
      title: az.form.confirmTitle,
      content: fill(t.confirmMarketplaceStatus, { N: flightIds.length, STATUS: chosen.label }),
      okText: az.table.yes,
      cancelText: az.table.no,
      onOk: () => void runAll(),
    });
  };

  const title = isAccount ? t.accountTitle : fill(t.marketplaceStatusTitle, { NAME: flights[0]?.name ?? '' });
  return (
    <Modal
      open
      title={title}
      okText={t.changeStatus}
      cancelText={az.form.cancel}
      okButtonProps={{ disabled: !stateId || flightIds.length === 0 || isRunning, 'data-testid': 'marketplace-status-submit' }}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={isRunning}
      destroyOnHidden
    >
      {holder}
      <Form layout="vertical">
        {isAccount ? (
          <Form.Item label={t.accountFlights} extra={t.accountHint}>
            <SearchSelect
              mode="multiple"
              options={flightOptions}
              loading={options.isLoading}
              value={flightIds}
              onChange={(value) => setFlightIds(((value as number[] | undefined) ?? []).map(Number))}
              placeholder={t.chooseFlights}
              data-testid="marketplace-flights"
            />
          </Form.Item>
        ) : null}
        <Form.Item label={t.newStatus}>
          <StatusSelect statuses={statuses} value={stateId} onChange={setStateId} testId="marketplace-status-select" />
        </Form.Item>
      </Form>
      {statuses.isError && <Alert type="error" showIcon title={readErrorMessage(statuses.error)} />}
      {progress && flightIds.length > 1 && (
        <Progress percent={Math.round((progress.done / flightIds.length) * 100)} format={() => `${progress.done} / ${flightIds.length}`} />
      )}
      {failed.length > 0 && (
        <List
          size="small"
          bordered
          style={{ marginTop: 8 }}
          dataSource={failed}
          renderItem={(o) => <List.Item><Typography.Text type="danger">{fill(t.accountFailed, { NAME: o.name, ERROR: o.error ?? '' })}</Typography.Text></List.Item>}
        />
      )}
    </Modal>
  );
}
