import { CASHBACK_STATUS, REFUND_STATUS } from '@app/contract/settings-lists';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { branches, countries, productTypes, tariffCategories, tariffs } from '../schema/settings';
import { cargoes, cashbacks, coupons, refunds, regions, returnTypes } from '../schema/settings-lists';
import { users } from '../schema/users';

/** Coordinates, hours and addresses of the demo branches (spec §3 Branch). */
const BRANCH_DETAILS: Record<number, Partial<typeof branches.$inferInsert>> = {
  1: { latitude: '40.400889', longitude: '49.852870', openHour: '09:00', closeHour: '20:00', openHourSaturday: '10:00', closeHourSaturday: '18:00', cityName: 'Bakı', provinceName: 'Nərimanov', postCode: 'AZ1069', mapUrl: 'https://maps.google.com/?q=40.400889,49.852870', email: 'genclik@kargoofis.az' },
  2: { latitude: '40.379626', longitude: '49.848910', openHour: '09:00', closeHour: '20:00', openHourSaturday: '10:00', closeHourSaturday: '18:00', cityName: 'Bakı', provinceName: 'Nəsimi', postCode: 'AZ1010', mapUrl: 'https://maps.google.com/?q=40.379626,49.848910', email: '28may@kargoofis.az' },
  3: { latitude: '40.402921', longitude: '49.870570', openHour: '10:00', closeHour: '19:00', cityName: 'Bakı', provinceName: 'Nərimanov', postCode: 'AZ1025', email: 'nerimanov@kargoofis.az' },
  4: { latitude: '40.682771', longitude: '46.360604', openHour: '10:00', closeHour: '18:00', openHourSaturday: '10:00', closeHourSaturday: '15:00', cityName: 'Gəncə', provinceName: 'Kəpəz', postCode: 'AZ2000', workingHours: '10:00-18:00' },
  5: { latitude: '40.589720', longitude: '49.668610', openHour: '09:00', closeHour: '18:00', cityName: 'Sumqayıt', postCode: 'AZ5000', workingHours: '09:00-18:00' },
};

/**
 * Realistic rows for every settings list (issue 4): branch details and a sub-branch, product types
 * in four languages with customs ids and parents, special and liquid tariff bands of both countries,
 * return types, regions, coupons, foreign cargo companies, refunds and cashback entries.
 */
export async function seedDemoSettingLists(db: Db): Promise<void> {
  for (const [id, details] of Object.entries(BRANCH_DETAILS)) {
    await db.update(branches).set(details).where(eq(branches.id, Number(id)));
  }

  const names: Record<number, [string, string, string]> = {
    1: ['Clothing', 'Одежда', 'Giyim'], 2: ['Shoes', 'Обувь', 'Ayakkabı'], 3: ['Cosmetics', 'Косметика', 'Kozmetik'],
    4: ['Electronics', 'Электроника', 'Elektronik'], 5: ['Phone accessories', 'Аксессуары для телефонов', 'Telefon aksesuarları'],
    6: ['Books', 'Книги', 'Kitap'], 7: ['Toys', 'Игрушки', 'Oyuncak'], 8: ['Household goods', 'Товары для дома', 'Ev eşyaları'],
    9: ['Bags and accessories', 'Сумки и аксессуары', 'Çanta ve aksesuar'], 10: ['Watches', 'Часы', 'Saat'],
    11: ['Sports goods', 'Спорттовары', 'Spor malzemeleri'], 12: ['Food supplements', 'Пищевые добавки', 'Gıda takviyeleri'],
    13: ['Perfume', 'Парфюмерия', 'Parfüm'], 14: ['Children\'s clothing', 'Детская одежда', 'Çocuk giyimi'], 15: ['Car parts', 'Автозапчасти', 'Oto parçaları'],
  };
  for (const [id, [en, ru, tr]] of Object.entries(names)) {
    await db.update(productTypes).set({ nameEn: en, nameRu: ru, nameTr: tr, customsParentId: '61' }).where(eq(productTypes.id, Number(id)));
  }
  await db.insert(productTypes).values([
    { nameAz: 'Kişi geyimi', nameEn: 'Men\'s clothing', nameRu: 'Мужская одежда', nameTr: 'Erkek giyim', parentId: 1, customsId: '6203', customsParentId: '6100' },
    { nameAz: 'Qadın geyimi', nameEn: 'Women\'s clothing', nameRu: 'Женская одежда', nameTr: 'Kadın giyim', parentId: 1, customsId: '6204', customsParentId: '6100' },
    { nameAz: 'Noutbuk', nameEn: 'Laptop', nameRu: 'Ноутбук', nameTr: 'Dizüstü bilgisayar', parentId: 4, customsId: '8471', customsParentId: '6103' },
  ]);

  await db.insert(tariffCategories).values([
    { name: 'Kosmetika (maye)', countryId: 1, descr: 'Maye kosmetika üçün xüsusi tarif' },
  ]);
  const [liquidCategory] = await db.select({ id: tariffCategories.id }).from(tariffCategories).where(eq(tariffCategories.name, 'Kosmetika (maye)'));
  await db.insert(tariffs).values([
    // Special bands: corporate (Türkiyə), electronics (Amerika), liquid cosmetics (Türkiyə)
    { countryId: 1, weightFrom: '0', weightTo: '1', price: '4.00', oldPrice: '4.50', type: 2, categoryId: 2, description: 'Korporativ müştərilər' },
    { countryId: 1, weightFrom: '1', weightTo: null, price: '3.80', type: 2, categoryId: 2, description: 'Korporativ, hər kq' },
    { countryId: 2, weightFrom: '0', weightTo: '2', price: '9.00', type: 2, categoryId: 3, description: 'Elektronika' },
    { countryId: 2, weightFrom: '2', weightTo: null, price: '7.50', type: 2, categoryId: 3, description: 'Elektronika, hər kq' },
    { countryId: 1, weightFrom: '0', weightTo: '0.5', price: '5.00', type: 1, categoryId: liquidCategory?.id ?? 1, description: 'Ətir və maye kosmetika' },
    { countryId: 1, weightFrom: '0.5', weightTo: null, price: '8.00', type: 1, categoryId: liquidCategory?.id ?? 1 },
  ]);

  await db.update(countries).set({ box: true, isOrder: true, smsConfirmation: true, addressHeading: 'Türkiyə anbarı', customFields: { vergiNo: '1234567890', il: 'İstanbul' } }).where(eq(countries.id, 1));
  await db.update(countries).set({ fullDeclaration: true, zeroSend: false, addressHeading: 'ABŞ anbarı', minSize: '0.100', customFields: { state: 'DE', taxFree: true } }).where(eq(countries.id, 2));

  await db.insert(returnTypes).values([
    { name: 'Tam geri qaytarma', returnReasonId: 1 }, { name: 'Dəyişdirmə', returnReasonId: 2 },
    { name: 'Satıcıya geri göndərmə', returnReasonId: 3 }, { name: 'Gömrükdən geri', returnReasonId: 4 },
  ]);
  await db.insert(regions).values([
    { name: 'Nəsimi', branchId: 2, courierPrice: '3.00', sort: 1 }, { name: 'Nərimanov', branchId: 3, courierPrice: '3.00', sort: 2 },
    { name: 'Yasamal', branchId: 2, courierPrice: '3.50', sort: 3 }, { name: 'Binəqədi', branchId: 1, courierPrice: '4.00', sort: 4 },
    { name: 'Xətai', branchId: 3, courierPrice: '4.00', sort: 5 }, { name: 'Sumqayıt', branchId: 5, courierPrice: '6.00', sort: 6, descr: 'Partnyor filialı çatdırır' },
  ]);
  await db.insert(coupons).values([
    { code: 'XOSGELDIN', type: 1, amount: '10.00', startsAt: '2026-01-01', endsAt: '2026-12-31', usageLimit: 1000, usedCount: 214, descr: 'Yeni müştərilər üçün' },
    { code: 'NOVRUZ2026', type: 1, amount: '15.00', countryId: 1, startsAt: '2026-03-15', endsAt: '2026-03-25', usedCount: 87, isActive: false },
    { code: 'AMERIKA5', type: 2, amount: '5.00', countryId: 2, usageLimit: 300, usedCount: 41 },
  ]);
  await db.insert(cargoes).values([
    { name: 'Yurtiçi Kargo', countryId: 1, phone: '+90 444 99 99', website: 'https://www.yurticikargo.com', trackingUrl: 'https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula' },
    { name: 'Aras Kargo', countryId: 1, phone: '+90 444 25 52', website: 'https://www.araskargo.com.tr' },
    { name: 'MNG Kargo', countryId: 1, phone: '+90 850 222 06 06', website: 'https://www.mngkargo.com.tr' },
    { name: 'UPS', countryId: 2, phone: '+1 800 742 5877', website: 'https://www.ups.com', trackingUrl: 'https://www.ups.com/track' },
    { name: 'USPS', countryId: 2, website: 'https://www.usps.com', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction' },
  ]);

  const customers = await db.select({ id: users.id }).from(users).where(eq(users.admin, 0)).orderBy(users.id).limit(8);
  const ids = customers.map((c) => c.id);
  if (ids.length) {
    const pick = (i: number) => ids[i % ids.length]!;
    await db.insert(refunds).values([
      { userId: pick(0), amount: '12.40', currency: 'AZN', returnReasonId: 2, stateId: REFUND_STATUS.pending, descr: 'Zədəli məhsul, çatdırılma haqqı qaytarılır' },
      { userId: pick(1), amount: '8.50', currency: 'USD', returnReasonId: 1, stateId: REFUND_STATUS.approved },
      { userId: pick(2), amount: '120.00', currency: 'TRY', returnReasonId: 3, stateId: REFUND_STATUS.rejected, descr: 'Satıcı qəbul etmədi' },
    ]);
    await db.insert(cashbacks).values(ids.slice(0, 6).map((userId, i) => ({
      userId, amount: (0.35 + i * 0.4).toFixed(2), percent: '2.00',
      stateId: i < 3 ? CASHBACK_STATUS.pending : i < 5 ? CASHBACK_STATUS.approved : CASHBACK_STATUS.rejected,
      descr: 'Çatdırılma ödənişindən 2%',
    })));
  }
}
