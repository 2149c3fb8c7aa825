import { z } from 'zod';
import { zDateTimeOut, zDateTimeText, zDecimalOut, zIdList, zInt, ZListQuery, zListReply } from './common';

/*
 * The warehouse floor (issue 8; spec §2 "Box acceptance screen", "Handover queues", §3 Box,
 * Partner box, Box transfer, Handover queue, Declaration box table row; §5 "Box acceptance";
 * §7 Containers, Partner boxes, Handover). Wire names as spec §7 writes them.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = z.preprocess(blank, zInt.positive().optional());
const optionalText = (max = 120) => z.preprocess(blank, z.string().trim().max(max).optional());
/** A list of track codes: `a,b`, repeated keys, `track_code[]=` or a JSON array. */
const trackCodes = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return [];
  const items = Array.isArray(v) ? v : String(v).split(',');
  return items.map((x) => String(x).trim());
}, z.array(z.string().max(80)).max(5000));

export const BARCODE_TYPES = ['findex', 'trendyol'] as const;
export type BarcodeType = (typeof BARCODE_TYPES)[number];
/** Declaration provider codes (spec §9): 0 internal, 1 Trendyol, 2 Temu. */
export const PROVIDER = { internal: 0, trendyol: 1, temu: 2 } as const;

// ---------------------------------------------------------------- boxes (containers)

export const ZContainerListQuery = ZListQuery.extend({
  id: optionalId,
  /** Clients filter by `container_name`; `name` is the older alias. */
  container_name: optionalText(),
  name: optionalText(),
  branch_id: optionalId,
  user_id: optionalId,
});
export type ContainerListQuery = z.infer<typeof ZContainerListQuery>;

export const ZContainerForm = z.object({
  container_id: optionalId,
  container_name: z.string().trim().min(1).max(64),
  branch_id: zInt.positive(),
});
export type ContainerForm = z.infer<typeof ZContainerForm>;

/**
 * spec §3 "Box" as a flat row (issue 14): the box's name is `container_name`, related records
 * `<name>_id` + `<name>_name`. A box created by no one (imported) has user_id 0 and user_name ''
 * (clients show the user only with a name).
 */
export const ZContainerRow = z.object({
  id: z.number().int(),
  container_name: z.string(),
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  user_id: z.number().int(),
  user_name: z.string(),
  /** Parcels in the box at the local warehouse (9). */
  declaration_count: z.number().int(),
  created_at: zDateTimeOut,
});
export type ContainerRow = z.infer<typeof ZContainerRow>;
/** GET containers/me (and the select's answer): the box chosen on the acceptance screen, null when none. */
export const ZContainerMeReply = z.object({ data: ZContainerRow.nullable() });
/** GET containers/options: a bare array (`name` beside `container_name` for our own pickers). */
export const ZContainerOption = z.object({ id: z.number().int(), container_name: z.string(), name: z.string(), branch_id: z.number().int().nullable() });
export type ContainerOption = z.infer<typeof ZContainerOption>;
export const ZContainerOptionsReply = z.array(ZContainerOption);

export const ZSelectContainerQuery = z.object({ container_id: zInt.positive() });

/** POST containers/close: the scanned list into the chosen box; `requires_declaration_container_id` is the spec's name for the box. */
export const ZCloseContainerForm = z.object({
  track_code: trackCodes,
  container_id: optionalId,
  requires_declaration_container_id: optionalId,
  branch_id: optionalId,
  barcode_type: z.preprocess(blank, z.enum(BARCODE_TYPES).optional()),
});
export type CloseContainerForm = z.input<typeof ZCloseContainerForm>;

export const ZTransferForm = z.object({
  track_code: trackCodes,
  container_id: zInt.positive(),
  barcode_type: z.preprocess(blank, z.enum(BARCODE_TYPES).optional()),
  note: optionalText(500),
});
export type TransferForm = z.input<typeof ZTransferForm>;

export interface CloseContainerReply { data: { accepted: number; container_id: number | null; status_changed: number } }
export interface TransferReply { data: { transferred: number; container_id: number } }

/** One scanned code (spec §3 "Declaration box table row" plus what the screen's rules need). */
export const ZScanLookupQuery = z.object({
  track_code: z.string().trim().min(1).max(80),
  barcode_type: z.preprocess(blank, z.enum(BARCODE_TYPES).default('findex')),
});
export interface ScanLookup {
  id: number;
  barcode: string;
  track_code: string;
  branch_id: number | null;
  branch_name: string | null;
  flight_name: string | null;
  state_id: number;
  requires_declaration: boolean;
  provider: number;
  container_id: number | null;
  container_name: string | null;
}
export interface ScanLookupReply { data: ScanLookup }

export const ZTransferLogQuery = ZListQuery.extend({
  branch_id: optionalId,
  container_id: optionalId,
  declaration_id: optionalId,
});

// ---------------------------------------------------------------- handover queue

export const ZHandoverListQuery = ZListQuery.extend({
  state_id: zIdList,
});
export type HandoverListQuery = z.infer<typeof ZHandoverListQuery>;

export const ZHandoverTaskQuery = z.object({ handover_task_id: zInt.positive() });
export const ZHandoverStateForm = z.object({
  handover_task_id: zInt.positive(),
  state_id: zInt.positive(),
});
export const ZHandoverCancelItemForm = z.object({
  handover_task_id: zInt.positive(),
  declaration_id: zInt.positive(),
});
const packageCount = z.preprocess(blank, zInt.min(0).max(20).optional());
/** Design: send a customer's status-9 parcels to warehouse preparation (creates a queue entry at 41). */
export const ZHandoverCreateForm = z.object({
  declaration_id: zIdList.pipe(z.array(z.number().int().positive()).min(1)),
  small_package: packageCount,
  medium_package: packageCount,
  big_package: packageCount,
});
export type HandoverCreateForm = z.input<typeof ZHandoverCreateForm>;

/** One parcel of a queue entry, flat (issue 14): related records as `<name>_id` + `<name>_name`. */
export const ZHandoverDeclaration = z.object({
  declaration_id: z.number().int(),
  track_code: z.string(),
  /** '' when the parcel has none. */
  global_track_code: z.string(),
  /** Exact decimal string; null when not weighed. */
  weight: zDecimalOut.nullable(),
  quantity: z.number().int(),
  basket_id: z.number().int().nullable(),
  basket_name: z.string().nullable(),
  country_id: z.number().int().nullable(),
  country_name: z.string().nullable(),
  state_id: z.number().int(),
  state_name: z.string(),
  product_type_id: z.number().int().nullable(),
  product_type_name: z.string().nullable(),
  /** '' when none. */
  shop_name: z.string(),
  container_id: z.number().int().nullable(),
  container_name: z.string().nullable(),
  /** '' when none. */
  wardrobe_number: z.string(),
  trendyol: z.number().int(),
  partner_id: z.number().int().nullable(),
});
export type HandoverDeclaration = z.infer<typeof ZHandoverDeclaration>;
/** A list row's parcels: enough to show its boxes. */
export const ZHandoverListDeclaration = ZHandoverDeclaration.pick({ declaration_id: true, track_code: true, wardrobe_number: true, container_id: true, container_name: true });
export type HandoverListDeclaration = z.infer<typeof ZHandoverListDeclaration>;
/**
 * spec §3 "Handover queue" as a flat row. An entry nobody has started has cashier_id 0 and
 * cashier_name '' (clients read them as values).
 */
const handoverTaskFields = {
  id: z.number().int(),
  turn: z.number().int(),
  state_id: z.number().int(),
  state_name: z.string(),
  user_id: z.number().int(),
  user_code: z.string().nullable(),
  user_name: z.string(),
  cashier_id: z.number().int(),
  cashier_name: z.string(),
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  created_at: zDateTimeOut,
  count: z.number().int(),
  packages: z.object({ small_package: z.number().int(), medium_package: z.number().int(), big_package: z.number().int() }),
};
export const ZHandoverTask = z.object({ ...handoverTaskFields, declarations: z.array(ZHandoverListDeclaration) });
export type HandoverTask = z.infer<typeof ZHandoverTask>;
/** GET handover/info: the row's names, its parcels in full (clients group them by box). */
export const ZHandoverTaskDetail = z.object({ ...handoverTaskFields, declarations: z.array(ZHandoverDeclaration) });
export type HandoverTaskDetail = z.infer<typeof ZHandoverTaskDetail>;
export const ZHandoverTaskReply = z.object({ data: ZHandoverTaskDetail });
/** `param`: the caller's started entries (clients read `param[].id`). */
export const ZHandoverListReply = z.object({ data: z.array(ZHandoverTask), total: z.number().int(), param: z.array(z.object({ id: z.number().int() })) });
export type HandoverListReply = z.infer<typeof ZHandoverListReply>;

// ---------------------------------------------------------------- handover history

export const HANDOVER_HISTORY_SORT_COLUMNS = ['id', 'created_at', 'total_azn'] as const;
/**
 * GET /api/admin/handover/history: the handovers done at the counter (one row per payment of
 * POST declaration/pay, with or without a queue entry), newest first, of the user's branch.
 */
export const ZHandoverHistoryQuery = ZListQuery.extend({
  sort_column: z.enum(HANDOVER_HISTORY_SORT_COLUMNS).optional(),
  user_id: optionalId,
  cashier_id: optionalId,
  branch_id: optionalId,
  track_code: optionalText(80),
  date_from: zDateTimeText.optional(),
  date_to: zDateTimeText.optional(),
});
export type HandoverHistoryQuery = z.infer<typeof ZHandoverHistoryQuery>;
/** One handover: who (cashier) handed which parcels to which customer, when, and what was paid (AZN). */
export const ZHandoverHistoryRow = z.object({
  id: z.number().int(),
  created_at: zDateTimeOut,
  user_id: z.number().int(),
  user_code: z.string().nullable(),
  user_name: z.string(),
  /** 0 and '' when unknown. */
  cashier_id: z.number().int(),
  cashier_name: z.string(),
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  handover_task_id: z.number().int().nullable(),
  count: z.number().int(),
  track_codes: z.array(z.string()),
  total_azn: zDecimalOut,
  cash_azn: zDecimalOut,
  terminal_azn: zDecimalOut,
  balance_azn: zDecimalOut,
  package_azn: zDecimalOut,
});
export type HandoverHistoryRow = z.infer<typeof ZHandoverHistoryRow>;
export const ZHandoverHistoryReply = zListReply(ZHandoverHistoryRow);
export type HandoverHistoryReply = z.infer<typeof ZHandoverHistoryReply>;

/**
 * GET /api/admin/boxes/options: parcels (koli) as options, `box` = the parcel's label, newest first;
 * `page`/`per_page` as clients send them (per_page 10000 for the whole list).
 */
export const ZBoxOptionsQuery = ZListQuery.pick({ page: true, per_page: true });
export type BoxOptionsQuery = z.infer<typeof ZBoxOptionsQuery>;
export const ZBoxOption = z.object({ id: z.number().int(), box: z.string(), flight_id: z.number().int().nullable() });
export const ZBoxOptionsReply = z.object({ data: z.array(ZBoxOption), total: z.number().int() });
export type BoxOptionsReply = z.infer<typeof ZBoxOptionsReply>;
