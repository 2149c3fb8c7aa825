import { z } from 'zod';
import { ZListQuery, zDecimal, zFlag, zId, zIdList } from './common';

const text = z.string().trim().max(200).optional();
const id = zId.optional();
const flag = zFlag.optional();
const dateTime = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/).optional();

/**
 * spec §3 "List filter and sort fields" for GET /api/admin/v2/declaration/list.
 * Wire names are the spec's where it gives one (user_id, track_code, is_new, state_id, payed,
 * customs, return, causer_id, container_id, box_id), snake_case of the field otherwise.
 */
export const ZDeclarationListFilters = z.object({
  user_id: id,
  user_name: text,
  customer_code: text,
  track_code: text,
  global_track_code: text,
  is_new: flag,
  state_id: zIdList,
  state_name: text,
  payed: flag,
  customs: flag,
  return: flag,
  flight_name: text,
  flight_id: id,
  weight: zDecimal.optional(),
  price: zDecimal.optional(),
  delivery_price: zDecimal.optional(),
  quantity: z.coerce.number().int().min(0).optional(),
  type: z.coerce.number().int().min(1).max(2).optional(),
  delivery_point_id: id,
  container_name: text,
  branch_id: zIdList,
  plan_category_id: id,
  shop_name: text,
  product_type_id: zIdList,
  box_id: id,
  wardrobe_number: text,
  causer_id: id,
  causer_name: text,
  container_id: id,
  basket_id: id,
  country_id: z.coerce.number().int().min(1).max(2).optional(),
  trendyol: z.coerce.number().int().min(0).max(2).optional(),
  partner_id: id,
  date_from: dateTime,
  date_to: dateTime,
});
export type DeclarationListFilters = z.infer<typeof ZDeclarationListFilters>;

/** Columns the list may be sorted by (each served by an index; see docs/architecture.md). */
export const DECLARATION_SORT_COLUMNS = [
  'id', 'created_at', 'track_code', 'global_track_code', 'weight', 'price', 'delivery_price',
  'quantity', 'state_id', 'user_id', 'flight_id', 'country_id', 'branch_id', 'container_id',
  'payed', 'customs',
] as const;
export type DeclarationSortColumn = (typeof DECLARATION_SORT_COLUMNS)[number];

export const ZDeclarationListQuery = ZListQuery.extend({
  sort_column: z.enum(DECLARATION_SORT_COLUMNS).optional(),
}).extend(ZDeclarationListFilters.shape);
export type DeclarationListQuery = z.infer<typeof ZDeclarationListQuery>;

interface Ref { id: number; name: string }

/** One row of the declarations list (spec §2 "Declarations table columns"). */
export interface DeclarationListRow {
  id: number;
  track_code: string;
  global_track_code: string | null;
  user: { id: number; code: string; name: string; surname: string } | null;
  country_id: number;
  status: Ref;
  payed: boolean;
  customs: boolean;
  return: boolean;
  is_new: boolean;
  flight: Ref | null;
  weight: string | null;
  price: string | null;
  delivery_price: string | null;
  quantity: number;
  type: number;
  plan_category: Ref | null;
  shop_name: string | null;
  product_type: Ref | null;
  parcel: Ref | null;
  container: Ref | null;
  basket: Ref | null;
  branch: Ref | null;
  wardrobe_number: string | null;
  trendyol: number;
  causer: Ref | null;
  created_at: string;
}
