import type { CashCategoryListReply, CashRegisterListReply } from '@app/contract/cash-registers';
import { CASH_CATEGORY_LOOKUP_SIZE, CASH_REGISTER_EXPORT_PREFIX } from '@app/contract/cash-registers';
import { buildExportName, saveBlob } from '../../shared/files/save-blob';
import { http, type QueryParams } from '../../shared/http/http-client';
import { useLookup } from '../../shared/http/use-lookup';
import { toCurrencyOptions } from './model/cash-register-model';

/*
 * Calls of the cash registers and cash categories screens. List, info, create, edit and remove go
 * through shared/resource (definitions.tsx); these are the ones beyond it.
 */

export const CASH_REGISTERS_API = {
  list: '/api/admin/cashboxes', info: '/api/admin/cashboxes/info', create: '/api/admin/cashboxes/create',
  update: '/api/admin/cashboxes/edit', remove: '/api/admin/cashboxes/remove', key: 'cashbox_id',
} as const;
export const CASH_CATEGORIES_API = {
  list: '/api/admin/cash_categories/all', info: '/api/admin/cash_categories/info', create: '/api/admin/cash_categories/create',
  update: '/api/admin/cash_categories/edit', remove: '/api/admin/cash_categories/remove', key: 'cash_category_id',
} as const;

export function fetchCashRegisterPage(params: QueryParams, signal: AbortSignal) {
  return http.get<CashRegisterListReply>(CASH_REGISTERS_API.list, params, signal);
}

/** The list's filters as an .xlsx (spec §9: cash-registers_export_ + random). */
export async function exportCashRegisters(params: QueryParams): Promise<void> {
  const { page: _page, per_page: _perPage, ...filters } = params;
  saveBlob(await http.getBlob('/api/admin/cashboxes/export', filters), buildExportName(CASH_REGISTER_EXPORT_PREFIX, 'xlsx'));
}

interface CurrencyRow { id: number; currency_code: string; currency_name: string }

/** The register form's currency select (GET /api/client/currencies). */
export function useCurrencyOptions() {
  return useLookup<CurrencyRow, ReturnType<typeof toCurrencyOptions>>(['lookups', 'currencies'], '/api/client/currencies', undefined, { select: toCurrencyOptions });
}

/** Top-level categories for the parent select (cash operation lookups: 1000, spec §9). */
export function useTopCategories() {
  return useLookup<CashCategoryListReply['data'][number], CashCategoryListReply['data']>(
    ['lookups', 'cash-categories', 'top'], CASH_CATEGORIES_API.list, { is_top: 1, per_page: CASH_CATEGORY_LOOKUP_SIZE },
  );
}

