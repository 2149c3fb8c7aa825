import { ArrowLeftOutlined } from '@ant-design/icons';
import type { FlightDetail } from '@app/contract/flights';
import { az } from '@app/contract/texts/az';
import { Button, Card, Flex, Result, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { HttpError, readErrorMessage } from '../../../shared/http/http-error';
import { FlightStatusTag, ProviderTag } from './flight-cells';

const t = az.flightsUi;

/** The route's flight id: digits only, else 0. */
export function useFlightIdParam(name = 'flightId'): number {
  const text = useParams()[name] ?? '';
  return /^\d+$/.test(text) ? Number(text) : 0;
}

/** spec §8: a page that cannot load shows 'Xəta baş verdi' (404 or 500 style). */
export function FlightLoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const isMissing = error instanceof HttpError && error.status === 404;
  return (
    <Card>
      <Result
        status={isMissing ? '404' : '500'}
        title={t.loadFailed}
        subTitle={isMissing ? t.notFound : readErrorMessage(error)}
        extra={
          <Space>
            <Link to="/@next/flights"><Button>{t.back}</Button></Link>
            {onRetry && <Button type="primary" onClick={onRetry}>{az.app.retry}</Button>}
          </Space>
        }
        data-testid="flight-load-error"
      />
    </Card>
  );
}

/** A flight page's card: a way back, the title, the flight's status and provider, the page's buttons. */
export function FlightPageCard({ title, flight, extra, backTo = '/@next/flights', children, testId }: {
  title: string;
  flight?: Pick<FlightDetail, 'state_id' | 'state_name' | 'trendyol'> | null;
  extra?: ReactNode;
  backTo?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card size="small" styles={{ body: { padding: 12 } }} data-testid={testId}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          <Link to={backTo} aria-label={t.back}><Button type="text" icon={<ArrowLeftOutlined />} /></Link>
          <Typography.Title level={4} style={{ margin: 0 }}>{title}</Typography.Title>
          {flight && <FlightStatusTag flight={flight} />}
          {flight && <ProviderTag provider={flight.trendyol} />}
        </Space>
        <Space wrap>{extra}</Space>
      </Flex>
      {children}
    </Card>
  );
}

export function FlightPageSkeleton() {
  return <Card><Skeleton active paragraph={{ rows: 6 }} /></Card>;
}
