import { MONTH_FORMAT } from '@app/contract/common-constants';
import { az } from '@app/contract/texts/az';
import { azStatistics } from '@app/contract/texts/az-statistics';
import type { GoldenTenReply, GoldenTenRow } from '@app/contract/users';
import { Card, Col, DatePicker, Row, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { ShareBars } from '../../../shared/charts/share-bars';
import { formatChartValue } from '../../../shared/charts/chart-model';
import { STAT_API, useStatAggregate } from '../api';
import { StatFigures } from '../components/stat-figures';
import { StatisticsFrame } from '../components/statistics-frame';
import { officeNow } from '../model/stat-query';

const MEDALS = ['gold', '#b0b0b0', '#cd7f32'];
const t = azStatistics.screens;

/**
 * statistics/qizil-onluq ('golden ten', on the statistics page frame): the ten customers with the
 * highest delivery spend in a chosen month; their spend as shares (bars) beside the table, each
 * customer opening their page.
 */
export function GoldenTenPage() {
  const [params, setParams] = useSearchParams();
  const chosen = dayjs(params.get('month') ?? '', MONTH_FORMAT, true);
  // the office's month (Asia/Baku), not the browser's: on the 1st at 01:00 in Baku a browser in Europe is still in last month
  const month = (chosen.isValid() ? chosen : officeNow()).format(MONTH_FORMAT);
  const query = useStatAggregate<GoldenTenReply>(`${STAT_API}/qizilonluq`, { month });
  const rows = query.data?.data ?? [];
  const spend = rows.reduce((a, r) => a + r.qizilonluq, 0);
  const u = az.users;
  return (
    <StatisticsFrame title={u.goldenTen} testId="golden-ten" error={query.error}
      filters={<>
        <Typography.Text>{az.usersUi.pickMonth}</Typography.Text>
        <DatePicker picker="month" format={MONTH_FORMAT} allowClear={false} value={dayjs(month, MONTH_FORMAT)}
          disabledDate={(day) => day.isAfter(officeNow(), 'month')} data-testid="golden-ten-month"
          onChange={(next) => next && setParams({ month: next.format(MONTH_FORMAT) }, { replace: true })} />
      </>}>
      <Typography.Paragraph type="secondary">{az.usersUi.goldenTenHint}</Typography.Paragraph>
      <StatFigures isLoading={query.isLoading} figures={[
        { key: 'spend', label: u.deliveryPrice, value: spend, format: 'amount', unit: '$' },
        { key: 'quantity', label: u.quantity, value: rows.reduce((a, r) => a + r.quantity, 0) },
      ]} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          <Card size="small" title={u.deliveryPrice}>
            <ShareBars title={u.goldenTen} format="amount" unit="$" testId="golden-ten-shares"
              items={rows.map((r) => ({ key: String(r.id), label: `${r.rank}. ${r.user_name}`, value: r.qizilonluq }))} />
          </Card>
        </Col>
        <Col xs={24} xl={15}>
          <Table<GoldenTenRow> size="small" rowKey={(row) => row.id} loading={query.isLoading} pagination={false} dataSource={rows}
            locale={{ emptyText: t.empty }} scroll={{ x: 560 }}
            columns={[
              { key: 'rank', title: u.rank, width: 60, render: (_, row) => <Tag color={MEDALS[row.rank - 1]}>{row.rank}</Tag> },
              { key: 'user', title: az.usersUi.customer, render: (_, row) => <Link to={`/@next/users/${row.id}`}>{`${row.code ?? ''} ${row.user_name}`.trim()}</Link> },
              { key: 'delivery', title: u.deliveryPrice, align: 'right', render: (_, row) => formatChartValue(row.qizilonluq, 'amount', '$') },
              { key: 'quantity', title: u.quantity, align: 'right', dataIndex: 'quantity' },
              { key: 'weight', title: u.weight, align: 'right', render: (_, row) => row.weight === null ? '—' : formatChartValue(Number(row.weight), 'amount') },
            ]} />
        </Col>
      </Row>
    </StatisticsFrame>
  );
}
