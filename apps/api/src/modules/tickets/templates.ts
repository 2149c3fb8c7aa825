import type { MessageTemplateEditForm, MessageTemplateForm, MessageTemplateListQuery } from '@app/contract/tickets';
import { ZMessageTemplateEditForm, ZMessageTemplateForm, ZMessageTemplateListQuery, ZMessageTemplateRow } from '@app/contract/tickets';
import { messageTemplates } from '../../db/schema/tickets';
import type { ResourceDef } from '../../platform/resource';
import { asDateTime } from '../../platform/sql-format';
import { messageTemplateListSpec } from './queries';

/**
 * Ticket templates (spec §2 ticket-templates, §6 ticket_templates): canned answers. The supports
 * screen's reply box reads the list too (per_page 1000), so `tickets` may read it; writes need
 * `ticket_templates`. Cancel is a soft delete.
 */
export function messageTemplateResource(timeZone: () => string): ResourceDef<MessageTemplateListQuery, MessageTemplateForm, MessageTemplateEditForm> {
  return {
    entity: 'message_template',
    tags: ['tickets'],
    table: messageTemplates,
    keys: [{ param: 'message_template_id', column: messageTemplates.id }],
    deletedAt: messageTemplates.deletedAt,
    read: ['ticket_templates', 'tickets'],
    columns: { id: messageTemplates.id, title: messageTemplates.title, body: messageTemplates.body, created_at: asDateTime(messageTemplates.createdAt, timeZone()) },
    row: ZMessageTemplateRow,
    list: { path: '/api/admin/message_templates', query: ZMessageTemplateListQuery, spec: messageTemplateListSpec },
    info: { path: '/api/admin/message_templates/info' },
    create: { path: '/api/admin/message_templates/create', form: ZMessageTemplateForm, access: 'ticket_templates' },
    edit: { path: '/api/admin/message_templates/edit', form: ZMessageTemplateEditForm, access: 'ticket_templates' },
    remove: { path: '/api/admin/message_templates/cancel', access: 'ticket_templates' },
    toValues: (form, ctx) => ({ title: form.title, body: form.body, ...(ctx.current ? { updatedAt: new Date() } : {}) }),
    beforeInsert: (values, ctx) => ({ ...values, createdBy: ctx.viewer.id }),
  };
}
