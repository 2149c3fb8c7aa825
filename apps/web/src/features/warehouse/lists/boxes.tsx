import { az } from '@app/contract/texts/az';
import { ZContainerForm, type ContainerRow } from '@app/contract/warehouse';
import { Button, Tooltip } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { ResourceDefinition } from '../../../shared/resource/types';
import { useBranches } from '../../declarations/api';
import { crudApi } from '../../../shared/resource/resource-api';

/*
 * Boxes and partner boxes (spec §2 "Settings-type lists", §3 Box / Partner box) through the one
 * resource pattern. The Boxes list's History button works only with a branch filter (spec §2).
 */

const W = az.warehouse;

/** History of the filtered branch's box transfers: enabled only while a branch filter is set. */
function BranchHistoryButton() {
  const [search] = useSearchParams();
  const branchId = (search.get('branch_id') ?? '').split(',').filter(Boolean);
  const isEnabled = branchId.length === 1;
  const button = <Button disabled={!isEnabled}>{W.history}</Button>;
  return isEnabled ? <Link to={`/@next/box-transfers/${branchId[0]}/branch`}>{button}</Link> : <Tooltip title={W.historyNeedsBranch}>{button}</Tooltip>;
}

function boxList(isPartner: boolean): ResourceDefinition<ContainerRow> {
  const base = isPartner ? '/api/branchpartner/containers' : '/api/admin/containers';
  const write = isPartner ? 'branch_manager' : 'containers';
  return {
    id: isPartner ? 'partner-boxes' : 'boxes',
    path: isPartner ? 'partner-boxes' : 'boxes',
    title: isPartner ? W.partnerBoxes : W.boxes,
    api: crudApi(base, 'container_id'),
    permissions: { read: write, create: write, update: write, delete: write },
    useOptions: () => {
      const branches = useBranches();
      return { options: { branches: branches.data ?? [] }, isLoading: branches.isLoading };
    },
    columns: ({ options, isLoading }) => [
      { key: 'id', title: 'ID', width: 'smaller', sortColumn: 'id', isAlwaysVisible: true, render: (r) => r.id },
      { key: 'name', title: W.name, width: 'normal', sortColumn: 'container_name', render: (r) => r.container_name, filter: { kind: 'text', param: 'container_name' } },
      {
        key: 'branch', title: W.branch, width: 'normal', sortColumn: 'branch_id', render: (r) => r.branch_name ?? '—',
        filter: { kind: 'select', param: 'branch_id', options: (options.branches ?? []).map((o) => ({ value: String(o.value), label: o.label })), isLoading },
      },
      { key: 'count', title: W.declarationCount, width: 'small', render: (r) => r.declaration_count },
      { key: 'user', title: W.user, width: 'normal', render: (r) => r.user_name || '—' },
      { key: 'created', title: W.createdAt, width: 'date', sortColumn: 'created_at', render: (r) => r.created_at },
    ],
    schema: { create: ZContainerForm, update: ZContainerForm },
    toValues: (r) => ({ container_id: r.id, container_name: r.container_name, branch_id: r.branch_id ?? undefined }),
    fields: [
      { name: 'container_name', label: W.name, kind: 'text', maxLength: 64 },
      { name: 'branch_id', label: W.branch, kind: 'select', options: 'branches' },
    ],
    details: () => [
      { label: W.name, render: (r) => r.container_name },
      { label: W.branch, render: (r) => r.branch_name ?? '—' },
      { label: W.declarationCount, render: (r) => r.declaration_count },
      { label: W.user, render: (r) => r.user_name || '—' },
      { label: W.createdAt, render: (r) => r.created_at },
    ],
    toolbarExtra: isPartner ? undefined : <BranchHistoryButton />,
    rowActions: isPartner ? undefined : (row) => [{
      key: 'history', label: W.history, onClick: () => { window.location.assign(`/@next/box-transfers/${row.id}/container`); },
    }],
  };
}

export const boxesList = boxList(false);
export const partnerBoxesList = boxList(true);
