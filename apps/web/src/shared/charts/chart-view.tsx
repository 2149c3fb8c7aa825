import { azStatistics } from '@app/contract/texts/az-statistics';
import { Segmented, Skeleton, Table, type TableColumnType } from 'antd';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import {
  buildChartTableRows, formatChartValue, formatDataX, isChartEmpty, seriesColor, sumSeries,
  type ChartData, type ChartTableRow, type ChartValueFormat,
} from './chart-model';
import { WidgetState } from './widget-state';

const t = azStatistics.charts;

// uPlot is in this chunk only: the statistics routes load it when a chart is first shown.
const UplotChart = lazy(() => import('./uplot-chart'));

export type ChartViewMode = 'chart' | 'table';

export interface ChartCellContext {
  seriesKey: string | null;
  x: string;
  index: number;
}

export interface ChartViewProps {
  data: ChartData;
  /** Names the chart for screen readers and the table for everyone. */
  title: string;
  kind?: 'line' | 'bar';
  format?: ChartValueFormat;
  unit?: string;
  height?: number;
  /** The x column's header in the table view (default 'Gün' for days, 'Ad' for categories). */
  xLabel?: string;
  /** Table cells: e.g. a link to the list behind the number. `seriesKey` null is the row total. */
  renderValue?: (value: number, context: ChartCellContext) => ReactNode;
  /** A 'Cəmi' column when there are several series (default true). */
  showRowTotal?: boolean;
  /** Controlled view (e.g. kept in the URL); uncontrolled when left out. */
  view?: ChartViewMode;
  onViewChange?: (view: ChartViewMode) => void;
  defaultView?: ChartViewMode;
  /** Hide the toggle (the parent draws it, e.g. in a card's header, with ChartViewToggle). */
  hideToggle?: boolean;
  /**
   * A click on a bar or point opens the rows behind it (the same as its number's link in the table
   * view, which serves keyboard users): the point's index and series (null: a stacked column's
   * total). Points whose value is 0, or that `canPick` refuses, do not react.
   */
  onPick?: (index: number, seriesKey: string | null) => void;
  canPick?: (index: number, seriesKey: string | null) => boolean;
  testId?: string;
}

export function ChartViewToggle({ value, onChange, testId }: { value: ChartViewMode; onChange: (view: ChartViewMode) => void; testId?: string }) {
  return (
    <Segmented<ChartViewMode> size="small" value={value} aria-label={t.view} data-testid={testId}
      options={[{ value: 'chart', label: t.chart }, { value: 'table', label: t.table }]} onChange={onChange} />
  );
}

/** The first column's title: 'Gün', 'Həftə' or 'Ay' for days (summed by week / month on a long range), else 'Ad'. */
function defaultXLabel(data: ChartData): string {
  if (data.bucket === 'week') return t.week;
  if (data.bucket === 'month') return t.month;
  return data.xKind === 'date' ? t.day : t.name;
}

/** The table view of a chart: one row per day/category, a column per series, a 'Cəmi' row. */
export function ChartTable({ data, title, format = 'count', unit = '', xLabel, renderValue, showRowTotal = true, testId }: Omit<ChartViewProps, 'kind' | 'height' | 'view' | 'onViewChange' | 'defaultView' | 'hideToggle' | 'onPick' | 'canPick'>) {
  const rows = useMemo(() => buildChartTableRows(data), [data]);
  const sums = useMemo(() => sumSeries(data), [data]);
  const withTotal = showRowTotal && data.series.length > 1;
  const cell = (value: number, context: ChartCellContext) => (renderValue ? renderValue(value, context) : formatChartValue(value, format, unit));
  const columns: TableColumnType<ChartTableRow>[] = [
    { key: 'x', title: xLabel ?? defaultXLabel(data), render: (_: unknown, row) => formatDataX(data, row.x) },
    ...data.series.map((s, i): TableColumnType<ChartTableRow> => ({
      key: s.key,
      title: <span><span aria-hidden="true" style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 2, marginRight: 6, background: seriesColor(s, i) }} />{s.label}</span>,
      align: 'right',
      render: (_: unknown, row) => cell(row.values[s.key] ?? 0, { seriesKey: s.key, x: row.x, index: row.index }),
    })),
    ...(withTotal ? [{ key: '__total', title: t.total, align: 'right' as const, render: (_: unknown, row: ChartTableRow) => <b>{formatChartValue(row.total, format, unit)}</b> }] : []),
  ];
  const grand = Object.values(sums).reduce((a, b) => a + b, 0);
  return (
    <Table<ChartTableRow> size="small" rowKey="key" columns={columns} dataSource={rows} aria-label={title} data-testid={testId}
      locale={{ emptyText: t.empty }} scroll={{ x: 'max-content' }}
      pagination={rows.length > 15 ? { pageSize: 15, showSizeChanger: false, size: 'small' } : false}
      summary={() => (rows.length > 1 ? (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}><b>{t.total}</b></Table.Summary.Cell>
          {data.series.map((s, i) => <Table.Summary.Cell key={s.key} index={i + 1} align="right"><b>{formatChartValue(sums[s.key] ?? 0, format, unit)}</b></Table.Summary.Cell>)}
          {withTotal && <Table.Summary.Cell index={data.series.length + 1} align="right"><b>{formatChartValue(grand, format, unit)}</b></Table.Summary.Cell>}
        </Table.Summary.Row>
      ) : null)} />
  );
}

/**
 * A chart with its table view (issue 19 item 5): 'Qrafik' draws the series with uPlot (a lazy
 * chunk), 'Cədvəl' shows the same figures in a table. Line for trends; bar (stacked when several
 * series) for counts per day or per category. Empty data shows 'Məlumat tapılmadı'. With `onPick`
 * a bar or point is clickable: a pointer and a tooltip with its figures, a click opens its rows.
 */
export function ChartView(props: ChartViewProps) {
  const { data, title, kind = 'line', format = 'count', unit = '', height = 260, view, onViewChange, defaultView = 'chart', hideToggle = false, onPick, canPick, testId } = props;
  const [ownView, setOwnView] = useState<ChartViewMode>(defaultView);
  const current = view ?? ownView;
  const setView = (next: ChartViewMode) => {
    setOwnView(next);
    onViewChange?.(next);
  };
  const xLabel = props.xLabel ?? defaultXLabel(data);
  return (
    <div data-testid={testId}>
      {!hideToggle && (
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
          <ChartViewToggle value={current} onChange={setView} testId={testId ? `${testId}-view` : undefined} />
        </div>
      )}
      <WidgetState isLoading={false} isEmpty={isChartEmpty(data)}>
        {current === 'chart' ? (
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
            <UplotChart data={data} kind={kind} format={format} unit={unit} height={height} ariaLabel={t.chartOf.replace('{TITLE}', title)} xLabel={xLabel}
              onPick={onPick} canPick={canPick} />
          </Suspense>
        ) : (
          <ChartTable data={data} title={title} format={format} unit={unit} renderValue={props.renderValue} showRowTotal={props.showRowTotal}
            xLabel={xLabel} testId={testId ? `${testId}-table` : undefined} />
        )}
      </WidgetState>
    </div>
  );
}
