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
});
export type CustomsDeclarationListQuery = z.infer<typeof ZCustomsDeclarationListQuery>;

/** spec §3 "Data grid row" / "Customs declaration". */
export interface CustomsDeclarationRow {
  id: number | null;
  user: { id: number; name: string } | null;
  importer_name: string | null;
  pin: string | null;
  goods_name: string | null;
  invoice_price: string | null;
  invoice_price_usd: string | null;
  quantity: number | null;
  pay_status: number | null;
  reg_number: string | null;
  tracking_number: string;
  flight: { id: number; name: string } | null;
  post_status: number;
  added_at: string;
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
  package_type: z.preprocess(blank, z.enum(['1', '2']).optional()),
});
export type CarriersPostsQuery = z.infer<typeof ZCarriersPostsQuery>;

/** spec §3 "Customs post". */
export interface CustomsPostRow {
  direction: number | null;
  tracking_number: string;
  transport_cost: number | null;
  weight: number | null;
  quantity: number | null;
  importer_name: string | null;
  importer_address: string | null;
  exporter_name: string | null;
  exporter_address: string | null;
  fin: string | null;
  voen: string | null;
  invoice_price: number | null;
  currency: string | null;
  goods_traffic_from: string | null;
  goods_traffic_to: string | null;
  goods_list: { goods_id: number; name_of_goods: string }[];
  document_type: string | null;
  airwaybill: string | null;
  dispatch_number: string | null;
  status: number;
  ecom_reg_number: string | null;
  package_type: string | null;
  insert_date: string | null;
  dispatch_date: string | null;
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
  json: unknown;
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
export interface CustomsUploadReply {
  declared: number;
  undeclared: number;
  unuser: number;
  /** Tracking numbers customs does not have at all. */
  not_found: number;
}
