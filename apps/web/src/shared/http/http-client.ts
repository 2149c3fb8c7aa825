import type { TokenReply } from '@app/contract/auth';
import { az } from '@app/contract/texts/az';
import { clearSession, readSession, saveSession } from '../session/session-cookies';
import { HttpError, describeErrorReply } from './http-error';
import { describeSubmission, settleSubmission, takeSubmissionKey } from './idempotency-key';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;
export type FormValue = string | number | boolean | null | undefined | Blob | readonly (string | number)[];

interface RequestOptions {
  params?: QueryParams;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** false for the token calls themselves: no bearer header, no refresh on 401. */
  isAuthed?: boolean;
  signal?: AbortSignal;
  /** 'blob' for file downloads (exports): the body is handed over as it came. */
  responseType?: 'json' | 'blob';
  /** A write's Idempotency-Key; by default one per submission (idempotency-key.ts), kept for its retries. */
  idempotencyKey?: string;
}

type SessionListener = () => void;
const expiredListeners = new Set<SessionListener>();

/** Called when the session cannot be renewed: the app clears its state and goes to /login. */
export function onSessionExpired(listener: SessionListener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

export function buildUrl(path: string, params?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) search.set(key, value.join(','));
    } else if (typeof value === 'boolean') {
      search.set(key, value ? '1' : '0');
    } else {
      search.set(key, String(value));
    }
  }
  const query = search.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

export function encodeForm(form: Record<string, FormValue>): URLSearchParams | FormData {
  const hasFile = Object.values(form).some((v) => v instanceof Blob);
  const body = hasFile ? new FormData() : new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) (body as FormData).append(key, value);
    else if (Array.isArray(value)) value.forEach((item) => body.append(`${key}[]`, String(item)));
    else if (typeof value === 'boolean') body.append(key, value ? '1' : '0');
    else body.append(key, String(value));
  }
  return body;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return response.json().catch(() => null);
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

async function send(path: string, method: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = token;
  try {
    return await fetch(buildUrl(path, options.params), { method, headers, body: options.body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HttpError(0, az.errors.network);
  }
}

function currentAuthorization(): string | null {
  const session = readSession();
  return session?.accessToken ? `${session.tokenType || 'Bearer'} ${session.accessToken}` : null;
}

let refreshInFlight: Promise<boolean> | null = null;

async function renewSession(): Promise<boolean> {
  const refreshToken = readSession()?.refreshToken;
  if (!refreshToken) return false;
  const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken });
  try {
    const response = await fetch('/api/admin/token', { method: 'POST', body, headers: { Accept: 'application/json' } });
    if (!response.ok) return false;
    saveSession((await response.json()) as TokenReply);
    return true;
  } catch {
    return false;
  }
}

/** One refresh at a time: concurrent 401s wait for the same renewal. */
export function refreshSessionOnce(): Promise<boolean> {
  refreshInFlight ??= renewSession().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function expireSession(): void {
  clearSession();
  expiredListeners.forEach((listener) => listener());
}

export async function request<T>(path: string, method: string, options: RequestOptions = {}): Promise<T> {
  const isAuthed = options.isAuthed !== false;
  const submission = isAuthed && method !== 'GET' && method !== 'HEAD' ? describeSubmission(method, buildUrl(path, options.params), options.body) : null;
  if (!submission) return requestOnce<T>(path, method, options, isAuthed, () => {});
  const key = options.idempotencyKey ?? takeSubmissionKey(submission);
  const withKey = { ...options, headers: { ...options.headers, 'Idempotency-Key': key } };
  let status = 0;
  try {
    return await requestOnce<T>(path, method, withKey, isAuthed, (s) => {
      status = s;
    });
  } finally {
    settleSubmission(submission, key, status);
  }
}

async function requestOnce<T>(path: string, method: string, options: RequestOptions, isAuthed: boolean, onStatus: (status: number) => void): Promise<T> {
  const usedToken = isAuthed ? currentAuthorization() : null;
  let response = await send(path, method, options, usedToken);
  onStatus(response.status);
  if (response.status === 401 && isAuthed) {
    // Another request may already have renewed the token; only refresh when ours is still current.
    const isStale = currentAuthorization() !== usedToken && currentAuthorization() !== null;
    const isRenewed = isStale || (await refreshSessionOnce());
    if (!isRenewed) {
      expireSession();
      throw new HttpError(401, az.errors.unauthorized);
    }
    response = await send(path, method, options, currentAuthorization());
    onStatus(response.status);
    if (response.status === 401) {
      expireSession();
      throw new HttpError(401, az.errors.unauthorized);
    }
  }
  if (response.ok && options.responseType === 'blob') return (await response.blob()) as T;
  const body = await readBody(response);
  if (!response.ok) {
    const errors = typeof body === 'object' && body && 'errors' in body ? (body as { errors?: Record<string, string[]> }).errors : undefined;
    throw new HttpError(response.status, describeErrorReply(response.status, body), errors ?? {}, body);
  }
  return body as T;
}

export const http = {
  get<T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T> {
    return request<T>(path, 'GET', { params, signal });
  },
  /** A file (CSV/XLS export) with the same bearer and refresh handling as every call. */
  getBlob(path: string, params?: QueryParams, signal?: AbortSignal): Promise<Blob> {
    return request<Blob>(path, 'GET', { params, signal, responseType: 'blob' });
  },
  postForm<T>(path: string, form: Record<string, FormValue> = {}, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
    return request<T>(path, 'POST', { ...options, body: encodeForm(form) });
  },
  postJson<T>(path: string, body: unknown, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
    return request<T>(path, 'POST', {
      ...options,
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...options.headers },
    });
  },
};
