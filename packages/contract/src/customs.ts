import { z } from 'zod';
import { zDateTimeText, zFlag, zId, zInt, ZListQuery, type ListResponse, type TotalKind } from './common';

/*
 * Customs (spec §2 "Customs", §3 Customs declaration / Customs post / Customs task / Queue log /
 * Data grid row, §4 customs state labels, §7 "Customs"). Gates: dgk_declarations (declarations,
 * posts, upload, stats), bbs_office (tasks), bbs_queues (DNS queues).
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (max = 120) => z.preprocess(blank, z.string().trim().max(max).optional());
const flag = z.preprocess(blank, zFlag.optional());
const dateTime = z.preprocess(blank, zDateTimeText.optional());

/** spec §4: customs posts status filter (0 in customs, 1 declared, 3 added to box, 4 dispatch sent). */
export const CUSTOMS_POST_STATUSES = [0, 1, 3, 4] as const;
/** Queue rows: queued (waiting or to be retried), sent, declined by customs, failed for good. */
export const CUSTOMS_QUEUE_STATUSES = ['queued', 'sent', 'declined', 'failed'] as const;
export type CustomsQueueStatus = (typeof CUSTOMS_QUEUE_STATUSES)[number];
export const CUSTOMS_TASK_STATES = ['done', 'failed', 'declined'] as const;
export const CUSTOMS_QUEUE_ACTIONS = ['add', 'add_commercial', 'update', 'delete', 'addtoboxes', 'depesh'] as const;
export type CustomsQueueAction = (typeof CUSTOMS_QUEUE_ACTIONS)[number];

// ---------------------------------------------------------------- ping

export interface CustomsPingReply {
  /** Truthy when the link is up (what real clients read; same as ok). */
  data: boolean;
  ok: boolean;
  ms: number;
  message: string;
  /** The global setting sendDeclarationsToCustoms. */
  sending: boolean;
}

// ---------------------------------------------------------------- customs declarations (GET /api/admin/customs)

export const CUSTOMS_DECLARATION_SORTS = ['added_at', 'declared_at', 'tracking_number', 'invoice_price'] as const;
export const ZCustomsDeclarationListQuery = ZListQuery.extend({
  sort_column: z.enum(CUSTOMS_DECLARATION_SORTS).optional(),
  /** 1 declared, 0 undeclared */
  declared: flag,
  /** 1: the parcel's customer exists with us, 0: unknown */
  customer_exists: flag,
  in_flight: flag,
  tracking_number: text(80),
  fin: text(16),
  reg_number: text(40),
  flight_id: z.preprocess(blank, zId.optional()),
  date_from: dateTime,
  date_to: dateTime,
  /** Real clients' action-bar names: d (declared), u (customer exists), flight (in a flight), user_id. */
  d: flag,
  u: flag,
  flight: flag,
  user_id: z.preprocess(blank, zId.optional()),
});
export type CustomsDeclarationListQuery = z.infer<typeof ZCustomsDeclarationListQuery>;

/** spec §3 "Data grid row" / "Customs declaration". */
export interface CustomsDeclarationRow {
  /** Our declaration of the parcel (0 when we have none; declaration_id is then null). */
  id: number;
  declaration_id: number | null;
  user_id: number | null;
  user_name: string | null;
  /** The customs service's own names (PascalCase), as real clients read them. */
  ImportName: string;
  PinNumber: string;
  GoodsName: string;
  InvoicePriceFull: string;
  InvoicePriceUsd: string;
  /** Decimal string of the quantity ('' unknown). */
  QuantityFull: string;
  PayStatus: string;
  RegNumber: string;
  TrackingNumber: string;
  flight_id: number | null;
  flight_name: string | null;
  post_status: number;
  /** When the parcel reached customs (created_at) and when it was declared. */
  created_at: string;
  declared_at: string | null;
}
export interface CustomsCounts {
  declared: number;
  undeclared: number;
  /** Parcels at customs whose customer we do not know. */
  unknown: number;
}
export interface CustomsDeclarationListReply extends ListResponse<CustomsDeclarationRow> {
  counts: CustomsCounts;
}

// ---------------------------------------------------------------- carrier posts (live)

export const ZCarriersPostsQuery = z.object({
  page: zInt.min(1).default(1),
  per_page: zInt.min(1).max(100).default(25),
  /** YYYY-MM-DD (or with a time); the screen defaults both to today. */
  date_from: dateTime,
  date_to: dateTime,
  status: z.preprocess(blank, zInt.refine((v) => (CUSTOMS_POST_STATUSES as readonly number[]).includes(v)).optional()),
  fin: text(16),
  track_code: text(80),
  /** Real clients' names: dateFrom/dateTo ('YYYY-MM-DD HH:mm:ss'), documentNumber (FIN), trackingNumber. */
  dateFrom: dateTime,
  dateTo: dateTime,
  documentNumber: text(16),
  trackingNumber: text(80),
  package_type: z.preprocess(blank, z.enum(['1', '2']).optional()),
});
export type CarriersPostsQuery = z.infer<typeof ZCarriersPostsQuery>;

/** spec §3 "Customs post", in the customs service's own casing (as real clients read it). */
export interface CustomsPostRow {
  /** Row number on the page (offset + n). */
  id: number;
  direction: number;
  trackinG_NO: string;
  transP_COSTS: number;
  weighT_GOODS: number;
  quantitY_OF_GOODS: number;
  idxaL_NAME: string;
  idxaL_ADRESS: string;
  ixraC_NAME: string;
  ixraC_ADRESS: string;
  fin: string;
  voen: string | null;
  invoyS_PRICE: number;
  currencY_TYPE: string;
  invoyS_AZN: number;
  invoyS_USD: number;
  goodS_TRAFFIC_FR: string | null;
  goodS_TRAFFIC_TO: string | null;
  goodsList: { goodS_ID: number; namE_OF_GOODS: string }[];
  documenT_TYPE: string;
  airwaybill: string | null;
  depesH_NUMBER: string | null;
  /** The post status as text ('0', '1', '3', '4'). */
  status: string;
  ecoM_REGNUMBER: string;
  packagE_TYPE: string;
  inserT_DATE: string;
  depesH_DATE: string | null;
}
export interface CarriersPostsReply {
  data: CustomsPostRow[];
  /** Estimated from offset and limit (spec §7): one more page is assumed while pages come back full. */
  total: number;
  total_kind: TotalKind;
}

// ---------------------------------------------------------------- customs tasks (bbs_office)

export const ZCustomsTaskListQuery = ZListQuery.extend({
  sort_column: z.enum(['id', 'created_at', 'updated_at', 'attempts']).optional(),
  /** Global search: action, request, answer, error. */
  search: text(120),
  action: text(32),
  state: z.preprocess(blank, z.enum(CUSTOMS_TASK_STATES).optional()),
  date_from: dateTime,
  date_to: dateTime,
});
export type CustomsTaskListQuery = z.infer<typeof ZCustomsTaskListQuery>;
export const ZCustomsTaskInfoQuery = z.object({ customs_task_id: zId });

/** spec §3 "Customs task". */
export interface CustomsTaskRow {
  id: number;
  action: string;
  method: string;
  path: string;
  query: unknown;
  status_code: number | null;
  http_status: number | null;
  response: string | null;
  attempts: number;
  state: string;
  error: string | null;
  queue_id: number | null;
  created_at: string;
  updated_at: string;
  retry_at: string | null;
}
export type CustomsTaskListReply = ListResponse<CustomsTaskRow>;

// ---------------------------------------------------------------- queue (DNS queues, bbs_queues)

export const ZCustomsQueueListQuery = ZListQuery.extend({
  sort_column: z.enum(['id', 'created_at', 'updated_at', 'attempts']).optional(),
  action: z.preprocess(blank, z.enum(CUSTOMS_QUEUE_ACTIONS).optional()),
  status: z.preprocess(blank, z.enum(CUSTOMS_QUEUE_STATUSES).optional()),
  track_code: text(80),
  /** Real clients' action-bar search. */
  tracking_no: text(80),
  date_from: dateTime,
  date_to: dateTime,
});
export type CustomsQueueListQuery = z.infer<typeof ZCustomsQueueListQuery>;

/** spec §3 "Queue log". */
export interface CustomsQueueRow {
  id: number;
  action: string;
  track_code: string;
  declaration_id: number | null;
  /** The request as JSON text. */
  json: string;
  status: CustomsQueueStatus;
  status_code: number | null;
  response: string | null;
  attempts: number;
  retry_at: string | null;
  created_at: string;
  updated_at: string;
}
export type CustomsQueueListReply = ListResponse<CustomsQueueRow>;

// ---------------------------------------------------------------- stats, upload

export interface CustomsStatsReply {
  /** What real clients read: declared, undeclared (unuser) and unknown customers (nonExistUsers). */
  data: CustomsUploadFigures;
  posts: Record<'0' | '1' | '3' | '4', number>;
  counts: CustomsCounts;
  /** Declarations withdrawn at customs (the deleted declarations screen). */
  withdrawn: number;
  queue: Record<CustomsQueueStatus, number>;
  tasks_today: { done: number; failed: number; declined: number };
  /** The last declarations sync that succeeded, 'YYYY-MM-DD HH:mm:ss' in the office's time zone. */
  last_sync: string | null;
}

/** POST customs/upload: the tracking numbers of the file, sorted out (spec §7: declared, undeclared, unuser). */
export interface CustomsUploadFigures { declared: number; unuser: number; nonExistUsers: number }
export interface CustomsUploadReply {
  /** The sort-out as real clients read it: declared, undeclared (unuser), not ours / no customer (nonExistUsers). */
  data: CustomsUploadFigures;
  declared: number;
  undeclared: number;
  unuser: number;
  /** Tracking numbers customs does not have at all. */
  not_found: number;
}
