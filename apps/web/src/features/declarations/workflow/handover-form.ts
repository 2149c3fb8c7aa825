import {
  cashForTerminal, clampPackageCount, computeHandover, minAmount,
  type HandoverDetails, type HandoverMath, type PackageCounts,
} from '@app/contract/declaration-workflow';
import { az } from '@app/contract/texts/az';

/** The handover modal's values (spec §5 "Handover"); amounts as typed (AZN). */
export interface HandoverValues {
  cash: string;
  terminal: string;
  useBalance: boolean;
  packages: PackageCounts;
}

/**
 * Cash starts at the total due. Opened from a handover queue entry, the package counts start from
 * the entry's (`packages`, clamped to 0–20) and the cash includes their price.
 */
export function initialHandoverValues(details: HandoverDetails, packages?: PackageCounts): HandoverValues {
  const start: HandoverValues = { cash: details.deliveryCredit.azn, terminal: '0', useBalance: false, packages: { small: 0, medium: 0, big: 0 } };
  if (!packages) return start;
  const counts = { small: clampPackageCount(packages.small), medium: clampPackageCount(packages.medium), big: clampPackageCount(packages.big) };
  return { ...start, packages: counts, cash: describeHandover(details, { ...start, packages: counts, cash: '0', terminal: '0' }).totalAzn };
}

export function describeHandover(details: HandoverDetails, values: HandoverValues): HandoverMath {
  return computeHandover({
    debtAzn: details.deliveryCredit.azn, packages: values.packages, prices: details.packagePrices,
    cash: values.cash || '0', terminal: values.terminal || '0', balanceUsd: details.balance.usd, useBalance: values.useBalance,
  });
}

/** spec §5: terminal is capped at the total due; cash becomes total − terminal (never below 0). */
export function withTerminal(details: HandoverDetails, values: HandoverValues, terminal: string): HandoverValues {
  const base = describeHandover(details, { ...values, terminal: '0', useBalance: false });
  const due = describeHandover(details, { ...values, cash: '0', terminal: '0' }).dueAfterBalance;
  const capped = terminal === '' ? '' : minAmount(terminal, base.totalAzn);
  return { ...values, terminal: capped, cash: cashForTerminal(due, capped || '0') };
}

/** Package buttons: +1 / −1 clamped to 0–20; cash follows the new total when it was the exact due. */
export function withPackage(details: HandoverDetails, values: HandoverValues, kind: keyof PackageCounts, delta: number): HandoverValues {
  const packages = { ...values.packages, [kind]: clampPackageCount(values.packages[kind] + delta) };
  const next = { ...values, packages };
  const due = describeHandover(details, { ...next, cash: '0', terminal: '0' }).dueAfterBalance;
  return { ...next, cash: cashForTerminal(due, values.terminal || '0') };
}

/** The message that stops the call (spec §5: no call when under-paid beyond 0.2), or null. */
export function handoverBlocker(math: HandoverMath): string | null {
  if (math.terminalTooHigh) return az.declarationWorkflow.terminalOverTotal;
  if (!math.isEnough) return az.declarationWorkflow.notEnoughBalance;
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
