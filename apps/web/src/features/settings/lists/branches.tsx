import { EnvironmentOutlined } from '@ant-design/icons';
import { DEFAULT_BRANCH_STATE, ZBranchEditForm, ZBranchForm, type BranchRow } from '@app/contract/settings-lists';
import { az } from '@app/contract/texts/az';
import { Typography } from 'antd';
import type { ResourceDefinition } from '../../../shared/resource/types';
import { combine, useBranchOptions, useBranchStateOptions, useCompanyOptions } from './lookups';
import { dateTime, text, toFilterOptions, yesNo } from './render';
import { crudApi } from '../../../shared/resource/resource-api';

const t = az.settingsLists;
const f = t.f;

/** The map of a branch: its map link, or OpenStreetMap at its coordinates. */
export function mapHref(row: { map_url?: unknown; latitude?: unknown; longitude?: unknown }): string | null {
  if (typeof row.map_url === 'string' && row.map_url) return row.map_url;
  if (row.latitude && row.longitude) return `https://www.openstreetmap.org/?mlat=${String(row.latitude)}&mlon=${String(row.longitude)}#map=17/${String(row.latitude)}/${String(row.longitude)}`;
  return null;
}
function MapLink({ row }: { row: Record<string, unknown> }) {
  const href = mapHref(row);
  return href ? (
    <Typography.Link href={href} target="_blank" rel="noreferrer" data-testid="branch-map">
      <EnvironmentOutlined /> {f.map}
    </Typography.Link>
  ) : '—';
}
const hours = (open: string | null, close: string | null) => (open && close ? `${open}–${close}` : '—');

/** spec §3/§5: branches — company, parent (disabled for a branch), coordinates ≤ 15, sorting letter ≤ 5, hours, map. */
export const branchesList: ResourceDefinition<BranchRow> = {
  id: 'branches',
  path: 'branches',
  title: t.lists.branches,
  api: crudApi('/api/admin/branches', 'branch_id'),
  permissions: { read: 'branches', create: 'branch_add', update: 'branch_edit', delete: 'branch_delete' },
  defaultSort: { column: 'name', order: 'asc' },
  useOptions: () => combine({ companies: useCompanyOptions(), branches: useBranchOptions(), states: useBranchStateOptions() }),
  columns: ({ options, isLoading }) => [
    { key: 'id', title: f.id, width: 'smaller', sortColumn: 'id', render: (r) => r.id, isAlwaysVisible: true },
    { key: 'name', title: f.name, width: 'large', sortColumn: 'name', render: (r) => r.name, filter: { kind: 'text', param: 'name' } },
    { key: 'company', title: f.company, width: 'normal', sortColumn: 'company_id', render: (r) => text(r.company_name), filter: { kind: 'select', param: 'company_id', options: toFilterOptions(options.companies), isLoading } },
    { key: 'parent', title: f.parent, width: 'normal', render: (r) => text(r.parent_branch_name) },
    { key: 'sorting_letter', title: f.sortingLetter, width: 'small', sortColumn: 'sorting_letter', render: (r) => text(r.sorting_letter) },
    { key: 'hours', title: f.workingHours, width: 'normal', render: (r) => (r.open_hour ? hours(r.open_hour, r.close_hour) : text(r.workinghours)) },
    { key: 'address', title: f.address, width: 'large', render: (r) => text(r.address) },
    { key: 'phone', title: f.phone, width: 'normal', render: (r) => text(r.phone) },
    { key: 'region', title: f.isRegionBranch, width: 'small', render: (r) => yesNo(r.is_region_branch), filter: { kind: 'boolean', param: 'is_region_branch' } },
    { key: 'hide', title: f.hide, width: 'small', render: (r) => yesNo(r.hide), filter: { kind: 'boolean', param: 'hide' }, isHiddenByDefault: true },
    { key: 'state', title: f.state, width: 'small', render: (r) => text(r.state_name), filter: { kind: 'select', param: 'state_id', options: toFilterOptions(options.states), isLoading } },
    { key: 'map', title: f.map, width: 'small', render: (r) => <MapLink row={r as unknown as Record<string, unknown>} /> },
  ],
  schema: { create: ZBranchForm, update: ZBranchEditForm },
  defaults: { is_branch: true, hide: false, is_region_branch: false, state_id: DEFAULT_BRANCH_STATE },
  // The row reads as clients read it (0/1 flags, `workinghours`); the form writes our form names.
  toValues: (r) => ({
    ...r, is_branch: Boolean(r.is_branch), hide: Boolean(r.hide), is_region_branch: Boolean(r.is_region_branch), working_hours: r.workinghours ?? undefined,
  }),
  fields: [
    { name: 'name', label: f.name, kind: 'text' },
    { name: 'company_id', label: f.company, kind: 'select', options: 'companies' },
    {
      name: 'is_branch', label: f.isBranch, kind: 'switch', span: 6,
      // spec §3: the parent is disabled (and cleared) when it is a branch
      onChange: (on, { form }) => {
        if (on) form.setFieldValue('parent_id', undefined);
      },
    },
    { name: 'hide', label: f.hide, kind: 'switch', span: 6 },
    { name: 'parent_id', label: f.parent, kind: 'select', options: 'branches', isDisabled: ({ values }) => Boolean(values.is_branch) },
    { name: 'is_region_branch', label: f.isRegionBranch, kind: 'switch', span: 6 },
    { name: 'state_id', label: f.state, kind: 'select', options: 'states', span: 6 },
    { name: 'latitude', label: f.latitude, kind: 'text', span: 6 },
    { name: 'longitude', label: f.longitude, kind: 'text', span: 6 },
    { name: 'sorting_letter', label: f.sortingLetter, kind: 'text', span: 6 },
    { name: 'map_preview', label: f.map, kind: 'custom', span: 6, render: ({ values }) => <MapLink row={values} /> },
    { name: 'open_hour', label: f.openHour, kind: 'time', span: 6 },
    { name: 'close_hour', label: f.closeHour, kind: 'time', span: 6 },
    { name: 'open_hour_saturday', label: f.openHourSaturday, kind: 'time', span: 6 },
    { name: 'close_hour_saturday', label: f.closeHourSaturday, kind: 'time', span: 6 },
    { name: 'working_hours', label: f.workingHours, kind: 'text' },
    { name: 'phone', label: f.phone, kind: 'text' },
    { name: 'email', label: f.email, kind: 'text' },
    { name: 'post_code', label: f.postCode, kind: 'text' },
    { name: 'city_name', label: f.cityName, kind: 'text' },
    { name: 'province_name', label: f.provinceName, kind: 'text' },
    { name: 'address', label: f.address, kind: 'textarea', span: 24 },
    { name: 'map_url', label: f.mapUrl, kind: 'text' },
    { name: 'map_address', label: f.mapAddress, kind: 'text' },
    { name: 'descr', label: f.descr, kind: 'textarea', span: 24 },
  ],
  details: () => [
    { label: f.name, render: (r) => r.name },
    { label: f.company, render: (r) => text(r.company_name) },
    { label: f.isBranch, render: (r) => yesNo(r.is_branch) },
    { label: f.parent, render: (r) => text(r.parent_branch_name) },
    { label: f.state, render: (r) => text(r.state_name) },
    { label: f.sortingLetter, render: (r) => text(r.sorting_letter) },
    { label: f.latitude, render: (r) => text(r.latitude) },
    { label: f.longitude, render: (r) => text(r.longitude) },
    { label: f.map, render: (r) => <MapLink row={r as unknown as Record<string, unknown>} /> },
    { label: f.workingHours, render: (r) => text(r.workinghours) },
    { label: `${f.openHour} / ${f.closeHour}`, render: (r) => hours(r.open_hour, r.close_hour) },
    { label: `${f.openHourSaturday} / ${f.closeHourSaturday}`, render: (r) => hours(r.open_hour_saturday, r.close_hour_saturday) },
    { label: f.address, render: (r) => text(r.address), span: 2 },
    { label: f.phone, render: (r) => text(r.phone) },
    { label: f.email, render: (r) => text(r.email) },
    { label: f.cityName, render: (r) => text(r.city_name) },
    { label: f.postCode, render: (r) => text(r.post_code) },
    { label: f.isRegionBranch, render: (r) => yesNo(r.is_region_branch) },
    { label: f.hide, render: (r) => yesNo(r.hide) },
    { label: f.descr, render: (r) => text(r.descr), span: 2 },
    { label: f.createdAt, render: (r) => dateTime(r.created_at) },
  ],
};
