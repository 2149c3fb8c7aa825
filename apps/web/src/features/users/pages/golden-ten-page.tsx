import { MONTH_FORMAT } from '@app/contract/common-constants';
import { az } from '@app/contract/texts/az';
import type { GoldenTenRow } from '@app/contract/users';
import { Alert, Card, DatePicker, Flex, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { formatAmount } from '../../../shared/format/format-number';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useGoldenTen } from '../api';

const MEDALS = ['gold', '#b0b0b0', '#cd7f32'];

/** statistics/qizil-onluq: the ten customers with the highest delivery spend in a chosen month. */
export function GoldenTenPage() {
  const [params, setParams] = useSearchParams();
  const chosen = dayjs(params.get('month') ?? '', MONTH_FORMAT, true);
  const month = (chosen.isValid() ? chosen : dayjs()).format(MONTH_FORMAT);
  const query = useGoldenTen(month);
  const t = az.users;

  return (
    <Card size="small" data-testid="golden-ten">
      <Flex wrap gap={12} justify="space-between" align="center" style={{ marginBottom: 4 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t.goldenTen}
        </Typography.Title>
        <Space>
          <Typography.Text>{az.usersUi.pickMonth}</Typography.Text>
          <DatePicker
            picker="month"
            format={MONTH_FORMAT}
            allowClear={false}
            value={dayjs(month, MONTH_FORMAT)}
            disabledDate={(day) => day.isAfter(dayjs(), 'month')}
            onChange={(next) => next && setParams({ month: next.format(MONTH_FORMAT) }, { replace: true })}
            data-testid="golden-ten-month"
          />
        </Space>
      </Flex>
      <Typography.Paragraph type="secondary">{az.usersUi.goldenTenHint}</Typography.Paragraph>
      {query.isError && <Alert type="warning" showIcon title={readErrorMessage(query.error)} />}
      <Table<GoldenTenRow>
        size="small"
        rowKey={(row) => row.id}
        loading={query.isLoading}
        pagination={false}
        dataSource={query.data?.data ?? []}
        locale={{ emptyText: az.table.empty }}
        scroll={{ x: 560 }}
        columns={[
          { key: 'rank', title: t.rank, width: 60, render: (_, row) => <Tag color={MEDALS[row.rank - 1]}>{row.rank}</Tag> },
          {
            key: 'user',
            title: az.usersUi.customer,
            render: (_, row) => <Link to={`/@next/users/${row.id}`}>{`${row.code ?? ''} ${row.user_name}`.trim()}</Link>,
          },
          { key: 'delivery', title: t.deliveryPrice, align: 'right', render: (_, row) => formatAmount(row.qizilonluq, '$') },
          { key: 'quantity', title: t.quantity, align: 'right', dataIndex: 'quantity' },
          { key: 'weight', title: t.weight, align: 'right', render: (_, row) => formatAmount(row.weight) },
        ]}
      />
    </Card>
  );
}
