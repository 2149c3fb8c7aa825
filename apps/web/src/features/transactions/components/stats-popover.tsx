import { BarChartOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { azTransactions as t } from '@app/contract/texts/az-transactions';
import { Button, Descriptions, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import type { QueryParams } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useTransactionStats } from '../api';

const money = (value: number) => value.toFixed(2);

/** spec §2: the statistics popover, only with a customer-code filter (else 'İstifadəçi kodu daxil edilməyib'). */
export function StatsPopover({ params }: { params: QueryParams }) {
  const [isOpen, setOpen] = useState(false);
  const hasCode = typeof params.user_id === 'string' && params.user_id.trim() !== '';
  const stats = useTransactionStats(params, isOpen && hasCode);
  const content = !hasCode ? (
    <Typography.Text type="warning" data-testid="transactions-stats-no-code">{t.statisticsNeedsCode}</Typography.Text>
  ) : stats.isLoading ? <Spin size="small" /> : stats.isError ? (
    <Typography.Text type="danger">{readErrorMessage(stats.error)}</Typography.Text>
  ) : stats.data ? (
    <Descriptions size="small" column={1} bordered data-testid="transactions-stats" style={{ minWidth: 280 }}
      items={[
        { key: 'usd-in', label: `USD ${t.income}`, children: money(stats.data.usd_in) },
        { key: 'usd-out', label: `USD ${t.expense}`, children: money(stats.data.usd_out) },
        { key: 'usd-diff', label: `USD ${t.difference}`, children: money(stats.data.usd_in - stats.data.usd_out) },
        { key: 'try-in', label: `TRY ${t.income}`, children: money(parseFloat(stats.data.try_in)) },
        { key: 'try-out', label: `TRY ${t.expense}`, children: money(parseFloat(stats.data.try_out)) },
        { key: 'try-diff', label: `TRY ${t.difference}`, children: money(parseFloat(stats.data.try_in) - parseFloat(stats.data.try_out)) },
      ]} />
  ) : az.app.loading;
  return (
    <Popover open={isOpen} onOpenChange={setOpen} trigger="click" title={t.statistics} content={content}>
      <Button icon={<BarChartOutlined />} data-testid="transactions-stats-button">{t.statistics}</Button>
    </Popover>
  );
}
