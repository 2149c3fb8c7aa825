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

/** spec §7: GET /api/client/user */
export interface ClientUserReply {
  data: {
    id: number;
    name: string;
    surname: string;
    admin_branch_id: number | null;
    admin: number;
    delivery_point_id: number | null;
    email: string;
  };
  permissions: string[];
}

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
export interface CountersReply {
  data: {
    courier: number;
    order: number;
    declaration: number;
    conflicted_declaration: number;
    ticket: number;
    waiting_tasks: number;
    executing_tasks: number;
    executed_tasks: number;
  };
}

/** Top bar: GET /api/admin/cashboxes/balance (path from api-paths-in-use). */
export interface CashboxBalanceReply {
  data: { id: number; name: string; amount: string; currency: { id: number; code: string } } | null;
}

/** GET /api/client/settings: the global settings the screens read. */
export interface ClientSettingsReply {
  data: Record<string, unknown>;
}
