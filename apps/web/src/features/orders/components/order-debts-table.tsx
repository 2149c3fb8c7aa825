import { fromUnits, toUnits } from '@app/contract/declaration-workflow';
import { ORDER_DEBT_STATUS, type OrderDebtRow } from '@app/contract/orders';
import { azOrdersDetail as t } from '@app/contract/texts/az-orders';
import { Table, Tag, Typography } from 'antd';
import { formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';

const STATUS_COLORS: Record<number, string> = { [ORDER_DEBT_STATUS.open]: 'orange', [ORDER_DEBT_STATUS.settled]: 'green', [ORDER_DEBT_STATUS.cancelled]: 'default' };

/** Σ of the lines' differences (exact; numbers from the wire are cents-precise). */
export function sumDebtDifferences(lines: readonly Pick<OrderDebtRow, 'diff_amount'>[]): string {
  return fromUnits(lines.reduce((sum, line) => sum + toUnits(String(line.diff_amount)), 0n));
}

/**
 * spec §3 "detailedDebts": one line per change of a priced field after payment — parameter, amount
 * current / difference (service percent included), status, description, date — and their sum.
 */
export function OrderDebtsTable({ debts, sign }: { debts: readonly OrderDebtRow[]; sign: string }) {
  return (
    <Table<OrderDebtRow>
      size="small"
      rowKey="id"
      dataSource={[...debts]}
      pagination={false}
      locale={{ emptyText: t.noDebts }}
      data-testid="order-debts"
      columns={[
        { key: 'params', title: t.debtParam, render: (_, line) => t.debtParams[line.params] ?? line.params },
        {
          key: 'amounts',
          title: `${t.debtCurrent} / ${t.debtDifference}`,
          render: (_, line) => (
            <span>
              {formatAmount(line.current_amount, sign)} /{' '}
              <Typography.Text type={line.diff_amount > 0 ? 'danger' : 'success'}>
                {line.diff_amount > 0 ? '+' : ''}{formatAmount(line.diff_amount, sign)}
              </Typography.Text>
            </span>
          ),
        },
        { key: 'state', title: t.debtStatus, render: (_, line) => <Tag color={STATUS_COLORS[line.state_id] ?? 'default'}>{line.state_name}</Tag> },
        { key: 'descr', title: t.debtDescr, render: (_, line) => line.descr || '—' },
        { key: 'date', title: t.debtDate, render: (_, line) => formatDateTime(line.created_at) },
      ]}
      summary={(lines) => lines.length === 0 ? null : (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}><Typography.Text strong>{t.debtSum}</Typography.Text></Table.Summary.Cell>
          <Table.Summary.Cell index={1} colSpan={4}>
            <Typography.Text strong data-testid="order-debts-sum">{formatAmount(sumDebtDifferences(lines), sign)}</Typography.Text>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
