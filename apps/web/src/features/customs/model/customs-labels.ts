import { az } from '@app/contract/texts/az';

const T = az.customsUi;
export const EMPTY_VALUE = '—';

/** A call to customs by its Azerbaijani name ('add' → 'Bağlamanın əlavə edilməsi'); an unknown code stays as it came. */
export function describeCustomsAction(code: string): string {
  return T.actions[code] ?? code;
}

/** The action filter's choices: every call the app makes to customs, by name. */
export const CUSTOMS_ACTION_OPTIONS = Object.entries(T.actions).map(([value, label]) => ({ value, label }));

/** The calls that go through the package queue (DNS queues). */
const QUEUE_ACTIONS = ['add', 'add_commercial', 'update', 'delete', 'addtoboxes', 'depesh'];
export const QUEUE_ACTION_OPTIONS = QUEUE_ACTIONS.map((value) => ({ value, label: describeCustomsAction(value) }));

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || value === 'null';

/**
 * A stored request or answer on one line for a table cell: JSON text, or '—' when there is none (a
 * ping sends no body; a call that timed out has no answer). Never the word "null".
 */
export function summarizeJson(value: unknown): string {
  if (isEmpty(value)) return EMPTY_VALUE;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A stored request or answer pretty-printed for the detail; null when there is none (the caller says so in words). */
export function prettyJson(value: unknown): string | null {
  if (isEmpty(value)) return null;
  if (typeof value !== 'string') return JSON.stringify(value, null, 2);
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}
