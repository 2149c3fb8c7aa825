import { z } from 'zod';
import { zDateTimeText, zFlag, zId, zInt, ZListQuery, TOTAL_KINDS } from './common';
import { zDateTimeOut, zDecimalOut, zListReply } from './common';

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
/** A task's state as the number real clients read (`state_id`): done 1, failed 2, declined 3. */
export const CUSTOMS_TASK_STATE_IDS: Record<(typeof CUSTOMS_TASK_STATES)[number], number> = { done: 1, failed: 2, declined: 3 };
export const CUSTOMS_QUEUE_ACTIONS = ['add', 'add_commercial', 'update', 'delete', 'addtoboxes', 'depesh'] as const;
export type CustomsQueueAction = (typeof CUSTOMS_QUEUE_ACTIONS)[number];

// ---------------------------------------------------------------- ping

const int = () => z.number().int();

export const ZCustomsPingReply = z.object({
  /** Truthy when the link is up (what real clients read; same as ok). */
  data: z.boolean(),
  ok: z.boolean(),
  ms: z.number(),
  message: z.string(),
  /** The global setting sendDeclarationsToCustoms. */
  sending: z.boolean(),
});
export type CustomsPingReply = z.infer<typeof ZCustomsPingReply>;

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
export const ZCustomsDeclarationRow = z.object({
  /** Our declaration of the parcel (0 when we have none; declaration_id is then null). */
  id: int(),
  declaration_id: int().nullable(),
  user_id: int().nullable(),
  user_name: z.string().nullable(),
  /** The customs service's own names (PascalCase), as real clients read them. */
  ImportName: z.string(),
  PinNumber: z.string(),
  GoodsName: z.string(),
  InvoicePriceFull: z.string(),
  InvoicePriceUsd: z.string(),
  /** Decimal string of the quantity ('' unknown). */
  QuantityFull: z.string(),
  PayStatus: z.string(),
  RegNumber: z.string(),
  TrackingNumber: z.string(),
  flight_id: int().nullable(),
  flight_name: z.string().nullable(),
  post_status: int(),
  /** When the parcel reached customs (created_at) and when it was declared. */
  created_at: zDateTimeOut,
  declared_at: zDateTimeOut.nullable(),
});
export type CustomsDeclarationRow = z.infer<typeof ZCustomsDeclarationRow>;
export const ZCustomsCounts = z.object({
  declared: int(),
  undeclared: int(),
  /** Parcels at customs whose customer we do not know. */
  unknown: int(),
});
export type CustomsCounts = z.infer<typeof ZCustomsCounts>;
export const ZCustomsDeclarationListReply = zListReply(ZCustomsDeclarationRow).extend({ counts: ZCustomsCounts });
export type CustomsDeclarationListReply = z.infer<typeof ZCustomsDeclarationListReply>;

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
export const ZCustomsPostRow = z.object({
  /** Row number on the page (offset + n). */
  id: int(),
  direction: z.number(),
  trackinG_NO: z.string(),
  transP_COSTS: z.number(),
  weighT_GOODS: z.number(),
  quantitY_OF_GOODS: z.number(),
  idxaL_NAME: z.string(),
  idxaL_ADRESS: z.string(),
  ixraC_NAME: z.string(),
  ixraC_ADRESS: z.string(),
  fin: z.string(),
  voen: z.string().nullable(),
  invoyS_PRICE: z.number(),
  currencY_TYPE: z.string(),
  invoyS_AZN: z.number(),
  invoyS_USD: z.number(),
  goodS_TRAFFIC_FR: z.string().nullable(),
  goodS_TRAFFIC_TO: z.string().nullable(),
  goodsList: z.array(z.object({ goodS_ID: z.number(), namE_OF_GOODS: z.string() })),
  documenT_TYPE: z.string(),
  airwaybill: z.string().nullable(),
  depesH_NUMBER: z.string().nullable(),
  /** The post status as text ('0', '1', '3', '4'). */
  status: z.string(),
  ecoM_REGNUMBER: z.string(),
  packagE_TYPE: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss' (the customs service's time). */
  inserT_DATE: zDateTimeOut,
  depesH_DATE: zDateTimeOut.nullable(),
});
export type CustomsPostRow = z.infer<typeof ZCustomsPostRow>;
/** `total` is estimated from offset and limit (spec §7): one more page is assumed while pages come back full. */
export const ZCarriersPostsReply = z.object({ data: z.array(ZCustomsPostRow), total: int(), total_kind: z.enum(TOTAL_KINDS) });
export type CarriersPostsReply = z.infer<typeof ZCarriersPostsReply>;

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

/**
 * spec §3 "Customs task", with the parcel it was about as real clients read it (flat `<x>_id` +
 * `<x>_name`, through the queue row it sent). A call about no parcel of ours (a ping, a search)
 * has 0 and '' there, null where clients allow it (weight, basket, country).
 */
export const ZCustomsTaskRow = z.object({
  id: int(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  query: z.unknown(),
  status_code: int().nullable(),
  http_status: int().nullable(),
  response: z.string().nullable(),
  attempts: int(),
  state: z.string(),
  /** The state as a number (CUSTOMS_TASK_STATE_IDS) and its label. */
  state_id: int(),
  state_name: z.string(),
  error: z.string().nullable(),
  queue_id: int().nullable(),
  created_at: zDateTimeOut,
  updated_at: zDateTimeOut,
  retry_at: zDateTimeOut.nullable(),
  declaration_id: int(),
  track_code: z.string(),
  global_track_code: z.string(),
  weight: zDecimalOut.nullable(),
  quantity: int(),
  branch_id: int(),
  branch_name: z.string(),
  basket_id: int().nullable(),
  basket_name: z.string().nullable(),
  user_id: int(),
  user_name: z.string(),
  declaration_state_id: int(),
  declaration_state_name: z.string(),
  product_type_id: int(),
  product_type_name: z.string(),
  country_id: int().nullable(),
  country_name: z.string(),
  /** Who last changed the parcel (its declaration's causer): 0 and '' when unknown. */
  changer_id: int(),
  changer_name: z.string(),
});
export type CustomsTaskRow = z.infer<typeof ZCustomsTaskRow>;
export const ZCustomsTaskListReply = zListReply(ZCustomsTaskRow);
export type CustomsTaskListReply = z.infer<typeof ZCustomsTaskListReply>;
export const ZCustomsTaskInfoReply = z.object({ data: ZCustomsTaskRow });

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
export const ZCustomsQueueRow = z.object({
  id: int(),
  action: z.string(),
  track_code: z.string(),
  declaration_id: int().nullable(),
  /** The request as JSON text. */
  json: z.string(),
  /** 'sending' while a sender holds the row. */
  status: z.string(),
  status_code: int().nullable(),
  response: z.string().nullable(),
  attempts: int(),
  retry_at: zDateTimeOut.nullable(),
  created_at: zDateTimeOut,
  updated_at: zDateTimeOut,
});
export type CustomsQueueRow = z.infer<typeof ZCustomsQueueRow>;
export const ZCustomsQueueListReply = zListReply(ZCustomsQueueRow);
export type CustomsQueueListReply = z.infer<typeof ZCustomsQueueListReply>;

// ---------------------------------------------------------------- stats, upload

/** POST customs/upload: the tracking numbers of the file, sorted out (spec §7: declared, undeclared, unuser). */
export const ZCustomsUploadFigures = z.object({ declared: int(), unuser: int(), nonExistUsers: int() });
export type CustomsUploadFigures = z.infer<typeof ZCustomsUploadFigures>;

export const ZCustomsStatsReply = z.object({
  /** What real clients read: declared, undeclared (unuser) and unknown customers (nonExistUsers). */
  data: ZCustomsUploadFigures,
  posts: z.object({ 0: int(), 1: int(), 3: int(), 4: int() }),
  counts: ZCustomsCounts,
  /** Declarations withdrawn at customs (the deleted declarations screen). */
  withdrawn: int(),
  queue: z.object({ queued: int(), sent: int(), declined: int(), failed: int() }),
  tasks_today: z.object({ done: int(), failed: int(), declined: int() }),
  /** The last declarations sync that succeeded, 'YYYY-MM-DD HH:mm:ss' in the office's time zone. */
  last_sync: zDateTimeOut.nullable(),
});
export type CustomsStatsReply = z.infer<typeof ZCustomsStatsReply>;
export const ZCustomsUploadReply = z.object({
  /** The sort-out as real clients read it: declared, undeclared (unuser), not ours / no customer (nonExistUsers). */
  data: ZCustomsUploadFigures,
  declared: int(),
  undeclared: int(),
  unuser: int(),
  /** Tracking numbers customs does not have at all. */
  not_found: int(),
});
export type CustomsUploadReply = z.infer<typeof ZCustomsUploadReply>;
