import { MODEL } from '@app/contract/models';

/** Where a message's record opens (the archive's model/object column): the models that have a page. */
export function messageObjectPath(modelId: number | null, objectId: number | null): string | null {
  if (!modelId || !objectId) return null;
  if (modelId === MODEL.declarations) return `/@next/declarations/${objectId}`;
  if (modelId === MODEL.conflictedDeclarations) return `/@next/declarations/unknowns/${objectId}`;
  if (modelId === MODEL.users) return `/@next/users/${objectId}`;
  if (modelId === MODEL.tickets) return `/@next/supports/${objectId}`;
  return null;
}

export function userPath(userId: number | null | undefined): string | null {
  return userId ? `/@next/users/${userId}` : null;
}
