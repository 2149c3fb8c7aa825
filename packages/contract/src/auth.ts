import { z } from 'zod';
import { zFlag } from './common';

/** spec §7: POST /api/admin/token (form). */
export const ZTokenForm = z.object({
  email: z.string().trim().toLowerCase().email(),
  password: z.string().min(1).max(200),
  rememberMe: zFlag.optional().default(false),
});
export type TokenForm = z.infer<typeof ZTokenForm>;

/** Refresh: the refresh token from the login reply (form or JSON). */
export const ZRefreshForm = z.object({
  refresh_token: z.string().min(10).max(200),
});

export const ZLogoutForm = z.object({
  refresh_token: z.string().min(10).max(200).optional(),
});

export interface TokenReply {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** One permission held, as real clients read it (`permissions[].code_name`, issue 14). */
export const ZClientPermission = z.object({
  code_name: z.string(),
  name: z.string(),
  model_id: z.number().int(),
});
export type ClientPermission = z.infer<typeof ZClientPermission>;

/** spec §7: GET /api/client/user (issue 14: permissions are objects with `code_name`). The reply schema. */
export const ZClientUserReply = z.object({
  data: z.object({
    id: z.number().int(),
    name: z.string(),
    surname: z.string(),
    user_name: z.string(),
    admin_branch_id: z.number().int().nullable(),
    admin: z.number().int(),
    delivery_point_id: z.number().int().nullable(),
    email: z.string(),
  }),
  permissions: z.array(ZClientPermission),
});
export type ClientUserReply = z.infer<typeof ZClientUserReply>;

/** spec §3 "Authenticated user": the web app's model of the signed-in user. */
export interface AuthUser {
  id: number;
  firstName: string;
  lastName: string;
  adminBranchId: number | null;
  admin: number;
  deliveryPointId: number | null;
  email: string;
  role: string;
  permissions: string[];
}

/** spec §7: POST /api/admin/notification/count (spec §3 "Counters"). */
/** POST /api/admin/notification/count: the sidebar's badges (the reply schema). */
export const ZCountersReply = z.object({
  data: z.object({
    courier: z.number().int(),
    order: z.number().int(),
    declaration: z.number().int(),
    conflicted_declaration: z.number().int(),
    ticket: z.number().int(),
    waiting_tasks: z.number().int(),
    executing_tasks: z.number().int(),
    executed_tasks: z.number().int(),
  }),
});
export type CountersReply = z.infer<typeof ZCountersReply>;

/** A country as clients read it from GET /api/client/settings (`data.countries[]`). */
export const ZClientSettingsCountry = z.object({ id: z.number().int(), abbr: z.string(), name: z.string(), unit: z.string() });
export type ClientSettingsCountry = z.infer<typeof ZClientSettingsCountry>;

/** A foreign warehouse address (settings group "warehouse", one per country) as a list row. */
export const ZClientSettingsWarehouse = z.object({
  country_id: z.number().int(),
  country_name: z.string(),
  address_heading: z.string(),
  address: z.string(),
  district: z.string(),
  city: z.string(),
  province: z.string(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string(),
  passport_identity: z.string(),
});
export type ClientSettingsWarehouse = z.infer<typeof ZClientSettingsWarehouse>;

/**
 * GET /api/client/settings: the global settings the screens read. `countries`, `working_hours` and
 * `warehouses` are what real clients read (issue 14); the setting groups (`others`, `cashflow`,
 * `email`…) follow as `{ group: { key: value } }` with the keys the settings screens edit.
 */
export const ZClientSettingsReply = z.object({
  data: z.object({
    countries: z.array(ZClientSettingsCountry),
    working_hours: z.string().nullable(),
    warehouses: z.array(ZClientSettingsWarehouse),
  }).catchall(z.unknown()),
});
export type ClientSettingsReply = z.infer<typeof ZClientSettingsReply>;
