import type { AuthUser } from '@app/contract/auth';

/** spec §6: the user is cached in local storage and refreshed from the server. */
const USER_KEY = 'user';

export function readCachedUser(): AuthUser | null {
  try {
    const raw = window.localStorage.getItem(USER_KEY);
    if (!raw) return null;
    const user = JSON.parse(raw) as AuthUser;
    return typeof user?.id === 'number' && Array.isArray(user.permissions) ? user : null;
  } catch {
    return null;
  }
}

export function cacheUser(user: AuthUser): void {
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function forgetCachedUser(): void {
  window.localStorage.removeItem(USER_KEY);
}
