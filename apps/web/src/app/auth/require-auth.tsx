import { az } from '@app/contract/texts/az';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { LazyResult } from '../../shared/ui/lazy-result';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { currentUserQuery } from '../../features/auth/api';
import { onSessionExpired } from '../../shared/http/http-client';
import { readErrorMessage } from '../../shared/http/http-error';
import { hasSession } from '../../shared/session/session-cookies';
import { forgetCachedUser, readCachedUser } from '../../shared/session/user-cache';
import { FullScreenSpinner } from '../pages/full-screen-spinner';
import { AuthContext } from './auth-context';
import { useSignOut } from './use-sign-out';

function SignedIn({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOutNow = useSignOut();
  // The cached user shows the shell at once; the server's copy replaces it when it arrives.
  const cached = useMemo(() => readCachedUser() ?? undefined, []);
  const query = useQuery({ ...currentUserQuery, initialData: cached, initialDataUpdatedAt: 0 });

  useEffect(
    () =>
      onSessionExpired(() => {
        forgetCachedUser();
        queryClient.clear();
        void navigate('/login', { replace: true, state: { from: window.location.pathname + window.location.search } });
      }),
    [navigate, queryClient],
  );

  const value = useMemo(
    () => (query.data ? { user: query.data, signOutNow: () => void signOutNow() } : null),
    [query.data, signOutNow],
  );

  if (value) return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
  if (query.isError) {
    return (
      <LazyResult
        status="error"
        title={az.errors.pageError}
        subTitle={readErrorMessage(query.error)}
        extra={[
          <Button key="retry" type="primary" onClick={() => void query.refetch()}>
            {az.app.retry}
          </Button>,
          <Button key="login" onClick={() => void navigate('/login', { state: { from: location.pathname } })}>
            {az.auth.title}
          </Button>,
        ]}
      />
    );
  }
  return <FullScreenSpinner />;
}

/** Everything under /@next needs a session; without one the user goes to /login and comes back after. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!hasSession()) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <SignedIn>{children}</SignedIn>;
}
