import {
  ZDeclarationStatsReply, ZDiscountCancelForm, ZDiscountForm, ZGoldenTenQuery, ZGoldenTenReply, ZOperationsReply, ZPermissionsEditForm,
  ZPermissionsReply, ZSetAdminQuery, ZTrackCodeQuery, ZTrackCodeReply, ZUserAppOptionsReply, ZUserCountReply, ZUserCountStatsQuery,
  ZUserCreateForm, ZUserDetailReply, ZUserDiscountListQuery, ZUserDiscountListReply, ZUserIdQuery, ZUserIdsQuery, ZUserListQuery,
  ZUserListReply, ZUserSelectQuery, ZUserSelectReply, ZUserUpdateForm, ZChangedUserExportForm,
} from '@app/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zInt } from '@app/contract/common';
import { PassThrough } from 'node:stream';
import { requireUser } from '../../platform/auth/guard';
import { sendCsv } from '../../platform/csv';
import { XLSX_MIME, xlsxFileName } from '../../platform/xlsx';
import {
  applyUserDiscount, cancelUserDiscount, createUser, deleteUser, editUserPermissions, exportUserDiscounts, exportUsers,
  findUserByTrackCode, listOperations, listUserDiscounts, listUserOptions, listUsers, readAppOptions, readDeclarationStats,
  readGoldenTen, readUser, readUserCountStats, readUserPermissions, setUserBlocked, setUserRole, updateUser, writeChangedUsersExport,
} from './service';

const tags = ['users'];
/** Account writes: `user_edit` for customers, `admins` for staff; the service decides per account (issue 13). */
const STAFF_OR_CUSTOMER_EDIT = ['user_edit', 'admins'] as const;

export function registerUserRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;

  // ---------------------------------------------------------------- permissions
  app.get('/api/admin/operations', {
    schema: { tags, summary: 'Every operation (permission code), grouped by model', querystring: z.object({ per_page: zInt.optional() }), response: { 200: ZOperationsReply } },
    config: { access: { permission: 'changeuserpermissions' } },
  }, () => listOperations(app.db));

  app.get('/api/admin/permissions', {
    schema: { tags, summary: "A user's operation ids, company, cash register and branch", querystring: ZUserIdQuery, response: { 200: ZPermissionsReply } },
    config: { access: { permission: 'changeuserpermissions' } },
  }, (req) => readUserPermissions(app.db, requireUser(req), req.query.user_id));

  app.post('/api/admin/permissions/edit', {
    schema: { tags, summary: "Save a user's operations, cash register, branch and company", body: ZPermissionsEditForm },
    config: { access: { permission: 'changeuserpermissions' } },
  }, (req) => editUserPermissions(app.db, requireUser(req), req.body));

  // ---------------------------------------------------------------- users
  app.get('/api/admin/v2/client/list', {
    schema: { tags, summary: 'Users list (filters, page, per_page, sort_column, sort_order)', querystring: ZUserListQuery, response: { 200: ZUserListReply } },
    config: { access: { permission: 'users' } },
  }, (req) => listUsers(app.db, requireUser(req), req.query, tz()));

  app.get('/api/admin/users/export', {
    schema: { tags, summary: 'The filtered users list as CSV (users_list_…)', querystring: ZUserListQuery },
    config: { access: { permission: 'user_edit' } },
  }, async (req, reply) => sendCsv(reply, 'users_list_', await exportUsers(app.db, requireUser(req), req.query, tz())));

  app.get('/api/admin/client/user', {
    schema: { tags, summary: 'User details with balances, debt, spend, counts, cashback and discounts', querystring: ZUserIdQuery, response: { 200: ZUserDetailReply } },
    config: { access: { permission: 'users' } },
  }, (req) => readUser(app.db, requireUser(req), req.query.user_id, tz()));

  app.post('/api/admin/client/create', {
    schema: { tags, summary: 'Create a user (form)', body: ZUserCreateForm },
    config: { access: { permission: STAFF_OR_CUSTOMER_EDIT } },
  }, (req) => createUser(app.db, requireUser(req), req.body));

  app.post('/api/admin/client/update', {
    schema: { tags, summary: 'Update a user (form; blank password keeps it)', body: ZUserUpdateForm },
    config: { access: { permission: STAFF_OR_CUSTOMER_EDIT } },
  }, (req) => updateUser(app.db, requireUser(req), req.body));

  app.post('/api/admin/client/delete', {
    schema: { tags, summary: 'Soft-delete a user (history kept)', querystring: ZUserIdQuery },
    config: { access: { permission: STAFF_OR_CUSTOMER_EDIT } },
  }, (req) => deleteUser(app.db, requireUser(req), req.query.user_id));

  app.post('/api/admin/client/set_admin', {
    schema: { tags, summary: "Change users' role (0–4; ?user_id=a,b)", querystring: ZSetAdminQuery },
    config: { access: { permission: ['user_edit', 'admins'] } },
  }, (req) => setUserRole(app.db, requireUser(req), req.query.user_id, req.query.admin));

  app.post('/api/admin/client/block', {
    schema: { tags, summary: 'Block users (?user_id=a,b; ends their sessions at once)', querystring: ZUserIdsQuery },
    config: { access: { permission: STAFF_OR_CUSTOMER_EDIT } },
  }, (req) => setUserBlocked(app.db, requireUser(req), req.query.user_id, true));

  app.post('/api/admin/client/unblock', {
    schema: { tags, summary: 'Unblock users (?user_id=a,b)', querystring: ZUserIdsQuery },
    config: { access: { permission: STAFF_OR_CUSTOMER_EDIT } },
  }, (req) => setUserBlocked(app.db, requireUser(req), req.query.user_id, false));

  app.post('/api/admin/client/track_code', {
    schema: { tags, summary: 'The customer of a parcel by track code (as client/user)', querystring: ZTrackCodeQuery, response: { 200: ZTrackCodeReply } },
    config: { access: { permission: 'users' } },
  }, (req) => findUserByTrackCode(app.db, requireUser(req), req.query.track_code, tz()));

  app.get('/api/admin/users/select', {
    schema: { tags, summary: 'Users lookup (id, code, name, surname, admin)', querystring: ZUserSelectQuery, response: { 200: ZUserSelectReply } },
    config: { access: 'office' },
  }, (req) => listUserOptions(app.db, requireUser(req), req.query, tz()));

  app.get('/api/admin/users/app/options', {
    schema: { tags, summary: 'The staff accounts ({ id, username }), and the roles, genders, branches, companies, cash registers and countries of the user forms', response: { 200: ZUserAppOptionsReply } },
    config: { access: 'office' },
  }, () => readAppOptions(app.db));

  app.get('/api/admin/users/declaration_stats', {
    schema: { tags, summary: "The user's parcels per month", querystring: ZUserIdQuery, response: { 200: ZDeclarationStatsReply } },
    config: { access: { permission: 'users' } },
  }, (req) => readDeclarationStats(app.db, requireUser(req), req.query.user_id, tz()));

  // ---------------------------------------------------------------- discounts
  app.post('/api/admin/users/discount', {
    schema: { tags, summary: 'Apply a delivery discount (form)', body: ZDiscountForm },
    config: { access: { permission: 'user_discount' } },
  }, (req) => applyUserDiscount(app.db, requireUser(req), req.body, tz()));

  app.post('/api/admin/users/discountCancel', {
    schema: { tags, summary: 'Cancel a discount (user_discount_id)', body: ZDiscountCancelForm },
    config: { access: { permission: 'user_discount' } },
  }, (req) => cancelUserDiscount(app.db, requireUser(req), req.body.user_discount_id));

  app.get('/api/admin/user_discounts', {
    schema: { tags, summary: 'Active discounts (discounted customers)', querystring: ZUserDiscountListQuery, response: { 200: ZUserDiscountListReply } },
    config: { access: { permission: ['users', 'user_discount'] } },
  }, (req) => listUserDiscounts(app.db, req.query, tz()));

  app.get('/api/admin/user_discounts_export', {
    schema: { tags, summary: 'Active discounts as CSV (discount_users_export_…)', querystring: ZUserDiscountListQuery },
    config: { access: { permission: 'user_edit' } },
  }, async (req, reply) => sendCsv(reply, 'discount_users_export_', await exportUserDiscounts(app.db, req.query, tz())));

  // A read that real clients send as a multipart POST (the logs screen's 'Bağlama düzəliş export').
  app.post('/api/admin/changedUserExport', {
    schema: {
      tags,
      summary: "Parcels moved from one customer to another (.xlsx, changed_users_…): multipart start_date, end_date ('YYYY-MM-DD' or '', office days, inclusive); from the audit log's declaration edits; an admin gets everyone's, others their own",
      body: ZChangedUserExportForm,
    },
    config: { access: { permission: 'my_logs' }, isReadOnly: true },
  }, async (req, reply) => {
    const out = new PassThrough();
    void reply.header('content-type', XLSX_MIME).header('content-disposition', `attachment; filename="${xlsxFileName('changed_users_')}"`)
      .header('cache-control', 'no-store').send(out);
    writeChangedUsersExport(app.db, requireUser(req), req.body, tz(), out).catch((err: unknown) => {
      req.log.error({ err }, 'changed users export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply;
  });

  // ---------------------------------------------------------------- statistics
  app.get('/api/admin/statistics/by_user_count', {
    schema: { tags, summary: 'Users by role and new customers per month (getlist=true: the customers)', querystring: ZUserCountStatsQuery, response: { 200: ZUserCountReply } },
    config: { access: { permission: 'users' } },
  }, (req) => readUserCountStats(app.db, requireUser(req), req.query, tz()));

  app.get('/api/admin/statistics/qizilonluq', {
    schema: { tags, summary: "'Golden ten': top customers by delivery spend in a month (YYYY-MM)", querystring: ZGoldenTenQuery, response: { 200: ZGoldenTenReply } },
    config: { access: { permission: 'users' } },
  }, (req) => readGoldenTen(app.db, req.query, tz()));
}
