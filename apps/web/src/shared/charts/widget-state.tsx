import { azStatistics } from '@app/contract/texts/az-statistics';
import { Button, Empty, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { readErrorMessage } from '../http/http-error';

const t = azStatistics.charts;

export interface WidgetStateProps {
  isLoading: boolean;
  error?: unknown;
  onRetry?: () => void;
  isEmpty?: boolean;
  /** Skeleton rows while loading. */
  rows?: number;
  children: ReactNode;
}

/**
 * A statistics widget's states in one place (issue 19 item 1): a skeleton while its call loads,
 * the error with a retry button (each widget retries its own call), 'Məlumat tapılmadı' when the
 * range has nothing, else the widget itself.
 */
export function WidgetState({ isLoading, error, onRetry, isEmpty = false, rows = 3, children }: WidgetStateProps) {
  if (error) {
    return (
      <div role="alert" data-testid="widget-error" style={{ padding: '16px 0', textAlign: 'center' }}>
        <Typography.Paragraph type="danger" style={{ marginBottom: 8 }}>{t.loadFailed}: {readErrorMessage(error)}</Typography.Paragraph>
        {onRetry && <Button size="small" onClick={onRetry}>{t.retry}</Button>}
      </div>
    );
  }
  if (isLoading) return <Skeleton active title={false} paragraph={{ rows }} data-testid="widget-loading" />;
  if (isEmpty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} data-testid="widget-empty" />;
  return <>{children}</>;
}
