import { MODEL, MODEL_NAMES, type ModelId } from '@app/contract/models';

/** The models whose records have a details page, and where it is (the history screens link to them). */
export function recordPath(modelId: number, objectId: number): string | null {
  if (modelId === MODEL.declarations) return `/@next/declarations/${objectId}`;
  if (modelId === MODEL.conflictedDeclarations) return `/@next/declarations/unknowns/${objectId}`;
  if (modelId === MODEL.users) return `/@next/users/${objectId}`;
  return null;
}

/** The audit entity of a log row → the record's details page. */
export function entityPath(entity: string | null, entityId: string | null): string | null {
  const id = Number(entityId);
  if (!entity || !Number.isInteger(id) || id <= 0) return null;
  const model = { declaration: MODEL.declarations, conflicted_declaration: MODEL.conflictedDeclarations, user: MODEL.users }[entity];
  return model === undefined ? null : recordPath(model, id);
}

export const MODEL_OPTIONS = (Object.entries(MODEL_NAMES) as [string, string][]).map(([id, name]) => ({ value: Number(id) as ModelId, label: name }));

/** A screen opened from a record (the timeline's link, ?object_id=) shows all of its history, not the last 31 days. */
export function startPreset(search: URLSearchParams): 'all' | undefined {
  return search.get('object_id') || search.get('entity_id') ? 'all' : undefined;
}

/** A log entry's changes, readable: objects as indented JSON, nothing as a dash. */
export function describeChanges(changes: unknown): string {
  if (changes === null || changes === undefined) return '—';
  if (typeof changes === 'string') return changes;
  return JSON.stringify(changes, null, 2);
}
