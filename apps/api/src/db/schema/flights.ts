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
