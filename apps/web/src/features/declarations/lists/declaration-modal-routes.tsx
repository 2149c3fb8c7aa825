import { productPriceSign } from '@app/contract/countries';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useBranches, useDeclaration, useDeclarationStatuses, useProductTypes, useTariffCategoryOptions } from '../api';
import { buildDeclarationColumns } from './declaration-columns';
import { readUrlFilters } from './url-filters';
import { DeclarationFormModal } from '../form/declaration-form-modal';
import { ReturnModal } from '../workflow/return-modal';
import { StatusTimelineModal } from '../workflow/status-timeline-modal';
import { StuckAtCustomsModal } from '../workflow/stuck-at-customs-modal';

const LIST = '/@next/declarations';

/** Modal routes carry the table's URL state, so closing goes back to the table as it was. */
function useCloseToList() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(() => {
    const params = new URLSearchParams(search);
    params.delete('combined_id');
    const rest = params.toString();
    void navigate({ pathname: LIST, search: rest ? `?${rest}` : '' }, { replace: true });
  }, [navigate, search]);
}

function readId(text: string | undefined): number {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** '1,2,3' → [1, 2, 3]; anything that is not a positive id is dropped. */
export function readIdList(text: string | null | undefined, separator: string | RegExp = ','): number[] {
  return (text ?? '').split(separator).map(readId).filter((id) => id > 0);
}

export function CreateDeclarationRoute() {
  const close = useCloseToList();
  const [search] = useSearchParams();
  return <DeclarationFormModal combinedIds={readIdList(search.get('combined_id'))} onClose={close} />;
}

export function UpdateDeclarationRoute() {
  const { declarationId } = useParams();
  const close = useCloseToList();
  return <DeclarationFormModal declarationId={readId(declarationId)} onClose={close} />;
}

export function TimelineRoute() {
  const { declarationId } = useParams();
  const close = useCloseToList();
  const declaration = useDeclaration(readId(declarationId));
  return <StatusTimelineModal declarationId={readId(declarationId)} trackCode={declaration.data?.track_code} onClose={close} />;
}

/** spec §2: {ids}/stuck-at-customs, several ids joined by '/'. */
export function StuckAtCustomsRoute({ ids }: { ids: string }) {
  const close = useCloseToList();
  return <StuckAtCustomsModal declarationIds={readIdList(ids, '/')} onClose={close} />;
}

/**
 * spec §2/§4: declarations/stuck-at-customs with the table's filters in the URL: the bulk 'held at
 * customs' (36) for every parcel matching them, which the dialog counts and names before saving.
 */
export function StuckAtCustomsByFiltersRoute() {
  const close = useCloseToList();
  const [search] = useSearchParams();
  const statuses = useDeclarationStatuses();
  const productTypes = useProductTypes();
  const branches = useBranches();
  const tariffCategories = useTariffCategoryOptions();
  const filters = useMemo(() => {
    const columns = buildDeclarationColumns({
      statuses: statuses.data ?? [], productTypes: productTypes.data ?? [], branches: branches.data ?? [], tariffCategories: tariffCategories.data ?? [], isLoading: false,
    });
    return readUrlFilters(search, columns);
  }, [search, statuses.data, productTypes.data, branches.data, tariffCategories.data]);
  return <StuckAtCustomsModal filters={filters.params} filterDescriptions={filters.descriptions} onClose={close} />;
}

export function ReturnRoute() {
  const { declarationId } = useParams();
  const close = useCloseToList();
  const declaration = useDeclaration(readId(declarationId));
  return <ReturnModal declarationId={readId(declarationId)} priceSign={productPriceSign(declaration.data?.country_id ?? 0)} onClose={close} />;
}
