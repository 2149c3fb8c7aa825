import { useNavigate, useParams, useSearchParams, type RouteObject } from 'react-router';
import { ResourceDetails } from './resource-details';
import { ResourceForm } from './resource-form';
import { ResourceListPage } from './resource-list-page';
import type { FormMode, FormValues, ResourceDefinition } from './types';

type AnyDef = ResourceDefinition<{ id: number }, FormValues>;

/** The row key from the route: `:id` plus numeric query values (statuses' model_id). */
function useKeyParams(def: AnyDef): Record<string, number> | null {
  const { id } = useParams();
  const [search] = useSearchParams();
  const value = Number(id);
  if (!Number.isInteger(value) || value <= 0) return null;
  const extra: Record<string, number> = {};
  search.forEach((v, k) => {
    if (/^\d+$/.test(v)) extra[k] = Number(v);
  });
  return { ...extra, [def.api.key]: value };
}

function useBack(def: AnyDef) {
  const navigate = useNavigate();
  return () => void navigate(`/@next/${def.path}`, { replace: true });
}

function FormRoute({ def, mode }: { def: AnyDef; mode: FormMode }) {
  const key = useKeyParams(def);
  const back = useBack(def);
  return <ResourceForm key={JSON.stringify(key)} def={def} mode={mode} keyParams={mode === 'update' ? key : null} onClose={back} onSaved={back} />;
}

function DetailsRoute({ def }: { def: AnyDef }) {
  const key = useKeyParams(def);
  const back = useBack(def);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  if (!key) return null;
  const query = search.toString();
  return (
    <ResourceDetails
      def={def}
      keyParams={key}
      onClose={back}
      onEdit={() => void navigate(`/@next/${def.path}/${key[def.api.key]}/update${query ? `?${query}` : ''}`)}
    />
  );
}

/**
 * Every list's routes as built, by the list's path. A list's screens hide behind one `{list}/*`
 * route of the app's route table (they load with its chunk); the route walk of the E2E
 * (e2e/routes.e2e.ts) reads them here, so a list added later is opened there too.
 */
export const BUILT_RESOURCE_ROUTES = new Map<string, { def: AnyDef; routes: RouteObject[] }>();

/**
 * The routes of a list, relative to its path: '' (the table), create, {id}/update and {id}
 * (details). Modal lists render them over the table; full-page lists (countries) as pages.
 * Mount them under `{list}/*` (useRoutes in a lazily loaded screen) or as children of `{list}`.
 */
export function buildResourceRoutes<Row extends { id: number }>(definition: ResourceDefinition<Row, FormValues>, extraChildren: RouteObject[] = []): RouteObject[] {
  const def = definition as unknown as AnyDef;
  const screens: RouteObject[] = [
    ...(def.api.create ? [{ path: 'create', element: <FormRoute def={def} mode="create" /> }] : []),
    ...(def.api.update ? [{ path: ':id/update', element: <FormRoute def={def} mode="update" /> }] : []),
    ...(def.details ? [{ path: ':id', element: <DetailsRoute def={def} /> }] : []),
  ];
  const routes: RouteObject[] =
    def.layout === 'page'
      ? [{ path: '', element: <ResourceListPage def={def} />, children: extraChildren }, ...screens]
      : [{ path: '', element: <ResourceListPage def={def} />, children: [...extraChildren, ...screens] }];
  BUILT_RESOURCE_ROUTES.set(def.path, { def, routes });
  return routes;
}
