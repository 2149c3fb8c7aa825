import type { TemplateEditForm, TemplateForm, TemplateListQuery, TemplatePreviewForm, TemplatePreviewReply } from '@app/contract/notifications';
import { PLACEHOLDER_NAMES, PLACEHOLDERS, renderTemplate } from '@app/contract/notifications';
import { azNotifications as t } from '@app/contract/texts/az-notifications';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { AppError, invalid } from '../../platform/errors';
import { declarationParams } from './dispatch';
import { findDeclarationFacts, findSampleDeclaration } from './message-queries';
import {
  findTemplate, findTemplateForUpdate, findTemplatePage, findTemplateRow, insertTemplate, modelExists, setTemplatesActive,
  softDeleteTemplate, statusExists, tariffCategoryExists, updateTemplate, findStatusName, type StoredTemplate, type TemplateValues,
} from './template-queries';

/* Notification templates (templates/*): rules of the service; SQL in template-queries.ts. */

const notFound = () => new AppError(404, t.templateNotFound, { template_id: [t.templateNotFound] });

export function listTemplates(db: DbOrTx, query: TemplateListQuery, timeZone: string) {
  return findTemplatePage(db, query, timeZone);
}

export async function readTemplate(db: DbOrTx, id: number, timeZone: string) {
  const row = await findTemplateRow(db, id, timeZone);
  if (!row) throw new AppError(404, t.templateNotFound, { id: [t.templateNotFound] });
  return { data: row };
}

export function listPlaceholders() {
  return { data: PLACEHOLDERS.map((name) => ({ name, description: PLACEHOLDER_NAMES[name] })) };
}

/** References the form names must exist (model, its status, the tariff category). */
async function checkReferences(db: DbOrTx, form: TemplateForm): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (!(await modelExists(db, form.model_id))) errors.model_id = [t.modelUnknown];
  else if (form.state_id && !(await statusExists(db, form.model_id, form.state_id))) errors.state_id = [t.stateUnknown];
  if (form.tariff_category_id && !(await tariffCategoryExists(db, form.tariff_category_id))) errors.tariff_category_id = [t.tariffCategoryUnknown];
  if (Object.keys(errors).length) throw invalid(errors);
}

function valuesOf(form: TemplateForm): TemplateValues {
  return {
    name: form.name,
    title: form.title,
    body: form.body,
    templateTypeId: form.template_type_id,
    modelId: form.model_id,
    stateId: form.state_id ?? null,
    tariffCategoryId: form.tariff_category_id ?? null,
    htmlTemplateId: form.html_template_id ?? null,
    lang: form.lang,
    active: form.active,
    delay: form.delay,
  };
}

export async function createTemplate(db: Db, viewer: RequestUser, form: TemplateForm) {
  return db.transaction(async (tx) => {
    await checkReferences(tx, form);
    const values = { ...valuesOf(form), createdBy: viewer.id };
    const id = await insertTemplate(tx, values);
    await recordAudit(tx, { userId: viewer.id, action: 'notification_template.create', entity: 'notification_template', entityId: String(id), changes: values });
    return { data: id };
  });
}

export async function editTemplate(db: Db, viewer: RequestUser, form: TemplateEditForm) {
  return db.transaction(async (tx) => {
    const current = await findTemplateForUpdate(tx, form.template_id);
    if (!current) throw notFound();
    await checkReferences(tx, form);
    const values = valuesOf(form);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, to] of Object.entries(values)) {
      const from = current[key as keyof StoredTemplate];
      if ((from ?? null) !== (to ?? null)) changes[key] = { from: from ?? null, to };
    }
    if (Object.keys(changes).length) await updateTemplate(tx, form.template_id, values);
    await recordAudit(tx, { userId: viewer.id, action: 'notification_template.update', entity: 'notification_template', entityId: String(form.template_id), changes });
    return { data: { id: form.template_id } };
  });
}

export async function cancelTemplate(db: Db, viewer: RequestUser, id: number) {
  return db.transaction(async (tx) => {
    const current = await findTemplateForUpdate(tx, id);
    if (!current) throw notFound();
    await softDeleteTemplate(tx, id);
    await recordAudit(tx, { userId: viewer.id, action: 'notification_template.delete', entity: 'notification_template', entityId: String(id), changes: { row: current } });
    return { data: { id } };
  });
}

export async function activateTemplates(db: Db, viewer: RequestUser, ids: number[], active: boolean) {
  return db.transaction(async (tx) => {
    const found = await setTemplatesActive(tx, [...new Set(ids)], active);
    if (found.length === 0) throw notFound();
    await recordAudit(tx, { userId: viewer.id, action: 'notification_template.active', entity: 'notification_template', entityId: found.join(','), changes: { active } });
    return { data: { ids: found, active: (active ? 1 : 0) as 0 | 1 } };
  });
}

/** A template (saved or the form's text) rendered with a real parcel's values. */
export async function previewTemplate(db: DbOrTx, form: TemplatePreviewForm, timeZone: string): Promise<TemplatePreviewReply> {
  let title = form.title ?? '';
  let body = form.body ?? '';
  let stateId = form.state_id;
  let modelId = 2;
  if (form.template_id) {
    const saved = await findTemplate(db, form.template_id);
    if (!saved) throw notFound();
    title = form.title ?? saved.title;
    body = form.body ?? saved.body;
    stateId ??= saved.stateId ?? undefined;
    modelId = saved.modelId;
  }
  const facts = form.declaration_id
    ? await findDeclarationFacts(db, form.declaration_id)
    : (modelId === 2 && stateId ? await findSampleDeclaration(db, stateId) : undefined) ?? await findSampleDeclaration(db);
  if (!facts) {
    const field = form.declaration_id ? 'declaration_id' : 'body';
    throw invalid({ [field]: [form.declaration_id ? t.declarationNotFound : t.noDeclarationForPreview] });
  }
  const stateName = stateId && modelId === 2 ? await findStatusName(db, 2, stateId) : null;
  const params = declarationParams(facts, stateName, timeZone);
  return { data: { title: renderTemplate(title, params), body: renderTemplate(body, params), declaration_id: facts.id, track_code: facts.track_code, params } };
}
