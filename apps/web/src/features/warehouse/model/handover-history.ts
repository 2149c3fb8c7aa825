import type { HandoverHistoryRow } from '@app/contract/warehouse';
import { az, fill } from '@app/contract/texts/az';

/*
 * The handover History tab's rows (GET handover/history, one row per handover done at the counter):
 * what a cell shows, kept pure so it is unit-tested.
 */

const W = az.warehouse;

/** The first few track codes of the handover and how many more there are ('+N'). */
export function parcelsSummary(row: Pick<HandoverHistoryRow, 'track_codes' | 'count'>, shown = 3): { codes: string[]; more: string | null } {
  const codes = row.track_codes.slice(0, shown);
  const rest = Math.max(row.count, row.track_codes.length) - codes.length;
  return { codes, more: rest > 0 ? fill(W.moreParcels, { N: rest }) : null };
}

/** How it was paid: the non-zero parts (cash, terminal, balance), '—' when nothing was due. */
export function paymentParts(row: Pick<HandoverHistoryRow, 'cash_azn' | 'terminal_azn' | 'balance_azn'>): string {
  const parts = [
    [W.handoverCash, row.cash_azn],
    [W.handoverTerminal, row.terminal_azn],
    [W.handoverBalance, row.balance_azn],
  ].filter(([, amount]) => Number(amount) !== 0).map(([label, amount]) => `${label}: ${amount}`);
  return parts.length ? parts.join(' · ') : '—';
}

/** The customer as the queue cards show them: 'code · name'. */
export function customerLabel(row: Pick<HandoverHistoryRow, 'user_code' | 'user_name' | 'user_id'>): string {
  const name = row.user_name || `#${row.user_id}`;
  return row.user_code ? `${row.user_code} · ${name}` : name;
}
