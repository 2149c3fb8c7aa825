import {
  cashForTerminal, clampPackageCount, computeHandover, minAmount,
  type HandoverDetails, type HandoverMath, type PackageCounts,
} from '@app/contract/declaration-workflow';
import { az, fill } from '@app/contract/texts/az';

/**
 * The handover modal's values (spec §5 "Handover"); amounts as typed (AZN). `cashTyped`: the user
 * has typed the cash, so it is theirs and no recomputation touches it (issue 16: changing the
 * package counts overwrote the cash typed); until then cash follows the total (− terminal).
 */
export interface HandoverValues {
  cash: string;
  terminal: string;
  useBalance: boolean;
  packages: PackageCounts;
  cashTyped?: boolean;
}

/**
 * Cash starts at the total due. Opened from a handover queue entry, the package counts start from
 * the entry's (`packages`, clamped to 0–20) and the cash includes their price.
 */
export function initialHandoverValues(details: HandoverDetails, packages?: PackageCounts): HandoverValues {
  const start: HandoverValues = { cash: details.deliveryCredit.azn, terminal: '0', useBalance: false, packages: { small: 0, medium: 0, big: 0 }, cashTyped: false };
  if (!packages) return start;
  const counts = { small: clampPackageCount(packages.small), medium: clampPackageCount(packages.medium), big: clampPackageCount(packages.big) };
  return followTotal(details, { ...start, packages: counts });
}

export function describeHandover(details: HandoverDetails, values: HandoverValues): HandoverMath {
  return computeHandover({
    debtAzn: details.deliveryCredit.azn, packages: values.packages, prices: details.packagePrices,
    cash: values.cash || '0', terminal: values.terminal || '0', balanceUsd: details.balance.usd, useBalance: values.useBalance,
  });
}

/**
 * spec §5: cash = total (after the balance, when chosen) − terminal, at least 0 — but only while the
 * user has not typed the cash: typed cash is kept as typed.
 */
function followTotal(details: HandoverDetails, values: HandoverValues): HandoverValues {
  if (values.cashTyped) return values;
  const due = describeHandover(details, { ...values, cash: '0', terminal: '0' }).dueAfterBalance;
  return { ...values, cash: cashForTerminal(due, values.terminal || '0') };
}

/** The cash field: what the user types is kept from now on. */
export function withCash(values: HandoverValues, cash: string): HandoverValues {
  return { ...values, cash, cashTyped: true };
}

/** "Recompute": the cash follows the total again (total − terminal). */
export function withCashFollowing(details: HandoverDetails, values: HandoverValues): HandoverValues {
  return followTotal(details, { ...values, cashTyped: false });
}

/** spec §5: terminal is capped at the total due; untyped cash becomes total − terminal (never below 0). */
export function withTerminal(details: HandoverDetails, values: HandoverValues, terminal: string): HandoverValues {
  const base = describeHandover(details, { ...values, terminal: '0', useBalance: false });
  const capped = terminal === '' ? '' : minAmount(terminal, base.totalAzn);
  return followTotal(details, { ...values, terminal: capped });
}

/** Package buttons: +1 / −1 clamped to 0–20; untyped cash follows the new total, typed cash stays. */
export function withPackage(details: HandoverDetails, values: HandoverValues, kind: keyof PackageCounts, delta: number): HandoverValues {
  const packages = { ...values.packages, [kind]: clampPackageCount(values.packages[kind] + delta) };
  return followTotal(details, { ...values, packages });
}

/** "Use the balance": untyped cash drops to what the balance leaves. */
export function withBalance(details: HandoverDetails, values: HandoverValues, useBalance: boolean): HandoverValues {
  return followTotal(details, { ...values, useBalance });
}

/**
 * The message that stops the call (spec §5: no call when under-paid beyond 0.2), or null. Under-paid,
 * it says by how much (issue 16); it is derived from the amounts, so it goes as soon as they cover the debt.
 */
export function handoverBlocker(math: HandoverMath): string | null {
  if (math.terminalTooHigh) return az.declarationWorkflow.terminalOverTotal;
  if (!math.isEnough) return fill(az.declarationWorkflow.notEnoughBalanceBy, { AMOUNT: math.shortfall });
  return null;
}

export function toHandoverWireForm(ids: readonly number[], values: HandoverValues, handoverTaskId?: number | null) {
  return {
    declaration_id: ids.join(','),
    // The queue entry this handover completes (warehouse/handover/queues/{id} → 'Təhvil verdim').
    ...(handoverTaskId ? { handover_task: handoverTaskId } : {}),
    cash: values.cash || '0',
    terminal: values.terminal || '0',
    use_balance: values.useBalance ? 1 : 0,
    small_package: values.packages.small,
    medium_package: values.packages.medium,
    big_package: values.packages.big,
  };
}
