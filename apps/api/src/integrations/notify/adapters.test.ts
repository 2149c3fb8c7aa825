import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { readConfig } from '../../config';
import { createNotifyAdapters, ProviderError, startNotifySimulators, type NotifySimulators, type OutgoingMessage } from './index';
import { renderMailHtml } from './mail';
import { createPushAdapter } from './push';

let sims: NotifySimulators;
let adapters: ReturnType<typeof createNotifyAdapters>;
const layout = {
  headerBannerUrl: 'https://shop.example/kampaniya', headerBannerPhoto: 'https://cdn.example/header.png',
  rightBannerUrl: 'javascript:alert(1)', rightBannerPhoto: 'https://cdn.example/right.png', footerText: 'Kargo Ofis MMC\nBakı',
};
const logged: string[] = [];

beforeAll(async () => {
  sims = await startNotifySimulators();
  adapters = createNotifyAdapters({ ...readConfig({}), ...sims.config, NOTIFY_TIMEOUT_MS: 300 }, { mailLayout: async () => layout });
});
afterAll(async () => {
  adapters.close();
  await sims.close();
});
afterEach(() => {
  for (const sim of [sims.sms, sims.whatsapp, sims.push, sims.smtp]) {
    sim.failNext(0);
    sim.setDelay(0);
  }
});

const msg = (channel: OutgoingMessage['channel'], to: string, extra: Partial<OutgoingMessage> = {}): OutgoingMessage =>
  ({ id: Math.floor(Math.random() * 1e9), channel, to, body: 'Bağlamanız anbara çatdı', ...extra });

/** The ProviderError a failing call throws, with the fields the send job reads. */
async function failure(p: Promise<unknown>): Promise<{ retryable: boolean; code?: string; message: string }> {
  const error = await p.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  const { retryable, code, message } = error as ProviderError;
  logged.push(message);
  return { retryable, code, message };
}

describe('[NOTIFY][SMS] the SMS gateway adapter against its simulator', () => {
  test('success: accepted with the gateway id; a repeated send of the same archive row is the same message; status moves to delivered', async () => {
    const m = msg('sms', '994501234567');
    const first = await adapters.sms.send(m);
    expect(first.state).toBe('accepted');
    expect(first.providerId).toMatch(/^sms_/);
    expect((await adapters.sms.send(m)).providerId).toBe(first.providerId);
    expect(sims.sms.messages().filter((s) => s.clientRef === String(m.id))).toEqual([
      expect.objectContaining({ to: '994501234567', body: 'Bağlamanız anbara çatdı' }),
    ]);
    await new Promise((r) => setTimeout(r, 60));
    expect(await adapters.sms.status!(first.providerId)).toEqual({ state: 'delivered' });
  });

  test('balance is a decimal string in AZN', async () => {
    sims.sms.setBalance('12.5');
    expect(await adapters.smsBalance()).toEqual({ balance: '12.50', currency: 'AZN' });
  });

  test('permanent failure: an invalid number is not retried', async () => {
    expect(await failure(adapters.sms.send(msg('sms', '12ab')))).toMatchObject({ retryable: false, code: 'invalid_number' });
    sims.sms.failNext(1, { retryable: false });
    expect(await failure(adapters.sms.send(msg('sms', '994501234567')))).toMatchObject({ retryable: false });
  });

  test('retryable failure: 503 then success', async () => {
    sims.sms.failNext(1);
    expect(await failure(adapters.sms.send(msg('sms', '994501234567')))).toMatchObject({ retryable: true, code: 'unavailable' });
    expect((await adapters.sms.send(msg('sms', '994501234567'))).state).toBe('accepted');
  });

  test('time-out is retryable', async () => {
    sims.sms.setDelay(1000);
    expect(await failure(adapters.sms.send(msg('sms', '994501234567')))).toMatchObject({ retryable: true, code: 'timeout' });
  });

  test('a wrong API key is permanent and the key is in no message', async () => {
    const wrong = createNotifyAdapters({ ...readConfig({}), ...sims.config, SMS_API_KEY: 'secret-wrong-key', NOTIFY_TIMEOUT_MS: 500 });
    const e = await failure(wrong.sms.send(msg('sms', '994501234567')));
    expect(e).toMatchObject({ retryable: false, code: 'unauthorized' });
    expect(e.message).not.toContain('secret-wrong-key');
  });

  test('not configured: permanent not_configured', async () => {
    const none = createNotifyAdapters(readConfig({}));
    expect(await failure(none.sms.send(msg('sms', '994501234567')))).toMatchObject({ retryable: false, code: 'not_configured' });
    expect(await failure(none.whatsapp.send(msg('whatsapp', '994501234567')))).toMatchObject({ retryable: false, code: 'not_configured' });
    expect(await failure(none.mail.send(msg('mail', 'a@b.az')))).toMatchObject({ retryable: false, code: 'not_configured' });
    expect(await failure(none.push.send(msg('push', 'tok')))).toMatchObject({ retryable: false, code: 'not_configured' });
  });
});

describe('[NOTIFY][WHATSAPP] the Cloud API adapter against its simulator', () => {
  test('success: the wamid of messages[0]', async () => {
    const r = await adapters.whatsapp.send(msg('whatsapp', '994551112233', { body: 'Salam' }));
    expect(r).toEqual({ providerId: expect.stringMatching(/^wamid\./), state: 'accepted' });
    expect(sims.whatsapp.messages().at(-1)).toMatchObject({ id: r.providerId, to: '994551112233', body: 'Salam' });
  });

  test('permanent failure: 131026 undeliverable; an invalid number (131009)', async () => {
    sims.whatsapp.failNext(1, { retryable: false });
    expect(await failure(adapters.whatsapp.send(msg('whatsapp', '994551112233')))).toMatchObject({ retryable: false, code: '131026' });
    expect(await failure(adapters.whatsapp.send(msg('whatsapp', 'abc')))).toMatchObject({ retryable: false, code: '131009' });
  });

  test('retryable failure: code 2 (temporary), and a rate limit 130429', async () => {
    sims.whatsapp.failNext(1);
    expect(await failure(adapters.whatsapp.send(msg('whatsapp', '994551112233')))).toMatchObject({ retryable: true, code: '2' });
    sims.whatsapp.failNext(1, { status: 400, code: '130429' });
    expect(await failure(adapters.whatsapp.send(msg('whatsapp', '994551112233')))).toMatchObject({ retryable: true, code: '130429' });
  });

  test('time-out is retryable; a bad token is permanent (190) and not in the message', async () => {
    sims.whatsapp.setDelay(1000);
    expect(await failure(adapters.whatsapp.send(msg('whatsapp', '994551112233')))).toMatchObject({ retryable: true, code: 'timeout' });
    sims.whatsapp.setDelay(0);
    const wrong = createNotifyAdapters({ ...readConfig({}), ...sims.config, WHATSAPP_TOKEN: 'EAAGsecret' });
    const e = await failure(wrong.whatsapp.send(msg('whatsapp', '994551112233')));
    expect(e).toMatchObject({ retryable: false, code: '190' });
    expect(e.message).not.toContain('EAAGsecret');
  });
});

describe('[NOTIFY][PUSH] the FCM v1 adapter against its simulator', () => {
  test('success: the message name', async () => {
    const r = await adapters.push.send(msg('push', 'device-token-1', { subject: 'Bağlama', body: 'Anbara çatdı' }));
    expect(r.providerId).toMatch(/^projects\/backoffice-sim\/messages\//);
    expect(sims.push.messages().at(-1)).toMatchObject({ to: 'device-token-1', title: 'Bağlama', body: 'Anbara çatdı' });
  });

  test('permanent failure: UNREGISTERED', async () => {
    expect(await failure(adapters.push.send(msg('push', 'invalid-token')))).toMatchObject({ retryable: false, code: 'UNREGISTERED' });
  });

  test('retryable failure: UNAVAILABLE; time-out', async () => {
    sims.push.failNext(1);
    expect(await failure(adapters.push.send(msg('push', 'device-token-1')))).toMatchObject({ retryable: true, code: 'UNAVAILABLE' });
    sims.push.setDelay(1000);
    expect(await failure(adapters.push.send(msg('push', 'device-token-1')))).toMatchObject({ retryable: true, code: 'timeout' });
  });

  test('a service account key: the JWT-bearer grant gets the token, which is kept for the next sends', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const dir = await mkdtemp(path.join(tmpdir(), 'fcm-'));
    const file = path.join(dir, 'sa.json');
    await writeFile(file, JSON.stringify({ client_email: 'push@backoffice-sim.iam.gserviceaccount.com', private_key: await exportPKCS8(privateKey), token_uri: `${sims.config.FCM_BASE_URL}/token` }));
    let tokenCalls = 0;
    const counting: typeof fetch = (input, init) => {
      if (String(input).endsWith('/token')) tokenCalls++;
      return fetch(input, init);
    };
    const adapter = createPushAdapter({ baseUrl: sims.config.FCM_BASE_URL!, projectId: sims.config.FCM_PROJECT_ID, serviceAccountFile: file, timeoutMs: 2000, fetch: counting });
    await adapter.send(msg('push', 'device-token-2'));
    await adapter.send(msg('push', 'device-token-3'));
    expect(tokenCalls).toBe(1);
    expect(sims.push.messages().map((m) => m.to)).toEqual(expect.arrayContaining(['device-token-2', 'device-token-3']));
  });
});

describe('[NOTIFY][MAIL] the SMTP adapter against the SMTP sink', () => {
  test('success: HTML with the settings\' banners and footer, and a plain-text part', async () => {
    const m = msg('mail', 'aysel@example.az', { subject: 'Bağlama <çatdı>', body: 'Salam!\nBağlamanız hazırdır.' });
    const r = await adapters.mail.send(m);
    expect(r.state).toBe('sent');
    const got = sims.smtp.messages().find((x) => x.messageId === r.providerId)!;
    expect(got).toMatchObject({ to: ['aysel@example.az'], subject: 'Bağlama <çatdı>', from: 'noreply@backoffice.test' });
    expect(got.text.trim()).toBe('Salam!\nBağlamanız hazırdır.');
    expect(got.html).toContain('<a href="https://shop.example/kampaniya"><img src="https://cdn.example/header.png"');
    expect(got.html).toContain('<img src="https://cdn.example/right.png"');
    expect(got.html).not.toContain('javascript:');
    expect(got.html).toContain('Salam!<br>Bağlamanız hazırdır.');
    expect(got.html).toContain('Kargo Ofis MMC<br>Bakı');
  });

  test('permanent failure: 550 at RCPT', async () => {
    sims.smtp.failNext(1, { retryable: false });
    expect(await failure(adapters.mail.send(msg('mail', 'x@example.az')))).toMatchObject({ retryable: false });
  });

  test('retryable failure: 451 at RCPT', async () => {
    sims.smtp.failNext(1);
    expect(await failure(adapters.mail.send(msg('mail', 'x@example.az')))).toMatchObject({ retryable: true });
  });

  test('time-out is retryable', async () => {
    sims.smtp.setDelay(1500);
    expect(await failure(adapters.mail.send(msg('mail', 'slow@example.az')))).toMatchObject({ retryable: true, code: 'timeout' });
  });

  test('a message text is escaped in the HTML; a template\'s HTML is used as given', () => {
    expect(renderMailHtml({}, { body: '<b>x</b>' })).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(renderMailHtml({}, { body: 'x', html: '<p>ok</p>' })).toContain('<p>ok</p>');
  });
});

describe('[NOTIFY] no secret in error messages', () => {
  test('none of the simulators\' keys, tokens or the SMTP password appear in any error message', () => {
    const secrets = [sims.config.SMS_API_KEY, sims.config.WHATSAPP_TOKEN, sims.config.FCM_ACCESS_TOKEN, new URL(sims.config.SMTP_URL!).password];
    expect(logged.length).toBeGreaterThan(10);
    for (const text of logged) for (const s of secrets) expect(text).not.toContain(s);
  });
});
