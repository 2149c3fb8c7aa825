import type { FormInstance } from 'antd';
import { HttpError, listErrorMessages } from '../http/http-error';

type FieldName = string | (string | number)[];

/**
 * spec §5: server 400/422 field errors go onto the form's fields (several messages of a field joined
 * with commas). Returns the text of what no field took, joined with '. ', for a toast; '' if none.
 * `fieldNames` maps a wire name (`track_code`) to the form's field name when they differ.
 */
export function mapServerErrors(
  form: FormInstance,
  error: unknown,
  fieldNames: Record<string, FieldName> = {},
): string {
  if (!(error instanceof HttpError)) return error instanceof Error ? error.message : '';
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const fields: { name: FieldName; errors: string[] }[] = [];
  const leftover: Record<string, string[]> = {};
  for (const [wireName, messages] of Object.entries(error.errors)) {
    const name = fieldNames[wireName] ?? wireName;
    const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
    if (wireName in fieldNames || known.has(String(name))) fields.push({ name, errors: [list.join(', ')] });
    else leftover[wireName] = list;
  }
  if (fields.length > 0) form.setFields(fields);
  const rest = listErrorMessages(leftover);
  if (rest.length > 0) return rest.join('. ');
  return fields.length > 0 ? '' : error.message;
}
