import { MODEL } from '@app/contract/models';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { declarations as d } from '../../../db/schema/declarations';
import { flights, parcels } from '../../../db/schema/flights';
import { branches, countries, currencies, productTypes, settings, statuses } from '../../../db/schema/settings';
import { users } from '../../../db/schema/users';
import { containers } from '../../../db/schema/warehouse';
import { handoverTaskItems, handoverTasks } from '../../../db/schema/handover';

/** Everything a printed document shows about one declaration (spec §3 Proforma and Waybill). */
export function findPrintableDeclarations(db: DbOrTx, where: { ids?: readonly number[]; flightId?: number; partnerId?: number }) {
  return db.select({
    id: d.id,
    trackCode: d.trackCode,
    globalTrackCode: d.globalTrackCode,
    statusId: d.statusId,
    status: sql<string>`coalesce((select ${statuses.name} from ${statuses} where ${statuses.modelId} = ${MODEL.declarations} and ${statuses.id} = ${d.statusId}), '')`,
    weight: d.weight,
    price: d.price,
    deliveryPrice: d.deliveryPrice,
    quantity: d.quantity,
    type: d.type,
    shopName: d.shopName,
    trendyol: d.trendyol,
    payed: d.payed,
    wardrobeNumber: d.wardrobeNumber,
    createdAt: d.createdAt,
    deliveredAt: d.deliveredAt,
    productType: sql<string | null>`(select ${productTypes.nameAz} from ${productTypes} where ${productTypes.id} = ${d.productTypeId})`,
    flight: sql<string | null>`(select ${flights.name} from ${flights} where ${flights.id} = ${d.flightId})`,
    parcel: sql<string | null>`(select ${parcels.name} from ${parcels} where ${parcels.id} = ${d.parcelId})`,
    container: sql<string | null>`(select ${containers.name} from ${containers} where ${containers.id} = ${d.containerId})`,
    branch: sql<string | null>`(select ${branches.name} from ${branches} where ${branches.id} = ${d.branchId})`,
    country: {
      id: countries.id,
      name: countries.countryName,
      abbr: countries.abbr,
      code: countries.countryCode,
      currency: countries.currency,
      currencyType: countries.currencyType,
      carrierName: countries.carrierCompanyName,
      carrierAddress: countries.carrierCompanyAddress,
    },
    user: {
      id: users.id,
      code: users.code,
      name: users.name,
      surname: users.surname,
      phone: users.phone,
      address: users.address,
      passport: users.passportNumber,
      fin: users.fin,
    },
  }).from(d)
    .leftJoin(countries, eq(countries.id, d.countryId))
    .leftJoin(users, eq(users.id, d.userId))
    .where(and(
      isNull(d.deletedAt),
      where.ids ? inArray(d.id, [...where.ids]) : undefined,
      where.flightId !== undefined ? eq(d.flightId, where.flightId) : undefined,
      where.partnerId !== undefined ? eq(d.partnerId, where.partnerId) : undefined,
    ))
    .orderBy(d.id)
    .limit(5_000);
}
export type PrintableDeclaration = Awaited<ReturnType<typeof findPrintableDeclarations>>[number];

/** A setting's value (group, key), or null when it is not set. */
export async function readSetting(db: DbOrTx, groupId: string, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(and(eq(settings.groupId, groupId), eq(settings.key, key)));
  return row?.value ?? null;
}

/** Currency rates to AZN by code (USD, TRY, AZN). */
export async function readCurrencyRates(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db.select({ code: currencies.currencyCode, rate: currencies.currencyRate }).from(currencies);
  return new Map(rows.map((r) => [r.code, r.rate]));
}

/** The flight's customs XML rows: declarations of the flight (liquid or not, a partner's or ours). */
export function findFlightDeclarationsForXml(db: DbOrTx, q: { flightId: number; liquid?: boolean; partnerId?: number }, afterId: number, limit: number) {
  return db.select({
    id: d.id,
    trackCode: d.trackCode,
    globalTrackCode: d.globalTrackCode,
    weight: d.weight,
    price: d.price,
    deliveryPrice: d.deliveryPrice,
    quantity: d.quantity,
    type: d.type,
    shopName: d.shopName,
    currency: countries.currencyType,
    productType: sql<string | null>`(select ${productTypes.nameAz} from ${productTypes} where ${productTypes.id} = ${d.productTypeId})`,
    name: users.name,
    surname: users.surname,
    fin: users.fin,
    phone: users.phone,
    address: users.address,
  }).from(d)
    .leftJoin(countries, eq(countries.id, d.countryId))
    .leftJoin(users, eq(users.id, d.userId))
    .where(and(
      isNull(d.deletedAt),
      eq(d.flightId, q.flightId),
      q.liquid === undefined ? undefined : eq(d.type, q.liquid ? 1 : 2),
      q.partnerId === undefined ? undefined : eq(d.partnerId, q.partnerId),
      sql`${d.id} > ${afterId}`,
    ))
    .orderBy(d.id)
    .limit(limit);
}

export async function findFlightName(db: DbOrTx, flightId: number): Promise<string | null> {
  const [row] = await db.select({ name: flights.name }).from(flights).where(eq(flights.id, flightId));
  return row?.name ?? null;
}

/** The newest handover task holding this declaration (not removed from it), with the task's declaration ids. */
export async function findHandoverTaskOf(db: DbOrTx, declarationId: number): Promise<{ id: number; statusId: number; declarationIds: number[] } | null> {
  const [task] = await db.select({ id: handoverTasks.id, statusId: handoverTasks.statusId }).from(handoverTaskItems)
    .innerJoin(handoverTasks, eq(handoverTasks.id, handoverTaskItems.taskId))
    .where(and(eq(handoverTaskItems.declarationId, declarationId), isNull(handoverTaskItems.removedAt), isNull(handoverTasks.cancelledAt)))
    .orderBy(sql`${handoverTasks.id} desc`).limit(1);
  if (!task) return null;
  const items = await db.select({ id: handoverTaskItems.declarationId }).from(handoverTaskItems)
    .where(and(eq(handoverTaskItems.taskId, task.id), isNull(handoverTaskItems.removedAt)));
  return { ...task, declarationIds: items.map((i) => i.id) };
}
