import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatAxisDay, formatChartValue, formatChartX, seriesColor, stackValues, type ChartData, type ChartValueFormat } from './chart-model';

/*
 * The chart kit's canvas (uPlot). Only this file imports uPlot, and the kit loads it with
 * React.lazy, so uPlot is a chunk of its own that the statistics routes load and the login and
 * list pages never do. The x axis is the points' index (days or categories), labelled by the kit,
 * so days and categories share one code path. A canvas says nothing to a screen reader: the kit
 * always offers the same figures as a table, and the canvas is labelled as an image of them.
 */

export interface UplotChartProps {
  data: ChartData;
  kind: 'line' | 'bar';
  format: ChartValueFormat;
  unit?: string;
  height: number;
  ariaLabel: string;
  xLabel: string;
}

const MIN_WIDTH = 280;

export default function UplotChart({ data, kind, format, unit = '', height, ariaLabel, xLabel }: UplotChartProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return undefined;
    const xs = data.x.map((_, i) => i);
    const isBar = kind === 'bar';
    // Bars stack: each series is drawn at its running total, the highest first (see stackValues).
    const drawn = isBar ? stackValues(data.series) : data.series.map((s) => s.values);
    const order = isBar ? data.series.map((_, i) => data.series.length - 1 - i) : data.series.map((_, i) => i);
    const bars = uPlot.paths.bars?.({ size: [0.7, 48], align: 0 });
    const spansYears = data.xKind === 'date' && data.x.length > 0 && data.x[0]!.slice(0, 4) !== data.x.at(-1)!.slice(0, 4);
    const xText = (i: number | null | undefined) => {
      if (i === null || i === undefined || !Number.isInteger(i)) return '';
      const x = data.x[i];
      if (x === undefined) return '';
      return data.xKind === 'date' ? formatAxisDay(x, spansYears) : x;
    };
    const opts: uPlot.Options = {
      width: Math.max(MIN_WIDTH, el.clientWidth),
      height,
      scales: {
        x: { time: false, range: () => [-0.5, Math.max(0.5, data.x.length - 0.5)] },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.08 : 1] },
      },
      legend: { live: true },
      cursor: { points: { show: !isBar } },
      series: [
        { label: xLabel, value: (_u, i) => (i === null || !Number.isInteger(i) || data.x[i] === undefined ? '—' : formatChartX(data.x[i], data.xKind)) },
        ...order.map((si) => {
          const s = data.series[si]!;
          const color = seriesColor(s, si);
          return {
            label: s.label,
            stroke: color,
            width: isBar ? 1 : 2,
            fill: isBar ? color : undefined,
            paths: isBar ? bars : undefined,
            points: { show: !isBar && data.x.length <= 62, size: 5, fill: color },
            // The legend (the hover tooltip) shows the series' own value, not the stacked height.
            value: (_u: uPlot, _v: number | null, _seriesIdx: number, idx: number | null) =>
              (idx === null ? '—' : formatChartValue(s.values[idx] ?? 0, format, unit)),
          } satisfies uPlot.Series;
        }),
      ],
      axes: [
        {
          incrs: [1, 2, 3, 5, 7, 10, 14, 15, 30, 31, 60, 90, 182, 365],
          space: data.xKind === 'date' ? 56 : 40,
          values: (_u, splits) => splits.map((i) => xText(i)),
          grid: { show: false },
        },
        {
          size: format === 'amount' ? 80 : 56,
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) || format === 'amount' ? formatChartValue(v, format) : '')),
          grid: { stroke: '#f0f0f0' },
        },
      ],
    };
    const chart = new uPlot(opts, [xs, ...order.map((si) => drawn[si]!)], el);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(MIN_WIDTH, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [data, kind, format, unit, height, xLabel]);
  return <div ref={host} role="img" aria-label={ariaLabel} data-testid="uplot-chart" style={{ width: '100%' }} />;
}
