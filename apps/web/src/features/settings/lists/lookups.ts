import { MODEL } from '@app/contract/models';
import type { SelectOption } from '../../../shared/form/search-select';
import { useLookup } from '../../../shared/http/use-lookup';

interface Named { id: number; name?: string; country_name?: string; name_az?: string }

const toOptions = (items: Named[]): SelectOption[] => items.map((i) => ({ value: i.id, label: i.name ?? i.country_name ?? i.name_az ?? String(i.id) }));

/** The reference lists the settings forms pick from (cached 15 minutes, spec §9 sizes). */
export const listLookupKeys = {
  countries: ['lookups', 'countries'] as const,
  branches: ['lookups', 'branches'] as const,
  companies: ['lookups', 'companies'] as const,
  categories: ['lookups', 'tariff-categories'] as const,
  models: ['lookups', 'models'] as const,
  returnReasons: ['lookups', 'return-reasons'] as const,
  productTypes: ['lookups', 'product-types'] as const,
  branchStates: ['lookups', 'statuses', MODEL.branches] as const,
  allStatuses: ['lookups', 'statuses', 'all'] as const,
};

const useNamedLookup = (key: readonly unknown[], path: string, perPage: number, isEnabled = true) =>
  useLookup<Named, SelectOption[]>(key, path, { per_page: perPage }, { select: toOptions, isEnabled });

export const useCountryOptions = () => useNamedLookup(listLookupKeys.countries, '/api/admin/countries', 10000);
export const useBranchOptions = () => useNamedLookup(listLookupKeys.branches, '/api/admin/branches', 5000);
export const useCompanyOptions = () => useNamedLookup(listLookupKeys.companies, '/api/admin/companies', 5000);
export const useCategoryOptions = () => useNamedLookup(listLookupKeys.categories, '/api/admin/tariff/category_list', 1000);
export const useModelOptions = () => useNamedLookup(listLookupKeys.models, '/api/admin/models/getlist', 5000);
export const useReturnReasonOptions = () => useNamedLookup(listLookupKeys.returnReasons, '/api/admin/return_reasons', 5000);
export const useProductTypeOptions = () => useNamedLookup(listLookupKeys.productTypes, '/api/admin/product-types/getlist', 10000);

export function useBranchStateOptions() {
  return useLookup<Named, SelectOption[]>(listLookupKeys.branchStates, '/api/admin/states/getlistbymodelid', { model_id: MODEL.branches }, { select: toOptions });
}

export interface StatusOption extends SelectOption { modelId: number }
export function useAllStatusOptions(isEnabled = true) {
  return useLookup<{ id: number; name: string; model_id: number }, StatusOption[]>(
    listLookupKeys.allStatuses, '/api/admin/states/list', { per_page: 5000 },
    { select: (items) => items.map((s) => ({ value: s.id, label: `${s.id} · ${s.name}`, modelId: s.model_id })), isEnabled },
  );
}

/** Several lookups as one `{ options, isLoading }` for a list definition. */
export function combine(entries: Record<string, { data?: readonly SelectOption[]; isLoading: boolean }>) {
  const options: Record<string, readonly SelectOption[]> = {};
  let isLoading = false;
  for (const [key, value] of Object.entries(entries)) {
    options[key] = value.data ?? [];
    isLoading ||= value.isLoading;
  }
  return { options, isLoading };
}
