import {
  ZArchiveActiveReply, ZArchiveQuery, ZArchiveSendForm, ZArchiveSendReply, ZArchiveStatusReply, ZMailActiveQuery, ZMailArchiveReply,
  ZPhoneArchiveReply, ZPlaceholdersReply, ZSmsActiveQuery, ZSmsBalanceReply, ZSmsStatusQuery, ZTemplateActiveQuery, ZTemplateActiveReply,
  ZTemplateCancelQuery, ZTemplateCreateReply, ZTemplateEditForm, ZTemplateForm, ZTemplateIdReply, ZTemplateInfoQuery, ZTemplateInfoReply,
  ZNotificationSettingsForm, ZNotificationSettingsQuery, ZNotificationSettingsReply, ZTemplateListQuery, ZTemplateListReply, ZTemplatePreviewForm, ZTemplatePreviewReply, ZWhatsappActiveQuery, ZWhatsappStatusQuery,
  type NotifyChannel,
} from '@app/contract/notifications';
import type { PermissionCode } from '@app/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { NotifyAdapters } from '../../integrations/notify';
import { requireUser } from '../../platform/auth/guard';
import { readChannelSettings, saveChannelSettings } from './channel-settings';
import { listArchive, readSmsBalance, refreshArchiveStatus, sendFromArchive, setArchiveActive } from './archives';
import {
  dispatchStatusEvents, SEND_BACKOFF_SECONDS, SEND_MAX_ATTEMPTS, SEND_NOTIFICATION_JOB, sendNotificationMessage, STATUS_EVENTS_JOB,
} from './dispatch';
import { activateTemplates, cancelTemplate, createTemplate, editTemplate, listPlaceholders, listTemplates, previewTemplate, readTemplate } from './templates';

const TEMPLATES: { permission: PermissionCode } = { permission: 'notification_templates' };

/** Templates, archives, sends and the two jobs of issue 20 (items 1–3). */
export function registerNotifyRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;
  // `app.notify` is decorated by integrations/notify (N2); read at call time, so tests may swap it.
  const notify = () => (app as unknown as { notify?: NotifyAdapters }).notify;

  app.jobs.define<{ id: number }>(SEND_NOTIFICATION_JOB, async (payload, ctx) => {
    await sendNotificationMessage(ctx.db, notify(), Number(payload.id), ctx.attempt, SEND_MAX_ATTEMPTS);
  }, { maxAttempts: SEND_MAX_ATTEMPTS, backoffSeconds: SEND_BACKOFF_SECONDS });
  app.jobs.define(STATUS_EVENTS_JOB, async (_payload, ctx) => {
    const created = await dispatchStatusEvents(ctx.db, app.jobs, tz());
    if (created) ctx.log(`${created} messages queued`);
  }, { maxAttempts: 5, backoffSeconds: 10 });
  // The trigger queues the job with every captured change; the sweep only picks up what a crash left behind.
  if (app.config.NODE_ENV !== 'test') app.jobs.every(STATUS_EVENTS_JOB, 60);

  // ---------------------------------------------------------------- templates
  const tags = ['notifications'];
  app.get('/api/admin/templates/list', {
    schema: { tags, summary: 'Notification templates (filters id, name, template_type_id, model_name, state_name, active, created_at)', querystring: ZTemplateListQuery, response: { 200: ZTemplateListReply } },
    config: { access: TEMPLATES },
  }, (req) => listTemplates(app.db, req.query, tz()));

  app.get('/api/admin/templates/info', {
    schema: { tags, summary: "One template ('Şablon əldə edilə bilmədi' when missing)", querystring: ZTemplateInfoQuery, response: { 200: ZTemplateInfoReply } },
    config: { access: TEMPLATES },
  }, (req) => readTemplate(app.db, req.query.id, tz()));

  app.get('/api/admin/templates/placeholders', {
    schema: { tags, summary: 'The placeholders a template body may name ({customer_name} …) with descriptions', response: { 200: ZPlaceholdersReply } },
    config: { access: TEMPLATES },
  }, () => listPlaceholders());

  app.post('/api/admin/templates/create', {
    schema: { tags, summary: 'Create a template (form); an unknown {placeholder} is a 422 on body/title; answers the new id', body: ZTemplateForm, response: { 200: ZTemplateCreateReply } },
    config: { access: TEMPLATES },
  }, (req) => createTemplate(app.db, requireUser(req), req.body));

  app.post('/api/admin/templates/edit', {
    schema: { tags, summary: 'Edit a template (form with template_id)', body: ZTemplateEditForm, response: { 200: ZTemplateIdReply } },
    config: { access: TEMPLATES },
  }, (req) => editTemplate(app.db, requireUser(req), req.body));

  app.post('/api/admin/templates/cancel', {
    schema: { tags, summary: 'Delete a template (soft: its messages keep their template id)', querystring: ZTemplateCancelQuery, response: { 200: ZTemplateIdReply } },
    config: { access: TEMPLATES },
  }, (req) => cancelTemplate(app.db, requireUser(req), req.query.template_id));

  app.post('/api/admin/templates/active', {
    schema: { tags, summary: 'Switch templates on or off (template_id=1,2&active=1|0)', querystring: ZTemplateActiveQuery, response: { 200: ZTemplateActiveReply } },
    config: { access: TEMPLATES },
  }, (req) => activateTemplates(app.db, requireUser(req), req.query.template_id ?? [], req.query.active));

  app.post('/api/admin/templates/preview', {
    schema: { tags, summary: "A template (template_id, or the form's title/body) rendered with a real parcel's values (declaration_id, else the newest of its status)", body: ZTemplatePreviewForm, response: { 200: ZTemplatePreviewReply } },
    // A read, but a POST (the unsaved text is a form): it takes an Idempotency-Key like every write.
    config: { access: TEMPLATES },
  }, (req) => previewTemplate(app.db, req.body, tz()));

  // ---------------------------------------------------------------- archives
  const archives: { channel: Exclude<NotifyChannel, 'push'>; path: string; permission: PermissionCode; idField: string }[] = [
    { channel: 'sms', path: 'sms', permission: 'sms_archive', idField: 'sms_id' },
    { channel: 'whatsapp', path: 'whatsapp', permission: 'whatsapp_archive', idField: 'whatsapp_id' },
    { channel: 'mail', path: 'mail', permission: 'mail_archive', idField: 'mail_id' },
  ];
  for (const { channel, path, permission, idField } of archives) {
    const access = { permission };
    const reply = channel === 'mail' ? ZMailArchiveReply : ZPhoneArchiveReply;
    app.get(`/api/admin/archive/${path}`, {
      schema: { tags, summary: `${channel} archive: every message (filters ${channel === 'mail' ? 'email' : 'phone'}, user_id, sent, active, model_name, body, date ranges)`, querystring: ZArchiveQuery, response: { 200: reply } },
      config: { access },
    }, (req) => listArchive(app.db, channel, false, req.query, tz()));
    app.get(`/api/admin/archive/${path}_queues`, {
      schema: { tags, summary: `${channel} queue: the messages not sent yet (held back ones too, active 0), oldest first`, querystring: ZArchiveQuery, response: { 200: reply } },
      config: { access },
    }, (req) => listArchive(app.db, channel, true, req.query, tz()));
    const activeQuery = channel === 'sms' ? ZSmsActiveQuery : channel === 'whatsapp' ? ZWhatsappActiveQuery : ZMailActiveQuery;
    app.get(`/api/admin/archive/${path}_active`, {
      schema: { tags, summary: `Hold a waiting ${channel} message back (active=0) or let it go (active=1; a GET toggle, as clients call it)`, querystring: activeQuery, response: { 200: ZArchiveActiveReply } },
      config: { access },
    }, (req) => {
      const query = req.query as Record<string, unknown> & { active: boolean };
      return setArchiveActive(app.db, app.jobs, requireUser(req), Number(query[idField]), query.active, idField);
    });
    app.post(`/api/admin/archive/send_${path}`, {
      schema: { tags, summary: `Send ${channel}: no fields = the waiting queue now; ${idField} = that message again (a new row); user_id/${channel === 'mail' ? 'email' : 'number'} + body = an ad-hoc message`, body: ZArchiveSendForm.optional(), response: { 200: ZArchiveSendReply } },
      config: { access },
    }, (req) => sendFromArchive(app.db, app.jobs, requireUser(req), channel, req.body ?? ZArchiveSendForm.parse({})));
  }
  for (const { channel, query, idField, permission } of [
    { channel: 'sms' as const, query: ZSmsStatusQuery, idField: 'sms_id', permission: 'sms_archive' as const },
    { channel: 'whatsapp' as const, query: ZWhatsappStatusQuery, idField: 'whatsapp_id', permission: 'whatsapp_archive' as const },
  ]) {
    app.get(`/api/admin/archive/${channel}_status`, {
      schema: { tags, summary: `The provider's delivery state of one ${channel} message, refreshed and stored (plain text)`, querystring: query, response: { 200: ZArchiveStatusReply } },
      config: { access: { permission } },
    }, async (req, reply) => {
      const id = Number((req.query as Record<string, unknown>)[idField]);
      const text = await refreshArchiveStatus(app.db, notify(), requireUser(req), id, idField);
      return reply.type('text/plain; charset=utf-8').send(text);
    });
  }

  // ---------------------------------------------------------------- a customer's channels (ours)
  app.get('/api/admin/notification_settings', {
    schema: { tags, summary: "A customer's channel opt-ins (SMS, e-mail, WhatsApp, push) and whether a push device is registered", querystring: ZNotificationSettingsQuery, response: { 200: ZNotificationSettingsReply } },
    config: { access: { permission: 'users' } },
  }, (req) => readChannelSettings(app.db, req.query.user_id));
  app.post('/api/admin/notification_settings', {
    schema: { tags, summary: "Set a customer's channel opt-ins (form: user_id, send_sms, send_mail, send_whatsapp, send_push; a field left out stays)", body: ZNotificationSettingsForm, response: { 200: ZNotificationSettingsReply } },
    config: { access: { permission: 'user_edit' } },
  }, (req) => saveChannelSettings(app.db, requireUser(req), req.body));

  app.get('/api/admin/sms_balance', {
    schema: { tags, summary: "The SMS provider's balance (data.obj)", response: { 200: ZSmsBalanceReply } },
    config: { access: { permission: 'sms_archive' } },
  }, () => readSmsBalance(notify()));
}
