import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Card, Descriptions, Flex, Modal, Spin, Typography } from 'antd';
import { useAuth } from '../../app/auth/auth-context';
import { readErrorMessage } from '../http/http-error';
import { canDo } from './permissions';
import { useResourceRow } from './resource-api';
import { RESOURCE_MODAL_WIDTH } from './resource-form';
import type { FormValues, ResourceDefinition } from './types';
import { useDeleteConfirm } from './use-delete-confirm';

type AnyDef = ResourceDefinition<{ id: number }, FormValues>;

interface ResourceDetailsProps {
  def: AnyDef;
  keyParams: Record<string, number>;
  onClose: () => void;
  onEdit: () => void;
}

/** One row's details: a modal over the table, or a page for full-page lists (countries info). */
export function ResourceDetails({ def, keyParams, onClose, onEdit }: ResourceDetailsProps) {
  const { user } = useAuth();
  const row = useResourceRow<{ id: number }>(def, keyParams);
  const lookups = def.useOptions?.() ?? { options: {}, isLoading: false };
  const { contextHolder, confirmDelete } = useDeleteConfirm(def, onClose);
  const items = (def.details?.({ options: lookups.options }) ?? []).map((item, i) => ({
    key: String(i),
    label: item.label,
    span: item.span ?? 1,
    children: row.data ? item.render(row.data) : null,
  }));
  const title = fill(az.settingsLists.detailsTitle, { LIST: def.title });
  const isEditable = !row.data || (def.canEditRow?.(row.data) ?? true);
  const actions = (
    <Flex gap={8} justify="flex-end">
      {def.api.update && canDo(user, def.permissions, 'update') && isEditable && (
        <Button icon={<EditOutlined />} onClick={onEdit} data-testid="resource-details-edit">{az.settingsLists.edit}</Button>
      )}
      {def.api.remove && canDo(user, def.permissions, 'delete') && isEditable && (
        <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(keyParams)}>{az.settingsLists.delete}</Button>
      )}
    </Flex>
  );
  const body = (
    <Spin spinning={row.isLoading}>
      {contextHolder}
      {row.isError ? (
        <Alert type="error" showIcon title={readErrorMessage(row.error)} />
      ) : (
        <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} items={items} data-testid={`resource-details-${def.id}`} />
      )}
    </Spin>
  );
  if (def.layout === 'page') {
    return (
      <Card size="small">
        <Flex align="center" gap={8} justify="space-between" style={{ marginBottom: 12 }}>
          <Flex align="center" gap={8}>
            <Button icon={<ArrowLeftOutlined />} onClick={onClose} aria-label={az.settingsLists.back} />
            <Typography.Title level={4} style={{ margin: 0 }}>{title}</Typography.Title>
          </Flex>
          {actions}
        </Flex>
        {body}
      </Card>
    );
  }
  return (
    <Modal open width={def.modalWidth ?? RESOURCE_MODAL_WIDTH} title={title} onCancel={onClose} footer={actions} destroyOnHidden>
      {body}
    </Modal>
  );
}
