import { az } from '@app/contract/texts/az';
import { Modal, type ButtonProps } from 'antd';
import { readErrorMessage } from '../http/http-error';
import { useToast } from '../toast/toast-provider';
import { useDeleteResource } from './resource-api';
import type { FormValues, ResourceDefinition } from './types';

type AnyDef = ResourceDefinition<{ id: number }, FormValues>;

/** Delete asks first ('Diqqət' and the list's question, spec §5/§8), then says what happened. */
export function useDeleteConfirm(def: AnyDef, afterDelete?: () => void) {
  const [modal, contextHolder] = Modal.useModal();
  const toast = useToast();
  const remove = useDeleteResource(def);

  const confirmDelete = (params: Record<string, number>, label?: string) => {
    const question = def.deleteConfirm ?? az.settingsLists.deleteConfirm;
    void modal.confirm({
      title: az.form.confirmTitle,
      content: label ? `${label}: ${question}` : question,
      okText: az.table.yes,
      cancelText: az.table.no,
      okButtonProps: { danger: true, 'data-testid': 'resource-delete-ok' } as ButtonProps,
      onOk: async () => {
        try {
          await remove.mutateAsync(params);
          void toast.success(az.settingsLists.deleted);
          afterDelete?.();
        } catch (error) {
          void toast.error(readErrorMessage(error));
        }
      },
    });
  };
  return { contextHolder, confirmDelete };
}
