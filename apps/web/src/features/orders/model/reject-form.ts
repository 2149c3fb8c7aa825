/** The reason's limit: the server's (orders contract: client_descr up to 500). */
export const REJECT_REASON_MAX = 500;

export type RejectReasonProblem = 'required' | 'tooLong';

/** spec §4: a rejection (status 4) needs its reason (client_descr); blank or only spaces is no reason. */
export function checkRejectReason(value: string | null | undefined): RejectReasonProblem | null {
  const text = (value ?? '').trim();
  if (!text) return 'required';
  if (text.length > REJECT_REASON_MAX) return 'tooLong';
  return null;
}

/**
 * The orders a reject route names: `orders/{ids}/reject` with the ids joined by '/' (spec §2).
 * Null for any other path (not ours: the section's fallback answers it).
 */
export function parseRejectPath(splat: string): number[] | null {
  const match = /^(\d+(?:\/\d+)*)\/reject\/?$/.exec(splat);
  if (!match?.[1]) return null;
  const ids = match[1].split('/').map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  return ids.length > 0 ? [...new Set(ids)] : null;
}

/** The route that rejects these orders (over the table, keeping its URL state). */
export function buildRejectPath(ids: readonly number[], search = ''): string {
  return `/@next/orders/${ids.join('/')}/reject${search}`;
}
