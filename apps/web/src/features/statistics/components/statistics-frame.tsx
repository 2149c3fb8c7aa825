import { ArrowLeftOutlined } from '@ant-design/icons';
import { azStatistics } from '@app/contract/texts/az-statistics';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { canOpenPath } from '../../../app/navigation';
import type { DateRangeValue } from '../../../shared/data-table/date-range';
import { readErrorMessage } from '../../../shared/http/http-error';
import { STATISTICS_INDEX_PATH } from '../model/stat-pages';
import { StatRangePicker } from './stat-range-picker';

const t = azStatistics.screens;

export interface StatisticsFrameProps {
  title: string;
  testId: string;
  range?: DateRangeValue;
  onRangeChange?: (next: DateRangeValue) => void;
  /** The page's own filters (country, status, admin, branch…). */
  filters?: ReactNode;
  /** A note above the figures (the couriers' 'not built yet'). */
  notice?: ReactNode;
  error?: unknown;
  children: ReactNode;
}

/**
 * The common frame of every statistics page: a way back to the index, the title, the date range
 * (the data table's presets), the page's filters, then its figures (chart with table view,
 * drill-down) as children.
 */
export function StatisticsFrame({ title, testId, range, onRangeChange, filters, notice, error, children }: StatisticsFrameProps) {
  const { user } = useAuth();
  // a branch partner opens only its branch page: no way back to an index it may not open
  const canOpenIndex = !user || canOpenPath(user, STATISTICS_INDEX_PATH.replace('/@next/', '')) !== false;
  return (
    <Card size="small" data-testid={testId} styles={{ body: { padding: 12 } }}>
      <Flex wrap gap={12} justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Flex gap={8} align="center">
          {canOpenIndex && <Link to={STATISTICS_INDEX_PATH}><Button icon={<ArrowLeftOutlined />} aria-label={t.backToIndex} title={t.backToIndex} /></Link>}
          <Typography.Title level={4} style={{ margin: 0 }}>{title}</Typography.Title>
        </Flex>
        <Flex wrap gap={8} align="center">
          {filters}
          {range && onRangeChange && <StatRangePicker value={range} onChange={onRangeChange} />}
        </Flex>
      </Flex>
      {notice}
      {error ? <Alert type="warning" showIcon title={readErrorMessage(error)} style={{ marginBottom: 12 }} /> : null}
      {children}
    </Card>
  );
}
