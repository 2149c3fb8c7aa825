import { sql } from 'drizzle-orm';
import {
  boolean, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, varchar,
} from 'drizzle-orm/pg-core';

export const models = pgTable('models', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  sort: integer('sort').notNull().default(0),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Status ids are the spec's and unique within a model (docs/decisions/0002). */
export const statuses = pgTable('statuses', {
  id: integer('id').notNull(),
  modelId: integer('model_id').notNull(),
  name: varchar('name', { length: 120 }).notNull(),
  nameEn: varchar('name_en', { length: 120 }),
  parentId: integer('parent_id'),
  description: text('description'),
  sort: integer('sort').notNull().default(0),
  freely: boolean('freely').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.modelId, t.id] })]);

/** Partner companies (branch partners); spec §1 partner ids 1 and 2. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  descr: text('descr'),
  isOwner: boolean('is_owner').notNull().default(false),
  contact: varchar('contact', { length: 120 }),
  stateId: integer('state_id').notNull().default(85),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  companyId: integer('company_id'),
  parentId: integer('parent_id'),
  descr: text('descr'),
  isBranch: boolean('is_branch').notNull().default(true),
  hide: boolean('hide').notNull().default(false),
  isRegionBranch: boolean('is_region_branch').notNull().default(false),
  latitude: varchar('latitude', { length: 15 }),
  longitude: varchar('longitude', { length: 15 }),
  mapUrl: text('map_url'),
  mapAddress: text('map_address'),
  sortingLetter: varchar('sorting_letter', { length: 5 }),
  workingHours: varchar('working_hours', { length: 120 }),
  openHour: varchar('open_hour', { length: 5 }),
  closeHour: varchar('close_hour', { length: 5 }),
  openHourSaturday: varchar('open_hour_saturday', { length: 5 }),
  closeHourSaturday: varchar('close_hour_saturday', { length: 5 }),
  provinceName: varchar('province_name', { length: 120 }),
  cityName: varchar('city_name', { length: 120 }),
  address: text('address'),
  email: varchar('email', { length: 190 }),
  phone: varchar('phone', { length: 64 }),
  postCode: varchar('post_code', { length: 16 }),
  stateId: integer('state_id').notNull().default(85),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  currencyName: varchar('currency_name', { length: 60 }).notNull(),
  currencyCode: varchar('currency_code', { length: 3 }).notNull().unique(),
  currencyRate: numeric('currency_rate', { precision: 14, scale: 4 }).notNull().default('1'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  countryName: varchar('country_name', { length: 80 }).notNull(),
  abbr: varchar('abbr', { length: 8 }),
  countryCode: varchar('country_code', { length: 8 }),
  descr: text('descr'),
  minSize: numeric('min_size', { precision: 10, scale: 3 }),
  addressHeading: varchar('address_heading', { length: 160 }),
  currency: varchar('currency', { length: 8 }).notNull(),
  currencyType: varchar('currency_type', { length: 3 }).notNull(),
  unit: varchar('unit', { length: 3 }).notNull().default('KG'),
  address: text('address'),
  carrierCompanyName: varchar('carrier_company_name', { length: 160 }),
  carrierCompanyPhone: varchar('carrier_company_phone', { length: 64 }),
  carrierCompanyAddress: text('carrier_company_address'),
  stateId: integer('state_id'),
  customFields: jsonb('custom_fields').notNull().default(sql`'{}'::jsonb`),
  hasWarehouse: boolean('has_warehouse').notNull().default(true),
  isOrder: boolean('is_order').notNull().default(true),
  isDeclaration: boolean('is_declaration').notNull().default(true),
  box: boolean('box').notNull().default(false),
  smsConfirmation: boolean('sms_confirmation').notNull().default(false),
  zeroPrice: boolean('zero_price').notNull().default(false),
  zeroSend: boolean('zero_send').notNull().default(false),
  fullDeclaration: boolean('full_declaration').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** Setting groups of spec §3 ("Settings groups") and the global settings, one value per key. */
export const settings = pgTable('settings', {
  groupId: varchar('group_id', { length: 40 }).notNull(),
  key: varchar('key', { length: 80 }).notNull(),
  value: jsonb('value'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.groupId, t.key] })]);

export const productTypes = pgTable('product_types', {
  id: serial('id').primaryKey(),
  nameAz: varchar('name_az', { length: 160 }).notNull(),
  nameEn: varchar('name_en', { length: 160 }),
  nameRu: varchar('name_ru', { length: 160 }),
  nameTr: varchar('name_tr', { length: 160 }),
  parentId: integer('parent_id'),
  customsId: varchar('customs_id', { length: 32 }),
  customsParentId: varchar('customs_parent_id', { length: 32 }),
  status: smallint('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const shopNames = pgTable('shop_names', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 160 }).notNull(),
  countryId: integer('country_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const tariffCategories = pgTable('tariff_categories', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  descr: text('descr'),
  countryId: integer('country_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** Plans (tariffs): price in USD by country, weight band, liquid (1) or other (2), category. */
export const tariffs = pgTable('tariffs', {
  id: serial('id').primaryKey(),
  countryId: integer('country_id').notNull(),
  weightFrom: numeric('weight_from', { precision: 10, scale: 3 }).notNull(),
  weightTo: numeric('weight_to', { precision: 10, scale: 3 }),
  price: numeric('price', { precision: 14, scale: 2 }).notNull(),
  oldPrice: numeric('old_price', { precision: 14, scale: 2 }),
  type: smallint('type').notNull().default(2),
  categoryId: integer('category_id'),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** Return reasons (spec §3 "Return reason"): why a parcel is sent back. */
export const returnReasons = pgTable('return_reasons', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 160 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
