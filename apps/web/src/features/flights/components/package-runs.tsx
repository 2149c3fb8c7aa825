import { CheckCircleOutlined, PlayCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { ListResponse } from '@app/contract/common';
import type { PackageRun, PackageRunItemOutput } from '@app/contract/flights';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Flex, List, Modal, Progress, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import { formatDateTime } from '../../../shared/format/format-date';
import type { QueryParams } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';
import { fetchFlightPackages, flightKeys, useExecutePackageRun } from '../api';
import { countAccepted, formatPackageCode, isAcceptedCode } from '../model/flight-form';

const t = az.flightsUi;

export function PackageCodeTag({ code }: { code: number | string | null | undefined }) {
  if (code === null || code === undefined || code === '') return <Tag>—</Tag>;
  return <Tag color={isAcceptedCode(code) ? 'green' : 'red'}>{formatPackageCode(code)}</Tag>;
}

/** Codes of a run's answer, counted: "200 × 38", "048 × 1", "422 × 1". */
export function CodeSummary({ output }: { output: readonly PackageRunItemOutput[] | null }) {
  if (!output || output.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  const counts = new Map<string, number>();
  output.forEach((item) => counts.set(formatPackageCode(item.code), (counts.get(formatPackageCode(item.code)) ?? 0) + 1));
  return (
    <Space size={2} wrap data-testid="run-codes">
      {[...counts].map(([code, n]) => <Tag key={code} color={isAcceptedCode(code) ? 'green' : 'red'}>{code} × {n}</Tag>)}
    </Space>
  );
}

interface RunItemRow { trackingNumber: string; airWaybillNumber?: string; dispatchNumber?: string; regNumber?: string; code: number | null; message?: string | null }

function toItemRows(run: PackageRun, output?: readonly PackageRunItemOutput[] | null): RunItemRow[] {
  const answers = new Map((output ?? run.output ?? []).map((o) => [o.trackingNumber, o]));
  const rows: RunItemRow[] = run.input.map((item) => {
    const answer = answers.get(item.trackingNumber);
    answers.delete(item.trackingNumber);
    return { ...item, code: answer?.code ?? null, message: answer?.message ?? null };
  });
  // answers for codes not in the input (should not happen, but shown rather than lost)
  answers.forEach((answer) => rows.push({ trackingNumber: answer.trackingNumber, code: answer.code, message: answer.message ?? null }));
  return rows;
}

/** One run's parcels with what customs answered for each (spec §3 "Package run"). */
export function PackageRunItemsModal({ run, output, onClose }: { run: PackageRun; output?: readonly PackageRunItemOutput[] | null; onClose: () => void }) {
  const rows = useMemo(() => toItemRows(run, output), [run, output]);
  const summary = countAccepted(output ?? run.output);
  return (
    <Modal open width={900} title={`${t.run} #${run.id}`} onCancel={onClose} footer={<Button type="primary" onClick={onClose}>{az.customsUi.close}</Button>} destroyOnHidden>
      <Space style={{ marginBottom: 8 }} wrap>
        <Tag>{t.runParcels}: {run.input.length}</Tag>
        {run.executed || output ? <Tag color="green">{t.runAccepted}: {summary.accepted}</Tag> : <Tag color="orange">{t.notExecuted}</Tag>}
        {summary.rejected > 0 && <Tag color="red">{summary.rejected}</Tag>}
      </Space>
      <Table<RunItemRow>
        size="small"
        bordered
        rowKey={(r) => r.trackingNumber}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        data-testid="run-items"
        locale={{ emptyText: az.table.empty }}
        columns={[
          { key: 'trackingNumber', title: t.trackingNumber, render: (_, r) => r.trackingNumber },
          { key: 'airWaybillNumber', title: t.airwaybill, render: (_, r) => r.airWaybillNumber ?? '—' },
          { key: 'dispatchNumber', title: t.dispatchNumber, render: (_, r) => r.dispatchNumber ?? '—' },
          { key: 'regNumber', title: t.regNumber, render: (_, r) => r.regNumber ?? '—' },
          { key: 'code', title: t.outputCode, align: 'center', render: (_, r) => <PackageCodeTag code={r.code} /> },
          { key: 'message', title: t.message, render: (_, r) => r.message ?? '' },
        ]}
      />
    </Modal>
  );
}

interface RunOutcome { run: PackageRun; output?: PackageRunItemOutput[]; message?: string; error?: string }
interface Execution { total: number; outcomes: RunOutcome[]; current: PackageRun | null }

/**
 * Running package runs against customs (spec §4: once each, while not executed): one confirmation,
 * then a progress dialog; each run's answer (its codes, or the 422 text joined with '. ') is kept
 * in the dialog until the user closes it. Render `holder` once.
 */
export function usePackageRunExecution() {
  const execute = useExecutePackageRun();
  const [modal, modalHolder] = Modal.useModal();
  const [execution, setExecution] = useState<Execution | null>(null);
  const [shownRun, setShownRun] = useState<RunOutcome | null>(null);

  const runAll = useCallback(async (runs: PackageRun[]) => {
    const outcomes: RunOutcome[] = [];
    setExecution({ total: runs.length, outcomes, current: runs[0] ?? null });
    for (const [index, run] of runs.entries()) {
      setExecution({ total: runs.length, outcomes: [...outcomes], current: run });
      try {
        const reply = await execute.mutateAsync(run.id);
        outcomes.push({ run: reply.data ?? run, output: reply.packages, message: reply.message });
      } catch (error) {
        outcomes.push({ run, error: readErrorMessage(error) });
      }
      setExecution({ total: runs.length, outcomes: [...outcomes], current: runs[index + 1] ?? null });
    }
  }, [execute]);

  const confirmRuns = useCallback((runs: PackageRun[]) => {
    const pending = runs.filter((run) => !run.executed);
    if (pending.length === 0) return;
    const [first] = pending;
    const content = pending.length === 1 && first
      ? fill(t.confirmExecute, { ID: first.id, N: first.input.length })
      : fill(t.confirmExecuteAll, { N: pending.length });
    void modal.confirm({
      title: az.form.confirmTitle,
      content,
      okText: az.table.yes,
      cancelText: az.table.no,
      onOk: () => void runAll(pending),
    });
  }, [modal, runAll]);

  const isRunning = execution !== null && execution.outcomes.length < execution.total;
  const holder: ReactNode = (
    <>
      {modalHolder}
      {execution && (
        <Modal
          open
          width={640}
          title={t.execute}
          closable={!isRunning}
          maskClosable={false}
          onCancel={() => !isRunning && setExecution(null)}
          footer={<Button type="primary" disabled={isRunning} onClick={() => setExecution(null)} data-testid="execution-close">{az.customsUi.close}</Button>}
        >
          <Progress
            percent={Math.round((execution.outcomes.length / Math.max(1, execution.total)) * 100)}
            status={isRunning ? 'active' : execution.outcomes.some((o) => o.error) ? 'exception' : 'success'}
            format={() => `${execution.outcomes.length} / ${execution.total}`}
            data-testid="execution-progress"
          />
          {isRunning && execution.current && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>{fill(t.executing, { ID: execution.current.id })}</Typography.Paragraph>
          )}
          <List
            size="small"
            dataSource={execution.outcomes}
            data-testid="execution-results"
            renderItem={(outcome) => {
              const { accepted } = countAccepted(outcome.output);
              return (
                <List.Item
                  actions={outcome.output ? [
                    <Button key="items" size="small" icon={<UnorderedListOutlined />} onClick={() => setShownRun(outcome)}>{t.runParcels}</Button>,
                  ] : undefined}
                >
                  {outcome.error ? (
                    <Alert type="error" showIcon style={{ width: '100%' }} title={fill(t.executeFailed, { ID: outcome.run.id, ERROR: outcome.error })} />
                  ) : (
                    <Flex vertical gap={4}>
                      <Typography.Text>
                        <CheckCircleOutlined style={{ color: '#52c41a' }} />{' '}
                        {fill(t.executedRun, { ID: outcome.run.id, OK: accepted, N: outcome.output?.length ?? outcome.run.input.length })}
                      </Typography.Text>
                      <CodeSummary output={outcome.output ?? null} />
                    </Flex>
                  )}
                </List.Item>
              );
            }}
          />
        </Modal>
      )}
      {shownRun && <PackageRunItemsModal run={shownRun.run} output={shownRun.output} onClose={() => setShownRun(null)} />}
    </>
  );
  return { confirmRuns, isRunning, holder };
}

/** The package runs of a flight (detail page: 5 a page, spec §9; packaging process page). */
export function PackageRunsTable({ flightId, tableId, pageSize, toolbar }: {
  flightId: number;
  tableId: string;
  pageSize?: number;
  toolbar?: (rows: PackageRun[], execution: ReturnType<typeof usePackageRunExecution>) => ReactNode;
}) {
  const execution = usePackageRunExecution();
  const [shown, setShown] = useState<PackageRun | null>(null);
  const [rows, setRows] = useState<PackageRun[]>([]);
  const fetcher = useMemo(() => fetchFlightPackages(flightId), [flightId]);
  const fetchPage = useCallback(async (params: QueryParams, signal: AbortSignal): Promise<ListResponse<PackageRun>> => {
    const reply = await fetcher(params, signal);
    setRows(reply.data);
    return reply;
  }, [fetcher]);
  const { confirmRuns, isRunning } = execution;
  const columns = useMemo<DataTableColumn<PackageRun>[]>(() => [
    { key: 'id', title: t.run, width: 'smaller', isAlwaysVisible: true, render: (r) => `#${r.id}` },
    { key: 'parcels', title: t.runParcels, width: 'smaller', align: 'right', render: (r) => r.input.length },
    { key: 'executed', title: t.status, width: 'normal', isAlwaysVisible: true,
      render: (r) => (r.executed ? <Tag color="green">{t.executed}</Tag> : (
        <Button
          size="small"
          type="primary"
          icon={<PlayCircleOutlined />}
          disabled={isRunning}
          onClick={() => confirmRuns([r])}
          data-testid={`run-execute-${r.id}`}
        >
          {t.execute}
        </Button>
      )) },
    { key: 'accepted', title: t.runAccepted, width: 'small', align: 'right',
      render: (r) => (r.executed ? <Typography.Text type={r.accepted === r.input.length ? 'success' : 'warning'}>{r.accepted} / {r.input.length}</Typography.Text> : '—') },
    { key: 'codes', title: t.outputCode, width: 'large', render: (r) => <CodeSummary output={r.output} /> },
    { key: 'items', title: '', width: 60, align: 'center',
      render: (r) => (
        <Tooltip title={t.runParcels}>
          <Button size="small" icon={<UnorderedListOutlined />} aria-label={t.runParcels} onClick={() => setShown(r)} data-testid={`run-items-${r.id}`} />
        </Tooltip>
      ) },
    { key: 'elapsed', title: t.elapsed, width: 'smaller', align: 'right', render: (r) => (r.elapsed_time === null ? '—' : `${(r.elapsed_time / 1000).toFixed(1)} s`) },
    { key: 'started_at', title: t.startedAt, width: 'date', render: (r) => formatDateTime(r.start_date) },
    { key: 'ended_at', title: t.endedAt, width: 'date', isHiddenByDefault: true, render: (r) => formatDateTime(r.end_date) },
    { key: 'created_at', title: t.createdAt, width: 'date', render: (r) => formatDateTime(r.created_at) },
  ], [confirmRuns, isRunning]);
  return (
    <>
      <DataTable<PackageRun>
        tableId={tableId}
        columns={columns}
        queryKey={flightKeys.packages(flightId)}
        fetchPage={fetchPage}
        rowKey={(r) => r.id}
        defaultPageSize={pageSize}
        isSelectable={false}
        onRowDoubleClick={setShown}
        toolbar={toolbar ? () => toolbar(rows, execution) : undefined}
      />
      {execution.holder}
      {shown && <PackageRunItemsModal run={shown} onClose={() => setShown(null)} />}
    </>
  );
}
