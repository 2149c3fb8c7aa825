import { az } from '@app/contract/texts/az';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../features/auth/api';
import { forgetCachedUser } from '../../shared/session/user-cache';
import { useToast } from '../../shared/toast/toast-provider';

const TOAST_KEY = 'sign-out';

/** spec §8: a loading toast while logging out; a failed call still ends the local session. */
export function useSignOut() {
  const message = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    void message.open({ key: TOAST_KEY, type: 'loading', content: az.auth.loggingOut, duration: 0 });
    try {
      await signOut();
      message.destroy(TOAST_KEY);
    } catch {
      void message.open({ key: TOAST_KEY, type: 'error', content: az.errors.operationFailed });
    }
    forgetCachedUser();
    queryClient.clear();
    void navigate('/login', { replace: true });
  }, [message, navigate, queryClient]);
}
