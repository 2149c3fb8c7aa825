import {
  computeHandover, sumAmounts, usdToAzn,
  type BulkHandoverForm, type BulkHandoverReply, type HandoverDetails, type HandoverDetailsReply, type HandoverDoneReply, type HandoverPayForm,
} from '@app/contract/declaration-workflow';
import { DECLARATION_STATUS } from '@app/contract/statuses';
import { az } from '@app/contract/texts/az';
import type { Db, DbOrTx } from '../../../db/client';
import type { RequestUser } from '../../../platform/access';
import { recordAudit } from '../../../platform/audit';
import { invalid, notFound } from '../../../platform/errors';
import { lockHandoverRegisters, recordHandoverPayment } from '../../money/service';
import { completeHandoverTasks } from '../../warehouse/service';
import {
  findCustomer, findHandoverDeclarations, findPackagePrices, handOverPaidWhere, insertDeclarationAudits,
  insertPayment, markHandedOver, setPaymentRegisters,
} from './queries';

/*
 * Handover at the counter (spec §3 "Handover details/payload", §5 "Handover", DOMAIN §5).
 * POST /api/admin/declaration/pay: confirm=0 answers the details, confirm=1 hands over. Rules:
 * every declaration exists, is at status 9 and belongs to one customer; the debt (unpaid delivery
 * prices × 1.7 + packages) minus cash, terminal and the balance used may exceed what is paid by at
 * most 0.2 AZN. One transaction: status 10, paid, delivered_at, status history, audit, a
 * declaration_payments row and its money (modules/money recordHandoverPayment: balance operations,
 * the balance deducted and the cash registers credited under row locks).
 */

const WT = az.declarationWorkflow;

async function loadForHandover(tx: DbOrTx, ids: readonly number[], lock: boolean) {
  const unique = [...new Set(ids)];
  const rows = await findHandoverDeclarations(tx, unique, lock);
  if (rows.length !== unique.length) throw notFound('declaration_id');
  if (rows.some((r) => r.statusId !== DECLARATION_STATUS.localWarehouse)) throw invalid({ declaration_id: [WT.handoverNeedsStatus] });
  const userIds = new Set(rows.map((r) => r.userId));
  if (userIds.size !== 1) throw invalid({ declaration_id: [WT.handoverOneCustomer] });
  const userId = rows[0]!.userId;
  if (userId === null) throw invalid({ declaration_id: [WT.handoverNoCustomer] });
  const customer = await findCustomer(tx, userId, lock);
  if (!customer) throw invalid({ declaration_id: [WT.handoverNoCustomer] });
  return { rows, customer };
}

function buildDetails(loaded: Awaited<ReturnType<typeof loadForHandover>>, prices: HandoverDetails['packagePrices']): HandoverDetails {
  const { rows, customer } = loaded;
  const debtUsd = sumAmounts(rows.filter((r) => !r.payed).map((r) => r.deliveryPrice));
  const debtAzn = usdToAzn(debtUsd);
  return {
    user: { id: customer.id, code: customer.code, name: customer.name, surname: customer.surname, phone: customer.phone },
    declarations: rows.map((r) => ({ id: r.id, trackCode: r.trackCode, deliveryPrice: r.deliveryPrice, paid: r.payed, weight: r.weight, statusId: r.statusId })),
    credit: { try: '0.00', azn: '0.00' },
    deliveryCredit: { usd: debtUsd, azn: debtAzn },
    balance: { usd: sumAmounts([customer.balanceUsd]), try: sumAmounts([customer.balanceTry]) },
    debt: { total: debtAzn, minimum: debtAzn, all: debtAzn, packageAmount: '0.00' },
    packagePrices: prices,
  };
}

/** confirm=0: the handover details of spec §3 (nothing changes). */
export async function readHandoverDetails(db: Db, ids: readonly number[]): Promise<HandoverDetailsReply> {
  const loaded = await loadForHandover(db, ids, false);
  return { data: buildDetails(loaded, await findPackagePrices(db)) };
}

/** confirm=1: hands the declarations over and records the payment, all or nothing. */
export async function handOverDeclarations(db: Db, user: RequestUser, form: HandoverPayForm): Promise<HandoverDoneReply> {
  return db.transaction(async (tx) => {
    // The registers before the customer's row (the ledger's lock order: registers, then customers).
    await lockHandoverRegisters(tx, { cash: form.cash ?? '0', terminal: form.terminal ?? '0' });
    const loaded = await loadForHandover(tx, form.declaration_id, true);
    const prices = await findPackagePrices(tx);
    const details = buildDetails(loaded, prices);
    const packages = { small: form.small_package ?? 0, medium: form.medium_package ?? 0, big: form.big_package ?? 0 };
    const cash = form.cash ?? '0';
    const terminal = form.terminal ?? '0';
    const math = computeHandover({
      debtAzn: details.deliveryCredit.azn, packages, prices, cash, terminal,
      balanceUsd: details.balance.usd, useBalance: form.use_balance ?? false,
    });
    if (math.terminalTooHigh) throw invalid({ terminal: [WT.terminalOverTotal] });
    if (!math.isEnough) throw invalid({ cash: [WT.notEnoughBalance] });
    const ids = loaded.rows.map((r) => r.id);
    const customerId = loaded.customer.id;
    await markHandedOver(tx, ids, user.id, WT.handedOver, DECLARATION_STATUS.handedOver);
    // The customer's queue entry (warehouse preparation) reaches 43 in the same transaction.
    await completeHandoverTasks(tx, user.id, { taskId: form.handover_task ?? null, declarationIds: ids });
    const paymentId = await insertPayment(tx, {
      userId: customerId, debtUsd: details.deliveryCredit.usd, debtAzn: details.deliveryCredit.azn, packageAzn: math.packageAzn,
      totalAzn: math.totalAzn, cashAzn: cash, terminalAzn: terminal, balanceUsd: math.balanceUsedUsd, balanceAzn: math.balanceUsedAzn,
      smallPackage: packages.small, mediumPackage: packages.medium, bigPackage: packages.big, declarationIds: ids,
      cashierId: user.id, branchId: user.adminBranchId, handoverTaskId: form.handover_task ?? null,
    });
    // The money (modules/money): the customer's balance operations, the balance part taken from the
    // USD balance, cash and terminal into the registers named in settings 'cashflow'.
    const money = await recordHandoverPayment(tx, {
      paymentId, customerId, cashierId: user.id, trackCodes: loaded.rows.map((r) => r.trackCode),
      cashAzn: cash, terminalAzn: terminal, refundAzn: math.refund, balanceUsedUsd: math.balanceUsedUsd, balanceUsedAzn: math.balanceUsedAzn,
    });
    await setPaymentRegisters(tx, paymentId, money.cashRegisterId, money.terminalRegisterId);
    await insertDeclarationAudits(tx, ids, {
      userId: user.id, action: 'declaration.handover',
      changes: { state_id: { from: DECLARATION_STATUS.localWarehouse, to: DECLARATION_STATUS.handedOver }, payed: true, payment_id: paymentId },
    });
    await recordAudit(tx, {
      userId: user.id, action: 'declaration.payment', entity: 'declaration_payment', entityId: paymentId,
      changes: {
        user_id: customerId, declaration_ids: ids, total_azn: math.totalAzn, cash, terminal,
        balance_usd: math.balanceUsedUsd, packages, refund: math.refund,
      },
    });
    return { data: { payment_id: paymentId, count: ids.length, balance_used_usd: math.balanceUsedUsd, refund: math.refund } };
  });
}

/** POST /api/admin/declaration/handover (bulk; design in the contract): only from status 9, only paid ones. */
export async function bulkHandOver(db: Db, user: RequestUser, form: BulkHandoverForm): Promise<BulkHandoverReply> {
  if (form.statusId !== DECLARATION_STATUS.localWarehouse) throw invalid({ statusId: [WT.handoverNeedsStatus] });
  return db.transaction(async (tx) => {
    const ids = await handOverPaidWhere(tx, {
      fromState: form.statusId, toState: DECLARATION_STATUS.handedOver, planCategoryId: form.planTypeId, branchId: form.branchId,
      userId: user.id, note: WT.bulkHandoverTitle,
    });
    await insertDeclarationAudits(tx, ids, {
      userId: user.id, action: 'declaration.bulk_handover',
      changes: { state_id: { from: form.statusId, to: DECLARATION_STATUS.handedOver }, plan_type_id: form.planTypeId ?? null, branch_id: form.branchId ?? null },
    });
    return { data: { count: ids.length } };
  });
}
