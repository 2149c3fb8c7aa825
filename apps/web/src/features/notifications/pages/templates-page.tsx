import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { TEMPLATE_LANGS, TEMPLATE_TYPE_IDS, TEMPLATE_TYPE_NAMES, type TemplateRow } from '@app/contract/notifications';
import { az, fill } from '@app/contract/texts/az';
import { azNotifier } from '@app/contract/texts/az-notifier';
import { Button, Card, Dropdown, Modal, Tag, Typography, type MenuProps } from 'antd';
import { useCallback, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';
import { DataTable } from '../../../shared/data-table/data-table';
import type { TableSort } from '../../../shared/data-table/table-state';
import { formatDateTime } from '../../../shared/format/format-date';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useModelOptions } from '../lookups';
import { rangeParams } from '../model/archive-query';
import { fetchTemplatePage, templateKeys, useCancelTemplate, useSetTemplatesActive } from '../templates-api';

export const TEMPLATES_BASE = '/@next/notifier/templates';
const BY_CREATED: TableSort = { column: 'created_at', order: 'desc' };
const t = azNotifier.templates;
const CHANNEL_OPTIONS = TEMPLATE_TYPE_IDS.map((id) => ({ value: id, label: TEMPLATE_TYPE_NAMES[id] }));
const LANG_OPTIONS = TEMPLATE_LANGS.map((lang) => ({ value: lang, label: lang.toUpperCase() }));

/** notifier/templates (notification_templates): the templates with the fields file's filters; create/update open over the table. */
export function TemplatesPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const toast = useToast();
  const [modal, contextHolder] = Modal.useModal();
  const cancel = useCancelTemplate();
  const setActive = useSetTemplatesActive();
  const models = useModelOptions();

  const openEdit = useCallback((row: TemplateRow) => void navigate({ pathname: `${TEMPLATES_BASE}/${row.id}/update`, search }), [navigate, search]);

  const confirmActive = useCallback((ids: number[], active: boolean, after?: () => void) => {
    void modal.confirm({
      title: az.form.confirmTitle,
      content: fill(active ? t.activeConfirm : t.inactiveConfirm, { N: ids.length }),
      okText: az.table.yes,
      cancelText: az.table.no,
      onOk: async () => {
        try {
          await setActive.mutateAsync({ ids, active });
          void toast.success(t.saved);
          after?.();
        } catch (error) {
          void toast.error(readErrorMessage(error));
        }
      },
    });
  }, [modal, setActive, toast]);

  const confirmDelete = useCallback((row: TemplateRow) => {
    void modal.confirm({
      title: az.form.confirmTitle,
      content: fill(t.deleteConfirm, { NAME: row.name }),
      okText: az.table.yes,
      cancelText: az.table.no,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await cancel.mutateAsync(row.id);
          void toast.success(t.deleted);
        } catch (error) {
          void toast.error(readErrorMessage(error));
        }
      },
    });
  }, [modal, cancel, toast]);

  const columns = useMemo<DataTableColumn<TemplateRow>[]>(() => [
    { key: 'actions', title: '', width: 'actions', isAlwaysVisible: true, render: (row) => {
      const items: MenuProps['items'] = [
        { key: 'edit', label: t.edit, onClick: () => openEdit(row) },
        row.active === 1
          ? { key: 'deactivate', label: t.deactivate, onClick: () => confirmActive([row.id], false) }
          : { key: 'activate', label: t.activate, onClick: () => confirmActive([row.id], true) },
        { key: 'delete', label: t.delete, danger: true, onClick: () => confirmDelete(row) },
      ];
      return (
        <Dropdown menu={{ items }} trigger={['click']}>
          <Button size="small" type="text" icon={<MoreOutlined />} aria-label={azNotifier.archive.actions} data-testid={`template-menu-${row.id}`} />
        </Dropdown>
      );
    } },
    { key: 'id', title: t.id, width: 'small', isAlwaysVisible: true, sortColumn: 'id', filter: { kind: 'number', param: 'id', isInteger: true }, render: (row) => row.id },
    { key: 'name', title: t.name, width: 'large', sortColumn: 'name', filter: { kind: 'text', param: 'name' }, render: (row) => row.name },
    { key: 'template_type_id', title: t.channel, width: 'small', sortColumn: 'template_type_id', filter: { kind: 'select', param: 'template_type_id', options: CHANNEL_OPTIONS },
      render: (row) => <Tag>{row.template_type_name || TEMPLATE_TYPE_NAMES[row.template_type_id as 1] || row.template_type_id}</Tag> },
    { key: 'lang', title: t.language, width: 'smaller', filter: { kind: 'select', param: 'lang', options: LANG_OPTIONS }, render: (row) => row.lang.toUpperCase() },
    { key: 'model_name', title: t.model, width: 'normal', sortColumn: 'model_name', filter: { kind: 'select', param: 'model_name', options: models.data ?? [], isLoading: models.isLoading },
      render: (row) => row.model_name || '—' },
    { key: 'state_name', title: t.state, width: 'normal', sortColumn: 'state_name', filter: { kind: 'text', param: 'state_name' },
      render: (row) => (row.state_id ? row.state_name || `#${row.state_id}` : '—') },
    { key: 'tariff_category_name', title: t.tariffCategory, width: 'normal', isHiddenByDefault: true, render: (row) => row.tariff_category_name || '—' },
    { key: 'title', title: t.title, width: 'normal', render: (row) => row.title || '—' },
    { key: 'body', title: t.body, width: 300, render: (row) => <span title={row.body}>{row.body}</span> },
    { key: 'active', title: t.active, width: 'small', sortColumn: 'active', filter: { kind: 'boolean', param: 'active' },
      render: (row) => (row.active === 1 ? <Tag color="green">{t.isActive}</Tag> : <Tag>{t.isInactive}</Tag>) },
    { key: 'delay', title: t.delay, width: 'small', sortColumn: 'delay', align: 'right', render: (row) => row.delay },
    { key: 'created_at', title: t.createdAt, width: 'date', sortColumn: 'created_at', render: (row) => formatDateTime(row.created_at),
      filter: { kind: 'date-range', param: 'created_at', ...rangeParams('created_at'), defaultPreset: 'all' } },
  ], [openEdit, confirmActive, confirmDelete, models.data, models.isLoading]);

  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      {contextHolder}
      <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>{azNotifier.titles.templates}</Typography.Title>
      <DataTable<TemplateRow>
        tableId="notification-templates"
        columns={columns}
        queryKey={templateKeys.list}
        fetchPage={fetchTemplatePage}
        rowKey={(row) => row.id}
        defaultSort={BY_CREATED}
        onRowDoubleClick={openEdit}
        toolbar={({ selectedRows, clearSelection }) => (
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate({ pathname: `${TEMPLATES_BASE}/create`, search })} data-testid="template-create">
              {t.create}
            </Button>
            {selectedRows.length > 0 ? (
              <>
                <Button onClick={() => confirmActive(selectedRows.map((row) => row.id), true, clearSelection)}>{t.activate}</Button>
                <Button onClick={() => confirmActive(selectedRows.map((row) => row.id), false, clearSelection)}>{t.deactivate}</Button>
              </>
            ) : null}
          </>
        )}
      />
      <Outlet />
    </Card>
  );
}
