import { Button, Card } from 'antd';
import { useSearchParams } from 'react-router';
import { ChartView, ChartViewToggle, type ChartCellContext, type ChartViewMode } from '../../../shared/charts/chart-view';
import { formatChartValue, type ChartData, type ChartValueFormat } from '../../../shared/charts/chart-model';
import { WidgetState } from '../../../shared/charts/widget-state';
import { bucketSpan, onlyDaysWithFigures } from '../model/day-series';

export interface StatChartCardProps {
  title: string;
  data: ChartData;
  kind?: 'line' | 'bar';
  format?: ChartValueFormat;
  unit?: string;
  xLabel?: string;
  isLoading: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** A number of the table view opens the rows behind it; absent for a cell without rows. */
  onOpenCell?: (context: ChartCellContext) => void;
  canOpenCell?: (context: ChartCellContext) => boolean;
  /**
   * A long range's per-day chart is summed by week or month (buildDaySeries): a bucket's number
   * opens the drill-down of its days through this; without it the buckets are plain numbers.
   */
  onOpenSpan?: (context: ChartCellContext, span: { from: string; to: string }) => void;
  /** The range's first and last day, to cut the first and last bucket's span. */
  range?: { from: string; to: string };
  testId?: string;
}

/**
 * The page's chart with its table view (the shared kit): the view is kept in the URL (?view=table)
 * so a page opened for its numbers stays in the table; each number of the table is a button that
 * opens the rows behind it, and so does a click on its bar or point in the chart (the drill-down of
 * that day or category, and of the series under the cursor when stacked; null: the whole column).
 */
export function StatChartCard({ title, data, kind = 'bar', format = 'count', unit = '', xLabel, isLoading, error, onRetry, onOpenCell: onOpenDay, canOpenCell, onOpenSpan, range, testId = 'stat-chart' }: StatChartCardProps) {
  const bucketSpanOf = (x: string) => bucketSpan(x, data.bucket ?? 'day', range?.from ?? '0000-01-01', range?.to ?? '9999-12-31');
  const [search, setSearch] = useSearchParams();
  const view: ChartViewMode = search.get('view') === 'table' ? 'table' : 'chart';
  const setView = (next: ChartViewMode) => setSearch((prev) => {
    const params = new URLSearchParams(prev);
    if (next === 'table') params.set('view', 'table'); else params.delete('view');
    return params;
  }, { replace: true });
  // the table is for reading numbers: days (weeks, months) with nothing are left out and the newest comes first
  const shown = view === 'table' && (data.xKind === 'date' || data.bucket) ? onlyDaysWithFigures(data) : data;
  // a week's or month's bar opens its days when the page can narrow its drill-down to a span, else nothing
  const onOpenCell = data.bucket ? (onOpenSpan ? (context: ChartCellContext) => onOpenSpan(context, bucketSpanOf(context.x)) : undefined) : onOpenDay;
  const renderValue = (value: number, context: ChartCellContext) => {
    const text = formatChartValue(value, format, unit);
    if (!onOpenCell || value === 0 || (canOpenCell && !canOpenCell({ ...context, index: shown === data ? context.index : data.x.indexOf(context.x) }))) return text;
    return (
      <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => onOpenCell({ ...context, index: shown === data ? context.index : data.x.indexOf(context.x) })}
        data-testid={`stat-cell-${context.seriesKey ?? 'total'}-${context.x}`}>{text}</Button>
    );
  };
  return (
    <Card size="small" title={title} extra={<ChartViewToggle value={view} onChange={setView} testId={`${testId}-view`} />}>
      <WidgetState isLoading={isLoading} error={error} onRetry={onRetry} rows={6}>
        <ChartView data={shown} title={title} kind={kind} format={format} unit={unit} xLabel={xLabel} view={view} hideToggle
          renderValue={renderValue} testId={testId}
          onPick={onOpenCell ? (index, seriesKey) => onOpenCell({ seriesKey, x: data.x[index]!, index }) : undefined}
          canPick={canOpenCell ? (index, seriesKey) => canOpenCell({ seriesKey, x: data.x[index]!, index }) : undefined} />
      </WidgetState>
    </Card>
  );
}
