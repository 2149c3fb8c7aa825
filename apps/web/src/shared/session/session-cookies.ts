import type { TokenReply } from '@app/contract/auth';

/** spec §6/§9: the session lives in these cookies; `access_token` is the older name some pages read. */
const COOKIE = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  tokenType: 'tokenType',
  legacyAccessToken: 'access_token',
} as const;
/** Whether the cookies were written with an expiry, so a refresh writes them the same way. */
const REMEMBER_KEY = 'rememberMe';
const REMEMBER_DAYS = 30;

export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  tokenType: string;
}

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

function writeCookie(name: string, value: string, expires: Date | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const expiry = expires ? `; expires=${expires.toUTCString()}` : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax${expiry}${secure}`;
}

function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}

export function readSession(): StoredSession | null {
  const accessToken = readCookie(COOKIE.accessToken) ?? readCookie(COOKIE.legacyAccessToken);
  const refreshToken = readCookie(COOKIE.refreshToken);
  if (!accessToken && !refreshToken) return null;
  return { accessToken: accessToken ?? '', refreshToken: refreshToken ?? '', tokenType: readCookie(COOKIE.tokenType) ?? 'Bearer' };
}

export function hasSession(): boolean {
  return readSession() !== null;
}

function isRemembered(): boolean {
  return window.localStorage.getItem(REMEMBER_KEY) === '1';
}

/** Cookies get an expiry only when remember-me was ticked; otherwise they end with the browser session. */
export function saveSession(reply: TokenReply, options: { remember?: boolean } = {}): void {
  const remember = options.remember ?? isRemembered();
  window.localStorage.setItem(REMEMBER_KEY, remember ? '1' : '0');
  const expires = remember ? new Date(Date.now() + REMEMBER_DAYS * 24 * 3600 * 1000) : null;
  writeCookie(COOKIE.accessToken, reply.access_token, expires);
  writeCookie(COOKIE.legacyAccessToken, reply.access_token, expires);
  writeCookie(COOKIE.refreshToken, reply.refresh_token, expires);
  writeCookie(COOKIE.tokenType, reply.token_type, expires);
}

export function clearSession(): void {
  for (const name of Object.values(COOKIE)) deleteCookie(name);
}
