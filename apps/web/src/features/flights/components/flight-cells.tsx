import { CalculatorOutlined } from '@ant-design/icons';
import { FLIGHT_STATUS } from '@app/contract/flights';
import { az, fill } from '@app/contract/texts/az';
import { Button, Descriptions, Popover, Progress, Spin, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { formatAmount } from '../../../shared/format/format-number';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useFlightStats, useFlightVolume } from '../api';
import { completionPercent } from '../model/flight-form';

const t = az.flightsUi;
const STATUS_COLORS: Record<number, string> = { [FLIGHT_STATUS.open]: 'blue', [FLIGHT_STATUS.closed]: 'green', 31: 'orange', 33: 'purple' };

export function FlightStatusTag({ flight }: { flight: { state_id: number; state_name: string } }) {
  return <Tag color={STATUS_COLORS[flight.state_id] ?? 'default'} data-testid="flight-status">{flight.state_name}</Tag>;
}

export function ProviderTag({ provider }: { provider: number }) {
  const color = provider === 1 ? 'orange' : provider === 2 ? 'magenta' : 'default';
  return <Tag color={color}>{t.providers[provider] ?? provider}</Tag>;
}

/** The handover statistics of a flight (handovers and what they paid, $). */
export function FlightStatsContent({ flightId, isEnabled }: { flightId: number; isEnabled: boolean }) {
  const stats = useFlightStats(flightId, isEnabled);
  if (stats.isError) return <Typography.Text type="danger">{readErrorMessage(stats.error)}</Typography.Text>;
  return (
    <Spin spinning={stats.isLoading} size="small">
      <Descriptions size="small" column={1} style={{ minWidth: 200 }} data-testid={`flight-stats-${flightId}`}>
        <Descriptions.Item label={t.handovers}>{stats.data?.count ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t.paid}>{stats.data ? formatAmount(stats.data.sum, '$') : '—'}</Descriptions.Item>
      </Descriptions>
    </Spin>
  );
}

/** The same figures as rows of the detail page's money card. */
export function useFlightStatsRows(flightId: number) {
  const stats = useFlightStats(flightId, true);
  const value = (text: string) => (stats.isLoading ? <Spin size="small" /> : stats.isError ? '—' : text);
  return [
    { key: 'handovers', label: t.handovers, children: value(String(stats.data?.count ?? '—')) },
    { key: 'paid', label: t.paid, children: value(stats.data ? formatAmount(stats.data.sum, '$') : '—') },
  ];
}

/** spec §2: package count; hovering (or focusing) it loads the handover statistics. */
export function FlightCountCell({ flightId, count }: { flightId: number; count: number }) {
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  return (
    <Popover
      title={t.statsTitle}
      trigger={['hover', 'focus']}
      open={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (open) setWasOpened(true);
      }}
      content={<FlightStatsContent flightId={flightId} isEnabled={wasOpened} />}
    >
      <Button type="link" size="small" style={{ padding: 0 }} data-testid={`flight-count-${flightId}`}>
        {count}
      </Button>
    </Popover>
  );
}

export function CompletionCell({ completed, count }: { completed: number; count: number }) {
  const percent = completionPercent(completed, count);
  return (
    <Tooltip title={`${completed} / ${count} (${percent}%)`}>
      <Progress
        percent={percent}
        size="small"
        status={percent === 100 ? 'success' : 'normal'}
        format={() => <span style={{ fontSize: 12 }}>{completed}/{count}</span>}
        style={{ margin: 0, minWidth: 100 }}
      />
    </Tooltip>
  );
}

/** spec §2: dimensional weight, computed on demand ("Hesabla"). */
export function VolumeCell({ flightId, initial }: { flightId: number; initial?: number | null }) {
  const [isAsked, setAsked] = useState(false);
  const volume = useFlightVolume(flightId, isAsked);
  if (volume.data) {
    return (
      <Tooltip title={fill(t.calculated, { W: formatAmount(volume.data.weight), N: volume.data.count })}>
        <Typography.Text strong data-testid={`flight-volume-${flightId}`}>{formatAmount(volume.data.weight)}</Typography.Text>
      </Tooltip>
    );
  }
  if (initial !== null && initial !== undefined && !isAsked) {
    return (
      <span>
        {formatAmount(initial)}{' '}
        <Button size="small" type="text" icon={<CalculatorOutlined />} aria-label={t.calculate} onClick={() => setAsked(true)} />
      </span>
    );
  }
  return (
    <Tooltip title={volume.isError ? readErrorMessage(volume.error) : undefined}>
      <Button
        size="small"
        icon={<CalculatorOutlined />}
        loading={volume.isFetching}
        danger={volume.isError}
        onClick={() => (volume.isError ? void volume.refetch() : setAsked(true))}
        data-testid={`flight-calculate-${flightId}`}
      >
        {t.calculate}
      </Button>
    </Tooltip>
  );
}
