import { boolean, index, integer, jsonb, numeric, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

export const flights = pgTable('flights', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  countryId: integer('country_id').notNull(),
  statusId: integer('status_id').notNull().default(29),
  trendyol: smallint('trendyol').notNull().default(0),
  airwaybill: varchar('airwaybill', { length: 64 }),
  startedAt: timestamp('started_at', { withTimezone: true }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  /** The flight's accounting month, YYYY-MM ("change current month"); null until set. */
  thisMonth: varchar('this_month', { length: 7 }),
  /** When the flight was closed (29 → 30). */
  closedAt: timestamp('closed_at', { withTimezone: true }),
  /** Dimensional weight, kg (sum of w×h×d/6000 of its parcels), stored by GET flights/calculate. */
  volume: numeric('volume', { precision: 12, scale: 3 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('flights_name_idx').on(t.name)]);

/**
 * Per-flight totals of its live parcels (declarations with `deleted_at is null`), kept by the
 * database itself: statement-level triggers on declarations add the new rows' and subtract the old
 * rows' contributions in one grouped upsert per statement (hand-written SQL of migration 0005).
 * The flights list reads these instead of summing thousands of parcels per flight. A flight without
 * a row has no parcels; rows whose count fell to 0 stay.
 */
export const flightTotals = pgTable('flight_totals', {
  flightId: integer('flight_id').primaryKey(),
  count: integer('count').notNull().default(0),
  /** Parcels handed over (status 10). */
  completed: integer('completed').notNull().default(0),
  weight: numeric('weight', { precision: 14, scale: 3 }).notNull().default('0'),
  productPrice: numeric('product_price', { precision: 16, scale: 2 }).notNull().default('0'),
  deliveryPrice: numeric('delivery_price', { precision: 16, scale: 2 }).notNull().default('0'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bags (kisə) a flight's parcels are packed into: the declaration's "parcel". */
export const parcels = pgTable('parcels', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  flightId: integer('flight_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('parcels_flight_idx').on(t.flightId)]);

/**
 * Package runs (spec §3 "Package run", DOMAIN §3): one depesh request of up to `limit` parcels of a
 * flight, made when the flight is closed and executed once against customs. `input` holds
 * `{trackingNumber, airWaybillNumber, dispatchNumber, regNumber}` items (plus the declaration id),
 * `output` customs' per-parcel answers `{trackingNumber, code, message}`.
 */
export const flightPackageRuns = pgTable('flight_package_runs', {
  id: serial('id').primaryKey(),
  flightId: integer('flight_id').notNull(),
  executed: boolean('executed').notNull().default(false),
  input: jsonb('input').notNull(),
  output: jsonb('output'),
  elapsedMs: integer('elapsed_ms'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('flight_package_runs_flight_idx').on(t.flightId, t.id.desc())]);
