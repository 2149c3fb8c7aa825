import { MODEL_NAMES } from '@app/contract/models';
import { OPERATIONS } from '@app/contract/permissions';
import { STATUS_SEEDS } from '@app/contract/statuses';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { cashRegisters } from '../schema/money';
import {
  branches, companies, countries, currencies, models, productTypes, returnReasons, settings, shopNames, statuses, tariffCategories, tariffs,
} from '../schema/settings';
import { operations } from '../schema/users';

/**
 * Reference data every installation needs (production included): models, statuses, operations,
 * countries, currencies and the setting groups. Idempotent: existing rows are left as they are.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.insert(models).values(
    Object.entries(MODEL_NAMES).map(([id, name], i) => ({ id: Number(id), name, sort: i + 1 })),
  ).onConflictDoNothing();
  await db.insert(statuses).values(
    STATUS_SEEDS.map((s) => ({ id: s.id, modelId: s.model, name: s.name, nameEn: s.nameEn, sort: s.sort, freely: s.freely ?? false })),
  ).onConflictDoNothing();
  await db.insert(operations).values(
    OPERATIONS.map((o) => ({ codeName: o.code, name: o.name, modelId: o.model })),
  ).onConflictDoNothing();
  await db.insert(countries).values([
    { id: 1, countryName: 'Türkiyə', abbr: 'TR', countryCode: '792', currency: '₺', currencyType: 'TRY', unit: 'KG',
      carrierCompanyName: 'Kargo Ofis Lojistik Ltd. Şti.', carrierCompanyAddress: 'Laleli, Ordu Cd. No:12, Fatih, İstanbul', carrierCompanyPhone: '+90 212 555 01 01' },
    { id: 2, countryName: 'Amerika', abbr: 'US', countryCode: '840', currency: '$', currencyType: 'USD', unit: 'LBS',
      carrierCompanyName: 'Kargo Ofis Logistics LLC', carrierCompanyAddress: '120 Lukens Dr, New Castle, DE 19720', carrierCompanyPhone: '+1 302 555 0101' },
  ]).onConflictDoNothing();
  await db.insert(currencies).values([
    { currencyName: 'ABŞ dolları', currencyCode: 'USD', currencyRate: '1.7000' },
    { currencyName: 'Türk lirəsi', currencyCode: 'TRY', currencyRate: '0.0410' },
    { currencyName: 'Azərbaycan manatı', currencyCode: 'AZN', currencyRate: '1.0000' },
    // After the first three (ids 1-3 stay USD, TRY, AZN): the product preview's EUR price; the rates job fetches it.
    { currencyName: 'Avro', currencyCode: 'EUR', currencyRate: '1.9650' },
  ]).onConflictDoNothing();
  const defaults: { groupId: string; key: string; value: unknown }[] = [
    { groupId: 'global', key: 'sendDeclarationsToCustoms', value: false },
    { groupId: 'global', key: 'workingHours', value: '09:00-19:00' },
    { groupId: 'others', key: 'smallPackage', value: '0.50' },
    { groupId: 'others', key: 'mediumPackage', value: '1.00' },
    { groupId: 'others', key: 'bigPackage', value: '2.00' },
    { groupId: 'others', key: 'bonPercent', value: '1' },
    { groupId: 'others', key: 'orderPercent', value: '5' },
    { groupId: 'cashflow', key: 'cashboxId', value: null },
    { groupId: 'cashflow', key: 'terminalCashboxId', value: null },
    { groupId: 'topup', key: 'usdBalanceEnabled', value: true },
    { groupId: 'topup', key: 'tryBalanceEnabled', value: true },
    { groupId: 'shipper', key: 'name', value: 'Kargo Ofis MMC' },
    { groupId: 'shipper', key: 'address', value: 'Bakı şəh., Nəsimi r-nu, Füzuli küç. 49' },
  ];
  await db.insert(settings).values(defaults).onConflictDoNothing();
}

/** Branches, partners, cash registers, product types, shops and tariffs of the demo office. */
export async function seedDemoReferenceData(db: Db): Promise<void> {
  await db.insert(companies).values([
    { id: 1, name: 'Kargo Ofis', isOwner: true, contact: '+994 12 555 00 00' },
    { id: 2, name: 'Sumqayıt Ekspress MMC', isOwner: false, contact: '+994 18 555 11 22' },
  ]).onConflictDoNothing();
  await db.insert(branches).values([
    { id: 1, name: 'Gənclik filialı', companyId: 1, sortingLetter: 'G', address: 'Bakı, Atatürk pr. 38', phone: '+994 12 555 00 01', workingHours: '09:00-20:00' },
    { id: 2, name: '28 May filialı', companyId: 1, sortingLetter: 'M', address: 'Bakı, Dilarə Əliyeva küç. 251', phone: '+994 12 555 00 02', workingHours: '09:00-20:00' },
    { id: 3, name: 'Nərimanov filialı', companyId: 1, sortingLetter: 'N', address: 'Bakı, Təbriz küç. 67', phone: '+994 12 555 00 03', workingHours: '10:00-19:00' },
    { id: 4, name: 'Gəncə filialı', companyId: 1, isRegionBranch: true, sortingLetter: 'GC', address: 'Gəncə, Cavad xan küç. 12', phone: '+994 22 555 00 04' },
    { id: 5, name: 'Sumqayıt (partnyor)', companyId: 2, sortingLetter: 'S', address: 'Sumqayıt, Sülh küç. 5', phone: '+994 18 555 11 23' },
  ]).onConflictDoNothing();
  await db.insert(cashRegisters).values([
    { id: 1, name: 'Gənclik kassası', currencyId: 3, amount: '1250.40', balance: '1250.40' },
    { id: 2, name: 'Terminal kassası', currencyId: 3, amount: '3820.00', balance: '3820.00' },
    { id: 3, name: 'Dollar kassası', currencyId: 1, amount: '640.00', balance: '640.00' },
  ]).onConflictDoNothing();
  await db.insert(productTypes).values([
    'Geyim', 'Ayaqqabı', 'Kosmetika', 'Elektronika', 'Mobil telefon aksesuarları', 'Kitab', 'Oyuncaq', 'Ev əşyaları',
    'Çanta və aksesuar', 'Saat', 'İdman malları', 'Qida əlavələri', 'Ətriyyat', 'Uşaq geyimi', 'Avtomobil hissələri',
  ].map((nameAz, i) => ({ id: i + 1, nameAz, customsId: String(6100 + i) }))).onConflictDoNothing();
  await db.insert(shopNames).values([
    ['Trendyol', 1], ['Hepsiburada', 1], ['LC Waikiki', 1], ['Koton', 1], ['DeFacto', 1], ['Boyner', 1], ['Flo', 1],
    ['Amazon', 2], ['eBay', 2], ['Walmart', 2], ['iHerb', 2], ['Nike', 2], ['Temu', 2], ['Best Buy', 2],
  ].map(([name, countryId], i) => ({ id: i + 1, name: String(name), countryId: Number(countryId) }))).onConflictDoNothing();
  await db.insert(tariffCategories).values([
    { id: 1, name: 'Standart', countryId: null },
    { id: 2, name: 'Korporativ', countryId: 1, descr: 'Korporativ müştərilər üçün' },
    { id: 3, name: 'Elektronika', countryId: 2, descr: 'Elektronika üçün xüsusi tarif' },
  ]).onConflictDoNothing();
  const bands: [string, string | null, string][] = [
    ['0', '0.25', '2.50'], ['0.25', '0.5', '3.50'], ['0.5', '0.75', '4.50'], ['0.75', '1', '5.50'], ['1', null, '5.00'],
  ];
  await db.insert(tariffs).values([1, 2].flatMap((countryId) => bands.flatMap(([from, to, price], i) =>
    [1, 2].map((type) => ({
      id: (countryId - 1) * 20 + i * 2 + type,
      countryId, weightFrom: from, weightTo: to, type, categoryId: 1,
      price: (Number(price) + (countryId === 2 ? 1 : 0) + (type === 1 ? 1.5 : 0)).toFixed(2),
    }))))).onConflictDoNothing();
  await db.insert(returnReasons).values([
    'Müştəri imtina etdi', 'Məhsul zədəlidir', 'Səhv məhsul göndərilib', 'Gömrük tərəfindən qəbul edilmədi',
  ].map((name, i) => ({ id: i + 1, name }))).onConflictDoNothing();
  // Explicit ids were inserted: move the sequences past them.
  for (const table of ['companies', 'branches', 'cash_registers', 'product_types', 'shop_names', 'tariff_categories', 'tariffs', 'return_reasons']) {
    await db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`));
  }
}

