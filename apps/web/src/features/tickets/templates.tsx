import { azTickets } from '@app/contract/texts/az-tickets';
import { ZMessageTemplateEditForm, ZMessageTemplateForm, type MessageTemplateRow } from '@app/contract/tickets';
import { Typography } from 'antd';
import { formatDateTime } from '../../shared/format/format-date';
import { buildResourceRoutes } from '../../shared/resource/resource-routes';
import { crudApi } from '../../shared/resource/resource-api';
import type { ResourceDefinition } from '../../shared/resource/types';

const t = azTickets;

/** ticket-templates (spec §2, §6 ticket_templates): canned answers, list + form modal. */
export const ticketTemplatesList: ResourceDefinition<MessageTemplateRow> = {
  id: 'ticket-templates',
  path: 'ticket-templates',
  title: t.templatesTitle,
  api: crudApi('/api/admin/message_templates', 'message_template_id'),
  permissions: { read: 'ticket_templates' },
  deleteConfirm: t.confirm.deleteTemplate,
  columns: () => [
    { key: 'id', title: t.fields.code, width: 'smaller', sortColumn: 'id', isAlwaysVisible: true, filter: { kind: 'number', param: 'id', isInteger: true }, render: (r) => r.id },
    { key: 'title', title: t.fields.name, width: 'large', sortColumn: 'title', filter: { kind: 'text', param: 'name' }, render: (r) => r.title },
    { key: 'body', title: t.fields.templateBody, width: 400, render: (r) => <Typography.Text ellipsis={{ tooltip: r.body }}>{r.body}</Typography.Text> },
    { key: 'created_at', title: t.fields.created, width: 'date', sortColumn: 'created_at', filter: { kind: 'date-range', param: 'created_at', defaultPreset: 'all' }, render: (r) => formatDateTime(r.created_at) },
  ],
  schema: { create: ZMessageTemplateForm, update: ZMessageTemplateEditForm },
  fields: [
    { name: 'title', label: t.fields.templateTitle, kind: 'text', span: 24 },
    { name: 'body', label: t.fields.templateBody, kind: 'textarea', span: 24 },
  ],
  details: () => [
    { label: t.fields.templateTitle, render: (r) => r.title, span: 2 },
    { label: t.fields.templateBody, render: (r) => <div style={{ whiteSpace: 'pre-wrap' }}>{r.body}</div>, span: 2 },
    { label: t.fields.created, render: (r) => formatDateTime(r.created_at) },
  ],
};

export const TICKET_TEMPLATE_ROUTES = buildResourceRoutes(ticketTemplatesList);
