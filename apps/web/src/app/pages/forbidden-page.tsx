import { az } from '@app/contract/texts/az';
import { Button } from 'antd';
import { LazyResult } from '../../shared/ui/lazy-result';
import { Link } from 'react-router';
import { APP_BASE } from '../navigation';

export function ForbiddenPage() {
  return (
    <LazyResult
      status="403"
      title={az.app.forbiddenTitle}
      subTitle={az.errors.forbidden}
      extra={
        <Link to={APP_BASE}>
          <Button type="primary">{az.app.backHome}</Button>
        </Link>
      }
    />
  );
}
