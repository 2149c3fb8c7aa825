import { randomInt } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  CASH_REGISTER_EXPORT_PREFIX, ZCashCategoryEditForm, ZCashCategoryForm, ZCashCategoryIdQuery, ZCashCategoryInfoReply, ZCashCategoryListQuery,
  ZCashCategoryListReply, ZCashCategorySavedReply, ZCashCategoryTreeQuery, ZCashCategoryTreeReply, ZCashRegisterEditForm, ZCashRegisterForm,
  ZCashRegisterIdQuery, ZCashRegisterInfoReply, ZCashRegisterListOrLookupReply, ZCashRegisterListQuery, ZCashRegisterSavedReply,
} from '@app/contract/cash-registers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { XLSX_MIME } from '../../platform/xlsx';
import {
  createCashCategory, createCashRegister, editCashCategory, editCashRegister, listCashCategories, listCashCategoryTree, listCashRegisters,
  readCashCategory, readCashRegister, removeCashCategory, removeCashRegister, writeCashRegisterExport,
} from './service';

const tags = ['cash-registers'];
const READ = { permission: 'cashflow' } as const;
const REGISTERS_CUD = { permission: 'cashboxes.cud' } as const;
const CATEGORIES_CUD = { permission: 'cash_categories.cud' } as const;

/**
 * Cash registers (`cashboxes/*`) and cash categories (`cash_categories/*`) of issue 17 items 3, 4.
 * The top bar's `cashboxes/balance` stays in modules/money.
 */
export function registerCashRegisterRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;

  // ---------------------------------------------------------------- cash registers
  app.get('/api/admin/cashboxes', {
    schema: {
      tags,
      summary: 'Cash registers: amount = what each holds now (balance), initial_amount; filters id, name, created_at; per_page up to 1000 (pickers). Office staff without cashflow get the picker columns only (id, cashbox_name, currency)',
      querystring: ZCashRegisterListQuery, response: { 200: ZCashRegisterListOrLookupReply },
    },
    config: { access: 'office' },
  }, (req) => listCashRegisters(app.db, requireUser(req), req.query, tz()));

  app.get('/api/admin/cashboxes/info', {
    schema: { tags, summary: 'One cash register (cashbox_id) for its edit form', querystring: ZCashRegisterIdQuery, response: { 200: ZCashRegisterInfoReply } },
    config: { access: READ },
  }, (req) => readCashRegister(app.db, req.query.cashbox_id, tz()));

  app.post('/api/admin/cashboxes/create', {
    schema: {
      tags, summary: 'A new cash register (multipart cashbox_name, amount = initial amount, currency_id); its balance starts at the initial amount',
      body: ZCashRegisterForm, response: { 200: ZCashRegisterSavedReply },
    },
    config: { access: REGISTERS_CUD },
  }, (req) => createCashRegister(app.db, requireUser(req), req.body));

  app.post('/api/admin/cashboxes/edit', {
    schema: {
      tags,
      summary: 'Name and currency of a register (cashbox_id). The initial amount is locked (spec §5): the same value is ignored, another is 422; the currency cannot change once it has ledger entries',
      body: ZCashRegisterEditForm, response: { 200: ZCashRegisterSavedReply },
    },
    config: { access: REGISTERS_CUD },
  }, (req) => editCashRegister(app.db, requireUser(req), req.body));

  // `remove` is what clients send (api-paths-in-use); spec §7 names it `cancel`: both answer.
  for (const path of ['/api/admin/cashboxes/remove', '/api/admin/cashboxes/cancel']) {
    app.post(path, {
      schema: {
        tags, summary: 'Removes a register (soft; cashbox_id): refused while it has ledger entries, is named in settings cashflow or is a user\'s register',
        querystring: ZCashRegisterIdQuery, response: { 200: ZCashRegisterSavedReply },
      },
      config: { access: REGISTERS_CUD },
    }, (req) => removeCashRegister(app.db, requireUser(req), req.query.cashbox_id));
  }

  app.get('/api/admin/cashboxes/export', {
    schema: { tags, summary: "The registers of the list's filters as .xlsx (cash-registers_export_{random}.xlsx)", querystring: ZCashRegisterListQuery },
    config: { access: READ },
  }, async (req, reply) => {
    const out = new PassThrough();
    const name = `${CASH_REGISTER_EXPORT_PREFIX}${randomInt(100_000, 1_000_000)}.xlsx`;
    void reply.header('content-type', XLSX_MIME).header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store').send(out);
    writeCashRegisterExport(app.db, req.query, tz(), out).catch((err: unknown) => {
      req.log.error({ err }, 'cash registers export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply;
  });

  // ---------------------------------------------------------------- cash categories
  app.get('/api/admin/cash_categories', {
    schema: {
      tags, summary: 'Cash categories as a tree: top-level rows with their sub_categories (the cascader)',
      querystring: ZCashCategoryTreeQuery, response: { 200: ZCashCategoryTreeReply },
    },
    config: { access: READ },
  }, (req) => listCashCategoryTree(app.db, req.query, tz()));

  app.get('/api/admin/cash_categories/all', {
    schema: {
      tags, summary: 'Cash categories, flat and paged (parent_id + parent_name); filters id, name, created_at, parent_id, is_top; per_page up to 1000',
      querystring: ZCashCategoryListQuery, response: { 200: ZCashCategoryListReply },
    },
    config: { access: READ },
  }, (req) => listCashCategories(app.db, req.query, tz()));

  app.get('/api/admin/cash_categories/info', {
    schema: { tags, summary: 'One cash category (cash_category_id)', querystring: ZCashCategoryIdQuery, response: { 200: ZCashCategoryInfoReply } },
    config: { access: READ },
  }, (req) => readCashCategory(app.db, req.query.cash_category_id, tz()));

  app.post('/api/admin/cash_categories/create', {
    schema: {
      tags, summary: 'A new cash category (multipart category_name, parent_id: a top-level category or blank)',
      body: ZCashCategoryForm, response: { 200: ZCashCategorySavedReply },
    },
    config: { access: CATEGORIES_CUD },
  }, (req) => createCashCategory(app.db, requireUser(req), req.body));

  app.post('/api/admin/cash_categories/edit', {
    schema: {
      tags, summary: 'Name and parent of a category (cash_category_id): never its own parent nor a cycle; two levels (a child has no children)',
      body: ZCashCategoryEditForm, response: { 200: ZCashCategorySavedReply },
    },
    config: { access: CATEGORIES_CUD },
  }, (req) => editCashCategory(app.db, requireUser(req), req.body));

  for (const path of ['/api/admin/cash_categories/remove', '/api/admin/cash_categories/cancel']) {
    app.post(path, {
      schema: {
        tags, summary: 'Removes a category (soft; cash_category_id): refused while it has sub-categories or cash operations use it',
        querystring: ZCashCategoryIdQuery, response: { 200: ZCashCategorySavedReply },
      },
      config: { access: CATEGORIES_CUD },
    }, (req) => removeCashCategory(app.db, requireUser(req), req.query.cash_category_id));
  }
}
