import { azStatistics } from '@app/contract/texts/az-statistics';
import { Card, Table, Typography, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatChartValue } from '../../../shared/charts/chart-model';
import { WidgetState } from '../../../shared/charts/widget-state';
import { usePermittedLink } from '../components/use-permitted-link';


/** A number that opens the list it counts; 0, no list or a list the viewer may not open stays plain text. */
export function CountLink({ value, to, testId, format = 'count', unit = '' }: { value: number; to?: string; testId?: string; format?: 'count' | 'amount'; unit?: string }) {
  const text = formatChartValue(value, format, unit);
  const link = usePermittedLink()(to);
  if (!link || value === 0) return <span data-testid={testId}>{text}</span>;
  return <Link to={link} data-testid={testId}>{text}</Link>;
}

export interface WidgetCardProps {
  title: string;
  testId: string;
  query: { isLoading: boolean; error: unknown; refetch: () => unknown };
  isEmpty?: boolean;
  extra?: ReactNode;
  rows?: number;
  children: ReactNode;
}

/** A landing widget: its title, its own loading skeleton, error with retry and 'Məlumat tapılmadı'. */
export function WidgetCard({ title, testId, query, isEmpty, extra, rows, children }: WidgetCardProps) {
  return (
    <Card size="small" title={title} extra={extra} data-testid={testId} style={{ height: '100%' }}>
      <WidgetState isLoading={query.isLoading} error={query.error} onRetry={() => void query.refetch()} isEmpty={isEmpty} rows={rows}>
        {children}
      </WidgetState>
    </Card>
  );
}

export interface KpiItem { key: string; label: string; value: number | null; to?: string; hint?: string }

/** The figures a manager reads first, each opening its list. */
export function KpiStrip({ items }: { items: KpiItem[] }) {
  return (
    // a grid, not a wrapping row: a figure that wraps keeps its column's width instead of filling a line alone
    <div data-testid="landing-kpis" style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))' }}>
      {items.map((item) => (
        <Card key={item.key} size="small" styles={{ body: { padding: '10px 12px' } }} data-testid={`kpi-${item.key}`}>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>{item.label}</Typography.Text>
          <div style={{ fontSize: 26, fontWeight: 600, lineHeight: 1.25, color: '#0A4755', fontVariantNumeric: 'tabular-nums' }}>
            {item.value === null ? '…' : <CountLink value={item.value} to={item.to} testId={`kpi-${item.key}-value`} />}
          </div>
          {item.hint && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{item.hint}</Typography.Text>}
        </Card>
      ))}
    </div>
  );
}

/** A small table of figures (money, customs steps) with a 'Cəmi' row when asked. */
export function FigureTable<Row extends { key: string }>({ rows, columns, testId, summary }: { rows: Row[]; columns: TableColumnType<Row>[]; testId: string; summary?: ReactNode }) {
  return (
    <Table<Row> size="small" rowKey="key" columns={columns} dataSource={rows} pagination={false} data-testid={testId}
      locale={{ emptyText: azStatistics.charts.empty }} scroll={{ x: 'max-content' }}
      summary={summary ? () => summary : undefined} />
  );
}
