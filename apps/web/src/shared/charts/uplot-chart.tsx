import { azStatistics } from '@app/contract/texts/az-statistics';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import {
  axisKindOf, chooseXTicks, estimateLabelWidth, formatChartValue, formatDataX, formatPointTitle, pickedValue, pickSeriesAt, seriesColor, stackValues,
  type ChartData, type ChartValueFormat,
} from './chart-model';

/*
 * The chart kit's canvas (uPlot). Only this file imports uPlot, and the kit loads it with
 * React.lazy, so uPlot is a chunk of its own that the statistics routes load and the login and
 * list pages never do. The x axis is the points' index (days or categories), labelled by the kit,
 * so days and categories share one code path. A canvas says nothing to a screen reader: the kit
 * always offers the same figures as a table, and the canvas is labelled as an image of them.
 * Hovering a point shows a tooltip with its figures; a point with rows behind it shows a pointer,
 * and a click hands it (its index and series) to `onPick`.
 */

export interface ChartPick {
  index: number;
  seriesKey: string | null;
}

export interface UplotChartProps {
  data: ChartData;
  kind: 'line' | 'bar';
  format: ChartValueFormat;
  unit?: string;
  height: number;
  ariaLabel: string;
  xLabel: string;
  /** A click on a point that has rows behind it (its value is not 0 and `canPick` allows it). */
  onPick?: (index: number, seriesKey: string | null) => void;
  canPick?: (index: number, seriesKey: string | null) => boolean;
}

const MIN_WIDTH = 280;
const t = azStatistics.charts;
/** uPlot's axis font (uPlot.min.css and its default axis font): labels are measured in it. */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

let measureContext: CanvasRenderingContext2D | null | undefined;
/** A label's width in css px (its longest line), measured on a canvas; the estimate where there is none. */
function measureLabel(label: string): number {
  if (measureContext === undefined) {
    measureContext = document.createElement('canvas').getContext('2d');
    if (measureContext) measureContext.font = AXIS_FONT;
  }
  const context = measureContext;
  if (!context) return estimateLabelWidth(label);
  return Math.max(...label.split('\n').map((line) => context.measureText(line).width));
}

/** A series' line of the tooltip; the picked one (what a click opens) is marked, and bold among several. */
function tooltipRow(color: string, label: string, value: string, isPicked: boolean, isBold: boolean): HTMLDivElement {
  const row = document.createElement('div');
  row.style.cssText = `display:flex;gap:8px;align-items:center;white-space:nowrap;${isBold ? 'font-weight:600;' : ''}`;
  if (isPicked) row.dataset.picked = 'true';
  const swatch = document.createElement('span');
  swatch.style.cssText = `display:inline-block;width:8px;height:8px;border-radius:2px;background:${color}`;
  const name = document.createElement('span');
  name.textContent = label;
  name.style.flex = '1';
  const figure = document.createElement('span');
  figure.textContent = value;
  figure.style.cssText = 'font-variant-numeric:tabular-nums;margin-left:12px';
  row.append(swatch, name, figure);
  return row;
}

export default function UplotChart({ data, kind, format, unit = '', height, ariaLabel, xLabel, onPick, canPick }: UplotChartProps) {
  const host = useRef<HTMLDivElement>(null);
  // the handlers change on every render of the parent: the chart reads the latest without being rebuilt
  const pickRef = useRef({ onPick, canPick });
  useEffect(() => {
    pickRef.current = { onPick, canPick };
  }, [onPick, canPick]);
  const isPickable = Boolean(onPick);
  useEffect(() => {
    const el = host.current;
    if (!el) return undefined;
    const xs = data.x.map((_, i) => i);
    const isBar = kind === 'bar';
    // Bars stack: each series is drawn at its running total, the highest first (see stackValues).
    // A bar of height 0 is left out (null), or its outline would draw a stray line on the axis.
    const drawn: (number | null)[][] = isBar ? stackValues(data.series).map((values) => values.map((v) => (v === 0 ? null : v))) : data.series.map((s) => s.values);
    const order = isBar ? data.series.map((_, i) => data.series.length - 1 - i) : data.series.map((_, i) => i);
    const bars = uPlot.paths.bars?.({ size: [0.7, 48], align: 0 });
    const withYears = axisKindOf(data) !== 'category' && data.x.length > 0 && data.x[0]!.slice(0, 4) !== data.x.at(-1)!.slice(0, 4);
    // the axis' labels by point index, chosen for the plot's width at each redraw (see chooseXTicks)
    let tickLabels = new Map<number, string>();

    const tooltip = document.createElement('div');
    tooltip.setAttribute('aria-hidden', 'true');
    tooltip.dataset.testid = 'chart-tooltip';
    tooltip.style.cssText = 'position:absolute;z-index:10;pointer-events:none;display:none;background:#fff;border:1px solid #d9d9d9;'
      + 'border-radius:6px;box-shadow:0 3px 6px -4px rgba(0,0,0,.12),0 6px 16px rgba(0,0,0,.08);padding:6px 10px;font-size:12px;line-height:1.6;color:rgba(0,0,0,.88)';

    /** The point and series under the plot position (css px inside the plot), or null off the points. */
    const pickAt = (u: uPlot, left: number, top: number): ChartPick | null => {
      if (left < 0 || top < 0) return null;
      const index = u.posToIdx(left);
      if (!Number.isInteger(index) || index < 0 || index >= data.x.length) return null;
      return { index, seriesKey: pickSeriesAt(data, kind, index, u.posToVal(top, 'y')) };
    };
    const opens = (pick: ChartPick | null): pick is ChartPick => {
      const { onPick: handler, canPick: allow } = pickRef.current;
      if (!pick || !handler || pickedValue(data, pick.index, pick.seriesKey) === 0) return false;
      return !allow || allow(pick.index, pick.seriesKey);
    };

    const showTooltip = (u: uPlot) => {
      const { left = -1, top = -1, idx } = u.cursor;
      const pick = idx === null || idx === undefined ? null : pickAt(u, left, top);
      const willOpen = opens(pick);
      u.over.style.cursor = willOpen ? 'pointer' : '';
      if (!pick) {
        tooltip.style.display = 'none';
        return;
      }
      tooltip.replaceChildren();
      const head = document.createElement('div');
      head.style.fontWeight = '600';
      head.textContent = formatPointTitle(data, pick.index);
      tooltip.append(head);
      // in the order drawn: a stack's top band first, as the legend
      order.forEach((si) => {
        const s = data.series[si]!;
        const isPicked = s.key === pick.seriesKey;
        tooltip.append(tooltipRow(seriesColor(s, si), s.label, formatChartValue(s.values[pick.index] ?? 0, format, unit), isPicked, isPicked && data.series.length > 1));
      });
      if (isBar && data.series.length > 1) tooltip.append(tooltipRow('transparent', t.total, formatChartValue(pickedValue(data, pick.index, null), format, unit), pick.seriesKey === null, pick.seriesKey === null));
      if (willOpen) {
        const hint = document.createElement('div');
        hint.style.cssText = 'color:rgba(0,0,0,.45);margin-top:2px';
        hint.dataset.opens = 'true';
        hint.textContent = t.pickHint;
        tooltip.append(hint);
      }
      tooltip.style.display = 'block';
      // beside the cursor, on the side with room
      const plotWidth = u.over.clientWidth;
      const boxWidth = tooltip.offsetWidth;
      const x = left + 14 + boxWidth > plotWidth ? Math.max(0, left - 14 - boxWidth) : left + 14;
      const y = Math.max(0, Math.min(top - 10, u.over.clientHeight - tooltip.offsetHeight));
      tooltip.style.left = `${x}px`;
      tooltip.style.top = `${y}px`;
    };

    const opts: uPlot.Options = {
      width: Math.max(MIN_WIDTH, el.clientWidth),
      height,
      scales: {
        x: { time: false, range: () => [-0.5, Math.max(0.5, data.x.length - 0.5)] },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.08 : 1] },
      },
      // the legend names the series; the figures are in the tooltip
      legend: { live: false },
      cursor: { points: { show: !isBar }, drag: { x: false, y: false } },
      series: [
        { label: xLabel, value: (_u, i) => (i === null || !Number.isInteger(i) || data.x[i] === undefined ? '—' : formatDataX(data, data.x[i])) },
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
            value: (_u: uPlot, _v: number | null, _seriesIdx: number, idx: number | null) =>
              (idx === null ? '—' : formatChartValue(s.values[idx] ?? 0, format, unit)),
          } satisfies uPlot.Series;
        }),
      ],
      axes: [
        {
          // ticks where chooseXTicks put labels: every day, weekly, or month starts ('Yan', 'Fev') on long ranges
          splits: (u) => {
            const plotWidth = u.bbox.width > 0 ? u.bbox.width / uPlot.pxRatio : Math.max(MIN_WIDTH, el.clientWidth) - 60;
            const ticks = chooseXTicks(data, plotWidth, measureLabel);
            tickLabels = new Map(ticks.map((tick) => [tick.index, tick.label]));
            return ticks.map((tick) => tick.index);
          },
          values: (_u, splits) => splits.map((i) => tickLabels.get(i) ?? ''),
          size: withYears ? 60 : 44,
          grid: { show: false },
        },
        {
          size: format === 'amount' ? 80 : 56,
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) || format === 'amount' ? formatChartValue(v, format) : '')),
          grid: { stroke: '#f0f0f0' },
        },
      ],
      hooks: {
        setCursor: [showTooltip],
      },
    };
    const chart = new uPlot(opts, [xs, ...order.map((si) => drawn[si]!)], el);
    chart.over.append(tooltip);
    const hide = () => {
      tooltip.style.display = 'none';
    };
    const click = (event: MouseEvent) => {
      const rect = chart.over.getBoundingClientRect();
      const pick = pickAt(chart, event.clientX - rect.left, event.clientY - rect.top);
      if (opens(pick)) pickRef.current.onPick?.(pick.index, pick.seriesKey);
    };
    chart.over.addEventListener('mouseleave', hide);
    chart.over.addEventListener('click', click);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(MIN_WIDTH, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.over.removeEventListener('mouseleave', hide);
      chart.over.removeEventListener('click', click);
      chart.destroy();
    };
  }, [data, kind, format, unit, height, xLabel]);
  return <div ref={host} role="img" aria-label={ariaLabel} data-testid="uplot-chart" data-pickable={isPickable ? 'true' : undefined} style={{ width: '100%' }} />;
}
