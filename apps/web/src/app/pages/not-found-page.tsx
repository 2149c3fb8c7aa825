import { az } from '@app/contract/texts/az';
import { Button } from 'antd';
import { LazyResult } from '../../shared/ui/lazy-result';
import { Link } from 'react-router';
import { APP_BASE } from '../navigation';

export function NotFoundPage() {
  return (
    <LazyResult
      status="404"
      title={az.app.notFoundTitle}
      subTitle={az.errors.notFound}
      extra={
        <Link to={APP_BASE}>
          <Button type="primary">{az.app.backHome}</Button>
        </Link>
      }
    />
  );
}
