import { z } from 'zod';
import { zDateTimeText, zDecimal, zFile, zFlag, zId, zInt, ZListQuery, type ListResponse } from './common';

/*
 * Unknown (conflicted) declarations (spec §3 "Unknown declaration", §4, §7 "Conflicted"): a parcel
 * the warehouse cannot assign to a customer. Statuses of model 19: 90 Unknown, 91 Resolved.
 * Rules (server): one created by a storage worker (role 2) gets Unknown (90) — design: so does
 * any new one; one edited by office staff (roles 1, 3) becomes Resolved (91); accept turns it into
 * a normal declaration (status 7, measure 1, price from the tariffs) and it leaves the unknown
 * list; cancel is a soft delete and needs `declaration_cancel`. A weight needs
 * `changeweightdeclaration` as on declarations. Routes need `conflicted_declarations`.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const formText = (max = 200) => z.preprocess(blank, z.string().trim().max(max).optional());
const formId = z.preprocess(blank, zId.optional());
const formDecimal = z.preprocess(blank, zDecimal.optional());

export const ZConflictedFormFields = z.object({
  track_code: formText(80),          // the code found on the parcel
  global_track_code: formText(80),
  user_id: formId,                    // the owner, once found
  country_id: z.preprocess(blank, zInt.min(1).max(2).optional()),
  branch_id: formId,
  basket_id: formId,
  product_type_id: formId,
  shop_name: formText(160),
  weight: formDecimal,
  price: formDecimal,
  quantity: z.preprocess(blank, zInt.min(1).max(100000).optional()),
  type: z.preprocess(blank, zInt.min(1).max(2).optional()),
  descr: formText(2000),
  /** A file (multipart): at most 10 MB, PDF/JPEG/PNG by content. */
  document_file: zFile,
});
/** POST /api/admin/conflicted_declaration/create: track code and country are required. */
export const ZConflictedCreateForm = ZConflictedFormFields.extend({
  track_code: z.preprocess(blank, z.string().trim().min(1).max(80)),
  country_id: z.preprocess(blank, zInt.min(1).max(2)),
});
export type ConflictedCreateForm = z.infer<typeof ZConflictedCreateForm>;
/** POST /api/admin/conflicted_declaration/edit: any fields (absent = unchanged). */
export const ZConflictedEditForm = ZConflictedFormFields.extend({ conflicted_declaration_id: z.preprocess(blank, zId) });
export type ConflictedEditForm = z.infer<typeof ZConflictedEditForm>;
/**
 * POST /api/admin/conflicted_declaration/accept: the edit form; the result must name a customer,
 * branch, product type, quantity and price (422 on the missing ones). Reply: the new declaration's id.
 */
export const ZConflictedAcceptForm = ZConflictedEditForm;
export type ConflictedAcceptForm = ConflictedEditForm;

/** ?conflicted_declaration_id= of info and cancel. */
export const ZConflictedIdQuery = z.object({ conflicted_declaration_id: zId });

export const CONFLICTED_SORT_COLUMNS = ['id', 'created_at', 'track_code', 'weight'] as const;
/** GET /api/admin/v2/conflicted_declaration/list: lists unaccepted, undeleted ones. */
export const ZConflictedListQuery = ZListQuery.extend({
  sort_column: z.enum(CONFLICTED_SORT_COLUMNS).optional(),
  track_code: formText(80),
  global_track_code: formText(80),
  user_id: formId,
  state_id: formId,
  branch_id: formId,
  basket_id: formId,
  country_id: z.preprocess(blank, zInt.min(1).max(2).optional()),
  is_resolved: z.preprocess(blank, zFlag.optional()),
  date_from: zDateTimeText.optional(),
  date_to: zDateTimeText.optional(),
});
export type ConflictedListQuery = z.infer<typeof ZConflictedListQuery>;

/**
 * One row of the unknown declarations table (spec §2: adds a basket column), in the wire format of
 * issue 14: flat snake_case with the declarations list's names (`state_*`, `user_*`, `branch_*`, …).
 */
export interface ConflictedListRow {
  id: number;
  track_code: string;
  global_track_code: string;      // '' when none
  state_id: number;
  state_name: string;
  user_id: number | null;
  user_name: string | null;
  user_code: string | null;
  country_id: number;
  branch_id: number | null;
  branch_name: string | null;
  basket_id: string | null;       // a string where clients read it
  basket_name: string | null;
  product_type_id: number | null;
  product_type_name: string | null;
  shop_name: string | null;
  weight: string | null;
  price: string | null;
  currency: string;
  quantity: number | null;
  type: number;                   // 1 liquid, 2 other
  descr: string | null;
  /** URL of the uploaded document, or null. */
  document_file: string | null;
  causer_id: number | null;       // who created it
  causer_name: string | null;
  created_at: string;
}

/** GET /api/admin/conflicted_declaration/info → { data }: the row's names plus the detail's. */
export interface ConflictedDeclarationDetail extends ConflictedListRow {
  conflicted_declaration_id: number;
  declaration_id: number | null;  // the declaration it was accepted into
  deleted_at: string | null;
}
export type ConflictedListReply = ListResponse<ConflictedListRow>;
export interface ConflictedInfoReply { data: ConflictedDeclarationDetail }
export interface ConflictedAcceptReply { data: { id: number; declaration_id: number } }
