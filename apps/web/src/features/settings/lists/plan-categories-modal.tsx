import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ZTariffCategoryEditForm, ZTariffCategoryForm, type TariffCategoryRow } from '@app/contract/settings-lists';
import { az } from '@app/contract/texts/az';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Modal, Table } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { http } from '../../../shared/http/http-client';
import { canDo } from '../../../shared/resource/permissions';
import { resourceKeys } from '../../../shared/resource/resource-api';
import { ResourceForm } from '../../../shared/resource/resource-form';
import type { FormValues, ResourceDefinition } from '../../../shared/resource/types';
import { useDeleteConfirm } from '../../../shared/resource/use-delete-confirm';
import { combine, useCountryOptions } from './lookups';
import { text } from './render';

const t = az.settingsLists;
/** spec §2/§9: the plan categories modal is 576 px wide. */
export const PLAN_CATEGORIES_WIDTH = 576;

export const planCategoriesList: ResourceDefinition<TariffCategoryRow> = {
  id: 'plan-categories',
  path: 'plans/categories',
  title: t.lists.planCategories,
  modalWidth: PLAN_CATEGORIES_WIDTH,
  api: {
    list: '/api/admin/tariff/category_list', info: '/api/admin/tariff/category_info', create: '/api/admin/tariff/category_create',
    update: '/api/admin/tariff/category_edit', remove: '/api/admin/tariff/category_cancel', key: 'tariff_category_id',
  },
  permissions: { read: 'tarifs' },
  useOptions: () => combine({ countries: useCountryOptions() }),
  columns: () => [],
  schema: { create: ZTariffCategoryForm, update: ZTariffCategoryEditForm },
  fields: [
    { name: 'name', label: t.f.name, kind: 'text', span: 24 },
    { name: 'country_id', label: t.f.country, kind: 'select', options: 'countries', span: 24 },
    { name: 'descr', label: t.f.descr, kind: 'textarea', span: 24 },
  ],
};
const anyDef = planCategoriesList as unknown as ResourceDefinition<{ id: number }, FormValues>;

/** plans/categories: 'Xüsusi tariflər' — the special tariff categories, added, renamed and removed in place. */
export function PlanCategoriesModal() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const list = useQuery({
    queryKey: [...resourceKeys.list(planCategoriesList), 'all'],
    queryFn: ({ signal }) => http.get<{ data: TariffCategoryRow[] }>(planCategoriesList.api.list, { per_page: 1000 }, signal),
  });
  const { contextHolder, confirmDelete } = useDeleteConfirm(anyDef);
  const canWrite = canDo(user, planCategoriesList.permissions, 'update');
  const close = () => void navigate('/@next/plans', { replace: true });

  return (
    <Modal open width={PLAN_CATEGORIES_WIDTH} title={t.lists.planCategories} onCancel={close} footer={null} destroyOnHidden>
      {contextHolder}
      {canWrite && (
        <Flex justify="flex-end" style={{ marginBottom: 8 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="category-create">{t.create}</Button>
        </Flex>
      )}
      <Table<TariffCategoryRow>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.data ?? []}
        pagination={false}
        locale={{ emptyText: az.table.empty }}
        columns={[
          { key: 'name', title: t.f.name, render: (_, r) => r.name },
          { key: 'country', title: t.f.country, render: (_, r) => text(r.country_name) },
          {
            key: 'actions', title: '', width: 88, render: (_, r) => canWrite && (
              <Flex gap={4}>
                <Button size="small" type="text" icon={<EditOutlined />} aria-label={t.edit} onClick={() => setEditing(r.id)} />
                {r.id !== 1 && (
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t.delete}
                    onClick={() => confirmDelete({ tariff_category_id: r.id }, r.name)} />
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing !== null && (
        <ResourceForm
          def={anyDef}
          mode={editing === 'new' ? 'create' : 'update'}
          keyParams={editing === 'new' ? null : { tariff_category_id: editing }}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
    </Modal>
  );
}
