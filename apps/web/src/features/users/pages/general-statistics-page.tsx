import { DATE_FORMAT } from '@app/contract/common-constants';
import { az } from '@app/contract/texts/az';
import { Alert, Card, Col, DatePicker, Flex, Row, Space, Spin, Statistic, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useGeneralStatistics } from '../api';

const MAX_BAR_WIDTH = 240;

/** statistics/users/general: users by role, blocked, and new customers per month. */
export function GeneralStatisticsPage() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(11, 'month').startOf('month'), dayjs().endOf('day')]);
  const stats = useGeneralStatistics({ start_date: range[0].format(DATE_FORMAT), end_date: range[1].format(DATE_FORMAT) });
  const t = az.users;
  const months = stats.data?.by_month ?? [];
  const peak = Math.max(1, ...months.map((m) => m.count));

  return (
    <Card size="small" data-testid="general-statistics">
      <Flex wrap gap={12} justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t.generalStatistics}
        </Typography.Title>
        <Space>
          <Typography.Text>{az.usersUi.dateRange}</Typography.Text>
          <DatePicker.RangePicker
            value={range}
            format={DATE_FORMAT}
            allowClear={false}
            onChange={(next) => next?.[0] && next[1] && setRange([next[0], next[1]])}
          />
        </Space>
      </Flex>
      {stats.isError && <Alert type="warning" showIcon title={readErrorMessage(stats.error)} />}
      <Spin spinning={stats.isLoading}>
        <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic groupSeparator="" title={az.usersUi.totalCustomers} value={stats.data?.total ?? 0} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic groupSeparator="" title={az.usersUi.blockedUsers} value={stats.data?.blocked ?? 0} />
            </Card>
          </Col>
          {(stats.data?.by_role ?? []).filter((row) => row.admin !== 0).map((row) => (
            <Col xs={12} md={6} lg={3} key={row.admin}>
              <Card size="small">
                <Statistic groupSeparator="" title={t.roles[row.admin]} value={row.count} />
              </Card>
            </Col>
          ))}
        </Row>
        <Table
          size="small"
          rowKey="month"
          pagination={false}
          dataSource={months}
          locale={{ emptyText: az.table.empty }}
          columns={[
            { key: 'month', title: t.month, render: (_, row) => row.month },
            { key: 'count', title: t.newCustomers, align: 'right', width: 120, dataIndex: 'count' },
            {
              key: 'bar',
              title: '',
              render: (_, row) => (
                <div style={{ height: 10, borderRadius: 2, background: '#0A4755', width: Math.round((row.count / peak) * MAX_BAR_WIDTH) }} />
              ),
            },
          ]}
        />
      </Spin>
    </Card>
  );
}
