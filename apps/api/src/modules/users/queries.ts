import type {
  ChangedUserRow, DeclarationStatsRow, GoldenTenRow, UserDiscountListQuery, UserDiscountListRow, UserDiscountRow, UserListQuery, UserListRow, UserOption,
} from '@app/contract/users';
import { MODEL } from '@app/contract/models';
import { DECLARATION_STATUS } from '@app/contract/statuses';
import { and, asc, desc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { declarations as d } from '../../db/schema/declarations';
import { cashRegisters } from '../../db/schema/money';
import { branches, companies, countries, currencies, models, statuses } from '../../db/schema/settings';
import { operations, userDiscounts as ud, userPermissions, users } from '../../db/schema/users';
import { revokeAllSessions } from '../../platform/auth/queries';
import { buildListQuery, countList, escapeLike, filters, type ListSpec } from '../../platform/list-query';
import { asDateTime } from '../../platform/sql-format';

const fullName = sql`(${users.name} || ' ' || ${users.surname})`;
const nameMatches = (v: string) => sql`${fullName} ilike ${`%${escapeLike(v)}%`}`;
const intArray = (ids: readonly number[]) => sql`${sql.param(`{${ids.join(',')}}`)}::int[]`;
/** The user row's related records, joined (flat `<x>_id` + `<x>_name`). */
const userCompany = alias(companies, 'user_company');
const userBranch = alias(branches, 'user_branch');
const userAdminBranch = alias(branches, 'user_admin_branch');
/** Parcels that count for a customer: not soft-deleted. */
const listedDeclaration = isNull(d.deletedAt);

// ---------------------------------------------------------------- operations and permissions

export function findOperations(db: DbOrTx) {
  return db
    .select({ id: operations.id, name: operations.name, code_name: operations.codeName, model_id: operations.modelId, model_name: sql<string>`coalesce(${models.name}, '')` })
    .from(operations)
    .leftJoin(models, eq(models.id, operations.modelId))
    .orderBy(asc(operations.modelId), asc(operations.id));
}

export function findOperationIds(db: DbOrTx, ids?: readonly number[]) {
  return db.select({ id: operations.id, codeName: operations.codeName }).from(operations)
    .where(ids ? inArray(operations.id, [...ids]) : undefined);
}

export function findPermissionRows(db: DbOrTx, userId: number) {
  return db.select({ id: userPermissions.operationId, codeName: operations.codeName })
    .from(userPermissions)
    .innerJoin(operations, eq(operations.id, userPermissions.operationId))
    .where(eq(userPermissions.userId, userId))
    .orderBy(asc(userPermissions.operationId));
}

export async function replacePermissions(db: DbOrTx, userId: number, operationIds: readonly number[]) {
  await db.delete(userPermissions).where(eq(userPermissions.userId, userId));
  if (operationIds.length) {
    await db.insert(userPermissions).values(operationIds.map((operationId) => ({ userId, operationId }))).onConflictDoNothing();
  }
}

export async function grantOperationCodes(db: DbOrTx, userId: number, codes: readonly string[]) {
  if (!codes.length) return;
  const ops = await db.select({ id: operations.id }).from(operations).where(inArray(operations.codeName, [...codes]));
  if (ops.length) await db.insert(userPermissions).values(ops.map((o) => ({ userId, operationId: o.id }))).onConflictDoNothing();
}

// ---------------------------------------------------------------- users

/** The user row the rules need (role, block, soft delete); `forUpdate` locks it in a transaction. */
export function findUserState(db: DbOrTx, userId: number, forUpdate = false) {
  const q = db
    .select({
      id: users.id, admin: users.admin, blocked: users.blocked, email: users.email, name: users.name, surname: users.surname,
      companyId: users.companyId, cashboxId: users.cashboxId, adminBranchId: users.adminBranchId,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return (forUpdate ? q.for('update') : q).then((r) => r[0]);
}

/** Full row for the update diff (no password hash). */
export function findUserForUpdate(db: DbOrTx, userId: number) {
  return db
    .select({
      id: users.id, name: users.name, surname: users.surname, email: users.email, gender: users.gender,
      sendMail: users.sendMail, sendSms: users.sendSms, phone: users.phone, address: users.address, branchId: users.branchId,
      birthDate: users.birthDate, passportNumber: users.passportNumber, fin: users.fin, admin: users.admin,
      adminBranchId: users.adminBranchId, cashboxId: users.cashboxId, companyId: users.companyId,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update')
    .then((r) => r[0]);
}

export function isEmailTaken(db: DbOrTx, email: string, exceptUserId?: number) {
  return db.select({ id: users.id }).from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined))
    .limit(1)
    .then((r) => r.length > 0);
}

export type UserInsert = typeof users.$inferInsert;

export async function insertUser(db: DbOrTx, values: UserInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  // The customer code follows the id (8 digits, apart from the 6–7 digit codes of imported customers).
  await db.update(users).set({ code: String(10_000_000 + row!.id) }).where(and(eq(users.id, row!.id), isNull(users.code)));
  return row!.id;
}

export function updateUser(db: DbOrTx, userId: number, values: Partial<UserInsert>) {
  return db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Ends every session: access tokens stop at the next request, refresh tokens are refused. */
/** Ends the user's sessions (refresh and access tokens); `exceptSessionId` keeps the caller's own one. */
export function revokeUserSessions(db: DbOrTx, userId: number, exceptSessionId?: number) {
  return revokeAllSessions(db, userId, exceptSessionId);
}

export function existsIn(db: DbOrTx, table: 'branches' | 'companies' | 'cash_registers', id: number) {
  const t = table === 'branches' ? branches : table === 'companies' ? companies : cashRegisters;
  return db.select({ id: t.id }).from(t).where(and(eq(t.id, id), isNull(t.deletedAt))).then((r) => r.length > 0);
}

function phoneMatches(v: string) {
  const digits = v.replace(/\D/g, '');
  return digits ? sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}` : filters.contains(users.phone)(v);
}

/** Whole years of age today in the office time zone (null without a birth date). */
const ageOf = (timeZone: string) => sql<number | null>`extract(year from age((now() at time zone ${timeZone})::date, ${users.birthDate}))::int`;

/**
 * The registration range's end covers the whole unit it names, as the statistics count whole
 * office days (Asia/Baku): a day to its end, 'HH:mm' to the minute's end, 'HH:mm:ss' to the
 * second's end (the table sends the last day as 23:59:59; a customer at 23:59:59.5 is inside).
 */
function createdThrough(v: string, timeZone: string) {
  const unit = v.length <= 10 ? '1 day' : v.length <= 16 ? '1 minute' : '1 second';
  return sql`${users.createdAt} < ((${v}::timestamp + ${unit}::interval) at time zone ${timeZone})`;
}

const hasParcelIn = (ids: readonly number[]) => (ids.length
  ? sql`exists (select 1 from ${d} where ${d.userId} = ${users.id} and ${d.deletedAt} is null and ${d.statusId} = any(${intArray(ids)}))`
  : undefined);

/** spec §2 "Users" table: wire filter → condition; sort key → column. `hiddenRoles` are roles the viewer may not see. */
export function userListSpec(timeZone: string, hiddenRoles: readonly number[]): ListSpec<UserListQuery> {
  return {
    base: [isNull(users.deletedAt), ...(hiddenRoles.length ? [notInArray(users.admin, [...hiddenRoles])] : [])],
    filters: {
      admin: filters.equals(users.admin),
      state_id: (ids) => hasParcelIn(ids),
      id: filters.equals(users.id),
      code: filters.contains(users.code),
      name: (v) => (v ? nameMatches(v) : undefined),
      email: filters.contains(users.email),
      phone: (v) => phoneMatches(v),
      fin: filters.contains(users.fin),
      passport: filters.contains(users.passportNumber),
      gender: filters.equals(users.gender),
      branch_id: filters.anyOf(users.branchId),
      company_id: filters.equals(users.companyId),
      blocked: filters.flag(users.blocked),
      date_from: filters.from(users.createdAt, timeZone),
      date_to: (v) => createdThrough(v, timeZone),
      user_name: (v) => (v ? nameMatches(v) : undefined),
      number: (v) => phoneMatches(v),
      passport_number: filters.contains(users.passportNumber),
      passport_secret: filters.contains(users.fin),
      declaration_state_id: (ids) => hasParcelIn(ids),
      birth_date: (r) => and(
        r.from ? sql`${users.birthDate} >= ${r.from.slice(0, 10)}::date` : undefined,
        r.to ? sql`${users.birthDate} <= ${r.to.slice(0, 10)}::date` : undefined,
      ),
      start_age: (n) => sql`${ageOf(timeZone)} >= ${n}`,
      end_age: (n) => sql`${ageOf(timeZone)} <= ${n}`,
    },
    sorts: {
      id: users.id,
      user_name: users.name,
      number: users.phone,
      passport_secret: users.fin,
      branch_name: users.branchId,
      admin_company_name: users.companyId,
      code: users.code,
      name: users.name,
      surname: users.surname,
      email: users.email,
      phone: users.phone,
      gender: users.gender,
      birth_date: users.birthDate,
      balance_try: users.balanceTry,
      balance_usd: users.balanceUsd,
      passport_number: users.passportNumber,
      fin: users.fin,
      branch_id: users.branchId,
      company_id: users.companyId,
      created_at: users.createdAt,
    },
    defaultSort: { column: 'id', order: 'desc' },
    tieBreaker: users.id,
  };
}

function userRowColumns(timeZone: string) {
  return {
    id: users.id,
    code: users.code,
    name: users.name,
    surname: users.surname,
    user_name: sql<string>`${fullName}`,
    email: users.email,
    number: users.phone,
    gender: users.gender,
    birth_date: sql<string | null>`to_char(${users.birthDate}, 'YYYY-MM-DD')`,
    balance_try: users.balanceTry,
    balance_usd: users.balanceUsd,
    passport_number: users.passportNumber,
    passport_secret: users.fin,
    company_id: users.companyId,
    admin_company_name: userCompany.name,
    branch_id: users.branchId,
    branch_name: userBranch.name,
    admin: users.admin,
    blocked: sql<0 | 1>`(case when ${users.blocked} then 1 else 0 end)`,
    created_at: asDateTime(users.createdAt, timeZone),
  };
}

export async function findUserPage(db: DbOrTx, query: UserListQuery, timeZone: string, hiddenRoles: readonly number[]) {
  const built = buildListQuery(userListSpec(timeZone, hiddenRoles), query);
  const rows = await db.select(userRowColumns(timeZone)).from(users)
    .leftJoin(userCompany, eq(userCompany.id, users.companyId)).leftJoin(userBranch, eq(userBranch.id, users.branchId))
    .where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const total = await countList(db, users, built);
  return { rows: rows as UserListRow[], total };
}

/** Every row the filters match, in list order, up to `max` (CSV export). */
export async function findUsersForExport(db: DbOrTx, query: UserListQuery, timeZone: string, hiddenRoles: readonly number[], max: number) {
  const built = buildListQuery(userListSpec(timeZone, hiddenRoles), { ...query, page: 1, per_page: max });
  const rows = await db.select(userRowColumns(timeZone)).from(users)
    .leftJoin(userCompany, eq(userCompany.id, users.companyId)).leftJoin(userBranch, eq(userBranch.id, users.branchId))
    .where(built.where).orderBy(...built.orderBy).limit(max);
  return rows as UserListRow[];
}

export function findUserDetailRow(db: DbOrTx, userId: number, timeZone: string) {
  return db
    .select({
      ...userRowColumns(timeZone),
      send_mail: sql<0 | 1>`(case when ${users.sendMail} then 1 else 0 end)`,
      send_sms: sql<0 | 1>`(case when ${users.sendSms} then 1 else 0 end)`,
      address: users.address,
      admin_branch_id: users.adminBranchId,
      admin_branch_name: userAdminBranch.name,
      cashbox_id: users.cashboxId,
    })
    .from(users)
    .leftJoin(userCompany, eq(userCompany.id, users.companyId)).leftJoin(userBranch, eq(userBranch.id, users.branchId))
    .leftJoin(userAdminBranch, eq(userAdminBranch.id, users.adminBranchId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .then((r) => r[0]);
}

/**
 * The customer's parcel figures in one pass over their declarations (index on user_id):
 * all and handed over, unpaid delivery prices (debt, USD) and this month's delivery prices.
 */
export function findUserDeclarationFigures(db: DbOrTx, userId: number, timeZone: string) {
  const monthStart = sql`(date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  return db
    .select({
      all: sql<number>`count(*)::int`,
      delivered: sql<number>`(count(*) filter (where ${d.statusId} = ${DECLARATION_STATUS.handedOver}))::int`,
      debtUsd: sql<string>`coalesce(sum(${d.deliveryPrice}) filter (where not ${d.payed} and ${d.statusId} <> ${DECLARATION_STATUS.returned}), 0)::numeric(14,2)::text`,
      monthUsd: sql<string>`coalesce(sum(${d.deliveryPrice}) filter (where ${d.createdAt} >= ${monthStart}), 0)::numeric(14,2)::text`,
    })
    .from(d)
    .where(and(eq(d.userId, userId), listedDeclaration))
    .then((r) => r[0]!);
}

export function countUserDeclarations(db: DbOrTx, userId: number) {
  return db.select({ n: sql<number>`count(*)::int` }).from(d).where(eq(d.userId, userId)).then((r) => r[0]?.n ?? 0);
}

/** spec §3 "Discount stats row": the user's parcels per month (office time zone), newest first. */
export async function findDeclarationStats(db: DbOrTx, userId: number, timeZone: string) {
  const month = sql<string>`to_char(${d.createdAt} at time zone ${timeZone}, 'YYYY-MM-01')`;
  const rows = await db
    .select({
      date: month,
      delivery_price: sql<number>`coalesce(sum(${d.deliveryPrice}), 0)::numeric(14,2)::float8`,
      quantity: sql<number>`count(*)::int`,
      weight: sql<number>`coalesce(sum(${d.weight}), 0)::numeric(14,2)::float8`,
    })
    .from(d)
    .where(and(eq(d.userId, userId), listedDeclaration))
    // By position: the time zone is a bound parameter, so the expression is not textually the same twice.
    .groupBy(sql`1`)
    .orderBy(sql`1 desc`);
  return rows as Omit<DeclarationStatsRow, 'month' | 'month_name'>[];
}

export function findUserOptions(db: DbOrTx, q: { search?: string; admin?: number[]; id?: number[]; per_page: number }, timeZone: string) {
  const search = q.search?.trim();
  return db
    .select({ ...userRowColumns(timeZone), firstname: users.name, lastname: users.surname })
    .from(users)
    .leftJoin(userCompany, eq(userCompany.id, users.companyId)).leftJoin(userBranch, eq(userBranch.id, users.branchId))
    .where(and(
      isNull(users.deletedAt),
      q.admin?.length ? inArray(users.admin, q.admin) : undefined,
      q.id?.length ? inArray(users.id, q.id) : undefined,
      search
        ? sql`(${nameMatches(search)} or ${users.code} ilike ${`${escapeLike(search)}%`} or ${users.email} ilike ${`%${escapeLike(search)}%`})`
        : undefined,
    ))
    .orderBy(asc(users.name), asc(users.surname), asc(users.id))
    .limit(q.per_page) as Promise<UserOption[]>;
}

/** The customer of the (not deleted) parcel with this track code or global track code. */
export function findCustomerByTrackCode(db: DbOrTx, trackCode: string) {
  return db
    .select({ id: users.id })
    .from(d)
    .innerJoin(users, eq(users.id, d.userId))
    .where(and(listedDeclaration, sql`(${d.trackCode} = ${trackCode} or ${d.globalTrackCode} = ${trackCode})`))
    .limit(1)
    .then((r) => r[0]);
}

export function findAppOptions(db: DbOrTx) {
  return Promise.all([
    // the staff accounts (roles 1–4), as other clients take them: { id, username }
    db.select({ id: users.id, username: sql<string>`${fullName}` }).from(users)
      .where(and(isNull(users.deletedAt), sql`${users.admin} > 0`)).orderBy(asc(users.id)),
    db.select({ id: branches.id, name: branches.name }).from(branches).where(isNull(branches.deletedAt)).orderBy(asc(branches.id)),
    db.select({ id: companies.id, name: companies.name }).from(companies).where(isNull(companies.deletedAt)).orderBy(asc(companies.id)),
    db.select({ id: cashRegisters.id, name: cashRegisters.name, currency: currencies.currencyCode })
      .from(cashRegisters).leftJoin(currencies, eq(currencies.id, cashRegisters.currencyId))
      .where(isNull(cashRegisters.deletedAt)).orderBy(asc(cashRegisters.id)),
    db.select({ id: countries.id, name: countries.countryName }).from(countries).orderBy(asc(countries.id)),
  ]);
}

// ---------------------------------------------------------------- discounts

const discountNumber = sql<number>`${ud.discount}::float8`;

/** Who applied a discount (joined). */
const discountCauser = alias(users, 'discount_causer');
/** The discount's own columns as clients read them: texts '' when there is none (the joins: countries, discountCauser). */
const discountOwnColumns = {
  country_id: ud.countryId,
  country_name: sql<string>`coalesce(${countries.countryName}, '')`,
  discount: discountNumber,
  causer_name: sql<string>`coalesce(nullif(trim(coalesce(${discountCauser.name}, '') || ' ' || coalesce(${discountCauser.surname}, '')), ''), '')`,
  descr: sql<string>`coalesce(${ud.descr}, '')`,
  discount_date: sql<string>`to_char(${ud.discountDate}, 'YYYY-MM-DD')`,
};

function discountColumns(timeZone: string) {
  return {
    id: ud.id,
    user_id: ud.userId,
    user_code: users.code,
    user_name: sql<string | null>`${fullName}`,
    ...discountOwnColumns,
    created_at: asDateTime(ud.createdAt, timeZone),
  };
}

export async function findActiveDiscountsOfUser(db: DbOrTx, userId: number, timeZone: string) {
  const rows = await db.select(discountColumns(timeZone)).from(ud)
    .leftJoin(users, eq(users.id, ud.userId))
    .leftJoin(countries, eq(countries.id, ud.countryId))
    .leftJoin(discountCauser, eq(discountCauser.id, ud.causerId))
    .where(and(eq(ud.userId, userId), isNull(ud.canceledAt)))
    .orderBy(desc(ud.createdAt), desc(ud.id));
  return rows as UserDiscountRow[];
}

/** A filter on the discount's customer (a sub-select on users, so the count needs no join). */
const customerWhere = (cond: (v: string) => SQL | undefined) => (v: string) => {
  const c = cond(v);
  return c ? sql`${ud.userId} in (select ${users.id} from ${users} where ${c})` : undefined;
};

export function discountListSpec(): ListSpec<UserDiscountListQuery> {
  return {
    base: [isNull(ud.canceledAt), sql`exists (select 1 from ${users} u where u.id = ${ud.userId} and u.deleted_at is null)`],
    filters: {
      user_id: filters.equals(ud.userId),
      id: filters.equals(ud.userId),
      user_name: customerWhere((v) => (v ? nameMatches(v) : undefined)),
      email: customerWhere(filters.contains(users.email)),
      number: customerWhere(phoneMatches),
      gender: (v) => sql`${ud.userId} in (select ${users.id} from ${users} where ${users.gender} = ${v})`,
      passport_number: customerWhere(filters.contains(users.passportNumber)),
      passport_secret: customerWhere(filters.contains(users.fin)),
      branch_id: (ids) => (ids.length ? sql`${ud.userId} in (select ${users.id} from ${users} where ${users.branchId} = any(${intArray(ids)}))` : undefined),
      birth_date: (r) => {
        const c = and(
          r.from ? sql`${users.birthDate} >= ${r.from.slice(0, 10)}::date` : undefined,
          r.to ? sql`${users.birthDate} <= ${r.to.slice(0, 10)}::date` : undefined,
        );
        return c ? sql`${ud.userId} in (select ${users.id} from ${users} where ${c})` : undefined;
      },
      country_id: filters.equals(ud.countryId),
    },
    sorts: {
      id: ud.userId, user_id: ud.userId, user_discount_id: ud.id, created_at: ud.createdAt, discount: ud.discount,
      discount_date: ud.discountDate, country_id: ud.countryId,
      // the customer's columns (the list joins users)
      user_name: users.name, email: users.email, number: users.phone, gender: users.gender, birth_date: users.birthDate,
      passport_number: users.passportNumber, passport_secret: users.fin, branch_id: users.branchId, balance_usd: users.balanceUsd, balance_try: users.balanceTry,
    },
    defaultSort: { column: 'created_at', order: 'desc' },
    tieBreaker: ud.id,
  };
}

/** The discounted-users table: the customer's list row plus the discount (one join on users). */
function discountListColumns(timeZone: string) {
  return {
    ...userRowColumns(timeZone),
    user_discount_id: ud.id,
    ...discountOwnColumns,
    discount_created_at: asDateTime(ud.createdAt, timeZone),
  };
}

export async function findDiscountPage(db: DbOrTx, query: UserDiscountListQuery, timeZone: string, max?: number) {
  const built = buildListQuery(discountListSpec(), max ? { ...query, page: 1, per_page: max } : query);
  const rows = await db.select(discountListColumns(timeZone)).from(ud).innerJoin(users, eq(users.id, ud.userId))
    .leftJoin(userCompany, eq(userCompany.id, users.companyId)).leftJoin(userBranch, eq(userBranch.id, users.branchId))
    .leftJoin(countries, eq(countries.id, ud.countryId))
    .leftJoin(discountCauser, eq(discountCauser.id, ud.causerId))
    .where(built.where)
    .orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const total = max ? { total: rows.length, kind: 'exact' as const } : await countList(db, ud, built);
  return { rows: rows as UserDiscountListRow[], total };
}

export function insertDiscount(db: DbOrTx, values: typeof ud.$inferInsert) {
  return db.insert(ud).values(values).returning({ id: ud.id }).then((r) => r[0]!.id);
}

export function findDiscountForUpdate(db: DbOrTx, id: number) {
  return db.select({ id: ud.id, userId: ud.userId, countryId: ud.countryId, discount: ud.discount, canceledAt: ud.canceledAt })
    .from(ud).where(eq(ud.id, id)).for('update').then((r) => r[0]);
}

export function cancelDiscount(db: DbOrTx, id: number, byUserId: number) {
  return db.update(ud).set({ canceledAt: new Date(), canceledById: byUserId }).where(and(eq(ud.id, id), isNull(ud.canceledAt)));
}

// ---------------------------------------------------------------- statistics

export function countUsersByRole(db: DbOrTx) {
  return db
    .select({
      admin: users.admin,
      count: sql<number>`count(*)::int`,
      blocked: sql<number>`(count(*) filter (where ${users.blocked}))::int`,
    })
    .from(users)
    .where(isNull(users.deletedAt))
    .groupBy(users.admin)
    .orderBy(asc(users.admin));
}

export interface NewCustomerFilter { from: string; to: string; gender?: string; startAge?: number; endAge?: number }

/** Customers (role 0) registered between two dates (YYYY-MM-DD, office time zone, inclusive), of a gender and age range. */
function newCustomersWhere(f: NewCustomerFilter, timeZone: string) {
  return and(
    eq(users.admin, 0),
    isNull(users.deletedAt),
    sql`${users.createdAt} >= (${f.from}::date::timestamp at time zone ${timeZone})`,
    sql`${users.createdAt} < ((${f.to}::date + 1)::timestamp at time zone ${timeZone})`,
    f.gender ? eq(users.gender, f.gender) : undefined,
    f.startAge !== undefined ? sql`${ageOf(timeZone)} >= ${f.startAge}` : undefined,
    f.endAge !== undefined ? sql`${ageOf(timeZone)} <= ${f.endAge}` : undefined,
  );
}

/** New customers per month (YYYY-MM-01). */
export function countNewCustomersByMonth(db: DbOrTx, f: NewCustomerFilter, timeZone: string) {
  const month = sql<string>`to_char(${users.createdAt} at time zone ${timeZone}, 'YYYY-MM-01')`;
  return db
    .select({ added_date: month, user_count: sql<number>`count(*)::int` })
    .from(users)
    .where(newCustomersWhere(f, timeZone))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/** The same customers by whole years of age (no birth date: left out). */
export function countNewCustomersByAge(db: DbOrTx, f: NewCustomerFilter, timeZone: string) {
  return db
    .select({ age: ageOf(timeZone), count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(newCustomersWhere(f, timeZone), sql`${users.birthDate} is not null`))
    .groupBy(sql`1`);
}

/** 'Golden ten': the customers with the highest delivery spend among parcels created in the month. */
export async function findTopSpenders(db: DbOrTx, month: string, timeZone: string, limit = 10) {
  const start = sql`(${`${month}-01`}::date::timestamp at time zone ${timeZone})`;
  const end = sql`((${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${timeZone})`;
  const spend = sql`coalesce(sum(${d.deliveryPrice}), 0)`;
  // each customer's highest active discount, joined once
  const best = db.select({ userId: ud.userId, discount: sql<string>`max(${ud.discount})`.as('best_discount') }).from(ud)
    .where(isNull(ud.canceledAt)).groupBy(ud.userId).as('best');
  const rows = await db
    .select({
      ...userRowColumns(timeZone),
      qizilonluq: sql<number>`${spend}::numeric(14,2)::float8`,
      discount: sql<number>`coalesce(${best.discount}, 0)::float8`,
      quantity: sql<number>`count(*)::int`,
      weight: sql<string>`coalesce(sum(${d.weight}), 0)::numeric(14,2)::text`,
    })
    .from(d)
    .innerJoin(users, eq(users.id, d.userId))
    .leftJoin(userCompany, eq(userCompany.id, users.companyId)).leftJoin(userBranch, eq(userBranch.id, users.branchId))
    .leftJoin(best, eq(best.userId, users.id))
    .where(and(listedDeclaration, sql`${d.createdAt} >= ${start}`, sql`${d.createdAt} < ${end}`, eq(users.admin, 0), isNull(users.deletedAt)))
    .groupBy(users.id, userCompany.id, userBranch.id, best.discount)
    .orderBy(sql`${spend} desc`, asc(users.id))
    .limit(limit);
  return rows.map((r, i) => ({ rank: i + 1, ...r })) as GoldenTenRow[];
}

// ---------------------------------------------------------------- changed users (changedUserExport)

export interface ChangedUserPeriod {
  /** 'YYYY-MM-DD', office time zone, inclusive; absent: no bound. */
  startDate?: string;
  endDate?: string;
  /** Only the edits this staff member made (the logs screen's own-entries rule); absent: everyone's. */
  causerId?: number;
}

/**
 * One page (by audit entry id) of the declaration edits that changed the parcel's customer, in the
 * period: who had it, who has it, who changed it, what else changed in the same edit.
 */
export async function findChangedUserPage(db: DbOrTx, period: ChangedUserPeriod, timeZone: string, afterId: number, limit: number) {
  const res = await db.execute(sql`
    with e as (
      select a.id, a.created_at, a.user_id as causer_id, a.changes,
             cast(case when a.entity_id ~ '^[0-9]{1,9}$' then a.entity_id end as int) as declaration_id,
             cast(case when a.changes->'user_id'->>'from' ~ '^[0-9]{1,9}$' then a.changes->'user_id'->>'from' end as int) as from_id,
             cast(case when a.changes->'user_id'->>'to' ~ '^[0-9]{1,9}$' then a.changes->'user_id'->>'to' end as int) as to_id
      from audit_log a
      where a.action = 'declaration.edit' and a.entity = 'declaration' and a.changes ? 'user_id' and a.id > ${afterId}
        ${period.startDate ? sql`and a.created_at >= (${period.startDate}::date::timestamp at time zone ${timeZone})` : sql``}
        ${period.endDate ? sql`and a.created_at < ((${period.endDate}::date + 1)::timestamp at time zone ${timeZone})` : sql``}
        ${period.causerId === undefined ? sql`` : sql`and a.user_id = ${period.causerId}`}
      order by a.id
      limit ${limit}
    )
    select e.id::float8 as id, to_char(e.created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as changed_at, e.declaration_id,
           dd.track_code, dd.global_track_code,
           e.from_id as from_user_id, fu.code as from_user_code, nullif(trim(coalesce(fu.name, '') || ' ' || coalesce(fu.surname, '')), '') as from_user_name,
           e.to_id as to_user_id, tu.code as to_user_code, nullif(trim(coalesce(tu.name, '') || ' ' || coalesce(tu.surname, '')), '') as to_user_name,
           nullif(trim(coalesce(cu.name, '') || ' ' || coalesce(cu.surname, '')), '') as changed_by,
           (select string_agg(k, ', ' order by k) from jsonb_object_keys(e.changes) k where k <> 'user_id') as other_changes,
           st.name as state_name
    from e
    left join ${d} dd on dd.id = e.declaration_id
    left join ${users} fu on fu.id = e.from_id
    left join ${users} tu on tu.id = e.to_id
    left join ${users} cu on cu.id = e.causer_id
    left join ${statuses} st on st.model_id = ${MODEL.declarations} and st.id = dd.status_id
    order by e.id`);
  return res.rows as unknown as ({ id: number } & ChangedUserRow)[];
}
