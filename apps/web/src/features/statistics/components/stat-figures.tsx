import { Button, Card, Col, Row, Statistic, Tooltip } from 'antd';
import { formatChartValue, type ChartValueFormat } from '../../../shared/charts/chart-model';

export interface StatFigure {
  key: string;
  label: string;
  value: number | null | undefined;
  format?: ChartValueFormat;
  unit?: string;
  /** Opens the rows behind the figure (its drill-down); a figure without rows is plain. */
  onOpen?: () => void;
  hint?: string;
}

/** The page's totals as cards; a figure with rows behind it is a button that opens them. */
export function StatFigures({ figures, isLoading }: { figures: StatFigure[]; isLoading?: boolean }) {
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }} data-testid="stat-figures">
      {figures.map((figure) => {
        // no value (its load failed): a dash, not a 0 that reads as "none" and opens empty rows
        const isKnown = figure.value !== null && figure.value !== undefined;
        const text = isLoading ? '…' : isKnown ? formatChartValue(figure.value ?? 0, figure.format ?? 'count', figure.unit) : '—';
        const value = figure.onOpen && !isLoading && isKnown
          ? <Button type="link" style={{ padding: 0, fontSize: 22, height: 'auto' }} onClick={figure.onOpen} data-testid={`stat-figure-${figure.key}`}>{text}</Button>
          : <span data-testid={`stat-figure-${figure.key}`}>{text}</span>;
        return (
          <Col xs={12} md={8} lg={6} key={figure.key}>
            <Card size="small">
              <Tooltip title={figure.hint}>
                <Statistic title={figure.label} valueRender={() => value} />
              </Tooltip>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
