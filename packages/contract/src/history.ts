import { z } from 'zod';
import { TOTAL_KINDS, zDateTimeText, zId, ZListQuery } from './common';
import { zDateRangeText } from './users';

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

/** `state_name` and `user_name` (real clients' column ids) order by the status and user id. */
export const STATE_ARCHIVE_SORT_COLUMNS = ['id', 'created_at', 'model_id', 'object_id', 'state_id', 'user_id', 'state_name', 'user_name'] as const;
/** Filters; `id`, `state_name` and `created_at` ('from,to') are the names real clients send (issue 14). */
export const ZStateArchiveQuery = ZListQuery.extend({
  sort_column: z.enum(STATE_ARCHIVE_SORT_COLUMNS).optional(),
  id: optionalId,
  model_id: optionalId,
  object_id: optionalId,
  state_id: optionalId,
  state_name: text(120),
  user_id: optionalId,
  user_name: text(120),
  date_from: dateTime,
  date_to: dateTime,
  created_at: zDateRangeText,
});
export type StateArchiveQuery = z.infer<typeof ZStateArchiveQuery>;

/** One status change, flat (issue 14): related records as `<name>_id` + `<name>_name`. */
export const ZStateArchiveRow = z.object({
  id: z.number().int(),
  model_id: z.number().int(),
  model_name: z.string(),
  object_id: z.number().int(),
  /** The declaration's track code when the record is a declaration (model 2). */
  object_code: z.string().nullable(),
  from_state_id: z.number().int().nullable(),
  from_state_name: z.string().nullable(),
  state_id: z.number().int(),
  state_name: z.string(),
  user_id: z.number().int().nullable(), // null: the system
  user_name: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type StateArchiveRow = z.infer<typeof ZStateArchiveRow>;
const listReply = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), total: z.number(), total_kind: z.enum(TOTAL_KINDS).optional() });
export const ZStateArchiveReply = listReply(ZStateArchiveRow);
export type StateArchiveReply = z.infer<typeof ZStateArchiveReply>;

/** `title` orders by the action, `model_name` by the entity, `user_name` by the user id (real clients' column ids). */
export const LOG_SORT_COLUMNS = ['id', 'created_at', 'user_id', 'action', 'title', 'model_name', 'user_name'] as const;
/** Filters; `id`, `title`, `model_name` and `created_at` ('from,to') are the names real clients send (issue 14). */
export const ZLogListQuery = ZListQuery.extend({
  sort_column: z.enum(LOG_SORT_COLUMNS).optional(),
  id: optionalId,
  title: text(120),
  model_name: text(120),
  created_at: zDateRangeText,
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

/**
 * One operation log entry, flat (issue 14). `title`: the action's Azerbaijani name (the raw action
 * when none); `model_id`/`model_name`: the status model of the entity (0 and the entity name when
 * the entity has no model); `object_id`: the entity id when numeric, else 0.
 */
export const ZLogRow = z.object({
  id: z.number().int(),
  title: z.string(),
  user_id: z.number().int().nullable(), // null: the system
  user_name: z.string().nullable(),
  model_id: z.number().int(),
  model_name: z.string(),
  object_id: z.number().int(),
  action: z.string(),
  entity: z.string().nullable(),
  entity_id: z.string().nullable(),
  method: z.string().nullable(),
  path: z.string().nullable(),
  status_code: z.number().int().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type LogRow = z.infer<typeof ZLogRow>;
export const ZLogListReply = listReply(ZLogRow);
export type LogListReply = z.infer<typeof ZLogListReply>;

export const ZLogInfoQuery = z.object({ log_id: zId });
/** `changes` as recorded; `old_value`/`new_value`: the changed fields before and after (null when none). */
export const ZLogInfoReply = z.object({
  data: ZLogRow.extend({
    changes: z.unknown(),
    old_value: z.record(z.string(), z.unknown()).nullable(),
    new_value: z.record(z.string(), z.unknown()).nullable(),
  }),
});
export type LogInfoReply = z.infer<typeof ZLogInfoReply>;

/**
 * The status history of one record, oldest first (the status timeline):
 *  - GET /api/admin/states/history?model_id&objectId (real clients send `objectId`; `object_id` also taken),
 *  - GET /api/client/get_status_map?model_id&object_id (`descr`: the note given with the change, '' when none).
 */
export const ZStateHistoryQuery = z.object({ model_id: zId, objectId: optionalId, object_id: optionalId });
export type StateHistoryQuery = z.infer<typeof ZStateHistoryQuery>;
export const ZStatusMapQuery = z.object({ model_id: zId, object_id: zId });
export type StatusMapQuery = z.infer<typeof ZStatusMapQuery>;

/** One status change of the record, flat (issue 14). */
export const ZStateHistoryRow = z.object({
  id: z.number().int(),
  state_id: z.number().int(),
  state_name: z.string(),
  from_state_id: z.number().int().nullable(),
  from_state_name: z.string().nullable(),
  user_id: z.number().int().nullable(), // null: the system
  user_name: z.string().nullable(),
  descr: z.string(), // '' when the change had no note
  created_at: z.string(),
});
export type StateHistoryRow = z.infer<typeof ZStateHistoryRow>;
export const ZStateHistoryReply = z.object({ data: z.array(ZStateHistoryRow) });
export type StateHistoryReply = z.infer<typeof ZStateHistoryReply>;
