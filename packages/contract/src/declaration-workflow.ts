import { z } from 'zod';
import { zDateTimeText, zDecimal, zFlag, zId, zIdList, zInt, ZListQuery } from './common';
import { ZDeclarationListRow } from './declarations';
import { zDateTimeOut, zListReply } from './common';
import { az } from './texts/az';

/*
 * The declarations workflow beyond the form (issue 3): handover (spec §3 "Handover details" and
 * "Handover payload", §5, §9), customs status (§4), marketplace parcels (§3 logs, §7), status counts.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const formDecimal = z.preprocess(blank, zDecimal.pipe(z.string().regex(/^\d+(\.\d{1,2})?$/, az.errors.invalidInput)).optional());

// ================================================================ exact money (shared by api and web)

/** A decimal string as an integer count of 10^-scale units (exact, half-up beyond the scale). */
export function toUnits(value: string | number | null | undefined, scale = 2): bigint {
  const text = String(value ?? '0').trim().replace(',', '.') || '0';
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace(/^[-+]/, '').split('.');
  const kept = BigInt(`${whole || '0'}${fraction.padEnd(scale, '0').slice(0, scale)}`);
  const roundUp = (fraction[scale] ?? '0') >= '5' ? 1n : 0n;
  return (negative ? -1n : 1n) * (kept + roundUp);
}
export function fromUnits(units: bigint, scale = 2): string {
  const negative = units < 0n;
  const text = (negative ? -units : units).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${text.slice(0, -scale)}.${text.slice(-scale)}`;
}
/** spec §9: AZN = USD × 1.7, 2 decimals (half up), exact. */
export function usdToAzn(usd: string): string {
  const product = toUnits(usd) * 17n; // scale 3
  return fromUnits((product + (product >= 0n ? 5n : -5n)) / 10n);
}
/** AZN ÷ 1.7 rounded up to the cent (the least USD that covers the amount). */
export function aznToUsdCeil(azn: string): string {
  const units = toUnits(azn) * 10n;
  if (units <= 0n) return '0.00';
  return fromUnits((units + 16n) / 17n);
}
export const sumAmounts = (values: (string | null | undefined)[]) => fromUnits(values.reduce((acc, v) => acc + toUnits(v), 0n));
export const subtractAmounts = (a: string, b: string) => fromUnits(toUnits(a) - toUnits(b));
export const multiplyAmount = (amount: string, count: number) => fromUnits(toUnits(amount) * BigInt(Math.trunc(count)));
export const compareAmount = (a: string, b: string) => Math.sign(Number(toUnits(a) - toUnits(b)));
export const maxAmount = (a: string, b: string) => (compareAmount(a, b) >= 0 ? a : b);
export const minAmount = (a: string, b: string) => (compareAmount(a, b) <= 0 ? a : b);

// ================================================================ handover

/** spec §5/§9: the debt may stay this much (AZN) above what is paid. */
export const HANDOVER_TOLERANCE = '0.20';
/** spec §5/§9: package counts 0 to 20 each. */
export const PACKAGE_MIN = 0;
export const PACKAGE_MAX = 20;
export const clampPackageCount = (n: number) => Math.min(PACKAGE_MAX, Math.max(PACKAGE_MIN, Math.trunc(Number.isFinite(n) ? n : 0)));

export interface PackageCounts { small: number; medium: number; big: number }
export interface PackagePrices { small: string; medium: string; big: string }

export interface HandoverInput {
  debtAzn: string;          // delivery debt in AZN
  packages: PackageCounts;
  prices: PackagePrices;
  cash: string;             // AZN received in cash
  terminal: string;         // AZN by card terminal
  balanceUsd: string;       // the customer's USD balance
  useBalance: boolean;
}
export interface HandoverMath {
  packageAzn: string;
  totalAzn: string;         // delivery debt + packages
  balanceUsedUsd: string;   // taken from the balance (USD)
  balanceUsedAzn: string;
  dueAfterBalance: string;  // what cash + terminal must cover
  paidAzn: string;          // cash + terminal + balance used (AZN)
  shortfall: string;        // total − paid (may be negative)
  refund: string;           // received − due (≥ 0): change given back
  isEnough: boolean;        // shortfall ≤ 0.2
  terminalTooHigh: boolean; // terminal > total
}

/**
 * The one handover computation (spec §5), used by the modal and by the server: packages priced
 * from settings, the balance used only as far as needed, the 0.2 tolerance, and the change given
 * back. All in exact cents.
 */
export function computeHandover(input: HandoverInput): HandoverMath {
  const packageAzn = sumAmounts([
    multiplyAmount(input.prices.small, clampPackageCount(input.packages.small)),
    multiplyAmount(input.prices.medium, clampPackageCount(input.packages.medium)),
    multiplyAmount(input.prices.big, clampPackageCount(input.packages.big)),
  ]);
  const totalAzn = sumAmounts([input.debtAzn, packageAzn]);
  const afterCash = maxAmount('0.00', subtractAmounts(subtractAmounts(totalAzn, input.cash || '0'), input.terminal || '0'));
  const balanceUsedUsd = input.useBalance && compareAmount(input.balanceUsd, '0') > 0
    ? minAmount(input.balanceUsd, aznToUsdCeil(afterCash)) : '0.00';
  const balanceUsedAzn = usdToAzn(balanceUsedUsd);
  const dueAfterBalance = maxAmount('0.00', subtractAmounts(totalAzn, balanceUsedAzn));
  const paidAzn = sumAmounts([input.cash, input.terminal, balanceUsedAzn]);
  const shortfall = subtractAmounts(totalAzn, paidAzn);
  const received = sumAmounts([input.cash, input.terminal]);
  const refund = maxAmount('0.00', subtractAmounts(received, dueAfterBalance));
  return {
    packageAzn, totalAzn, balanceUsedUsd, balanceUsedAzn, dueAfterBalance, paidAzn, shortfall, refund,
    isEnough: compareAmount(shortfall, HANDOVER_TOLERANCE) <= 0,
    terminalTooHigh: compareAmount(input.terminal || '0', totalAzn) > 0,
  };
}

/** spec §5: terminal ≤ total; cash = total − terminal, at least 0. */
export function cashForTerminal(totalAzn: string, terminal: string): string {
  return maxAmount('0.00', subtractAmounts(totalAzn, minAmount(terminal || '0', totalAzn)));
}

/**
 * POST /api/admin/declaration/pay (spec §3 "Handover payload"). confirm=0 (default) answers the
 * handover details; confirm=1 hands over. Amounts in AZN, 2 decimals.
 */
const packageCount = z.preprocess(blank, zInt.min(PACKAGE_MIN).max(PACKAGE_MAX).optional());
export const ZHandoverPayForm = z.object({
  declaration_id: zIdList.pipe(z.array(z.number().int().positive()).min(1).max(500)),
  confirm: z.preprocess(blank, zFlag.optional()),
  cash: formDecimal,
  terminal: formDecimal,
  /** Use the customer's USD balance for what cash and terminal do not cover. */
  use_balance: z.preprocess(blank, zFlag.optional()),
  accepted: formDecimal, // what the customer handed over (for the change); informational
  handover_task: z.preprocess(blank, zId.optional()),
  small_package: packageCount,
  medium_package: packageCount,
  big_package: packageCount,
});
export type HandoverPayForm = z.infer<typeof ZHandoverPayForm>;

/** spec §3 "Handover details". Amounts are decimal strings. */
export interface HandoverDetails {
  user: { id: number; code: string | null; name: string; surname: string; phone: string | null };
  declarations: { id: number; trackCode: string; deliveryPrice: string | null; paid: boolean; weight: string | null; statusId: number }[];
  credit: { try: string; azn: string };            // order debts (none until the orders domain exists)
  deliveryCredit: { usd: string; azn: string };    // unpaid delivery prices
  balance: { usd: string; try: string };
  debt: { total: string; minimum: string; all: string; packageAmount: string };
  packagePrices: PackagePrices;
}
export interface HandoverDetailsReply { data: HandoverDetails }
export interface HandoverDoneReply { data: { payment_id: number; count: number; balance_used_usd: string; refund: string } }

/**
 * POST /api/admin/declaration/handover (spec §7 bulk; needs bulkdeclarationhandover). design:
 * hands over every declaration at `statusId` (only 9 is allowed) whose delivery is already paid,
 * optionally only of tariff category `planTypeId` and of branch `branchId`; unpaid ones stay
 * (they go through the counter). One transaction, status history and audit per declaration.
 */
export const ZBulkHandoverForm = z.object({
  statusId: z.preprocess(blank, zInt.positive()),
  planTypeId: z.preprocess(blank, zId.optional()),
  branchId: z.preprocess(blank, zId.optional()),
});
export type BulkHandoverForm = z.infer<typeof ZBulkHandoverForm>;
export interface BulkHandoverReply { data: { count: number } }

// ================================================================ customs status

/** spec §4 customs state labels and the panel's four steps. */
export const CUSTOMS_STATES = [0, 1, 2, 3, 60, 70, 71, 72, 73, 100] as const;
export const CUSTOMS_STEPS = [0, 1, 2, 3] as const;
/** spec §9: customs status refresh at least 3 s apart. */
export const CUSTOMS_REFRESH_MS = 3000;
export const ZCustomsStatusQuery = z.object({ track_code: z.string().trim().min(1).max(80) });
/**
 * GET /api/client/customs_status?track_code → spec §3 "Customs status": `data.customs_status`, the
 * latest customs code (null: never sent), and `data.json`, what customs answered (null: nothing yet).
 */
export const ZCustomsStatusReply = z.object({
  data: z.object({
    customs_status: z.number().int().nullable(),
    json: z.record(z.string(), z.unknown()).nullable(),
    /** design: the declaration misses what customs needs (weight, price, product type, customer FIN) and was never sent. */
    incomplete: z.boolean(),
    missing: z.array(z.string()),
  }),
});
export type CustomsStatusReply = z.infer<typeof ZCustomsStatusReply>;
export interface CustomsStateEntry { id: number; code: number; label: string; json: unknown; created_at: string }
export interface CustomsStatesReply { data: CustomsStateEntry[] }

/** The panel's step index (0–3) reached by a customs code; outcomes beyond dispatch count as all four. */
export function customsStepOf(code: number | null | undefined): number {
  if (code === null || code === undefined) return -1;
  if (code >= 0 && code <= 3) return code;
  return 3;
}

// ================================================================ marketplace

/** spec §9: Trendyol code 1, Temu code 2 ("United"). */
export const PROVIDER = { internal: 0, trendyol: 1, united: 2 } as const;
/** design: a FIN (the PIN a Temu-type parcel is declared under) is 7 letters or digits. */
export const FIN_PATTERN = /^[A-Z0-9]{7}$/;
export const ZFinChangeForm = z.object({
  fin: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: az.declarationWorkflow.pinInvalid }).regex(FIN_PATTERN, az.declarationWorkflow.pinInvalid)),
});
export type FinChangeForm = z.infer<typeof ZFinChangeForm>;
export type PinChangeStatus = 'pending' | 'applied' | 'failed';
export interface FinChangeReply { data: { changed: boolean; status: PinChangeStatus | null; pin: string } }

/** GET /api/admin/declaration/trendyol/marketplace?declaration_id: the declaration's marketplace data. */
export interface MarketplaceInfo {
  provider: number;
  stateId: number | null;
  stateName: string | null;
  pinCode: string | null;
  logs: Record<string, unknown>;
  pinChange: { id: number; newPin: string; status: PinChangeStatus; lastError: string | null; createdAt: string; appliedAt: string | null } | null;
}
export interface MarketplaceInfoReply { data: MarketplaceInfo | null }

/** GET declaration/trendyol/parcel-states/{trackCode}: the marketplace states of a parcel, oldest first (the names clients read). */
export const ZMarketplaceParcelState = z.object({
  _id: z.string(),
  state: z.string(),
  comment: z.string(),            // '' when none
  author: z.string(),             // who set it ('' for the marketplace itself)
  created_at: zDateTimeOut,
  updated_at: zDateTimeOut,       // states are never edited: its creation
  state_id: z.number().int().nullable(),
  author_id: z.number().int().nullable(),
});
export type MarketplaceParcelState = z.infer<typeof ZMarketplaceParcelState>;
export const ZMarketplaceParcelStatesReply = z.object({ data: z.array(ZMarketplaceParcelState) });
export type MarketplaceParcelStatesReply = z.infer<typeof ZMarketplaceParcelStatesReply>;

/** GET /api/admin/declaration/trendyol: marketplace parcels (providers 1 and 2). */
export const ZMarketplaceListFilters = z.object({
  track_code: z.string().trim().max(80).optional(),
  global_track_code: z.string().trim().max(80).optional(),
  user_id: zId.optional(),
  user_name: z.string().trim().max(100).optional(),
  trendyol: zInt.min(1).max(2).optional(),
  /** The marketplace state now (statuses of model 43). */
  marketplace_state_id: zId.optional(),
  state_id: zIdList,
  pin_code: z.string().trim().max(16).optional(),
  date_from: zDateTimeText.optional(),
  date_to: zDateTimeText.optional(),
});
export const MARKETPLACE_SORT_COLUMNS = ['id', 'created_at', 'track_code', 'weight'] as const;
export const ZMarketplaceListQuery = ZListQuery.extend({ sort_column: z.enum(MARKETPLACE_SORT_COLUMNS).optional() }).extend(ZMarketplaceListFilters.shape);
export type MarketplaceListQuery = z.infer<typeof ZMarketplaceListQuery>;
/** A marketplace parcel: the declarations list row (issue 14, flat) plus its marketplace state and PIN. */
export const ZMarketplaceListRow = ZDeclarationListRow.extend({
  trendyol_state_id: z.number().int().nullable(),
  trendyol_state_name: z.string().nullable(),
  pin_code: z.string().nullable(),
});
export type MarketplaceListRow = z.infer<typeof ZMarketplaceListRow>;
export const ZMarketplaceListReply = z.object({ data: z.array(ZMarketplaceListRow), total: z.number().int(), last_page: z.number().int() });
export type MarketplaceListReply = z.infer<typeof ZMarketplaceListReply>;

/** POST declaration/trendyol/updateState: single (body declaration_id, trendyol_state_id) or bulk (query trendyol_state_id, filter=1, the list's filters). */
export const ZMarketplaceStateForm = z.object({
  declaration_id: z.preprocess(blank, zIdList),
  trendyol_state_id: z.preprocess(blank, zId.optional()),
  filter: z.preprocess(blank, zFlag.optional()),
});
export const ZMarketplaceStateQuery = ZMarketplaceListFilters.extend({
  trendyol_state_id: z.preprocess(blank, zId.optional()),
  filter: z.preprocess(blank, zFlag.optional()),
});
export interface MarketplaceStateReply { data: { count: number } }

// ================================================================ counts, box transfers

export interface StatusCount { state_id: number; name: string; count: number }
export interface StatusCountsReply { data: StatusCount[]; total: number }

export interface BoxTransfer {
  id: number;
  declaration: { id: number; trackCode: string };
  fromContainer: { id: number; name: string } | null;
  toContainer: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
  branch: { id: number; name: string } | null;
  note: string | null;
  createdAt: string;
}
export interface BoxTransfersReply { data: BoxTransfer[]; meta: { total: number } }

// ================================================================ manual status changes (issue 13 item 2)

// The manual status rule table lives in the zod-free `declaration-status-rules` (issue 15); re-exported here.
export * from './declaration-status-rules';

/**
 * POST /api/admin/v2/declaration/edit/state reply. By ids: all or nothing (a refused parcel is a
 * 422 naming it), so `skipped` is 0. By filter: parcels whose status does not allow the target are
 * left as they are and counted in `skipped`.
 */
export interface DeclarationBulkStateReply { data: { count: number; skipped: number } }

// ================================================================ branch sorting (sorting/list, sorting/nonsorted_declarations)

/**
 * GET sorting/list and sorting/nonsorted_declarations: flight_id is one flight or several (`a,b`,
 * the other office front end's multi-select); without it, the parcels of every flight.
 */
export const ZSortingListQuery = ZListQuery.extend({
  flight_id: zIdList,
  track_code: z.preprocess(blank, z.string().trim().max(80).optional()),
  user_id: z.preprocess(blank, zId.optional()),
  branch_id: z.preprocess(blank, zId.optional()),
});
export type SortingListQuery = z.infer<typeof ZSortingListQuery>;
/** spec §3 "Sorting list item": a parcel of the flight with its branch sorting code (letter) and code text (branch). */
export const ZSortingListItem = z.object({
  /** The declaration (also declaration_id). */
  id: z.number().int(),
  declaration_id: z.number().int(),
  track_code: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  code: z.string().nullable(),
  code_text: z.string().nullable(),
  sorted_at: zDateTimeOut.nullable(),      // null: not sorted yet
});
export type SortingListItem = z.infer<typeof ZSortingListItem>;
export const ZSortingListReply = zListReply(ZSortingListItem);
export type SortingListReply = z.infer<typeof ZSortingListReply>;

// ---------------------------------------------------------------- issue 16: calls real clients make

/**
 * GET /api/admin/declaration/trendyol/parcel?track_code (or ?declaration_id): one marketplace
 * parcel (providers 1, 2), found by its track code or the marketplace's (global) track code, as a
 * row of the marketplace list (the same names: issue 14). 404 when no marketplace parcel has it.
 */
export const ZMarketplaceParcelQuery = z.object({
  track_code: z.string().trim().min(1).max(80).optional(),
  declaration_id: zId.optional(),
}).refine((q) => q.track_code !== undefined || q.declaration_id !== undefined, { message: az.errors.required, path: ['track_code'] });
export type MarketplaceParcelQuery = z.infer<typeof ZMarketplaceParcelQuery>;
export const ZMarketplaceParcelReply = z.object({ data: ZMarketplaceListRow });
export type MarketplaceParcelReply = z.infer<typeof ZMarketplaceParcelReply>;

/**
 * GET /api/admin/declaration/customs_fin_change/{id}?pincode (as real clients call it: a GET).
 * design: the FIN customs knows a parcel by is its customer's (the add sends `fin`); a wrong one
 * keeps the customer from declaring the parcel, so the office corrects the customer's FIN from the
 * parcel. Refused once customs has the parcel declared, boxed or dispatched (the declaration
 * belongs to the old FIN) or when another customer holds the FIN; an unsent add is sent again
 * with the new FIN. Reply: `customs` says what happens at customs: 'queued' (the parcel goes with
 * the new FIN), 'held' (customs already holds the parcel at state 0 under the old FIN: it stays
 * until withdrawn), 'none' (nothing to send: sending off, or the parcel lacks weight or price).
 */
export const ZCustomsFinChangeParams = z.object({ id: zId });
export const ZCustomsFinChangeQuery = z.object({
  pincode: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string().refine((v) => FIN_PATTERN.test(v), az.declarations.finInvalid),
  ),
});
export type CustomsFinChangeQuery = z.infer<typeof ZCustomsFinChangeQuery>;
export const CUSTOMS_FIN_OUTCOMES = ['queued', 'held', 'none'] as const;
export const ZCustomsFinChangeReply = z.object({
  data: z.object({
    declaration_id: z.number().int(),
    user_id: z.number().int(),
    fin: z.string(),
    changed: z.boolean(),
    customs: z.enum(CUSTOMS_FIN_OUTCOMES),
  }),
});
export type CustomsFinChangeReply = z.infer<typeof ZCustomsFinChangeReply>;
