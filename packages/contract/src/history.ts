import { z } from 'zod';
import { zDateTimeText, zId, ZListQuery, type ListResponse } from './common';

/*
 * History screens (spec §2 "Content": archive/state `state_changes`, logs `my_logs`; the status
 * timeline links to both filtered to one record with ?model_id=&object_id=).
 *  - GET /api/admin/states/archive: status_history rows of every model.
 *  - GET /api/admin/logs and /api/admin/logs/info: the operation log (audit_log). A user who is not
 *    an admin (role 1) sees only their own entries ("my logs").
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (max = 200) => z.preprocess(blank, z.string().trim().max(max).optional());
const optionalId = z.preprocess(blank, zId.optional());
const dateTime = z.preprocess(blank, zDateTimeText.optional());

interface Ref { id: number; name: string }

export const STATE_ARCHIVE_SORT_COLUMNS = ['id', 'created_at'] as const;
export const ZStateArchiveQuery = ZListQuery.extend({
  sort_column: z.enum(STATE_ARCHIVE_SORT_COLUMNS).optional(),
  model_id: optionalId,
  object_id: optionalId,
  state_id: optionalId,
  user_id: optionalId,
  user_name: text(120),
  date_from: dateTime,
  date_to: dateTime,
});
export type StateArchiveQuery = z.infer<typeof ZStateArchiveQuery>;

export interface StateArchiveRow {
  id: number;
  model: Ref;
  object_id: number;
  /** The declaration's track code when the record is a declaration (model 2). */
  object_code: string | null;
  from_state: Ref | null;
  state: Ref;
  user: Ref | null;
  note: string | null;
  created_at: string;
}
export type StateArchiveReply = ListResponse<StateArchiveRow>;

export const LOG_SORT_COLUMNS = ['id', 'created_at'] as const;
export const ZLogListQuery = ZListQuery.extend({
  sort_column: z.enum(LOG_SORT_COLUMNS).optional(),
  user_id: optionalId,
  user_name: text(120),
  action: text(120),
  entity: text(60),
  entity_id: text(60),
  /** The timeline's link: model_id 2 = entity 'declaration', 19 = 'conflicted_declaration'; object_id = entity_id. */
  model_id: optionalId,
  object_id: optionalId,
  method: z.preprocess(blank, z.enum(['POST', 'PUT', 'PATCH', 'DELETE']).optional()),
  date_from: dateTime,
  date_to: dateTime,
});
export type LogListQuery = z.infer<typeof ZLogListQuery>;

export interface LogRow {
  id: number;
  user: Ref | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  method: string | null;
  path: string | null;
  status_code: number | null;
  ip: string | null;
  created_at: string;
}
export type LogListReply = ListResponse<LogRow>;

export const ZLogInfoQuery = z.object({ log_id: zId });
export interface LogInfoReply { data: LogRow & { changes: unknown } }
