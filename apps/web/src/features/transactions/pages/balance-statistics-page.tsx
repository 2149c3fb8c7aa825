import { ArrowLeftOutlined } from '@ant-design/icons';
import { DATE_FORMAT } from '@app/contract/common-constants';
import { azTransactions as t } from '@app/contract/texts/az-transactions';
import type { BalanceCountRow, TransactionRow } from '@app/contract/transactions';
import { Alert, Button, Card, Col, DatePicker, Flex, Row, Segmented, Spin, Statistic, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../shared/data-table/data-table';
import { formatCount } from '../../../shared/format/format-number';
import { readErrorMessage } from '../../../shared/http/http-error';
import { fetchBalanceCountRows, transactionKeys, useBalanceCounts } from '../api';
import { buildTransactionColumns } from '../components/transaction-columns';

const MAX_BAR_WIDTH = 200;
const CURRENCIES = ['USD', 'TRY'] as const;

/**
 * statistics/transactions/balances: the confirmed top-ups of the USD and TRY balances per day and
 * currency over a date range (statistics/by_balance_count), and the operations behind them.
 */
export function BalanceStatisticsPage() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(30, 'day').startOf('day'), dayjs().endOf('day')]);
  const [currency, setCurrency] = useState<(typeof CURRENCIES)[number]>('USD');
  const base = { start_date: range[0].format(DATE_FORMAT), end_date: range[1].format(DATE_FORMAT) };
  const counts = useBalanceCounts(base);
  const rows = counts.data?.data ?? [];
  const peak = Math.max(1, ...rows.filter((r) => r.currency === currency).map((r) => Number(r.amount_azn)));
  const fetchRows = useMemo(() => fetchBalanceCountRows({ ...base, currency }), [base.start_date, base.end_date, currency]); // eslint-disable-line react-hooks/exhaustive-deps
  const columns = useMemo(() => buildTransactionColumns({ statuses: [], paymentTypes: [], isLoading: false }).map(({ filter: _f, ...c }) => c), []);

  return (
    <Card size="small" data-testid="balance-statistics">
      <Flex wrap gap={12} justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Flex gap={8} align="center">
          <Link to="/@next/transactions"><Button icon={<ArrowLeftOutlined />} aria-label={t.back} /></Link>
          <Typography.Title level={4} style={{ margin: 0 }}>{t.statsTitle}</Typography.Title>
        </Flex>
        <DatePicker.RangePicker value={range} format={DATE_FORMAT} allowClear={false}
          onChange={(next) => next?.[0] && next[1] && setRange([next[0], next[1]])} />
      </Flex>
      {counts.isError && <Alert type="warning" showIcon title={readErrorMessage(counts.error)} />}
      <Spin spinning={counts.isLoading}>
        <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
          <Col xs={12} md={6}><Card size="small"><Statistic groupSeparator="" title={t.totalCount} value={counts.data?.total.transaction_count ?? 0} /></Card></Col>
          <Col xs={12} md={6}><Card size="small"><Statistic groupSeparator="" precision={2} title="USD" value={counts.data?.total.amount_usd ?? 0} suffix="USD" /></Card></Col>
          <Col xs={12} md={6}><Card size="small"><Statistic groupSeparator="" precision={2} title="TRY" value={counts.data?.total.amount_try ?? 0} suffix="TRY" /></Card></Col>
          <Col xs={12} md={6}><Card size="small"><Statistic groupSeparator="" precision={2} title="AZN" value={counts.data?.total.amount_azn ?? 0} suffix="AZN" /></Card></Col>
        </Row>
        <Segmented options={[...CURRENCIES]} value={currency} onChange={(v) => setCurrency(v as (typeof CURRENCIES)[number])} style={{ marginBottom: 8 }} />
        <Table<BalanceCountRow>
          size="small"
          rowKey={(r) => `${r.added_date}-${r.currency}`}
          pagination={{ pageSize: 31, hideOnSinglePage: true }}
          dataSource={rows.filter((r) => r.currency === currency)}
          locale={{ emptyText: 'Məlumat tapılmadı' }}
          columns={[
            { key: 'day', title: t.day, dataIndex: 'added_date', width: 120 },
            { key: 'count', title: t.count, width: 120, align: 'right', render: (_, r) => formatCount(r.transaction_count) },
            { key: 'amount', title: t.amount, width: 140, align: 'right', render: (_, r) => `${parseFloat(r.amount).toFixed(2)} ${r.currency}` },
            { key: 'azn', title: t.amountAzn, width: 140, align: 'right', render: (_, r) => parseFloat(r.amount_azn).toFixed(2) },
            { key: 'bar', title: '', render: (_, r) => (
              <div style={{ background: '#0A4755', height: 10, borderRadius: 2, width: Math.max(2, (Number(r.amount_azn) / peak) * MAX_BAR_WIDTH) }} />
            ) },
          ]}
        />
      </Spin>
      <Typography.Title level={5} style={{ marginTop: 16 }}>{`${t.rows}: ${currency}`}</Typography.Title>
      <DataTable<TransactionRow>
        tableId="balance-count-rows"
        columns={columns}
        queryKey={[...transactionKeys.balanceCountRows, base.start_date, base.end_date, currency]}
        fetchPage={fetchRows}
        rowKey={(row) => row.id}
        isSelectable={false}
        defaultSort={{ column: 'created_at', order: 'desc' }}
      />
    </Card>
  );
}
