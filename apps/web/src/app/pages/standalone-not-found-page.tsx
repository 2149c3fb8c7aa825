import { AntdProvider } from '../antd-provider';
import { NotFoundPage } from './not-found-page';

/** The 404 of a path outside /@next and /login: outside the shell, so it brings antd's theme itself. */
export function StandaloneNotFoundPage() {
  return (
    <AntdProvider>
      <NotFoundPage />
    </AntdProvider>
  );
}
