import { date, integer, numeric, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/*
 * Cash-flow analytics (issue 17 item 6): the registers' movements summed per office day, category,
 * side and payment type, so a year of analytics reads a few thousand rows instead of every
 * operation. Kept by a deferred trigger on cash_operations (migration 0010, function
 * cash_flow_daily_apply): every insert, edit and cancel of a cash operation, whoever writes it
 * (the cash-flow screens, the handover, a balance top-up), moves its active movements in here at
 * commit. Only active operations (status 18) count; a transfer is an expense of its source and an
 * income of its target. Days are in CASH_FLOW_DAILY_TIME_ZONE (the office's); the service reads
 * the operations themselves when the app runs in another zone.
 */
export const CASH_FLOW_DAILY_TIME_ZONE = 'Asia/Baku';

export const cashFlowDaily = pgTable('cash_flow_daily', {
  cashRegisterId: integer('cash_register_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  /** 0: no category. */
  categoryId: integer('category_id').notNull().default(0),
  /** 1 income, 2 expense. */
  side: smallint('side').notNull(),
  /** 0: none. */
  paymentType: smallint('payment_type').notNull().default(0),
  count: integer('count').notNull().default(0),
  amount: numeric('amount', { precision: 16, scale: 2 }).notNull().default('0'),
}, (t) => [primaryKey({ columns: [t.cashRegisterId, t.day, t.categoryId, t.side, t.paymentType] })]);
