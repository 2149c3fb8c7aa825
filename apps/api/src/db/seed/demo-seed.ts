import { OPERATIONS, ROLE_DEFAULT_PERMISSIONS, type PermissionCode } from '@app/contract/permissions';
import { ROLE } from '@app/contract/roles';
import { eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/password';
import type { Db } from '../client';
import { settings } from '../schema/settings';
import { operations, userPermissions, users } from '../schema/users';
import { alignRegistrations, generateCustomers, generateDeclarations, generateDiscounts, generateExtraStaff, generateMonthSpenders } from './demo-data';
import { seedDemoReferenceData } from './reference-data';
import { generateDeclarationWorkflowData } from './demo-declarations';
import { generateDocumentsDemoData, queueDemoExportTasks } from './demo-documents';
import { generateDeclarationExtrasData } from './demo-workflow';
import { seedDemoCurrencyRates, seedDemoSettings } from './demo-settings';
import { generateDeclarationListData } from './demo-declaration-lists';
import { seedDemoSettingLists } from './demo-settings-lists';
import { generateHandoverHistoryData, generateHandoverMoneyData, generateWarehouseData } from './demo-warehouse';
import { generateCustomsDemoData } from './demo-customs';
import { generateFlightsDemoData } from './demo-flights';
import { generateMoneyDemoData } from './demo-money';
import { generateCashflowDemoData } from './demo-cashflow';
import { reconcileDemoFlags } from './demo-consistency';
import { generateTicketsDemoData } from './demo-tickets';
import { generateNotificationsDemoData } from './demo-notifications';
import { generateOrdersDemoData } from './demo-orders';

export const DEMO_PASSWORD = 'demo12345';
export const DEMO_STAFF = [
  { email: 'admin@example.az', name: 'Rəşad', surname: 'Məmmədov', admin: ROLE.admin, adminBranchId: 1, cashboxId: 1, companyId: 1 },
  { email: 'anbar@example.az', name: 'Tural', surname: 'Həsənov', admin: ROLE.warehouseman, adminBranchId: 1, cashboxId: null, companyId: 1 },
  { email: 'ofis@example.az', name: 'Nigar', surname: 'Əliyeva', admin: ROLE.backOffice, adminBranchId: 2, cashboxId: 2, companyId: 1 },
  { email: 'partner@example.az', name: 'Elnur', surname: 'Quliyev', admin: ROLE.partner, adminBranchId: 5, cashboxId: null, companyId: 2 },
] as const;

/** Gives a user exactly these permission codes. */
export async function grantPermissions(db: Db, userId: number, codes: readonly PermissionCode[]): Promise<void> {
  await db.delete(userPermissions).where(eq(userPermissions.userId, userId));
  if (!codes.length) return;
  const ops = await db.select({ id: operations.id }).from(operations).where(inArray(operations.codeName, [...codes]));
  await db.insert(userPermissions).values(ops.map((o) => ({ userId, operationId: o.id }))).onConflictDoNothing();
}

/**
 * The demo office, seeded once (a marker in settings): staff with their permissions, ~1,000
 * customers and ~10,000 declarations. Never called with NODE_ENV=production.
 */
export async function seedDemoData(db: Db, opts: { customers: number; declarations: number; /** Queue demo export tasks (the server's job worker writes their files). */ exportTasks?: boolean }): Promise<boolean> {
  const marker = await db.select().from(settings).where(sql`${settings.groupId} = 'system' and ${settings.key} = 'demo_seeded_at'`);
  if (marker.length) return false;
  await seedDemoReferenceData(db);
  const hash = await hashPassword(DEMO_PASSWORD);
  const staffIds: number[] = [];
  for (const s of DEMO_STAFF) {
    const [row] = await db.insert(users).values({
      email: s.email, name: s.name, surname: s.surname, admin: s.admin, adminBranchId: s.adminBranchId,
      cashboxId: s.cashboxId, companyId: s.companyId, branchId: s.adminBranchId, passwordHash: hash, gender: 'male',
    }).onConflictDoNothing().returning({ id: users.id });
    const id = row?.id ?? (await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${s.email}`))[0]!.id;
    staffIds.push(id);
    const codes = s.admin === ROLE.admin ? OPERATIONS.map((o) => o.code) : ROLE_DEFAULT_PERMISSIONS[s.admin];
    await grantPermissions(db, id, codes);
  }
  await generateExtraStaff(db, hash, ROLE_DEFAULT_PERMISSIONS);
  const customers = await generateCustomers(db, opts.customers);
  if (opts.declarations > 0 && customers.maxId > 0) {
    // Current-month spend above and below the 300 USD warning (issue 5): part of the requested count.
    const spenders = opts.declarations >= 200 ? await generateMonthSpenders(db, customers, 3, 3) : 0;
    await generateDeclarations(db, {
      count: opts.declarations - spenders, firstNumber: 1, days: 180, customers, causerIds: staffIds.slice(1, 3),
    });
  }
  await alignRegistrations(db); // a customer registers before their first parcel
  if (customers.maxId > 0) await generateDiscounts(db, customers, staffIds[0]!);
  await generateDeclarationWorkflowData(db, { staffIds });
  await generateDocumentsDemoData(db);
  if (opts.exportTasks) await queueDemoExportTasks(db);
  await generateDeclarationExtrasData(db, { staffIds });
  await seedDemoSettings(db);
  await seedDemoCurrencyRates(db);
  await generateDeclarationListData(db, { staffIds: staffIds.slice(0, 3) }); // admin, storage worker, back office
  await seedDemoSettingLists(db); // every settings list opens on realistic rows
  await generateWarehouseData(db, { staffIds }); // boxes, transfers, handover queue (issue 8)
  await generateHandoverHistoryData(db, { staffIds }); // the payments of the handed-over parcels (handover history)
  await generateCustomsDemoData(db); // customs screens: parcels at customs, queue, tasks
  await generateFlightsDemoData(db, { staffIds }); // flights: open flights to close with dispatch, package runs of a closed one
  await reconcileDemoFlags(db); // declared flags as customs has them (issue 16)
  await alignRegistrations(db); // again: some steps gave parcels to other customers
  await generateMoneyDemoData(db); // customers' balance operations behind their balances (issue 8)
  await generateCashflowDemoData(db); // registers in AZN/USD/TRY, cash categories, months of cash-flow operations on the ledger (issue 17)
  await generateHandoverMoneyData(db); // the handover history's cash in register 1, on the ledger (issue 17)
  await generateOrdersDemoData(db); // orders in every status on the preview simulator's products, paid/refunded on the ledger, debts, linked parcels (issue 18)
  await generateTicketsDemoData(db); // support tickets with conversations, categories, ticket templates (issue 20)
  await generateNotificationsDemoData(db); // templates per channel, opt-ins, a few hundred archived messages (issue 20); after every status change
  await db.insert(settings).values({ groupId: 'system', key: 'demo_seeded_at', value: new Date().toISOString() });
  return true;
}
