import { readFile } from 'node:fs/promises';
import { SignJWT, importPKCS8 } from 'jose';
import { asRecord, callProvider } from './http';
import { ProviderError, type ChannelAdapter, type OutgoingMessage, type SendResult } from './types';

/**
 * Firebase Cloud Messaging HTTP v1: POST {base}/v1/projects/{project}/messages:send with a bearer
 * token, body {message:{token, notification:{title, body}}} → {name}. Errors per FCM:
 * {error:{code, message, status, details:[{'@type': '…FcmError', errorCode}]}}; UNREGISTERED and
 * INVALID_ARGUMENT are permanent, UNAVAILABLE, INTERNAL and QUOTA_EXCEEDED are retried.
 */
export interface PushOptions {
  baseUrl: string;
  projectId?: string;
  /** A static bearer token (the simulator's, or one minted outside). */
  accessToken?: string;
  /** A service account's JSON key file: tokens are obtained with the OAuth JWT-bearer flow. */
  serviceAccountFile?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const RETRYABLE_FCM = new Set(['UNAVAILABLE', 'INTERNAL', 'QUOTA_EXCEEDED']);
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

function pushError(status: number, json: unknown): ProviderError {
  const error = asRecord(asRecord(json).error);
  const details = Array.isArray(error.details) ? error.details.map(asRecord) : [];
  const fcmCode = details.map((d) => d.errorCode).find((c): c is string => typeof c === 'string');
  const code = fcmCode ?? (typeof error.status === 'string' ? error.status : `http_${status}`);
  const message = typeof error.message === 'string' ? error.message : `HTTP ${status}`;
  const retryable = RETRYABLE_FCM.has(code) || (!fcmCode && (status === 429 || status >= 500));
  return new ProviderError(`FCM: ${message}`, retryable, code);
}

interface ServiceAccount { client_email: string; private_key: string; token_uri?: string }

/**
 * The service account's OAuth token (Google's JWT-bearer grant, RFC 7523): a JWT signed RS256 with the
 * account's private key {iss: client_email, scope, aud: token_uri, iat, exp ≤ 1 h} is exchanged at
 * token_uri for {access_token, expires_in}; kept until a minute before it expires.
 */
export function createServiceAccountTokenSource(load: () => Promise<ServiceAccount>, opts: { timeoutMs: number; fetch?: typeof fetch; now?: () => number }) {
  let cached: { token: string; until: number } | null = null;
  let pending: Promise<string> | null = null;
  const now = opts.now ?? Date.now;
  async function fetchToken(): Promise<string> {
    const account = await load();
    const tokenUri = account.token_uri ?? 'https://oauth2.googleapis.com/token';
    const key = await importPKCS8(account.private_key, 'RS256');
    const iat = Math.floor(now() / 1000);
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.client_email).setAudience(tokenUri).setIssuedAt(iat).setExpirationTime(iat + 3600)
      .sign(key);
    let res: Response;
    try {
      res = await (opts.fetch ?? fetch)(tokenUri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`FCM token: request failed: ${(error as Error).message}`, true, 'token_network', { cause: error });
    }
    const data = asRecord(await res.json().catch(() => null));
    if (!res.ok || typeof data.access_token !== 'string') {
      throw new ProviderError(`FCM token: HTTP ${res.status} ${typeof data.error === 'string' ? data.error : ''}`.trim(), res.status >= 500, 'token_refused');
    }
    const seconds = typeof data.expires_in === 'number' ? data.expires_in : 3600;
    cached = { token: data.access_token, until: now() + (seconds - 60) * 1000 };
    return data.access_token;
  }
  return {
    async token(): Promise<string> {
      if (cached && cached.until > now()) return cached.token;
      pending ??= fetchToken().finally(() => {
        pending = null;
      });
      return pending;
    },
    forget() {
      cached = null;
    },
  };
}

export function createPushAdapter(options: PushOptions): ChannelAdapter {
  const base = options.baseUrl.replace(/\/+$/, '');
  const source = options.serviceAccountFile
    ? createServiceAccountTokenSource(async () => JSON.parse(await readFile(options.serviceAccountFile!, 'utf8')) as ServiceAccount, options)
    : null;
  const token = async () => {
    if (source) return source.token();
    if (options.accessToken) return options.accessToken;
    throw new ProviderError('Push is not configured (FCM_ACCESS_TOKEN or FCM_SERVICE_ACCOUNT_FILE)', false, 'not_configured');
  };
  return {
    channel: 'push',
    async send(m: OutgoingMessage): Promise<SendResult> {
      if (!options.projectId) throw new ProviderError('Push is not configured (FCM_PROJECT_ID)', false, 'not_configured');
      const url = `${base}/v1/projects/${encodeURIComponent(options.projectId)}/messages:send`;
      const body = { message: { token: m.to, notification: { title: m.subject ?? '', body: m.body }, data: { message_id: String(m.id) } } };
      const post = async () => callProvider(url, { method: 'POST', headers: { authorization: `Bearer ${await token()}` }, body, timeoutMs: options.timeoutMs, fetch: options.fetch });
      let reply = await post();
      if (reply.status === 401 && source) {
        // The OAuth token expired or was revoked early: one fresh token, one more try.
        source.forget();
        reply = await post();
      }
      if (reply.status !== 200) throw pushError(reply.status, reply.json);
      const name = asRecord(reply.json).name;
      if (typeof name !== 'string') throw new ProviderError('FCM: reply without a message name', true, 'bad_reply');
      return { providerId: name, state: 'sent' };
    },
  };
}
