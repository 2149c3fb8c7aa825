import { BarcodeOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { SortingCreateReply, SortingListItem } from '@app/contract/flights';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Card, Col, Empty, Flex, Input, List, Progress, Row, Space, Tag, Typography, type InputRef } from 'antd';
import { memo, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { SearchSelect } from '../../../shared/form/search-select';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useFlightOptions } from '../../flights/api';
import { fetchSortingPage, sortingKeys, useSortParcel, useSortingProgress } from '../api';
import { buildSortingColumns } from '../components/sorting-columns';

const t = az.sortingUi;
const FLIGHT_KEY = 'sortingFlightId';
const HISTORY = 8;
const BY_ID: TableSort = { column: 'id', order: 'desc' };

type Scan =
  | { kind: 'ok'; code: string; data: SortingCreateReply['data']; message: string }
  | { kind: 'error'; code: string; message: string };

function readFlightId(text: string | null): number {
  return text && /^\d+$/.test(text) ? Number(text) : 0;
}

/** The scanner's input keeps its own text: keystrokes re-render only the input. */
const ScanInput = memo(function ScanInput({ inputRef, isDisabled, onScan }: { inputRef: Ref<InputRef>; isDisabled: boolean; onScan: (code: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Input
      ref={inputRef}
      size="large"
      autoFocus
      disabled={isDisabled}
      prefix={<BarcodeOutlined />}
      value={value}
      placeholder={isDisabled ? t.noFlight : t.scanPlaceholder}
      aria-label={t.scanPlaceholder}
      autoComplete="off"
      data-testid="sorting-scan"
      onChange={(e) => setValue(e.target.value)}
      onPressEnter={() => {
        const code = value.trim();
        setValue('');
        if (code) onScan(code);
      }}
    />
  );
});

/** The big answer a sorter reads from a distance: the branch code and the branch's name. */
function ScanResult({ scan }: { scan: Scan | null }) {
  if (!scan) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.scanHint} />;
  if (scan.kind === 'error') {
    return (
      <Flex vertical align="center" gap={4} data-testid="sorting-result" data-state="error">
        <Typography.Text style={{ fontSize: 56, lineHeight: 1.1, color: '#cf1322', fontWeight: 700 }}>✕</Typography.Text>
        <Typography.Text strong>{scan.code}</Typography.Text>
        <Alert type="error" showIcon title={scan.message} />
      </Flex>
    );
  }
  const color = scan.data.already ? '#d48806' : '#0A4755';
  return (
    <Flex vertical align="center" gap={4} data-testid="sorting-result" data-state={scan.data.already ? 'already' : 'ok'}>
      <Typography.Text style={{ fontSize: 96, lineHeight: 1, color, fontWeight: 800 }} data-testid="sorting-code">{scan.data.code ?? '—'}</Typography.Text>
      <Typography.Title level={3} style={{ margin: 0, color }} data-testid="sorting-code-text">{scan.data.code_text ?? t.noCode}</Typography.Title>
      <Typography.Text type="secondary">{scan.data.track_code}</Typography.Text>
      {scan.data.already ? <Tag color="gold">{scan.message}</Tag> : <Tag color="green">{scan.message}</Tag>}
    </Flex>
  );
}

/**
 * sorting (parcel_sorting_list): scanner first. The sorter picks the flight once (kept in the URL and
 * remembered), then each scan (a keyboard-wedge scanner types the code and Enter) answers the
 * parcel's branch code in big letters; focus stays in the scan input.
 */
export function SortingPage() {
  const [search, setSearch] = useSearchParams();
  const flightId = readFlightId(search.get('flight_id'));
  const flights = useFlightOptions();
  const sort = useSortParcel();
  const progress = useSortingProgress(flightId);
  const inputRef = useRef<InputRef>(null);
  const [scans, setScans] = useState<Scan[]>([]);
  const columns = useMemo(() => buildSortingColumns(), []);
  const fetchPage = useMemo(() => fetchSortingPage(flightId), [flightId]);

  // A reopened screen continues with the flight chosen last.
  useEffect(() => {
    if (flightId) {
      window.localStorage.setItem(FLIGHT_KEY, String(flightId));
      return;
    }
    const stored = readFlightId(window.localStorage.getItem(FLIGHT_KEY));
    if (stored) setSearch((current) => { const next = new URLSearchParams(current); next.set('flight_id', String(stored)); return next; }, { replace: true });
  }, [flightId, setSearch]);

  const chooseFlight = (value: unknown) => {
    setScans([]);
    setSearch(() => {
      const next = new URLSearchParams();
      if (value !== undefined && value !== null) next.set('flight_id', String(value));
      else window.localStorage.removeItem(FLIGHT_KEY);
      return next;
    });
    window.setTimeout(() => inputRef.current?.focus(), 0);
  };

  // Scans go one after another, in the order they were read: a scanner types codes faster than the
  // answers come, and mutate()'s own callbacks fire only for the last of overlapping calls.
  const pending = useRef<Promise<void>>(Promise.resolve());
  const scan = (code: string) => {
    if (!flightId) return;
    const add = (entry: Scan) => setScans((list) => [entry, ...list].slice(0, HISTORY));
    pending.current = pending.current
      .then(() => sort.mutateAsync({ flightId, trackCode: code }))
      .then(
        (reply) => add({ kind: 'ok', code, data: reply.data, message: reply.message }),
        (error: unknown) => add({ kind: 'error', code, message: readErrorMessage(error) }),
      )
      .finally(() => inputRef.current?.focus());
  };

  const [last, ...earlier] = scans;
  return (
    <Flex vertical gap={12}>
      <Card size="small" styles={{ body: { padding: 12 } }}>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>{t.title}</Typography.Title>
          <Space wrap>
            <SearchSelect
              style={{ minWidth: 260 }}
              options={flights.data ?? []}
              loading={flights.isLoading}
              value={flightId || undefined}
              placeholder={t.chooseFlight}
              onChange={chooseFlight}
              aria-label={t.flight}
              data-testid="sorting-flight"
            />
            <Link to={flightId ? `/@next/sorting/${flightId}/non-sorted-declarations` : '#'} aria-disabled={!flightId}>
              <Button icon={<UnorderedListOutlined />} disabled={!flightId}>{t.openNonSorted}</Button>
            </Link>
          </Space>
        </Flex>
        {flights.isError && <Alert type="warning" showIcon title={readErrorMessage(flights.error)} style={{ marginBottom: 8 }} />}
        <Row gutter={[12, 12]}>
          <Col xs={24} lg={14}>
            <Flex vertical gap={12}>
              <ScanInput inputRef={inputRef} isDisabled={!flightId} onScan={scan} />
              <Card size="small" style={{ minHeight: 220 }} loading={false}>
                <ScanResult scan={last ?? null} />
              </Card>
            </Flex>
          </Col>
          <Col xs={24} lg={10}>
            <Card size="small" title={t.lastScan}>
              <List<Scan>
                size="small"
                dataSource={earlier}
                locale={{ emptyText: az.table.empty }}
                renderItem={(item) => (
                  <List.Item>
                    <Typography.Text>{item.kind === 'ok' ? item.data.track_code : item.code}</Typography.Text>
                    {item.kind === 'ok'
                      ? <Space size={4}><Tag color="geekblue">{item.data.code ?? '—'}</Tag><Typography.Text type="secondary">{item.data.code_text ?? ''}</Typography.Text></Space>
                      : <Typography.Text type="danger" ellipsis={{ tooltip: item.message }} style={{ maxWidth: 260 }}>{item.message}</Typography.Text>}
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        </Row>
      </Card>
      {flightId > 0 && (
        <Card
          size="small"
          title={t.flightParcels}
          styles={{ body: { padding: 12 } }}
          extra={progress.data && (
            <Space data-testid="sorting-progress">
              <Typography.Text>{fill(t.progress, { N: progress.data.sorted, TOTAL: progress.data.total })}</Typography.Text>
              <Progress percent={progress.data.total ? Math.round((progress.data.sorted / progress.data.total) * 100) : 0} size="small" style={{ width: 160, margin: 0 }} />
            </Space>
          )}
        >
          <DataTable<SortingListItem>
            key={flightId}
            tableId="sorting-list"
            columns={columns}
            queryKey={sortingKeys.list(flightId)}
            fetchPage={fetchPage}
            rowKey={(r) => r.id}
            defaultSort={BY_ID}
            isSelectable={false}
          />
        </Card>
      )}
    </Flex>
  );
}
