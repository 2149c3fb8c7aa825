import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { currencyRates } from '../schema/currencies';
import { settings } from '../schema/settings';

/**
 * Every setting group of the demo office filled (spec §3 "Settings groups"), so each settings
 * screen opens on realistic values; replaces the empty defaults of the reference seed.
 */
export async function seedDemoSettings(db: Db): Promise<void> {
  const groups: Record<string, Record<string, unknown>> = {
    email: {
      ticketHtmlTemplateId: 'ticket-reply-v2',
      footerText: 'Kargo Ofis MMC · Bakı, Füzuli küç. 49 · +994 12 555 00 00',
      headerBannerUrl: 'https://kargo-ofis.az/kampaniyalar',
      headerBannerPhoto: 'https://kargo-ofis.az/media/mail/header-banner.png',
      rightBannerUrl: 'https://kargo-ofis.az/tariflər',
      rightBannerPhoto: 'https://kargo-ofis.az/media/mail/right-banner.png',
    },
    trendyol: { less10kg: '4.50', more10kg: '3.80' },
    azerpost: { standardPrice: '2.00', weightPrice: '0.80' },
    cashback: {
      cashbackPercent: '2.00', cashbackMin: '0.50', cashbackMax: '50.00', cashbackBalance: '5.00', cashbackAvtoMax: '20.00', expired: 90,
    },
    others: {
      smallPackage: '0.50', mediumPackage: '1.00', bigPackage: '2.00', bonPercent: '1.00', orderPercent: '5.00',
      customs: true, whatsapp: '+994 50 555 00 00', declarationStatus: 7, orderStatus: 5, courierStatus: null,
    },
    cashflow: { cashboxId: 1, terminalCashboxId: 2 },
    warehouse: {
      1: {
        addressHeading: 'Kargo Ofis Türkiyə anbarı', address: 'Merkez Mah. Kargo Sok. No: 12 D: {CODE}', district: 'Esenyurt',
        city: 'İstanbul', province: 'İstanbul', postalCode: '34510', country: 'Türkiye', phone: '+90 212 555 00 12', passportIdentity: '28463197594', // a TC kimlik number (its two check digits hold)
      },
      2: {
        addressHeading: 'Kargo Ofis USA warehouse', address: '100 Cargo Rd, Suite {CODE}', district: '',
        city: 'Wilmington', province: 'Delaware', postalCode: '19720', country: 'United States', phone: '+1 302 555 0100', passportIdentity: '',
      },
    },
    contact: {
      1: { name: 'Gənclik filialı', numbers: ['+994 12 555 00 01', '+994 50 555 00 01'], emails: ['genclik@kargo-ofis.az'], address: 'Bakı, Atatürk pr. 38', map: 'https://maps.google.com/?q=40.4005,49.8519' },
      2: { name: '28 May filialı', numbers: ['+994 12 555 00 02'], emails: ['28may@kargo-ofis.az'], address: 'Bakı, Dilarə Əliyeva küç. 251', map: 'https://maps.google.com/?q=40.3794,49.8490' },
      3: { name: 'Nərimanov filialı', numbers: ['+994 12 555 00 03'], emails: ['nerimanov@kargo-ofis.az'], address: 'Bakı, Təbriz küç. 67', map: '' },
    },
  };
  const rows = Object.entries(groups).flatMap(([groupId, values]) => Object.entries(values).map(([key, value]) => ({ groupId, key, value })));
  await db.insert(settings).values(rows).onConflictDoUpdate({
    target: [settings.groupId, settings.key],
    set: { value: sql`excluded.value`, updatedAt: sql`now()` },
  });
}

/** The last week of working days' official rates (the job adds today's when the bank answers). */
export async function seedDemoCurrencyRates(db: Db, today = new Date()): Promise<void> {
  const days: string[] = [];
  for (let back = 1; days.length < 5 && back < 10; back++) {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - back));
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
  }
  const rows = days.flatMap((day, i) => [
    { currencyCode: 'USD', rateDate: day, nominal: 1, value: '1.7000', rate: '1.700000' },
    { currencyCode: 'TRY', rateDate: day, nominal: 1, value: (0.0400 + i * 0.0002).toFixed(4), rate: (0.0400 + i * 0.0002).toFixed(6) },
    { currencyCode: 'AZN', rateDate: day, nominal: 1, value: '1.0000', rate: '1.000000' },
  ]);
  await db.insert(currencyRates).values(rows).onConflictDoNothing();
  await db.execute(sql`
    update currencies c set currency_rate = round(r.rate, 4)
    from (select distinct on (currency_code) currency_code, rate from currency_rates order by currency_code, rate_date desc) r
    where r.currency_code = c.currency_code`);
}
