import { z } from 'zod';
import { zIdList, zInt, ZListQuery } from './common';

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

/** spec §3 "Box" as a flat row (issue 14): the box's name is `container_name`, related records `<name>_id` + `<name>_name`. */
export interface ContainerRow {
  id: number;
  container_name: string;
  branch_id: number | null;
  branch_name: string | null;
  user_id: number | null;
  user_name: string | null;
  declaration_count: number;
  /** `YYYY-MM-DD HH:mm:ss`, office time zone. */
  created_at: string;
}
/** GET containers/options: a bare array. */
export interface ContainerOption { id: number; container_name: string; branch_id: number | null }

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
export interface HandoverDeclaration {
  declaration_id: number;
  track_code: string;
  global_track_code: string | null;
  /** Exact decimal string; null when not weighed. */
  weight: string | null;
  quantity: number;
  basket_id: number | null;
  basket_name: string | null;
  country_id: number | null;
  country_name: string | null;
  state_id: number;
  state_name: string;
  product_type_id: number | null;
  product_type_name: string | null;
  shop_name: string | null;
  container_id: number | null;
  container_name: string | null;
  wardrobe_number: string | null;
  trendyol: number;
  partner_id: number | null;
}
/** A list row's parcels: enough to show its boxes. */
export type HandoverListDeclaration = Pick<HandoverDeclaration, 'declaration_id' | 'track_code' | 'wardrobe_number' | 'container_id' | 'container_name'>;
/** spec §3 "Handover queue" as a flat row. */
export interface HandoverTask {
  id: number;
  turn: number;
  state_id: number;
  state_name: string;
  user_id: number;
  user_code: string | null;
  user_name: string;
  cashier_id: number | null;
  cashier_name: string | null;
  branch_id: number | null;
  branch_name: string | null;
  /** `YYYY-MM-DD HH:mm:ss`, office time zone. */
  created_at: string;
  count: number;
  packages: { small_package: number; medium_package: number; big_package: number };
  declarations: HandoverListDeclaration[];
}
/** GET handover/info: the row's names, its parcels in full (clients group them by box). */
export interface HandoverTaskDetail extends Omit<HandoverTask, 'declarations'> {
  declarations: HandoverDeclaration[];
}
/** `param`: the caller's started entries (clients read `param[].id`). */
export interface HandoverListReply { data: HandoverTask[]; total: number; param: { id: number }[] }
