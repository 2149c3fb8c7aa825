import type { SelectOption } from '../../shared/form/search-select';
import { useLookup } from '../../shared/http/use-lookup';

interface Named { id: number; name?: string; country_name?: string }

const toOptions = (items: Named[]): SelectOption[] => items.map((item) => ({ value: item.id, label: item.name ?? item.country_name ?? `#${item.id}` }));

/** The reference lists the notification forms pick from (cached 15 minutes like every lookup, spec §9). */
export const notifierLookupKeys = {
  statuses: (modelId: number) => ['notifications', 'lookups', 'statuses', modelId] as const,
  models: ['notifications', 'lookups', 'models'] as const,
  categories: ['notifications', 'lookups', 'tariff-categories'] as const,
  branches: ['notifications', 'lookups', 'branches'] as const,
  countries: ['notifications', 'lookups', 'countries'] as const,
  flights: ['notifications', 'lookups', 'flights'] as const,
};

export function useStatusOptions(modelId: number | null | undefined) {
  return useLookup<Named, SelectOption[]>(notifierLookupKeys.statuses(modelId ?? 0), '/api/admin/states/getlistbymodelid', { model_id: modelId ?? 0 }, {
    select: (items) => items.map((item) => ({ value: item.id, label: `${item.id} · ${item.name ?? ''}` })),
    isEnabled: !!modelId,
  });
}

export const useModelOptions = () => useLookup<Named, SelectOption[]>(notifierLookupKeys.models, '/api/admin/models/getlist', { per_page: 5000 }, { select: toOptions });
export const useTariffCategoryOptions = () =>
  useLookup<Named, SelectOption[]>(notifierLookupKeys.categories, '/api/admin/tariff/category_list', { per_page: 1000 }, { select: toOptions });
export const useBranchOptions = () => useLookup<Named, SelectOption[]>(notifierLookupKeys.branches, '/api/admin/branches', { per_page: 5000 }, { select: toOptions });
export const useCountryOptions = () => useLookup<Named, SelectOption[]>(notifierLookupKeys.countries, '/api/admin/countries', { per_page: 10000 }, { select: toOptions });
export const useFlightOptions = () =>
  useLookup<Named, SelectOption[]>(notifierLookupKeys.flights, '/api/admin/v2/flights/list', { per_page: 200, sort_column: 'id', sort_order: 'desc' }, { select: toOptions });
