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

/** spec §3 "Box": id, name, branch, user, declarationCount, createdAt. */
export interface ContainerRow {
  id: number;
  name: string;
  branch_id: number | null;
  branch: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
  declarationCount: number;
  createdAt: string;
}

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

export interface HandoverDeclaration {
  id: number;
  trackCode: string;
  globalTrackCode: string | null;
  weight: string | null;
  quantity: number;
  basket: { id: number; name: string } | null;
  country: { id: number; name: string } | null;
  state: { id: number; name: string } | null;
  productType: { id: number; name: string } | null;
  shop: string | null;
  box: { id: number; name: string } | null;
  wardrobeNumber: string | null;
  trendyol: number;
}
/** spec §3 "Handover queue". */
export interface HandoverTask {
  id: number;
  turn: number;
  status: { id: number; name: string };
  user: { id: number; code: string | null; fullName: string };
  cashier: { id: number; fullName: string } | null;
  branch: { id: number; name: string } | null;
  createdAt: string;
  count: number;
  boxes: { id: number | null; name: string; items: number }[];
  packages: { smallPackage: number; mediumPackage: number; bigPackage: number };
}
export interface HandoverTaskDetail extends HandoverTask {
  declarations: HandoverDeclaration[];
  boxes: { id: number | null; name: string; items: number; declarations: number[] }[];
}
export interface HandoverListReply { data: HandoverTask[]; total: number; active: number[] }
