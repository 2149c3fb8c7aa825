import { z } from 'zod';
import { zAirWaybill } from './air-waybill';
import { isCalendarDateTime, zDateTimeOut, zDecimalOut, zFlag01, zId, zInt, zListReply, ZListQuery, zNumber, type ListResponse } from './common';
import { ZDeclarationListFilters, ZDeclarationListRow, type DeclarationListRow } from './declarations';
import { FLIGHT_STATUS } from './statuses';
import { az, fill } from './texts/az';

export { FLIGHT_STATUS };

/*
 * Flights (spec §2 "Flights", §3 Flight / Pallet / Package run / Dispatch summary / Manifest result /
 * Sorting list item, §4 flight statuses 29/30 and lookup groups 8 and 43, §5 flight validation,
 * §7 "Flights", DOMAIN §3). Gate: `flights` (every call), `canceldepesh` (cancel dispatch).
 *
 * The flow (DOMAIN §3, design):
 *  - a new flight is at 29; parcels (declarations) packed into its bags carry its id;
 *  - close (only at 29) with an air waybill: `with-dispatch` puts the flight's parcels declared to
 *    customs into package runs of at most `limit` (default 400), moves those parcels to 8 (dispatch
 *    sent) and the flight to 30; `without-dispatch` moves only the flight to 30; `all` puts every
 *    parcel of the flight into package runs;
 *  - a package run (the depesh request of its parcels) is executed once (`execute`), against customs;
 *  - at 30 the air waybill number may be corrected (the parcels' customs records are updated).
 */

// ---------------------------------------------------------------- reply shapes (issue 14: the routes' reply schemas)


/** Lookup groups (spec §4): flight statuses 8, Trendyol (marketplace) statuses 43. */
export const FLIGHT_STATUS_GROUP = 8;
export const FLIGHT_MARKETPLACE_STATUS_GROUP = 43;
/** spec §5/§9: packaging limit, default 400. */
export const DEFAULT_PACKAGE_LIMIT = 400;
export const MAX_PACKAGE_LIMIT = 5000;
/** Flight providers (spec §2 table column): 0 internal, 1 Trendyol, 2 Temu. */
export const FLIGHT_PROVIDERS = [0, 1, 2] as const;
export const FLIGHT_CLOSE_TYPES = ['with-dispatch', 'without-dispatch', 'all'] as const;
export type FlightCloseType = (typeof FLIGHT_CLOSE_TYPES)[number];

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (max = 120) => z.preprocess(blank, z.string().trim().max(max).optional());
const optId = z.preprocess(blank, zId.optional());
/** A real calendar day YYYY-MM-DD (2024-13-45 is refused here, not by the database). */
export function isCalendarDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isCalendarDateTime(text);
}
const date = z.preprocess(blank, z.string().trim().refine(isCalendarDay, { message: az.flights.invalidDate }).optional());
/** An air waybill: required, then the IATA form with its check digit; parsed to `176-12345675` (air-waybill.ts). */
const airwaybill = zAirWaybill;
/** A required id of a form: blank → "required" (not a NaN from coercion). */
const reqId = z.preprocess((v) => (v === null ? undefined : v), zId);

// ---------------------------------------------------------------- list (GET v2/flights/list, flights/info)

export const FLIGHT_SORTS = [
  'id', 'name', 'start_date', 'end_date', 'created_at', 'state_id', 'count', 'total',
  /** older names, still understood */
  'started_at', 'ended_at', 'status',
] as const;
/** A date range of a table filter: 'YYYY-MM-DD HH:mm:ss,YYYY-MM-DD HH:mm:ss' (either side may be empty). */
const dateRange = z.preprocess(blank, z.string().trim().max(64)
  .refine((v) => v.split(',').every((part) => part.trim() === '' || isCalendarDateTime(part.trim().slice(0, 19))), { message: az.flights.invalidDate })
  .optional());
export const ZFlightListQuery = ZListQuery.extend({
  sort_column: z.enum(FLIGHT_SORTS).optional(),
  id: optId,
  name: text(120),
  airwaybill: text(64),
  country_id: optId,
  state_id: optId,
  trendyol: z.preprocess(blank, zInt.min(0).max(2).optional()),
  /** The provider filter of real clients (same values as trendyol). */
  flight_provider: z.preprocess(blank, zInt.min(0).max(2).optional()),
  /** The flight's start date (started_at) from / to, days in the office time zone. */
  date_from: date,
  date_to: date,
  /** Table date-range filters of real clients: 'from,to' date-times in the office time zone. */
  start_date: dateRange,
  end_date: dateRange,
});
export type FlightListQuery = z.infer<typeof ZFlightListQuery>;

/** A flights list row (issue 14 wire format: flat, snake_case; amounts and weights as exact decimal strings). */
export const ZFlightRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Provider code (0 internal, 1 Trendyol, 2 Temu) and its label. */
  trendyol: z.number().int(),
  flight_provider: z.string(),
  /** '' while the flight has none. */
  airwaybill: z.string(),
  start_date: zDateTimeOut,
  end_date: zDateTimeOut.nullable(),
  created_at: zDateTimeOut,
  closed_at: zDateTimeOut.nullable(),
  /** YYYY-MM, the flight's accounting month ("current month"), null when never set. */
  this_month: z.string().nullable(),
  country_id: z.number().int(),
  country_name: z.string(),
  state_id: z.number().int(),
  state_name: z.string(),
  /** Parcels (declarations) on the flight; `total` is the same figure under the name clients read. */
  count: z.number().int(),
  total: z.number().int(),
  /** Parcels handed over (status 10). */
  finished: z.number().int(),
  /** kg, sum of the parcels' weights. */
  weight: zDecimalOut,
  /** Sum of the parcels' product prices in lira (Turkey) — spec column "amount in lira". */
  price: zDecimalOut,
  /** Sum of the delivery prices, $. */
  delivery_price: zDecimalOut,
  /** Package runs of the flight and how many are executed. */
  package_runs: z.number().int(),
  package_runs_executed: z.number().int(),
});
export type FlightRow = z.infer<typeof ZFlightRow>;
/** GET v2/flights/list. */
export const ZFlightListReply = zListReply(ZFlightRow);
export type FlightListReply = z.infer<typeof ZFlightListReply>;

export const ZFlightOption = z.object({ id: z.number().int(), name: z.string(), flight_name: z.string() });
export type FlightOption = z.infer<typeof ZFlightOption>;
/** GET flights/options, flights/select: newest first, at most 1000. */
export const ZFlightOptionsReply = z.object({ data: z.array(ZFlightOption) });
export type FlightOptionsReply = z.infer<typeof ZFlightOptionsReply>;
export const ZFlightOptionsQuery = z.object({
  country_id: optId,
  /** only open (29) flights when 1 */
  open: z.preprocess(blank, zInt.min(0).max(1).optional()),
  name: text(120),
});

export const ZFlightIdQuery = z.object({ flight_id: zId });
export type FlightIdQuery = z.infer<typeof ZFlightIdQuery>;

/** GET flights/detail?flight_id: the info cards of the detail page. */
export const ZFlightDetail = ZFlightRow.omit({ weight: true, price: true, delivery_price: true }).extend({
  /** The detail's figures are numbers (clients use them as they are). */
  weight: z.number(),
  price: z.number(),
  delivery_price: z.number(),
  /** Bags (kisə) of the flight. */
  bags: z.number().int(),
  /** Parcels declared to customs (with a registration number) / not. */
  declared: z.number().int(),
  undeclared: z.number().int(),
  /** Parcels at 8 (dispatch sent). */
  dispatched: z.number().int(),
  /** Dimensional weight kg (also via calculate), 0 until computed (volume_calculated 0). */
  volume: z.number(),
  volume_calculated: z.number().int(),
  /** What the row menu may do now (spec §4 rules), decided by the server. */
  can: z.object({ close: z.boolean(), change_airwaybill: z.boolean(), pallets: z.boolean() }),
});
export type FlightDetail = z.infer<typeof ZFlightDetail>;
export const ZFlightDetailReply = z.object({ data: ZFlightDetail });

/** GET flights/stats?flight_id (spec §3 Stats): handed-over parcels and what they paid, $. */
export const ZFlightStatsReply = z.object({ data: z.object({ sum: zDecimalOut, count: z.number().int() }) });
export type FlightStatsReply = z.infer<typeof ZFlightStatsReply>;
/** GET flights/calculate?flight_id: dimensional weight (w×h×d/6000 per parcel, kg); `data` the bare value clients read. */
export const ZFlightCalculateReply = z.object({ data: z.number(), weight: zDecimalOut, count: z.number().int() });
export type FlightCalculateReply = z.infer<typeof ZFlightCalculateReply>;

// ---------------------------------------------------------------- package runs (packaging process)

/** spec §3 "Package run": one depesh request of up to `limit` parcels. */
export interface PackageRunItemInput {
  trackingNumber: string; airWaybillNumber: string; dispatchNumber: string; regNumber: string;
  /** Our declaration (stored with the run; absent in older runs). */
  declarationId?: number;
}
export interface PackageRunItemOutput { trackingNumber: string; code: number; message?: string | null }
export const ZPackageRun = z.object({
  id: z.number().int(),
  flight_id: z.number().int(),
  /** 0/1 */
  executed: zFlag01,
  /** The run's overall code as text ('200' answered, '500' not parsed), null until executed. */
  status_code: z.string().nullable(),
  /** JSON text of the request: [{regNumber, trackingNumber, airWaybillNumber, depeshNumber}]. */
  json: z.string(),
  /** JSON text of the answer: {code, data: {<trackingNumber>: <code>}}, null until executed. */
  response: z.string().nullable(),
  input: z.array(z.object({
    trackingNumber: z.string(), airWaybillNumber: z.string(), dispatchNumber: z.string(), regNumber: z.string(), declarationId: z.number().int().optional(),
  })),
  output: z.array(z.object({ trackingNumber: z.string(), code: z.number(), message: z.string().nullable().optional() })).nullable(),
  /** ms, -1 until executed. */
  elapsed_time: z.number(),
  start_date: zDateTimeOut.nullable(),
  end_date: zDateTimeOut.nullable(),
  created_at: zDateTimeOut,
  /** Parcels of the run customs accepted (code 200 or 048). */
  accepted: z.number().int(),
});
export type PackageRun = z.infer<typeof ZPackageRun>;
export const ZFlightPackagesQuery = ZListQuery.extend({ flight_id: zId });
/** GET flights/packages?flight_id: the flight's package runs, newest first. */
export const ZFlightPackagesReply = zListReply(ZPackageRun);
export type FlightPackagesReply = z.infer<typeof ZFlightPackagesReply>;
export const ZExecutePackageRunQuery = z.object({ queue_id: zId });
export interface ExecutePackageRunItem { track_code: string; code: string; codename: string }
export interface ExecutePackageRunReply { message: string; packages: PackageRunItemOutput[]; response: ExecutePackageRunItem[]; data: PackageRun }

// ---------------------------------------------------------------- sent dispatches / air waybills

/** One dispatched parcel (spec §3 "Dispatch summary" packages). */
export const ZDispatchPackage = z.object({
  declaration_id: z.number().int(),
  /** The customs service's casing for the tracking number, dispatch number and date (file wins). */
  trackinG_NO: z.string(),
  reg_number: z.string().nullable(),
  /** '' before the run is numbered (never the case for a stored run). */
  depesH_NUMBER: z.string(),
  airwaybill: z.string(),
  weight: zDecimalOut,
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  code: z.number().nullable(),
  /** When the run was sent; its creation time while it waits (clients show a date). */
  depesH_DATE: zDateTimeOut,
  /** Whether the run holding it has been sent (executed) yet. */
  sent: z.boolean(),
});
export type DispatchPackage = z.infer<typeof ZDispatchPackage>;
export const AIRWAYBILL_PACKAGES_PAGE_SIZE = 20;
export const ZAirwaybillPackagesQuery = ZListQuery.extend({
  flight_id: zId,
  per_page: zInt.min(1).max(1000).default(AIRWAYBILL_PACKAGES_PAGE_SIZE),
});
/** GET airwaybillpackages?flight_id: page size 20, totals over every page. */
export const ZAirwaybillPackagesReply = z.object({
  data: z.object({ packages: z.array(ZDispatchPackage), totalWeight: z.number(), count: z.number().int() }),
  total: z.number().int(),
});
export type AirwaybillPackagesReply = z.infer<typeof ZAirwaybillPackagesReply>;
/** GET airwaybillinfo?flight_id */
export const ZAirwaybillInfoReply = z.object({
  data: z.object({
    flight_id: z.number().int(), airwaybill: z.string(), state_id: z.number().int(), state_name: z.string(), dispatched: z.number().int(),
    total_weight: zDecimalOut, can_change: z.boolean(),
  }),
});
export type AirwaybillInfoReply = z.infer<typeof ZAirwaybillInfoReply>;
/** POST flights/airwaybill (multipart): only at 30 (spec §4). */
export const ZAirwaybillChange = z.object({
  flight_id: zInt.positive(),
  airwaybill,
});
export interface AirwaybillChangeReply {
  message: string;
  data: FlightRow;
  /** Package runs not yet executed whose input now carries the new number. */
  runs_updated: number;
  /** Customs 'update' sends queued for the flight's dispatched parcels (0 while sending to customs is off). */
  queued: number;
}

// ---------------------------------------------------------------- pallets / bags

/** spec §3 "Pallet": a bag (kisə) of the flight with its totals. */
export const ZPallet = z.object({ id: z.number().int(), box: z.string(), total_count: z.number().int(), total_weight: z.number() });
export type Pallet = z.infer<typeof ZPallet>;
export const ZFlightBoxesReply = z.object({ data: z.array(ZPallet) });
export type FlightBoxesReply = z.infer<typeof ZFlightBoxesReply>;

// ---------------------------------------------------------------- the flight's declarations (flights/info, box_declarations)

/**
 * GET flights/info and flights/box_declarations: the declarations list's filters (clients reuse the
 * declarations table's columns) over one flight (`flight_id`, or `flight_name` holding the flight's
 * id, as the flight's screen presets it) or one bag (`box_id`). `box` is the bag column's select
 * filter (a bag id), `tariff_category_id` the tariff column's, `created_at` a 'from,to' range.
 */
export const ZFlightDeclarationsQuery = ZListQuery.extend(ZDeclarationListFilters.shape).extend({
  flight_id: optId,
  box_id: optId,
  box: optId,
  tariff_category_id: optId,
  /** The table's country select sends any country id. */
  country_id: optId,
  created_at: dateRange,
});
export type FlightDeclarationsQuery = z.infer<typeof ZFlightDeclarationsQuery>;
/** An id written as text: `flight_name` preset with the flight's id. */
export const isIdText = (v: string) => /^\d{1,9}$/.test(v);

/** One declaration of the flight: the declarations list row itself, as real clients read it. */
export const ZFlightDeclarationRow = ZDeclarationListRow;
export type FlightDeclarationRow = DeclarationListRow;
export const ZFlightDeclarationsReply = zListReply(ZFlightDeclarationRow);
export type FlightDeclarationsReply = z.infer<typeof ZFlightDeclarationsReply>;
/** The bag screen's rows are the same declaration rows. */
export type BoxDeclarationRow = FlightDeclarationRow;
export type BoxDeclarationsReply = FlightDeclarationsReply;
export const ZBoxDeclarationsQuery = ZFlightDeclarationsQuery;

// ---------------------------------------------------------------- writes

/** POST flights/create (multipart). spec §5: country, name and status required; dates are shown disabled. */
export const ZFlightCreate = z.object({
  name: z.string().trim().min(1).max(120),
  start_date: date,
  end_date: date,
  state_id: reqId,
  country_id: reqId,
  trendyol: z.preprocess(blank, zInt.min(0).max(2).optional()),
}).refine((f) => !f.start_date || !f.end_date || f.end_date >= f.start_date, { path: ['end_date'], message: az.flights.endBeforeStart });
export type FlightCreate = z.infer<typeof ZFlightCreate>;

/** POST flights/close?close=true&type= (multipart flight_id, airWaybill, limit). */
export const ZFlightCloseQuery = z.object({
  close: z.preprocess(blank, z.enum(['true', 'false', '1', '0']).optional()),
  type: z.preprocess(blank, z.enum(FLIGHT_CLOSE_TYPES).default('with-dispatch')),
});
export const ZFlightClose = z.object({
  flight_id: zInt.positive(),
  airWaybill: airwaybill,
  /** 0, -1 or 100000 get the range in words (not "required" or "N characters"). */
  limit: z.preprocess(blank, zNumber().default(DEFAULT_PACKAGE_LIMIT)
    .refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_PACKAGE_LIMIT, { message: fill(az.flights.limitRange, { MAX: MAX_PACKAGE_LIMIT }) })),
});
export interface FlightCloseReply {
  message: string;
  flight: FlightRow;
  /** Package runs created (with-dispatch, all). */
  runs: PackageRun[];
  /** Parcels moved to 8. */
  dispatched: number;
  /** Parcels of the flight left out (not declared, for with-dispatch). */
  skipped: number;
  /** close=false: nothing was written (runs have id 0). */
  preview: boolean;
}

/** POST /api/admin/this_month/change (multipart flight_id, this_month YYYY-MM). */
export const ZFlightThisMonth = z.object({
  flight_id: zInt.positive(),
  this_month: z.string().trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/).refine((v) => isCalendarDateTime(`${v}-01`)),
});
/** POST flights/state_change?state_id (body flight_id): any status of lookup group 8, after confirmation. */
export const ZFlightStateChangeQuery = z.object({ state_id: zInt.positive() });
export const ZFlightStateChange = z.object({ flight_id: zInt.positive() });
/** POST flights/trendyol/updateStates (multipart flight_id, state_id of group 43). */
export const ZFlightMarketplaceStates = z.object({
  flight_id: zInt.positive(),
  state_id: zInt.positive(),
});
/** POST flights/set: put parcels on a flight (the bag optional). Design: spec lists the path without a payload. */
export const ZFlightSet = z.object({
  flight_id: zInt.positive(),
  /** `a,b`, repeated keys, `declaration_ids[]=` or a JSON array. */
  declaration_ids: z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((x) => x.trim()).filter(Boolean) : v),
    z.array(zInt.positive()).min(1).max(5000)),
  parcel_id: z.preprocess(blank, zInt.positive().optional()),
});
/** POST flights/set and trendyol/updateStates: how many parcels changed. */
export interface FlightCountReply { message: string; data: { count: number } }
/** GET /api/task/to_flight: parcels at 7 packed in a bag of an open flight get that flight. */
export interface ToFlightReply { message: string; count: number }
export interface FlightWriteReply { message: string; data: FlightRow }

// ---------------------------------------------------------------- manifests

/** POST flights/manifests (multipart flight_id, document_file: .xlsx or .csv; column 1 bag name, column 2 track code). */
export const ZFlightManifestUpload = z.object({ flight_id: zInt.positive() });
/** spec §3 "Manifest result". */
export interface ManifestResult {
  zip_url: string | null;
  /** Bags of the file with no parcel of this flight. */
  empty_bags: number;
  /** Every bag written to the zip. */
  archived_bags: number;
  /** Bags with at least one parcel found. */
  bags: number;
  found: string[];
  not_found: string[];
}
/**
 * GET manifests_box?flight_id: every bag of the flight written as its manifest into one .zip (the
 * manifest result's shape, counts as numbers): `bags` the flight's bags, `empty_bags` those without
 * a parcel of the flight, `archived_bags` those written, `found` the parcels written, `not_found` the
 * flight's parcels in no bag (left out). `zip_url` is '' when no bag holds a parcel.
 */
export const ZManifestBoxReply = z.object({
  data: z.object({
    zip_url: z.string(),
    empty_bags: z.number().int(),
    archived_bags: z.number().int(),
    bags: z.number().int(),
    found: z.number().int(),
    not_found: z.number().int(),
  }),
});
export type ManifestBoxReply = z.infer<typeof ZManifestBoxReply>;

// ---------------------------------------------------------------- exports

export const FLIGHT_EXPORT_KINDS = ['export', 'infoexport', 'roadsheet', 'xml'] as const;
export const ZFlightExportQuery = z.object({
  flight_id: zInt.positive(),
  partner_id: z.preprocess(blank, zInt.min(0).optional()),
});

// ---------------------------------------------------------------- sorting (branch sorting of a flight)

/** spec §3 "Sorting list item": a parcel's branch sorting code and its text. */
export interface SortingListItem {
  /** The declaration (also declaration_id). */
  id: number; declaration_id: number; track_code: string;
  user_id: number | null; user_name: string | null; branch_id: number | null; branch_name: string | null;
  code: string | null; code_text: string | null; sorted_at: string | null;
}
export const ZSortingQuery = ZListQuery.extend({ flight_id: zId, track_code: text(80), user_id: optId, branch_id: optId });
export type SortingListReply = ListResponse<SortingListItem>;

// ---------------------------------------------------------------- flight files & sorting (issue 7: manifests, exports, road sheet, sorting)

/** File name prefixes of the flight files (spec §9: flight exports; .xlsx per decision 0007). */
export const FLIGHT_FILE_PREFIX = {
  export: 'flight_export_',
  infoexport: 'flight_info_export_',
  roadsheet: 'flight_roadsheet_',
  manifests: 'flight_manifests_',
} as const;
/** GET flights/export: as_task=1 asks for an export task whatever the size (like the declaration exports). */
export const ZFlightFileExportQuery = ZFlightExportQuery.extend({
  as_task: z.preprocess(blank, z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true').optional()),
});
export type FlightFileExportQuery = z.infer<typeof ZFlightFileExportQuery>;
/** The name of a manifest archive the server wrote (`zip_url` of ManifestResult points at it). */
export const MANIFEST_ZIP_NAME = /^flight_manifests_\d{1,10}_[0-9a-f]{16}\.zip$/;
export const ZManifestDownloadQuery = z.object({ file: z.string().regex(MANIFEST_ZIP_NAME) });
/** GET flights/export/task_list: the flight export tasks (own; a full admin sees all), id descending. */
export const ZFlightExportTaskListQuery = z.object({
  page: zInt.min(1).max(100_000).default(1),
  per_page: zInt.min(1).max(100).default(25),
});

export const SORTING_SORTS = ['id', 'track_code', 'sorted_at', 'code'] as const;
export type SortingQuery = z.infer<typeof ZSortingQuery>;
/** POST sorting/create: a scan at the sorting line (track code or global track code; an FDX prefix is ignored). */
export const ZSortingCreate = z.object({
  flight_id: zInt.positive(),
  track_code: z.string().trim().min(1).max(80),
});
export type SortingCreate = z.infer<typeof ZSortingCreate>;
export interface SortingCreateReply {
  message: string;
  /** The sorted declaration's id (also data.id). */
  id: number;
  /** `already`: the parcel had been sorted before (the reply repeats its code and first sorting time). */
  data: SortingListItem & { already: boolean };
}
