import { z } from 'zod';
import { zDateTimeText, zDecimal, zFlag, zId, ZListQuery, type ListResponse } from './common';
import { ZDeclarationListFilters, type DeclarationListRow } from './declarations';

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

export interface DeletedDeclarationRow extends DeclarationListRow {
  /** When customs' declaration was withdrawn (as we first learnt it). */
  deleted_at: string;
  /** Who of us cancelled the declaration (its audit entry); null when the citizen withdrew it at customs. */
  deleted_by_id: number | null;
  deleted_by_name: string | null;
}
export type DeletedDeclarationListReply = ListResponse<DeletedDeclarationRow>;

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
export interface PostDeclarationRow {
  id: number;
  track_code: string;
  price: string | null;       // declared value (USD)
  dgk_price: string | null;   // the value customs (DGK) set (USD)
  user_id: number | null;
  user_name: string | null;
  user_code: string | null;
  is_new: 0 | 1;
  created_at: string;
  customs_id: number | null;  // customs' numeric id
  declaration_id: number | null;
}
export type PostDeclarationListReply = ListResponse<PostDeclarationRow>;

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
export type ArchiveListReply = ListResponse<DeclarationListRow>;
