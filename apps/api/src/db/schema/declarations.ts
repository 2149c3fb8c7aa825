import { sql } from 'drizzle-orm';
import {
  boolean, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';

/**
 * The parcel declaration (spec §3 "Declaration"). Every default sort and common filter of the
 * list has an index here; substring filters on codes use trigram indexes (pg_trgm).
 */
export const declarations = pgTable('declarations', {
  id: serial('id').primaryKey(),
  trackCode: varchar('track_code', { length: 40 }).notNull(),
  globalTrackCode: varchar('global_track_code', { length: 80 }),
  userId: integer('user_id'),
  countryId: integer('country_id').notNull(),
  statusId: integer('status_id').notNull().default(7),
  branchId: integer('branch_id'),
  flightId: integer('flight_id'),
  parcelId: integer('parcel_id'),
  containerId: integer('container_id'),
  basketId: integer('basket_id'),
  productTypeId: integer('product_type_id'),
  planCategoryId: integer('plan_category_id'),
  tariffId: integer('tariff_id'),
  shopName: varchar('shop_name', { length: 160 }),
  weight: numeric('weight', { precision: 10, scale: 2 }),
  height: numeric('height', { precision: 10, scale: 2 }),
  width: numeric('width', { precision: 10, scale: 2 }),
  depth: numeric('depth', { precision: 10, scale: 2 }),
  price: numeric('price', { precision: 14, scale: 2 }),
  deliveryPrice: numeric('delivery_price', { precision: 14, scale: 2 }),
  quantity: integer('quantity').notNull().default(1),
  type: smallint('type').notNull().default(2),
  isSpecial: boolean('is_special').notNull().default(false),
  isCommercial: boolean('is_commercial').notNull().default(false),
  payed: boolean('payed').notNull().default(false),
  customs: boolean('customs').notNull().default(false),
  returned: boolean('returned').notNull().default(false),
  isNew: boolean('is_new').notNull().default(true),
  requiresDeclaration: boolean('requires_declaration').notNull().default(false),
  wardrobeNumber: varchar('wardrobe_number', { length: 32 }),
  voen: varchar('voen', { length: 32 }),
  awb: varchar('awb', { length: 64 }),
  description: text('description'),
  /** Storage key of the uploaded document (platform/files.ts), or null. */
  documentPath: varchar('document_path', { length: 300 }),
  trendyol: smallint('trendyol').notNull().default(0),
  partnerId: integer('partner_id'),
  causerId: integer('causer_id'),
  deliveryPointId: integer('delivery_point_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => {
  /** The list never shows soft-deleted rows: its indexes leave them out. */
  const listed = sql`${t.deletedAt} is null`;
  return [
    uniqueIndex('declarations_track_code_key').on(t.trackCode),
    // Default sort and the date range. The trailing columns are the filters most often combined
    // with a date range, so a capped count of such a view is an index-only scan.
    index('declarations_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.statusId, t.countryId, t.branchId, t.userId).where(listed),
    index('declarations_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(listed),
    index('declarations_status_created_idx').on(t.statusId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.countryId).where(listed),
    // A flight's parcels newest first (the flights list's totals live in flight_totals, kept by triggers).
    index('declarations_flight_idx').on(t.flightId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(listed),
    index('declarations_container_idx').on(t.containerId),
    // Parcels without a branch (the list's has_branch=0, the statistics' "no branch" row): few rows,
    // scattered over the years, so neither the date index nor a scan finds them cheaply.
    index('declarations_no_branch_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.deletedAt} is null and ${t.branchId} is null`),
    index('declarations_parcel_idx').on(t.parcelId),
    // Sorts by a value: (value, id) is the list's order with its tie-breaker, both directions.
    index('declarations_weight_idx').on(t.weight, t.id).where(listed),
    index('declarations_price_idx').on(t.price, t.id).where(listed),
    index('declarations_delivery_price_idx').on(t.deliveryPrice, t.id).where(listed),
    index('declarations_unread_idx').on(t.id).where(sql`${t.isNew} and ${t.deletedAt} is null`),
    // The provider filter (minilist, united): marketplace parcels (1, 2) newest first; internal (0)
    // is most rows, served by the date index.
    // Branch partners' parcels (partner_declarations), newest first.
    index('declarations_partner_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.partnerId).where(sql`${t.deletedAt} is null and ${t.partnerId} is not null`),
    index('declarations_provider_created_idx').on(t.trendyol, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.deletedAt} is null and ${t.trendyol} <> 0`),
    // Deleted declarations screen (newest deletion first) and the archive (finished: 10 handed over, 12 returned).
    index('declarations_deleted_idx').on(t.deletedAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.deletedAt} is not null`),
    index('declarations_archive_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.statusId)
      .where(sql`${t.deletedAt} is null and ${t.statusId} in (10, 12)`),
    index('declarations_track_code_trgm').using('gin', sql`${t.trackCode} gin_trgm_ops`),
    index('declarations_global_track_code_trgm').using('gin', sql`${t.globalTrackCode} gin_trgm_ops`),
  ];
});

/**
 * Unknown (conflicted) declarations: parcels the warehouse could not assign (spec §3). Status of
 * model 19 (90 Unknown, 91 Resolved); `declaration_id` is the declaration it was accepted into.
 */
export const conflictedDeclarations = pgTable('conflicted_declarations', {
  id: serial('id').primaryKey(),
  trackCode: varchar('track_code', { length: 80 }).notNull(),
  globalTrackCode: varchar('global_track_code', { length: 80 }),
  userId: integer('user_id'),
  countryId: integer('country_id').notNull(),
  statusId: integer('status_id').notNull().default(90),
  branchId: integer('branch_id'),
  basketId: integer('basket_id'),
  productTypeId: integer('product_type_id'),
  shopName: varchar('shop_name', { length: 160 }),
  weight: numeric('weight', { precision: 10, scale: 2 }),
  price: numeric('price', { precision: 14, scale: 2 }),
  quantity: integer('quantity'),
  type: smallint('type').notNull().default(2),
  description: text('description'),
  documentPath: varchar('document_path', { length: 300 }),
  declarationId: integer('declaration_id'),
  causerId: integer('causer_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  // The unknowns list: open ones (not accepted, not deleted), newest first.
  index('conflicted_declarations_open_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null and ${t.declarationId} is null`),
  index('conflicted_declarations_track_code_trgm').using('gin', sql`${t.trackCode} gin_trgm_ops`),
]);

/** Returns of declarations (spec §3 "Return payload"): what was given back and why. */
export const declarationReturns = pgTable('declaration_returns', {
  id: serial('id').primaryKey(),
  declarationId: integer('declaration_id').notNull(),
  returnReasonId: integer('return_reason_id').notNull(),
  returnDeliveryPrice: numeric('return_delivery_price', { precision: 14, scale: 2 }).notNull().default('0'),
  returnDeclarationPrice: numeric('return_declaration_price', { precision: 14, scale: 2 }).notNull().default('0'),
  returnPercent: smallint('return_percent').notNull().default(0),
  userId: integer('user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('declaration_returns_declaration_idx').on(t.declarationId)]);

/**
 * Post declarations (spec §3 "Post declaration"): parcels declared to customs by post, with the
 * value customs set (dgk_price). Filled from the customs link once it exists; demo rows until then.
 */
export const postDeclarations = pgTable('post_declarations', {
  id: serial('id').primaryKey(),
  trackCode: varchar('track_code', { length: 80 }).notNull(),
  price: numeric('price', { precision: 14, scale: 2 }),
  dgkPrice: numeric('dgk_price', { precision: 14, scale: 2 }),
  userId: integer('user_id'),
  isNew: boolean('is_new').notNull().default(true),
  customsId: varchar('customs_id', { length: 64 }),
  declarationId: integer('declaration_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('post_declarations_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('post_declarations_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  index('post_declarations_declaration_idx').on(t.declarationId),
  index('post_declarations_customs_idx').on(t.customsId),
  // Sorts by a value: (value, id) is the order with its tie-breaker, both directions.
  index('post_declarations_price_idx').on(t.price, t.id),
  index('post_declarations_dgk_price_idx').on(t.dgkPrice, t.id),
  index('post_declarations_track_code_idx').on(t.trackCode, t.id),
  index('post_declarations_track_code_trgm').using('gin', sql`${t.trackCode} gin_trgm_ops`),
]);
