import { z } from 'zod';

/*
 * Money (DOMAIN §6, spec §3 "Transaction", "Cash register"): the ids the balance operations and
 * the cash registers' ledger share with the screens.
 */

/** spec §3: balance operation and cash register entry type. */
export const MONEY_TYPE = { income: 1, expense: 2 } as const;

/** spec §3 "Payment types": 1 Nağd, 2 Bank, 3 Terminal, 4 Online, 5 Cərimə, 6 İadə, 7 Office, 8 Hədiyyə. */
export const PAYMENT_TYPE = { cash: 1, bank: 2, terminal: 3, online: 4, fine: 5, refund: 6, office: 7, gift: 8 } as const;
export const PAYMENT_TYPE_NAMES: Record<number, string> = {
  1: 'Nağd', 2: 'Bank', 3: 'Terminal', 4: 'Online', 5: 'Cərimə', 6: 'İadə', 7: 'Ofis', 8: 'Hədiyyə',
};

/** Statuses of model 4 (spec §4): 17 pending, 18 confirmed, 19 refunded, 21 cancelled. */
export const TRANSACTION_STATUS = { pending: 17, confirmed: 18, refunded: 19, cancelled: 21 } as const;

/** What a money row points at (`object {id, model}` of spec §3 "Transaction"). */
export const MONEY_OBJECT = { declarationPayment: 'declaration_payment', orderPayment: 'order_payment', orderRefund: 'order_refund' } as const;

/** Why a cash register entry exists. */
export const CASH_ENTRY_REASON = { handover: 'handover', manual: 'manual', transfer: 'transfer' } as const;

/**
 * Top bar: GET /api/admin/cashboxes/balance, the signed-in user's cash register (null when none), flat
 * (issue 14): `amount` what it holds now, `initial_amount` what it started with (exact decimals).
 */
export const ZCashboxBalanceReply = z.object({
  data: z.object({
    id: z.number().int(),
    name: z.string(),
    cashbox_name: z.string(),
    amount: z.string().regex(/^-?\d+(\.\d+)?$/),
    initial_amount: z.string().regex(/^-?\d+(\.\d+)?$/),
    currency_id: z.number().int(),
    currency_code: z.string(),
    created_at: z.string(),
  }).nullable(),
});
export type CashboxBalanceReply = z.infer<typeof ZCashboxBalanceReply>;
