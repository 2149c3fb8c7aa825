import { z } from 'zod';
import { isCalendarDateTime, zDateText, zDateTimeText, zDecimal, zFlag, zId, zIdList, zInt, ZListQuery } from './common';
import { zDateTimeOut, zDecimalOut, zFlag01, zListReply } from './common';
import { ROLE } from './roles';
import { checkStatsRange } from './stats-range';
import { az } from './texts/az';

/*
 * Users, staff and permissions (issue 5; spec §2 "Users", §3 User/Discount/Operation/Permissions,
 * §5 user create defaults and permission save, §7 "Users").
 */

/** '' from an HTML/multipart form means "not given". */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (max = 200) => z.preprocess(blank, z.string().trim().max(max).optional());
const optionalId = z.preprocess(blank, zId.optional());
/** A nullable id on a form: '' or null clears it, absent leaves it unchanged (update). */
const nullableId = z.preprocess((v) => (v === '' ? null : v), zId.nullable().optional());
const dateOnly = zDateText;
const dateTime = zDateTimeText.optional();
/**
 * A table's date-range filter as real clients send it: 'YYYY-MM-DD HH:mm:ss,YYYY-MM-DD HH:mm:ss'
 * (either side may be empty) → [from, to] (issue 14).
 */
export const zDateRangeText = z.preprocess(blank, z.string().trim().max(60)
  .transform((v) => v.split(',').map((p) => p.trim()) as [string, string?])
  .refine((p) => p.length <= 2 && p.every((x) => x === '' || zDateTimeText.safeParse(x).success))
  .transform(([from, to]) => ({ from: from || undefined, to: to || undefined }))
  .optional());

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** spec §2: the user-type filter of the users table: 1 admin, 2 warehouseman, 3 back office. */
export const USER_TYPE_FILTERS = [1, 2, 3] as const;
/** Roles a user type filter (list, read) needs the `admins` permission for (spec §2). */
export const ROLES_NEEDING_ADMINS = [1, 2] as const;

/**
 * Issue 13: who may change an account (edit, password, block, delete, role, permissions, create
 * with a role). A customer (0) needs only the action's own permission; a staff account (role ≥ 1)
 * needs `admins`; an admin account (1) only an admin. Checked for the account's role before and
 * after a role change. Returns the refusal, or null when allowed.
 */
export type AccountRefusal = 'staffNeedsAdmins' | 'adminAccountAdminOnly';
export function whyCannotManageAccount(viewer: { isFullAdmin: boolean; holdsAdmins: boolean }, role: number): AccountRefusal | null {
  if (role === 0) return null;
  if (role === 1 && !viewer.isFullAdmin) return 'adminAccountAdminOnly';
  if (!viewer.isFullAdmin && !viewer.holdsAdmins) return 'staffNeedsAdmins';
  return null;
}

/** Issue 13: fields nobody changes on their own account (role aside): cash register, branch, company. */
export const SELF_LOCKED_FIELDS = ['cashbox_id', 'admin_branch_id', 'company_id'] as const;

/** spec §9: the current-month spending warning threshold (USD). */
export const MONTH_SPEND_WARNING_USD = 300;

/** Password rule (design): at least 8 characters with at least one letter and one digit. */
export const PASSWORD_MIN_LENGTH = 8;
export function isStrongPassword(p: string): boolean {
  return p.length >= PASSWORD_MIN_LENGTH && p.length <= 200 && /\p{L}/u.test(p) && /\d/.test(p);
}

// ---------------------------------------------------------------- list

/**
 * Filters of GET /api/admin/v2/client/list (also /api/admin/users/export).
 * `admin`: role filter; 1 and 2 need the `admins` permission (403 otherwise); 0 customers, 3 back
 * office, 4 partners. Without it the list holds every user the viewer may see (without `admins`:
 * customers, back office and partners). `state_id`: users with at least one parcel in any of these
 * statuses (`a,b` or repeated).
 */
export const ZUserListFilters = z.object({
  admin: z.preprocess(blank, zInt.min(0).max(4).optional()),
  state_id: zIdList,
  id: optionalId,
  code: text(),
  name: text(),
  email: text(),
  phone: text(),
  fin: text(),
  passport: text(),
  gender: z.preprocess(blank, z.enum(GENDERS).optional()),
  branch_id: zIdList,
  company_id: optionalId,
  blocked: z.preprocess(blank, zFlag.optional()),
  /**
   * Registered (created_at) in the office's time zone: from date_from through the end of the unit
   * date_to names ('YYYY-MM-DD' the whole day, 'YYYY-MM-DD HH:mm:ss' the whole second), as the
   * statistics count office days (the landing's new customers open the list with them).
   */
  date_from: dateTime,
  date_to: dateTime,
  // The names real clients send (issue 14): same filters under the row's field names.
  user_name: text(),
  number: text(),
  passport_number: text(),
  passport_secret: text(),
  declaration_state_id: zIdList,
  birth_date: zDateRangeText,
  /** Age in whole years today (office time zone), inclusive bounds. */
  start_age: z.preprocess(blank, zInt.min(0).max(150).optional()),
  end_age: z.preprocess(blank, zInt.min(0).max(150).optional()),
});
export type UserListFilters = z.infer<typeof ZUserListFilters>;

export const USER_SORT_COLUMNS = [
  'id', 'code', 'name', 'surname', 'email', 'phone', 'gender', 'birth_date', 'balance_try', 'balance_usd',
  'passport_number', 'fin', 'branch_id', 'company_id', 'created_at',
  'user_name', 'number', 'passport_secret', 'branch_name', 'admin_company_name',
] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

export const ZUserListQuery = ZListQuery.extend({
  sort_column: z.enum(USER_SORT_COLUMNS).optional(),
}).extend(ZUserListFilters.shape);
export type UserListQuery = z.infer<typeof ZUserListQuery>;

const int = () => z.number().int();
/** 'YYYY-MM-DD' as sent (birth dates, discount end days). */
const zDayOut = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ZRef = z.object({ id: int(), name: z.string() });

/**
 * One row of the users table (spec §2 "Users" columns), flat (issue 14): `number` is the phone,
 * related records as `<name>_id` + `<name>_name`, `blocked` 0/1. Never carries a password.
 * Also the row of users/select, the discounted-users table and the by_user_count drill-down.
 */
export const ZUserListRow = z.object({
  id: int(),
  code: z.string().nullable(),
  name: z.string(),
  surname: z.string(),
  /** name + surname */
  user_name: z.string(),
  email: z.string().nullable(),
  /** the phone */
  number: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  birth_date: zDayOut.nullable(),
  /** money travels as exact decimal strings */
  balance_try: zDecimalOut,
  balance_usd: zDecimalOut,
  passport_number: z.string().nullable(),
  /** FIN */
  passport_secret: z.string().nullable(),
  company_id: int().nullable(),
  admin_company_name: z.string().nullable(),
  branch_id: int().nullable(),
  branch_name: z.string().nullable(),
  /** role code 0–4 */
  admin: int(),
  blocked: zFlag01,
  /** YYYY-MM-DD HH:mm:ss (office time zone) */
  created_at: zDateTimeOut,
});
export type UserListRow = z.infer<typeof ZUserListRow>;

/** GET /api/admin/v2/client/list */
export const ZUserListReply = zListReply(ZUserListRow).extend({ last_page: int() });
export type UserListReply = z.infer<typeof ZUserListReply>;

// ---------------------------------------------------------------- detail

/** spec §3 "Discount" as listed on the details page (`discounts[]` of client/user), flat (issue 14). */
export const ZUserDiscountRow = z.object({
  id: int(),
  user_id: int(),
  user_code: z.string().nullable(),
  user_name: z.string().nullable(),
  country_id: int(),
  country_name: z.string(),
  /** percent, 0–100, two decimals */
  discount: z.number(),
  /** who applied it ('' when unknown) */
  causer_name: z.string(),
  descr: z.string(),
  /** YYYY-MM-DD: the last day the discount applies */
  discount_date: zDayOut,
  created_at: zDateTimeOut,
});
export type UserDiscountRow = z.infer<typeof ZUserDiscountRow>;

/**
 * A row of the discounted-users table (GET /api/admin/user_discounts): the customer's list row
 * (`id` is the customer) plus one active discount (`user_discount_id` cancels it); a customer with
 * discounts on both countries has two rows.
 */
export const ZUserDiscountListRow = ZUserListRow.extend({
  user_discount_id: int(),
  country_id: int(),
  country_name: z.string(),
  discount: z.number(),
  causer_name: z.string(),
  descr: z.string(),
  discount_date: zDayOut,
  discount_created_at: zDateTimeOut,
});
export type UserDiscountListRow = z.infer<typeof ZUserDiscountListRow>;

/**
 * GET /api/admin/client/user?user_id → `data` (the list row's names plus the form's fields and
 * counts), and at the root `widget`, `credit`, `credit_usd`, `cashback`, `discounts` (spec §3
 * "User"; issue 14: the shape real clients read). Also POST client/track_code.
 */
const ZCountPair = z.object({ all: int(), delivered: int() });
export const ZUserDetail = ZUserListRow.extend({
  address: z.string().nullable(),
  send_mail: zFlag01,
  send_sms: zFlag01,
  admin_branch_id: int().nullable(),
  admin_branch_name: z.string().nullable(),
  cashbox_id: int().nullable(),
  declaration: ZCountPair,
  courier: ZCountPair,
  order: ZCountPair,
  /** Balance operations in and out (counts). */
  in: int(),
  out: int(),
});
export type UserDetail = z.infer<typeof ZUserDetail>;
export const ZUserDetailReply = z.object({
  data: ZUserDetail,
  /** Balances, and `this`: delivery prices of parcels created this month (office time zone; warn above 300 USD). */
  widget: z.object({ balance: z.object({ usd: z.number(), try: z.number() }), this: z.object({ usd: z.number(), try: z.number() }) }),
  /** Unpaid delivery prices of the user's parcels: `credit` in AZN (× 1.7), `credit_usd` in USD. */
  credit: z.number(),
  credit_usd: z.number(),
  cashback: z.object({ currentCashback: z.number(), totalCashbackApproved: z.number(), totalCashbackPending: z.number() }),
  /** active ones (not cancelled), newest first */
  discounts: z.array(ZUserDiscountRow),
});
export type UserDetailReply = z.infer<typeof ZUserDetailReply>;

// ---------------------------------------------------------------- forms

const passwordsRefine = (v: { password?: string; password_confirmation?: string }, ctx: z.RefinementCtx) => {
  if (v.password === undefined) return;
  if (!isStrongPassword(v.password)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: az.users.passwordWeak });
  }
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: az.users.passwordMismatch });
  }
};

/**
 * The user form (POST /api/admin/client/create and /update; multipart, urlencoded or JSON).
 * spec §5 defaults on the screen: gender male, branch 1, birth date 20 years ago, email and SMS off.
 * `admin` (role) other than 0 needs `admins` for 1/2; `admin_branch_id`/`cashbox_id` are staff fields.
 */
const userFormFields = {
  name: z.string().trim().min(1).max(100),
  surname: z.string().trim().min(1).max(100),
  email: z.string().trim().toLowerCase().max(190).email(),
  gender: z.preprocess(blank, z.enum(GENDERS).optional()),
  send_mail: z.preprocess(blank, zFlag.optional()),
  send_sms: z.preprocess(blank, zFlag.optional()),
  phone: text(32),
  address: text(500),
  branch_id: optionalId,
  birth_date: z.preprocess(blank, dateOnly.optional()),
  passport_number: text(32),
  passport_secret: text(16),
  admin: z.preprocess(blank, zInt.min(0).max(4).optional()),
  admin_branch_id: nullableId,
  cashbox_id: nullableId,
  company_id: nullableId,
  password: z.preprocess(blank, z.string().max(200).optional()),
  password_confirmation: z.preprocess(blank, z.string().max(200).optional()),
};

/** Real clients send the phone as `number` (issue 14); `phone` wins when both are given. */
const phoneFromNumber = (v: unknown) => {
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return o.phone === undefined && o.number !== undefined ? { ...o, phone: o.number } : o;
};

export const ZUserCreateForm = z.preprocess(phoneFromNumber, z.object({
  ...userFormFields,
  gender: z.preprocess(blank, z.enum(GENDERS).default('male')),
  password: z.string().max(200),
  password_confirmation: z.preprocess(blank, z.string().max(200).optional()),
}).superRefine(passwordsRefine));
export type UserCreateForm = z.infer<typeof ZUserCreateForm>;

/** Update: `user_id` (or `id`) plus the form; a blank password keeps the current one. */
export const ZUserUpdateForm = z.preprocess(phoneFromNumber, z.object({
  user_id: zId,
  ...userFormFields,
}).superRefine(passwordsRefine));
export type UserUpdateForm = z.infer<typeof ZUserUpdateForm>;

/** ?user_id — client/user, client/delete, client/block, client/unblock, users/declaration_stats, permissions. */
export const ZUserIdQuery = z.object({ user_id: zId });

/** ?user_id=a,b (or repeated): client/block, client/unblock and set_admin take several users at once (issue 14); all or none change. */
const zUserIds = zIdList.pipe(z.array(z.number().int().positive()).min(1).max(500));
export const ZUserIdsQuery = z.object({ user_id: zUserIds });

/** POST /api/admin/client/set_admin?user_id&admin (role 0–4; 1 and 2, or changing a 1/2 user, need `admins`). */
export const ZSetAdminQuery = z.object({
  user_id: zUserIds,
  admin: zInt.min(0).max(4),
});

/** POST /api/admin/client/track_code?track_code → the parcel's customer, as client/user replies. */
export const ZTrackCodeQuery = z.object({ track_code: z.string().trim().min(1).max(100) });
export const ZTrackCodeReply = ZUserDetailReply;
export type TrackCodeReply = UserDetailReply;

/** GET /api/admin/users/select: lookup (per_page up to 5000). `search` matches code, name, surname, email. */
export const ZUserSelectQuery = z.object({
  search: text(),
  // roles are 0–4 (a smallint column): a bigger code is refused here, not by PostgreSQL
  admin: zIdList.pipe(z.array(z.number().int().max(ROLE.partner)).optional()),
  id: zIdList,
  per_page: zInt.min(1).max(5000).default(5000),
});
/** The users list row (issue 14: real clients map it with the list's mapper), plus `firstname`/`lastname` they fall back to. */
export const ZUserOption = ZUserListRow.extend({ firstname: z.string(), lastname: z.string() });
export type UserOption = z.infer<typeof ZUserOption>;
export const ZUserSelectReply = z.object({ data: z.array(ZUserOption), total: int() });
export type UserSelectReply = z.infer<typeof ZUserSelectReply>;

// ---------------------------------------------------------------- permissions

/**
 * POST /api/admin/permissions/edit (form or JSON): the full new set of operation ids (`operation_id`
 * repeated, `operation_id[]` or `a,b`), plus cash register, branch and company (blank clears).
 * Having the `changeuserpermissions` operation in the set means all operations (spec §5).
 */
export const ZPermissionsEditForm = z.preprocess((v) => {
  // A urlencoded form may name the list `operation_id[]`; no list at all means no operations.
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return { ...o, operation_id: o.operation_id ?? o['operation_id[]'] ?? [] };
}, z.object({
  user_id: zId,
  operation_id: zIdList,
  cashbox_id: nullableId,
  admin_branch_id: nullableId,
  company_id: nullableId,
}));
export type PermissionsEditForm = z.infer<typeof ZPermissionsEditForm>;

/**
 * GET /api/admin/permissions?user_id (spec §3 "Permissions response"; issue 14: the shape real
 * clients read): the granted operations as `data[].operation_id`, the company at the root (0: none),
 * plus the cash register and branch of the permissions modal.
 */
export const ZPermissionsReply = z.object({
  data: z.array(z.object({ operation_id: int() })),
  company_id: int(),
  cashbox_id: int().nullable(),
  admin_branch_id: int().nullable(),
});
export type PermissionsReply = z.infer<typeof ZPermissionsReply>;

/** GET /api/admin/operations (per_page 200): spec §3 "Operation", ordered by model. */
export const ZOperationRow = z.object({ id: int(), name: z.string(), code_name: z.string(), model_id: int(), model_name: z.string() });
export type OperationRow = z.infer<typeof ZOperationRow>;
export const ZOperationsReply = z.object({ data: z.array(ZOperationRow), total: int() });
export type OperationsReply = z.infer<typeof ZOperationsReply>;

// ---------------------------------------------------------------- discounts

const pick = (o: Record<string, unknown>, a: string, b: string) => (o[a] !== undefined ? o[a] : o[b]);

/**
 * POST /api/admin/users/discount (form): user_id, country_id (or countryId), discount (percent
 * 0–100), descr, discount_date (or discountDate, YYYY-MM-DD, the last day it applies; today or later).
 */
export const ZDiscountForm = z.preprocess((v) => {
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return {
    ...o,
    user_id: pick(o, 'user_id', 'userId'),
    country_id: pick(o, 'country_id', 'countryId'),
    discount_date: pick(o, 'discount_date', 'discountDate'),
  };
}, z.object({
  user_id: zId,
  country_id: zInt.min(1).max(2),
  discount: zDecimal.refine((d) => Number(d) > 0 && Number(d) <= 100 && /^\d+(\.\d{1,2})?$/.test(d), az.users.discountRange),
  descr: text(500),
  discount_date: dateOnly,
}));
export type DiscountForm = z.infer<typeof ZDiscountForm>;

/** POST /api/admin/users/discountCancel (form or ?user_discount_id). */
export const ZDiscountCancelForm = z.object({ user_discount_id: zId });

/** GET /api/admin/user_discounts (and _export): active discounts, newest first. */
export const ZUserDiscountListQuery = ZListQuery.extend({
  sort_column: z.enum([
    'id', 'created_at', 'discount', 'discount_date', 'country_id', 'user_id', 'user_discount_id',
    // the users table's columns (real clients reuse them here)
    'user_name', 'email', 'number', 'gender', 'birth_date', 'passport_number', 'passport_secret', 'branch_id', 'balance_usd', 'balance_try',
  ] as const).optional(),
  user_id: optionalId,
  user_name: text(),
  country_id: z.preprocess(blank, zInt.min(1).max(2).optional()),
  // The users table's filters real clients send here (issue 14); `id` is the customer.
  id: optionalId,
  email: text(),
  number: text(),
  gender: z.preprocess(blank, z.enum(GENDERS).optional()),
  passport_number: text(),
  passport_secret: text(),
  branch_id: zIdList,
  birth_date: zDateRangeText,
});
export type UserDiscountListQuery = z.infer<typeof ZUserDiscountListQuery>;
export const ZUserDiscountListReply = zListReply(ZUserDiscountListRow).extend({ last_page: int() });
export type UserDiscountListReply = z.infer<typeof ZUserDiscountListReply>;

// ---------------------------------------------------------------- statistics

/** GET /api/admin/users/declaration_stats?user_id: the user's parcels per month, newest first. */
export const ZDeclarationStatsRow = z.object({
  /** YYYY-MM-01, the month's first day */
  date: zDayOut,
  /** USD (issue 14: clients read numbers here) */
  delivery_price: z.number(),
  /** '01'–'12' */
  month: z.string(),
  /** Azerbaijani month name */
  month_name: z.string(),
  /** parcels */
  quantity: int(),
  /** kg */
  weight: z.number(),
});
export type DeclarationStatsRow = z.infer<typeof ZDeclarationStatsRow>;
export const ZDeclarationStatsReply = z.object({ data: z.array(ZDeclarationStatsRow) });
export type DeclarationStatsReply = z.infer<typeof ZDeclarationStatsReply>;

/** A day given as YYYY-MM-DD or 'YYYY-MM-DD HH:mm:ss' (the day is what counts). */
const dayText = z.preprocess(blank, zDateTimeText.transform((v) => v.slice(0, 10)).optional());

/**
 * GET /api/admin/statistics/by_user_count: customers registered between `start_date` and
 * `end_date` (or date_from/date_to; YYYY-MM-DD, default the last 12 months), optionally of one
 * gender and age range. `getlist=true` (the drill-down) lists those customers as users-list rows.
 */
export const ZUserCountStatsQuery = ZListQuery.extend({
  sort_column: z.enum(USER_SORT_COLUMNS).optional(),
  date_from: dayText,
  date_to: dayText,
  start_date: dayText,
  end_date: dayText,
  gender: z.preprocess(blank, z.enum(GENDERS).optional()),
  start_age: z.preprocess(blank, zInt.min(0).max(150).optional()),
  end_age: z.preprocess(blank, zInt.min(0).max(150).optional()),
  getlist: z.preprocess(blank, zFlag.optional()),
  // an end before the start: 422 on the end field sent (end_date, else date_to), as every statistics range
}).superRefine((q, ctx) => checkStatsRange(q, ctx, { start: ['start_date', 'date_from'], end: ['end_date', 'date_to'] }));
export type UserCountStatsQuery = z.infer<typeof ZUserCountStatsQuery>;
/** Age bands of `age`: 'FROM_TO' in whole years (the last one open-ended, written with 100). */
export const AGE_BANDS = [[0, 17], [18, 24], [25, 34], [35, 44], [45, 54], [55, 100]] as const;
export const ZUserCountStatsReply = z.object({
  /** Customers registered per month: `added_date` the month's first day (YYYY-MM-DD). */
  data: z.array(z.object({ added_date: zDayOut, user_count: int() })),
  /** Those customers by age band ('18_24' → count); no birth date: not counted. */
  age: z.record(z.string(), int()),
  /** every role 0–4, blocked and deleted excluded */
  by_role: z.array(z.object({ admin: int(), count: int() })),
  blocked: int(),
  /** customers (role 0) */
  total: int(),
});
export type UserCountStatsReply = z.infer<typeof ZUserCountStatsReply>;
/** getlist=true: the customers themselves. */
export const ZUserCountListReply = zListReply(ZUserListRow).extend({ last_page: int() });
export type UserCountListReply = z.infer<typeof ZUserCountListReply>;
/** GET statistics/by_user_count: the figures, or with getlist=true the customers. */
export const ZUserCountReply = z.union([ZUserCountStatsReply, ZUserCountListReply]);

/** GET /api/admin/statistics/qizilonluq?month=YYYY-MM ('golden ten'; default the current month). */
export const GOLDEN_TEN_COLUMNS = ['id', 'name', 'qizilonluq', 'email', 'number', 'gender', 'discount', 'balance_usd', 'balance_try', 'branch_id'] as const;
/**
 * The month, plus the table parameters real clients send (issue 14): each column's text filter
 * (contains, case-insensitive; `name` the full name), sort (default qizilonluq desc) and page over the ten.
 */
export const ZGoldenTenQuery = ZListQuery.extend({
  month: z.preprocess(blank, z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).refine((v) => isCalendarDateTime(`${v}-01`)).optional()),
  sort_column: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(GOLDEN_TEN_COLUMNS).optional()),
  sort_order: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['asc', 'desc']).optional()),
  ...Object.fromEntries(GOLDEN_TEN_COLUMNS.map((c) => [c, text(100)])) as Record<(typeof GOLDEN_TEN_COLUMNS)[number], ReturnType<typeof text>>,
});
export type GoldenTenQuery = z.infer<typeof ZGoldenTenQuery>;
/** A top customer (issue 14: the users list row plus what real clients read: `qizilonluq` paid, `discount`). */
export const ZGoldenTenRow = ZUserListRow.extend({
  rank: int(),
  /** USD: delivery prices of the month's parcels */
  qizilonluq: z.number(),
  /** the customer's highest active discount, percent (0: none) */
  discount: z.number(),
  quantity: int(),
  /** kg */
  weight: zDecimalOut,
});
export type GoldenTenRow = z.infer<typeof ZGoldenTenRow>;
export const ZGoldenTenReply = z.object({ data: z.array(ZGoldenTenRow), total: int(), month: z.string() });
export type GoldenTenReply = z.infer<typeof ZGoldenTenReply>;

// ---------------------------------------------------------------- lookups

/** A lookup of the user forms (branches, companies, countries). */
export type Ref = z.infer<typeof ZRef>;
/**
 * GET /api/admin/users/app/options: `data` the staff accounts as `{ id, username }` (what real
 * clients take, issue 14) with `total`, and at the root everything the user form and permissions
 * modal pick from.
 */
export const ZUserAppOptionsReply = z.object({
  data: z.array(z.object({ id: int(), username: z.string() })),
  total: int(),
  roles: z.array(ZRef),
  genders: z.array(z.object({ id: z.enum(GENDERS), name: z.string() })),
  branches: z.array(ZRef),
  companies: z.array(ZRef),
  cashboxes: z.array(ZRef.extend({ currency: z.string().nullable() })),
  countries: z.array(ZRef),
});
export type UserAppOptionsReply = z.infer<typeof ZUserAppOptionsReply>;
/** The lookups of the user forms (the app options reply without the staff list). */
export type UserFormLookups = Omit<UserAppOptionsReply, 'data' | 'total'>;

// ---------------------------------------------------------------- changed users (POST /api/admin/changedUserExport)

/**
 * The 'Bağlama düzəliş export' of the logs screen (real clients: multipart start_date, end_date,
 * each 'YYYY-MM-DD' or ''): parcels whose customer was changed in the period, from the declaration
 * edits of the audit log. Both empty: every change.
 */
export const ZChangedUserExportForm = z.object({
  start_date: z.preprocess(blank, zDateText.optional()),
  end_date: z.preprocess(blank, zDateText.optional()),
}).superRefine((form, ctx) => {
  if (form.start_date && form.end_date && form.end_date < form.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: az.usersUi.changedUsers.endBeforeStart });
  }
});
export type ChangedUserExportForm = z.infer<typeof ZChangedUserExportForm>;

/** One customer change of a parcel, as the export writes it. */
export interface ChangedUserRow {
  changed_at: string;
  declaration_id: number;
  track_code: string | null;
  global_track_code: string | null;
  from_user_id: number | null;
  from_user_code: string | null;
  from_user_name: string | null;
  to_user_id: number | null;
  to_user_code: string | null;
  to_user_name: string | null;
  changed_by: string | null;
  /** The other fields changed in the same edit (wire names, comma-joined), null when none. */
  other_changes: string | null;
  state_name: string | null;
}
