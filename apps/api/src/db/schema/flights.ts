import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

export const flights = pgTable('flights', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  countryId: integer('country_id').notNull(),
  statusId: integer('status_id').notNull().default(29),
  trendyol: smallint('trendyol').notNull().default(0),
  airwaybill: varchar('airwaybill', { length: 64 }),
  startedAt: timestamp('started_at', { withTimezone: true }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('flights_name_idx').on(t.name)]);

/** Bags (kisə) a flight's parcels are packed into: the declaration's "parcel". */
export const parcels = pgTable('parcels', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  flightId: integer('flight_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
