import { az } from '@app/contract/texts/az';
import { Button } from 'antd';
import { LazyResult } from '../../shared/ui/lazy-result';
import { Link } from 'react-router';
import { APP_BASE } from '../navigation';

/** A section of the sidebar whose screen is not built yet. */
export function NotReadyPage() {
  return (
    <LazyResult
      status="info"
      title={az.app.notReadyTitle}
      subTitle={az.app.notReadyText}
      extra={
        <Link to={APP_BASE}>
          <Button type="primary">{az.app.backHome}</Button>
        </Link>
      }
    />
  );
}
