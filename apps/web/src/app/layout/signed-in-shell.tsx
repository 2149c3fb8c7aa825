import dayjs from 'dayjs';
import 'dayjs/locale/az';
import { AntdProvider } from '../antd-provider';
import { ToastProvider } from '../../shared/toast/toast-provider';
import { RequireAuth } from '../auth/require-auth';
import { AppLayout } from './app-layout';

// Dates are shown only once signed in: the login page loads neither dayjs nor its locale.
dayjs.locale('az');

/**
 * The signed-in app: antd's theme and locale, toasts, the login guard, the sidebar and top bar.
 * Its own chunk, so /login loads none of it (nor antd).
 */
export function SignedInShell() {
  return (
    <AntdProvider>
      <ToastProvider>
        <RequireAuth>
          <AppLayout />
        </RequireAuth>
      </ToastProvider>
    </AntdProvider>
  );
}
