import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Branch sorting of a flight's parcels (spec sidebar "sorting", `parcel_sorting_list`): a parcel
 * scanned at the Baku sorting line is sorted once, into its branch (`branch_id` as it was then).
 * A parcel without a row here is "not sorted".
 */
export const parcelSortings = pgTable('parcel_sortings', {
  id: serial('id').primaryKey(),
  declarationId: integer('declaration_id').notNull(),
  flightId: integer('flight_id').notNull(),
  branchId: integer('branch_id'),
  sortedBy: integer('sorted_by'),
  sortedAt: timestamp('sorted_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('parcel_sortings_declaration_key').on(t.declarationId),
  index('parcel_sortings_flight_idx').on(t.flightId, t.sortedAt.desc(), t.id.desc()),
]);
