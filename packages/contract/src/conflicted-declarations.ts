import { z } from 'zod';
import { zDateTimeText, zFile, zFlag, zId, zInt, ZListQuery } from './common';
import { zDateTimeOut, zDecimalOut, zListReply } from './common';
import { zDeclarationDescr, zDeclarationPrice, zDeclarationQuantity, zDeclarationWeight } from './declarations';

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

export const ZConflictedFormFields = z.object({
  track_code: formText(80),          // the code found on the parcel
  global_track_code: formText(80),
  user_id: formId,                    // the owner, once found
  country_id: z.preprocess(blank, zInt.min(1).max(2).optional()),
  branch_id: formId,
  basket_id: formId,
  product_type_id: formId,
  shop_name: formText(160),
  // issue 16: the declaration form's ranges and messages (accept turns it into a declaration)
  weight: z.preprocess(blank, zDeclarationWeight.optional()),
  price: z.preprocess(blank, zDeclarationPrice.optional()),
  quantity: z.preprocess(blank, zDeclarationQuantity.optional()),
  type: z.preprocess(blank, zInt.min(1).max(2).optional()),
  descr: z.preprocess(blank, zDeclarationDescr.optional()),
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
export const ZConflictedListRow = z.object({
  id: z.number().int(),
  track_code: z.string(),
  global_track_code: z.string(),           // '' when none
  state_id: z.number().int(),
  state_name: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  user_code: z.string().nullable(),
  country_id: z.number().int(),
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  basket_id: z.string().nullable(),        // a string where clients read it
  basket_name: z.string().nullable(),
  product_type_id: z.number().int().nullable(),
  product_type_name: z.string().nullable(),
  shop_name: z.string().nullable(),
  weight: zDecimalOut.nullable(),
  price: zDecimalOut.nullable(),
  currency: z.string(),
  quantity: z.number().int().nullable(),
  type: z.number().int(),                  // 1 liquid, 2 other
  descr: z.string().nullable(),
  /** URL of the uploaded document, or null. */
  document_file: z.string().nullable(),
  causer_id: z.number().int().nullable(),  // who created it
  causer_name: z.string().nullable(),
  created_at: zDateTimeOut,
});
export type ConflictedListRow = z.infer<typeof ZConflictedListRow>;

/** GET /api/admin/conflicted_declaration/info → { data }: the row's names plus the detail's. */
export const ZConflictedDeclarationDetail = ZConflictedListRow.extend({
  conflicted_declaration_id: z.number().int(),
  declaration_id: z.number().int().nullable(),  // the declaration it was accepted into
  deleted_at: zDateTimeOut.nullable(),
});
export type ConflictedDeclarationDetail = z.infer<typeof ZConflictedDeclarationDetail>;
export const ZConflictedListReply = zListReply(ZConflictedListRow);
export type ConflictedListReply = z.infer<typeof ZConflictedListReply>;
export const ZConflictedInfoReply = z.object({ data: ZConflictedDeclarationDetail });
export type ConflictedInfoReply = z.infer<typeof ZConflictedInfoReply>;
export interface ConflictedAcceptReply { data: { id: number; declaration_id: number } }
