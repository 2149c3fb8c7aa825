import { az } from '@app/contract/texts/az';
import { Modal } from 'antd';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useSetRole, useUserAction, type UserAction } from '../api';

interface UserRef {
  id: number;
  name: string;
  surname: string;
}

const CONFIRM_TEXTS: Record<UserAction, { question: string; done: string }> = {
  delete: { question: az.users.confirmDelete, done: az.users.deleted },
  block: { question: az.users.confirmBlock, done: az.users.blockedDone },
  unblock: { question: az.users.confirmUnblock, done: az.users.unblockedDone },
};

/**
 * Role change, block, unblock and delete: each asks first ('Diqqət', spec §2/§8), then calls the
 * server and says what happened. `afterDelete` lets the details page leave the deleted user.
 */
export function useUserActions(options: { afterDelete?: () => void } = {}) {
  const [modal, contextHolder] = Modal.useModal();
  const toast = useToast();
  const action = useUserAction();
  const setRole = useSetRole();

  const describe = (user: UserRef) => `${user.name} ${user.surname}`.trim();

  const confirmAction = (kind: UserAction, user: UserRef) => {
    const texts = CONFIRM_TEXTS[kind];
    void modal.confirm({
      title: az.form.confirmTitle,
      content: `${describe(user)}: ${texts.question}`,
      okText: az.table.yes,
      cancelText: az.table.no,
      okButtonProps: { danger: kind !== 'unblock' },
      onOk: async () => {
        try {
          await action.mutateAsync({ action: kind, userId: user.id });
          void toast.success(texts.done);
          if (kind === 'delete') (options.afterDelete ?? (() => undefined))();
        } catch (error) {
          void toast.error(readErrorMessage(error));
        }
      },
    });
  };

  const confirmRole = (user: UserRef, role: number) => {
    void modal.confirm({
      title: az.form.confirmTitle,
      content: `${describe(user)}: ${az.users.confirmRole} (${az.users.roles[role]})`,
      okText: az.table.yes,
      cancelText: az.table.no,
      onOk: async () => {
        try {
          await setRole.mutateAsync({ userId: user.id, admin: role });
          void toast.success(az.usersUi.roleChanged);
        } catch (error) {
          void toast.error(readErrorMessage(error));
        }
      },
    });
  };

  return { contextHolder, confirmAction, confirmRole };
}
