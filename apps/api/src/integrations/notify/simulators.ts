import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Config } from '../../config';

/**
 * Loopback stand-ins for the four providers, speaking the protocols the adapters speak (sms.ts,
 * whatsapp.ts, push.ts, SMTP). Used by the embedded development run (main.ts), the tests and
 * bench/bulk-send.ts. Each keeps what it received and can fail or stall on demand.
 */
export interface SimMessage { id: string; to: string; body: string; title?: string; clientRef?: string; state: string; at: number }
export interface FailOptions { status?: number; retryable?: boolean; code?: string }
export interface SimHandle {
  url: string;
  messages(): SimMessage[];
  /** The next n sends fail: retryable (503-like, the default) or permanent (a 4xx the provider means as final). */
  failNext(n: number, opts?: FailOptions): void;
  /** Every answer waits this long (0: none); for time-out tests. */
  setDelay(ms: number): void;
  clear(): void;
}
export interface ReceivedMail { messageId: string; from: string; to: string[]; subject: string; text: string; html: string }
export interface SmtpHandle {
  url: string;
  messages(): ReceivedMail[];
  /** The next n messages are refused at RCPT: 451 (retryable, the default) or 550. */
  failNext(n: number, opts?: FailOptions): void;
  setDelay(ms: number): void;
  clear(): void;
}
export interface NotifySimulators {
  config: Partial<Config>;
  smtp: SmtpHandle;
  sms: SimHandle & { setBalance(balance: string): void };
  whatsapp: SimHandle;
  push: SimHandle;
  close(): Promise<void>;
}

interface Fault { left: number; opts: FailOptions }

/** The shared part of the HTTP simulators: JSON in and out, a fault counter and a delay. */
async function startJsonServer(handler: (req: { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown; raw: string }, fault: FailOptions | null) => { status: number; body: unknown }) {
  const state = { fault: null as Fault | null, delayMs: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      let fault: FailOptions | null = null;
      const isSend = req.method === 'POST';
      if (isSend && state.fault && state.fault.left > 0) {
        state.fault.left--;
        fault = state.fault.opts;
      }
      const answer = () => {
        if (res.destroyed) return;
        const out = handler({ method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]!, headers: req.headers, body, raw }, fault);
        res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.body));
      };
      if (state.delayMs > 0) {
        const timer = setTimeout(answer, state.delayMs);
        res.on('close', () => clearTimeout(timer));
      } else answer();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    failNext: (n: number, opts: FailOptions = {}) => {
      state.fault = { left: n, opts: { retryable: true, ...opts } };
    },
    setDelay: (ms: number) => {
      state.delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const newId = (prefix: string) => `${prefix}${randomBytes(9).toString('hex')}`;

/** The SMS gateway (sms.ts): delivery moves accepted → sent → delivered; numbers ending in 0000 end undeliverable. */
async function startSmsSimulator(apiKey: string) {
  const messages: SimMessage[] = [];
  const byRef = new Map<string, SimMessage>();
  const byId = new Map<string, SimMessage>();
  let balanceCents = 50_000;
  const stateOf = (m: SimMessage) => {
    const age = Date.now() - m.at;
    if (age < 20) return 'accepted';
    if (age < 50) return 'sent';
    return m.to.endsWith('0000') ? 'undeliverable' : 'delivered';
  };
  const err = (status: number, code: string, message: string) => ({ status, body: { error: { code, message } } });
  const server = await startJsonServer(({ method, path, headers, body }, fault) => {
    if (headers['x-api-key'] !== apiKey) return err(401, 'unauthorized', 'Invalid API key');
    if (method === 'GET' && path === '/balance') return { status: 200, body: { balance: (balanceCents / 100).toFixed(2), currency: 'AZN' } };
    const statusMatch = /^\/messages\/([^/]+)$/.exec(path);
    if (method === 'GET' && statusMatch) {
      const m = byId.get(decodeURIComponent(statusMatch[1]!));
      if (!m) return err(404, 'not_found', 'No such message');
      const state = stateOf(m);
      return { status: 200, body: { id: m.id, state, ...(state === 'undeliverable' ? { error: 'Handset unreachable' } : {}) } };
    }
    if (method === 'POST' && path === '/messages') {
      if (fault) {
        return fault.retryable
          ? err(fault.status ?? 503, fault.code ?? 'unavailable', 'Temporarily unavailable')
          : err(fault.status ?? 400, fault.code ?? 'invalid_number', 'Rejected');
      }
      const b = (body ?? {}) as { to?: unknown; text?: unknown; sender?: unknown; client_ref?: unknown };
      if (typeof b.to !== 'string' || !/^\+?\d{9,15}$/.test(b.to)) return err(400, 'invalid_number', 'Invalid destination number');
      if (typeof b.text !== 'string' || !b.text) return err(400, 'empty_text', 'Text is required');
      const ref = typeof b.client_ref === 'string' ? b.client_ref : undefined;
      const known = ref ? byRef.get(ref) : undefined;
      if (known) return { status: 200, body: { id: known.id, state: stateOf(known) } };
      const m: SimMessage = { id: newId('sms_'), to: b.to, body: b.text, clientRef: ref, state: 'accepted', at: Date.now() };
      messages.push(m);
      byId.set(m.id, m);
      if (ref) byRef.set(ref, m);
      balanceCents -= 3 * Math.max(1, Math.ceil(b.text.length / 160));
      return { status: 201, body: { id: m.id, state: 'accepted' } };
    }
    return err(404, 'not_found', 'Unknown path');
  });
  return {
    url: server.url,
    messages: () => messages.map((m) => ({ ...m, state: stateOf(m) })),
    failNext: server.failNext,
    setDelay: server.setDelay,
    setBalance: (balance: string) => {
      balanceCents = Math.round(Number(balance) * 100);
    },
    clear: () => {
      messages.length = 0;
      byRef.clear();
      byId.clear();
    },
    close: server.close,
  };
}

/** WhatsApp Business Cloud API (whatsapp.ts). */
async function startWhatsappSimulator(token: string, phoneId: string) {
  const messages: SimMessage[] = [];
  const err = (status: number, code: number, message: string, type = 'OAuthException') => ({ status, body: { error: { message, type, code, fbtrace_id: newId('') } } });
  const server = await startJsonServer(({ method, path, headers, body }, fault) => {
    const m = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(path);
    if (method !== 'POST' || !m) return err(400, 100, 'Unsupported post request', 'GraphMethodException');
    if (headers.authorization !== `Bearer ${token}`) return err(401, 190, 'Invalid OAuth access token.');
    if (m[2] !== phoneId) return err(400, 100, 'Invalid parameter', 'GraphMethodException');
    if (fault) {
      return fault.retryable
        ? err(fault.status ?? 503, Number(fault.code ?? 2), 'Service temporarily unavailable')
        : err(fault.status ?? 400, Number(fault.code ?? 131026), 'Message undeliverable');
    }
    const b = (body ?? {}) as { messaging_product?: unknown; to?: unknown; type?: unknown; text?: { body?: unknown } };
    if (b.messaging_product !== 'whatsapp' || b.type !== 'text' || typeof b.text?.body !== 'string') return err(400, 100, 'Invalid parameter');
    if (typeof b.to !== 'string' || !/^\+?\d{9,15}$/.test(b.to)) return err(400, 131009, 'Parameter value is not valid');
    const id = `wamid.${randomBytes(12).toString('base64url')}`;
    messages.push({ id, to: b.to, body: b.text.body, state: 'sent', at: Date.now() });
    return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to.replace(/^\+/, '') }], messages: [{ id }] } };
  });
  return { url: server.url, messages: () => [...messages], failNext: server.failNext, setDelay: server.setDelay, clear: () => { messages.length = 0; }, close: server.close };
}

/**
 * FCM HTTP v1 (push.ts), plus an OAuth token endpoint (POST /token, the JWT-bearer grant) that checks
 * the assertion's claims and hands out the static token. Device tokens starting 'invalid' are UNREGISTERED.
 */
async function startPushSimulator(token: string, projectId: string) {
  const messages: SimMessage[] = [];
  let counter = 0;
  const fcmError = (status: number, state: string, errorCode: string | null, message: string) => ({
    status,
    body: { error: { code: status, message, status: state, details: errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : [] } },
  });
  let serverUrl = '';
  const server = await startJsonServer(({ method, path, headers, body, raw }, fault) => {
    if (method === 'POST' && path === '/token') {
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return { status: 400, body: { error: 'unsupported_grant_type' } };
      try {
        const claims = decodeJwt(form.get('assertion') ?? '');
        if (!claims.iss || claims.aud !== `${serverUrl}/token` || claims.scope !== 'https://www.googleapis.com/auth/firebase.messaging') throw new Error('claims');
      } catch {
        return { status: 400, body: { error: 'invalid_grant' } };
      }
      return { status: 200, body: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
    }
    const m = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path);
    if (method !== 'POST' || !m) return fcmError(404, 'NOT_FOUND', null, 'Not found');
    if (headers.authorization !== `Bearer ${token}`) return fcmError(401, 'UNAUTHENTICATED', null, 'Request had invalid authentication credentials.');
    if (m[1] !== projectId) return fcmError(403, 'PERMISSION_DENIED', 'SENDER_ID_MISMATCH', 'SenderId mismatch');
    if (fault) {
      return fault.retryable
        ? fcmError(fault.status ?? 503, 'UNAVAILABLE', fault.code ?? 'UNAVAILABLE', 'The service is currently unavailable.')
        : fcmError(fault.status ?? 404, 'NOT_FOUND', fault.code ?? 'UNREGISTERED', 'Requested entity was not found.');
    }
    const msg = ((body ?? {}) as { message?: { token?: unknown; notification?: { title?: unknown; body?: unknown } } }).message;
    if (typeof msg?.token !== 'string' || !msg.token) return fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token');
    if (msg.token.startsWith('invalid')) return fcmError(404, 'NOT_FOUND', 'UNREGISTERED', 'Requested entity was not found.');
    const id = `projects/${projectId}/messages/0:${Date.now()}${String(++counter).padStart(6, '0')}`;
    messages.push({ id, to: msg.token, title: String(msg.notification?.title ?? ''), body: String(msg.notification?.body ?? ''), state: 'sent', at: Date.now() });
    return { status: 200, body: { name: id } };
  });
  serverUrl = server.url;
  return { url: server.url, messages: () => [...messages], failNext: server.failNext, setDelay: server.setDelay, clear: () => { messages.length = 0; }, close: server.close };
}

/** An SMTP sink (smtp-server): every message is parsed (mailparser) and kept. */
async function startSmtpSimulator(user: string, pass: string) {
  const received: ReceivedMail[] = [];
  const state = { fault: null as Fault | null, delayMs: 0 };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, callback) {
      if (state.fault && state.fault.left > 0) {
        state.fault.left--;
        const status = state.fault.opts.status ?? (state.fault.opts.retryable ? 451 : 550);
        callback(Object.assign(new Error(status >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: status }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
        received.push({
          messageId: mail.messageId ?? '', from: mail.from?.value[0]?.address ?? '', to, subject: mail.subject ?? '',
          text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '',
        });
        if (state.delayMs > 0) setTimeout(() => callback(), state.delayMs);
        else callback();
      }, (error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`,
    messages: () => [...received],
    failNext: (n: number, opts: FailOptions = {}) => {
      state.fault = { left: n, opts: { retryable: true, ...opts } };
    },
    setDelay: (ms: number) => {
      state.delayMs = ms;
    },
    clear: () => {
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** All four simulators on loopback; `config` points the adapters at them. */
export async function startNotifySimulators(): Promise<NotifySimulators> {
  const secret = () => randomBytes(12).toString('hex');
  const smsKey = secret();
  const waToken = secret();
  const fcmToken = secret();
  const phoneId = '100200300400500';
  const projectId = 'backoffice-sim';
  const [smtp, sms, whatsapp, push] = await Promise.all([
    startSmtpSimulator('notify', secret()),
    startSmsSimulator(smsKey),
    startWhatsappSimulator(waToken, phoneId),
    startPushSimulator(fcmToken, projectId),
  ]);
  const strip = <T extends { close: unknown }>({ close: _close, ...rest }: T) => rest;
  return {
    config: {
      SMTP_URL: smtp.url, MAIL_FROM: 'Kargo Ofis <noreply@backoffice.test>',
      SMS_BASE_URL: sms.url, SMS_API_KEY: smsKey,
      WHATSAPP_BASE_URL: whatsapp.url, WHATSAPP_TOKEN: waToken, WHATSAPP_PHONE_ID: phoneId,
      FCM_BASE_URL: push.url, FCM_PROJECT_ID: projectId, FCM_ACCESS_TOKEN: fcmToken,
    },
    smtp: strip(smtp),
    sms: strip(sms),
    whatsapp: strip(whatsapp),
    push: strip(push),
    close: async () => {
      await Promise.all([smtp.close(), sms.close(), whatsapp.close(), push.close()]);
    },
  };
}
