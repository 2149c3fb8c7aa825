import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DailyPoint } from '../model/analytics';

/*
 * The analytics chart (uPlot, loaded only in this lazy chunk of the analytics route): income and
 * expense per day as bars on the left scale, the register's balance as a line on the right one.
 * A canvas says nothing to a screen reader: the page always offers the same figures as a table
 * (the chart's table view), and the canvas is labelled as an image of them.
 */

export interface ChartLabels { day: string; income: string; expense: string; balance: string; title: string }

const COLORS = { income: '#3f8600', expense: '#cf1322', balance: '#0A4755' };
const HEIGHT = 320;

export default function CashflowChart({ points, labels, currency }: { points: DailyPoint[]; labels: ChartLabels; currency: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return undefined;
    const xs = points.map((p) => Math.floor(new Date(`${p.date}T12:00:00`).getTime() / 1000));
    const bars = uPlot.paths.bars?.({ size: [0.35, 18], align: 0 });
    const money = (v: number | null) => (v === null || v === undefined ? '—' : `${v.toFixed(2)} ${currency}`);
    const chart = new uPlot({
      width: Math.max(320, el.clientWidth),
      height: HEIGHT,
      scales: { x: { time: true }, money: {}, balance: {} },
      legend: { live: true },
      series: [
        { label: labels.day, value: (_u, v) => (v === null ? '—' : new Date(v * 1000).toISOString().slice(0, 10)) },
        { label: labels.income, scale: 'money', stroke: COLORS.income, fill: `${COLORS.income}99`, paths: bars, points: { show: false }, value: (_u, v) => money(v) },
        { label: labels.expense, scale: 'money', stroke: COLORS.expense, fill: `${COLORS.expense}99`, paths: bars, points: { show: false }, value: (_u, v) => money(v) },
        { label: labels.balance, scale: 'balance', stroke: COLORS.balance, width: 2, points: { show: false }, value: (_u, v) => money(v) },
      ],
      axes: [
        {},
        { scale: 'money', size: 70, values: (_u, vals) => vals.map((v) => v.toLocaleString('az')) },
        { scale: 'balance', side: 1, size: 80, grid: { show: false }, stroke: COLORS.balance, values: (_u, vals) => vals.map((v) => v.toLocaleString('az')) },
      ],
    }, [xs, points.map((p) => p.income), points.map((p) => p.expense), points.map((p) => p.balance)], el);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(320, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points, labels, currency]);
  return <div ref={host} role="img" aria-label={labels.title} data-testid="cashflow-chart" style={{ width: '100%' }} />;
}
