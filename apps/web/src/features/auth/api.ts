import type { AuthUser, ClientUserReply, TokenReply } from '@app/contract/auth';
import { ROLE_NAMES, type RoleCode } from '@app/contract/roles';
import { az } from '@app/contract/texts/az';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../shared/http/http-client';
import { HttpError, isErrorReply } from '../../shared/http/http-error';
import { clearSession, readSession, saveSession } from '../../shared/session/session-cookies';
import { cacheUser } from '../../shared/session/user-cache';

export interface SignInForm {
  email: string;
  password: string;
  rememberMe: boolean;
}

export const authKeys = {
  all: ['auth'] as const,
  user: ['auth', 'user'] as const,
};

/** The one mapper from the wire user (spec §7) to the app's AuthUser (spec §3). */
export function toAuthUser(reply: ClientUserReply): AuthUser {
  const { data, permissions } = reply;
  return {
    id: data.id,
    firstName: data.name,
    lastName: data.surname,
    adminBranchId: data.admin_branch_id,
    admin: data.admin,
    deliveryPointId: data.delivery_point_id,
    email: data.email,
    role: ROLE_NAMES[data.admin as RoleCode] ?? 'client',
    // The wire sends objects (`permissions[].code_name`, issue 14); the app checks codes.
    permissions: Array.isArray(permissions) ? permissions.map((p) => p.code_name) : [],
  };
}

export async function fetchCurrentUser(signal?: AbortSignal): Promise<AuthUser> {
  const user = toAuthUser(await http.get<ClientUserReply>('/api/client/user', undefined, signal));
  cacheUser(user);
  return user;
}

export const currentUserQuery = queryOptions({
  queryKey: authKeys.user,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  staleTime: 60_000,
});

/** spec §5/§8: the login form's failure texts. */
export function describeSignInError(error: unknown): string {
  if (!(error instanceof HttpError)) return az.errors.operationFailed;
  if (error.status === 0) return az.errors.network;
  const body = isErrorReply(error.body) ? error.body : undefined;
  // The server says how many seconds to wait (issue 13 item 5); the rate limit's 429 has no such text.
  if (error.status === 429) return body?.message ?? az.errors.tooManyAttempts;
  // A blocked account is told so; any other refused login gets the spec's one text (spec §8).
  if (error.status === 400 && body?.error === 'invalid_grant') {
    return body.message === az.errors.blocked ? az.errors.blocked : az.errors.invalidCredentials;
  }
  if (error.status === 422 || error.status === 400) {
    const fields = [...(error.errors.email ?? []), ...(error.errors.password ?? [])];
    if (fields.length > 0) return fields.join(', ');
    if (error.status === 400) return az.errors.invalidCredentials;
  }
  return error.message || az.errors.operationFailed;
}

export async function signIn(form: SignInForm): Promise<TokenReply> {
  const reply = await http.postForm<TokenReply>(
    '/api/admin/token',
    { email: form.email.trim(), password: form.password, rememberMe: form.rememberMe ? '1' : '0' },
    { isAuthed: false },
  );
  saveSession(reply, { remember: form.rememberMe });
  return reply;
}

/** Revokes the refresh token on the server; the caller clears the local session whatever happens. */
export async function signOut(): Promise<void> {
  const refreshToken = readSession()?.refreshToken;
  try {
    await http.postForm('/api/warehouse/logout', refreshToken ? { refresh_token: refreshToken } : {});
  } finally {
    clearSession();
  }
}
