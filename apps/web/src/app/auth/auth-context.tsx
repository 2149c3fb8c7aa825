import type { AuthUser } from '@app/contract/auth';
import { createContext, useContext } from 'react';

export interface AuthContextValue {
  user: AuthUser;
  signOutNow: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The signed-in user; only screens under the login guard use it. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth is used outside the signed-in area');
  return value;
}
