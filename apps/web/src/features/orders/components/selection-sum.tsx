import type { OrderRow } from '@app/contract/orders';
import { azOrdersList as t } from '@app/contract/texts/az-orders';
import { Typography } from 'antd';
import { CURRENCY_SIGNS, sumSelection } from '../model/selection-sum';

/** spec §2 toolbar: the sum of the selected orders, ₺ and $ apart (model/selection-sum). */
export function SelectionSum({ rows }: { rows: readonly OrderRow[] }) {
  const sums = sumSelection(rows);
  if (sums.length === 0) return null;
  return (
    <Typography.Text title={t.selectionSumHint} data-testid="orders-selection-sum" style={{ whiteSpace: 'nowrap' }}>
      {`${t.selectionSum}: `}
      {sums.map((sum, index) => (
        <strong key={sum.currency} data-testid={`orders-selection-sum-${sum.currency}`}>
          {index > 0 ? ' · ' : ''}{`${sum.amount} ${CURRENCY_SIGNS[sum.currency]}`}
        </strong>
      ))}
    </Typography.Text>
  );
}
