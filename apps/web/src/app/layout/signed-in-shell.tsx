import { ToastProvider } from '../../shared/toast/toast-provider';
import { RequireAuth } from '../auth/require-auth';
import { AppLayout } from './app-layout';

/**
 * The signed-in app: toasts, the login guard, the sidebar and top bar. Its own chunk, so /login
 * loads none of it.
 */
export function SignedInShell() {
  return (
    <ToastProvider>
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    </ToastProvider>
  );
}
