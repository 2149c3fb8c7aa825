import { AZN_PER_USD } from '@app/contract/common-constants';
import { CURRENCY_SIGN } from '@app/contract/countries';
import type { DeclarationListRow } from '@app/contract/declarations';
import { az } from '@app/contract/texts/az';
import { Space, Typography } from 'antd';

/** Sum of decimal strings in hundredths, so the totals do not drift like float sums. */
function sumHundredths(values: (string | null)[]): number {
  return values.reduce((sum, value) => sum + Math.round(Number(value ?? 0) * 100), 0);
}

function toText(hundredths: number): string {
  return (hundredths / 100).toFixed(2);
}

/** spec §2: with a selection the toolbar shows the delivery total in $ and ₼ and the total weight. */
export function SelectionSummary({ rows }: { rows: DeclarationListRow[] }) {
  if (rows.length === 0) return null;
  const delivery = sumHundredths(rows.map((row) => row.delivery_price));
  const deliveryAzn = Math.round(delivery * Number(AZN_PER_USD));
  const weight = sumHundredths(rows.map((row) => row.weight));
  return (
    <Space size="middle" data-testid="selection-summary">
      <Typography.Text>
        {`${az.declarations.selectedDeliveryTotal}: ${toText(delivery)} ${CURRENCY_SIGN.USD} / ${toText(deliveryAzn)} ${CURRENCY_SIGN.AZN}`}
      </Typography.Text>
      <Typography.Text>{`${az.declarations.selectedWeightTotal}: ${toText(weight)}`}</Typography.Text>
    </Space>
  );
}
