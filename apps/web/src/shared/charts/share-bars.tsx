import { azStatistics } from '@app/contract/texts/az-statistics';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatChartShare, formatChartValue, seriesColor, sharesOf, type ChartValueFormat, type ShareItem } from './chart-model';

const t = azStatistics.charts;

export interface ShareBarsProps {
  items: ShareItem[];
  title: string;
  format?: ChartValueFormat;
  unit?: string;
  /** The number as shown: e.g. a link to the list behind it. */
  renderValue?: (item: ShareItem) => ReactNode;
  /**
   * The list behind a row: its label and bar open it too (a bigger target than the number). The
   * number stays the keyboard's way there (renderValue's link, or a link to this when left out),
   * so the label's link is not a second tab stop.
   */
  linkOf?: (item: ShareItem) => string | undefined;
  /** One colour for every bar (default: the primary); `item.color` wins. */
  color?: string;
  testId?: string;
}

/**
 * Shares as a list of horizontal bars (no pie: lengths compare better than angles, and it is plain
 * HTML, so it needs no chart library and reads as a table to a screen reader): each row is a
 * label, its number and its share of the total, with a bar of that share's length.
 */
export function ShareBars({ items, title, format = 'count', unit = '', renderValue, linkOf, color, testId }: ShareBarsProps) {
  if (items.length === 0 || items.every((item) => item.value === 0)) {
    return <div data-testid={testId} style={{ color: 'rgba(0,0,0,0.45)', padding: '12px 0', textAlign: 'center' }}>{t.empty}</div>;
  }
  const shares = sharesOf(items);
  const max = Math.max(...items.map((item) => item.value));
  return (
    <table aria-label={title} data-testid={testId} style={{ width: '100%', borderCollapse: 'collapse' }}>
      <thead style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        <tr><th scope="col">{t.name}</th><th scope="col">{t.count}</th><th scope="col">{t.share}</th></tr>
      </thead>
      <tbody>
        {items.map((item, i) => {
          const to = item.value !== 0 ? linkOf?.(item) : undefined;
          const label = (
            <>
              <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={item.label}>{item.label}</div>
              <div aria-hidden="true" style={{ height: 6, marginTop: 2, background: '#f0f0f0', borderRadius: 3 }}>
                <div style={{ width: `${max > 0 ? (item.value / max) * 100 : 0}%`, height: '100%', borderRadius: 3, background: item.color ?? color ?? seriesColor({}, 0) }} />
              </div>
            </>
          );
          const figure = formatChartValue(item.value, format, unit);
          return (
          <tr key={item.key} data-testid={testId ? `${testId}-row` : undefined}>
            <th scope="row" style={{ fontWeight: 'normal', textAlign: 'left', padding: '3px 8px 3px 0', verticalAlign: 'middle', width: '40%' }}>
              {to ? <Link to={to} tabIndex={-1} style={{ display: 'block', color: 'inherit' }} data-testid={testId ? `${testId}-label-${item.key}` : undefined}>{label}</Link> : label}
            </th>
            <td style={{ textAlign: 'right', padding: '3px 8px', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {renderValue ? renderValue(item) : to ? <Link to={to}>{figure}</Link> : figure}
            </td>
            <td style={{ textAlign: 'right', padding: '3px 0', whiteSpace: 'nowrap', color: 'rgba(0,0,0,0.55)', width: 56, fontVariantNumeric: 'tabular-nums' }}>
              {formatChartShare(shares[i]!)}
            </td>
          </tr>
          );
        })}
      </tbody>
    </table>
  );
}
