import { z } from 'zod';
import { zDateTimeText, zDecimal, zFlag, zId, ZListQuery } from './common';
import { ZDeclarationListFilters, ZDeclarationListReply, ZDeclarationListRow } from './declarations';
import { zDateTimeOut, zDecimalOut, zFlag01, zListReply } from './common';

/*
 * The declaration list screens beside the main list (spec §2 "Declaration routes", §3 "Post
 * declaration", §7): deleted declarations (GET /api/admin/customs/deleteddeclarations), post
 * declarations (GET /api/admin/post_declarations) and the archive (GET /api/admin/declaration/archive).
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (max = 200) => z.preprocess(blank, z.string().trim().max(max).optional());
const optionalId = z.preprocess(blank, zId.optional());
const dateTime = z.preprocess(blank, zDateTimeText.optional());

// ---------------------------------------------------------------- deleted declarations

export const DELETED_SORT_COLUMNS = ['id', 'deleted_at', 'created_at', 'track_code'] as const;
/**
 * GET /api/admin/customs/deleteddeclarations: declarations withdrawn at customs (the customs link's
 * deleted declarations), newest withdrawal first, as our declaration rows. The list's filters apply
 * (date_from/date_to on the creation date); deleted_from/deleted_to on the withdrawal.
 */
export const ZDeletedDeclarationListQuery = ZListQuery.extend({
  sort_column: z.enum(DELETED_SORT_COLUMNS).optional(),
  user_id: ZDeclarationListFilters.shape.user_id,
  user_name: ZDeclarationListFilters.shape.user_name,
  customer_code: ZDeclarationListFilters.shape.customer_code,
  track_code: ZDeclarationListFilters.shape.track_code,
  global_track_code: ZDeclarationListFilters.shape.global_track_code,
  state_id: ZDeclarationListFilters.shape.state_id,
  country_id: ZDeclarationListFilters.shape.country_id,
  branch_id: ZDeclarationListFilters.shape.branch_id,
  date_from: dateTime,
  date_to: dateTime,
  deleted_from: dateTime,
  deleted_to: dateTime,
});
export type DeletedDeclarationListQuery = z.infer<typeof ZDeletedDeclarationListQuery>;

export const ZDeletedDeclarationRow = ZDeclarationListRow.extend({
  /** When customs' declaration was withdrawn (as we first learnt it). */
  deleted_at: zDateTimeOut,
  /** Who of us cancelled the declaration (its audit entry); null when the citizen withdrew it at customs. */
  deleted_by_id: z.number().int().nullable(),
  deleted_by_name: z.string().nullable(),
});
export type DeletedDeclarationRow = z.infer<typeof ZDeletedDeclarationRow>;
export const ZDeletedDeclarationListReply = zListReply(ZDeletedDeclarationRow);
export type DeletedDeclarationListReply = z.infer<typeof ZDeletedDeclarationListReply>;

// ---------------------------------------------------------------- post declarations (spec §3)

export const POST_SORT_COLUMNS = ['id', 'created_at', 'price', 'dgk_price', 'track_code'] as const;
/** spec §3 "Posts filter: user, track_code, is_new, price, declaration_id, dgk_price, customs_id, created_at". */
export const ZPostDeclarationListQuery = ZListQuery.extend({
  sort_column: z.enum(POST_SORT_COLUMNS).optional(),
  user: text(120),            // customer code or name
  user_id: optionalId,
  track_code: text(80),
  is_new: z.preprocess(blank, zFlag.optional()),
  price: z.preprocess(blank, zDecimal.optional()),
  declaration_id: optionalId,
  dgk_price: z.preprocess(blank, zDecimal.optional()),
  customs_id: text(64),
  date_from: dateTime,        // created_at range
  date_to: dateTime,
});
export type PostDeclarationListQuery = z.infer<typeof ZPostDeclarationListQuery>;

/** spec §3 "Post declaration", in the wire format real clients read (issue 14: flat snake_case). */
export const ZPostDeclarationRow = z.object({
  id: z.number().int(),
  track_code: z.string(),
  price: zDecimalOut.nullable(),       // declared value (USD)
  dgk_price: zDecimalOut.nullable(),   // the value customs (DGK) set (USD)
  user_id: z.number().int().nullable(),
  user_name: z.string(),               // '' when none
  user_code: z.string().nullable(),
  is_new: zFlag01,
  created_at: zDateTimeOut,
  customs_id: z.number().nullable(),   // customs' numeric id
  declaration_id: z.number().int().nullable(),
});
export type PostDeclarationRow = z.infer<typeof ZPostDeclarationRow>;
export const ZPostDeclarationListReply = zListReply(ZPostDeclarationRow);
export type PostDeclarationListReply = z.infer<typeof ZPostDeclarationListReply>;

// ---------------------------------------------------------------- archive

/**
 * The archive (design, docs/architecture.md): a declaration whose journey is finished — handed
 * over (10) or returned (12) — and that was created more than ARCHIVE_AFTER_DAYS days ago.
 */
export const ARCHIVE_STATUS_IDS = [10, 12] as const;
export const ARCHIVE_AFTER_DAYS = 30;
export const ARCHIVE_SORT_COLUMNS = ['id', 'created_at', 'track_code', 'weight', 'delivery_price'] as const;
/** GET /api/admin/declaration/archive: the list's filters on archived declarations. */
export const ZArchiveListQuery = ZListQuery.extend({
  sort_column: z.enum(ARCHIVE_SORT_COLUMNS).optional(),
  user_id: ZDeclarationListFilters.shape.user_id,
  user_name: ZDeclarationListFilters.shape.user_name,
  customer_code: ZDeclarationListFilters.shape.customer_code,
  track_code: ZDeclarationListFilters.shape.track_code,
  global_track_code: ZDeclarationListFilters.shape.global_track_code,
  state_id: ZDeclarationListFilters.shape.state_id,
  country_id: ZDeclarationListFilters.shape.country_id,
  branch_id: ZDeclarationListFilters.shape.branch_id,
  flight_name: ZDeclarationListFilters.shape.flight_name,
  payed: ZDeclarationListFilters.shape.payed,
  return: ZDeclarationListFilters.shape.return,
  date_from: dateTime,
  date_to: dateTime,
});
export type ArchiveListQuery = z.infer<typeof ZArchiveListQuery>;
export const ZArchiveListReply = ZDeclarationListReply;
export type ArchiveListReply = z.infer<typeof ZArchiveListReply>;
