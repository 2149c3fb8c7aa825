import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { STANDARD_CATEGORY_ID, ZTariffCategoryEditForm, ZTariffCategoryForm, type TariffCategoryRow } from '@app/contract/settings-lists';
import { az } from '@app/contract/texts/az';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Modal, Table } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { http } from '../../../shared/http/http-client';
import { canDo } from '../../../shared/resource/permissions';
import { resourceKeys } from '../../../shared/resource/resource-api';
import { ResourceForm } from '../../../shared/resource/resource-form';
import type { FormMode, FormValues, ResourceDefinition } from '../../../shared/resource/types';
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

const CATEGORIES_PATH = '/@next/plans/categories';

/**
 * plans/categories: 'Xüsusi tariflər' — the special tariff categories in a 576 px modal over the
 * plans; plans/categories/create and plans/categories/{id}/update open the form over it.
 */
export function PlanCategoriesModal({ mode }: { mode?: FormMode }) {
  const navigate = useNavigate();
  const { id } = useParams();
  const { user } = useAuth();
  const list = useQuery({
    queryKey: [...resourceKeys.list(planCategoriesList), 'all'],
    queryFn: ({ signal }) => http.get<{ data: TariffCategoryRow[] }>(planCategoriesList.api.list, { per_page: 1000 }, signal),
  });
  const { contextHolder, confirmDelete } = useDeleteConfirm(anyDef);
  const canWrite = canDo(user, planCategoriesList.permissions, 'update');
  const close = () => void navigate('/@next/plans', { replace: true });
  const backToList = () => void navigate(CATEGORIES_PATH, { replace: true });
  const editedId = Number(id);
  const formKey = mode === 'update' && Number.isInteger(editedId) && editedId > 0 ? { tariff_category_id: editedId } : null;

  return (
    <Modal open width={PLAN_CATEGORIES_WIDTH} title={t.lists.planCategories} onCancel={close} footer={null} destroyOnHidden>
      {contextHolder}
      {canWrite && (
        <Flex justify="flex-end" style={{ marginBottom: 8 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`${CATEGORIES_PATH}/create`)} data-testid="category-create">{t.create}</Button>
        </Flex>
      )}
      <Table<TariffCategoryRow>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.data ?? []}
        pagination={false}
        locale={{ emptyText: az.table.empty }}
        data-testid="table-plan-categories"
        columns={[
          // the row's actions first, as on every list (issue 16)
          {
            key: 'actions', title: '', width: 72, render: (_, r) => canWrite && (
              <Flex gap={4}>
                <Button size="small" type="text" icon={<EditOutlined />} aria-label={`${t.edit}: ${r.name}`}
                  onClick={() => void navigate(`${CATEGORIES_PATH}/${r.id}/update`)} data-testid={`category-edit-${r.id}`} />
                {r.id !== STANDARD_CATEGORY_ID && (
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`${t.delete}: ${r.name}`}
                    onClick={() => confirmDelete({ tariff_category_id: r.id }, r.name)} data-testid={`category-delete-${r.id}`} />
                )}
              </Flex>
            ),
          },
          { key: 'name', title: t.f.name, render: (_, r) => r.name },
          { key: 'country', title: t.f.country, render: (_, r) => text(r.country_name) },
          { key: 'descr', title: t.f.descr, render: (_, r) => text(r.descr) },
        ]}
      />
      {canWrite && mode && (mode === 'create' || formKey) && (
        <ResourceForm
          key={`${mode}-${formKey?.tariff_category_id ?? ''}`}
          def={anyDef}
          mode={mode}
          keyParams={formKey}
          onClose={backToList}
          onSaved={backToList}
        />
      )}
    </Modal>
  );
}
