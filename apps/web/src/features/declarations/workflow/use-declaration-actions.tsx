import { DECLARATION_STATUS } from '@app/contract/statuses-constants';
import { az, fill } from '@app/contract/texts/az';
import { Modal } from 'antd';
import { useState } from 'react';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import {
  useBulkChangeDeclarationState,
  useCancelDeclarations,
  useChangeDeclarationState,
  useDeclarationAction,
  useToggleDeclarationRead,
  type DeclarationAction,
} from '../api';
import { describeDeclarationStatus } from '../shared/status-names';
import { LazyStuckAtCustomsModal } from '../shared/lazy-list-parts';

export interface DeclarationRef {
  id: number;
  trackCode: string;
  isRead: boolean;
}

const CONFIRMS: Record<DeclarationAction, { question: string; done: string; isDanger: boolean }> = {
  cancel: { question: az.declarationsUi.confirmDelete, done: az.declarations.deleted, isDanger: true },
  cancelDispatch: { question: az.declarationsUi.confirmCancelDispatch, done: az.declarations.dispatchCancelled, isDanger: true },
  removeFromFlight: { question: az.declarationsUi.confirmRemoveFromFlight, done: az.declarations.removedFromFlight, isDanger: false },
};

/**
 * The declaration actions of the row menu, the selection menu and the details page: each asks
 * first ('Diqqət', spec §2/§8), calls the server and says what happened. Status 88 asks its reason
 * in the stuck-at-customs modal. Render `contextHolder` once in the screen.
 */
export function useDeclarationActions(options: { afterDelete?: () => void } = {}) {
  const [modal, modalHolder] = Modal.useModal();
  const toast = useToast();
  const action = useDeclarationAction();
  const changeState = useChangeDeclarationState();
  const bulkState = useBulkChangeDeclarationState();
  const cancelMany = useCancelDeclarations();
  const toggleRead = useToggleDeclarationRead();
  const [reasonIds, setReasonIds] = useState<number[] | null>(null);

  const confirm = (content: string, isDanger: boolean, run: () => Promise<void>) =>
    void modal.confirm({
      title: az.form.confirmTitle,
      content,
      okText: az.table.yes,
      cancelText: az.table.no,
      okButtonProps: { danger: isDanger },
      onOk: async () => {
        try {
          await run();
        } catch (error) {
          void toast.error(readErrorMessage(error));
        }
      },
    });

  const confirmAction = (kind: DeclarationAction, declaration: DeclarationRef) => {
    const texts = CONFIRMS[kind];
    confirm(fill(texts.question, { CODE: declaration.trackCode }), texts.isDanger, async () => {
      await action.mutateAsync({ action: kind, declarationId: declaration.id });
      void toast.success(texts.done);
      if (kind === 'cancel') options.afterDelete?.();
    });
  };

  /** spec §4: 9 changes after a confirmation; 88 opens the reason modal. */
  const changeStatus = (declaration: DeclarationRef, stateId: number) => {
    if (stateId === DECLARATION_STATUS.heldAtCustoms) {
      setReasonIds([declaration.id]);
      return;
    }
    const content = fill(az.declarationsUi.confirmStatus, { CODE: declaration.trackCode, STATUS: describeDeclarationStatus(stateId) });
    confirm(content, false, async () => {
      void toast.loading({ content: az.declarations.statusChanging, key: 'declaration-status' });
      await changeState.mutateAsync({ declarationId: declaration.id, stateId });
      void toast.success({ content: az.declarations.statusChanged, key: 'declaration-status' });
    });
  };

  /** spec §5: bulk status change asks with the count. */
  const changeStatusMany = (ids: readonly number[], stateId: number, afterDone?: () => void) => {
    if (ids.length === 0) {
      void toast.warning(az.declarations.noSelection);
      return;
    }
    if (stateId === DECLARATION_STATUS.heldAtCustoms) {
      setReasonIds([...ids]);
      return;
    }
    const content = fill(az.declarationsUi.confirmBulkStatus, { N: ids.length, STATUS: describeDeclarationStatus(stateId) });
    confirm(content, false, async () => {
      const reply = await bulkState.mutateAsync({ declarationIds: ids, stateId });
      void toast.success(fill(az.declarationsUi.statusChangedMany, { N: reply.data.count }));
      afterDone?.();
    });
  };

  const deleteMany = (ids: readonly number[], afterDone?: () => void) => {
    if (ids.length === 0) {
      void toast.warning(az.declarations.noSelection);
      return;
    }
    confirm(fill(az.declarationsUi.confirmDeleteMany, { N: ids.length }), true, async () => {
      const reply = await cancelMany.mutateAsync(ids);
      void toast.success(fill(az.declarationsUi.deletedMany, { N: reply.data.count }));
      afterDone?.();
    });
  };

  const switchRead = async (declaration: DeclarationRef) => {
    try {
      await toggleRead.mutateAsync({ declarationId: declaration.id, isNew: declaration.isRead });
      void toast.success(az.declarationsUi.readChanged);
    } catch (error) {
      void toast.error(readErrorMessage(error));
    }
  };

  /** Screens of later issues (return, handover) answer honestly instead of doing nothing. */
  const showNotReady = () => void toast.info(az.declarationsUi.notReadyAction);

  const contextHolder = (
    <>
      {modalHolder}
      {reasonIds && <LazyStuckAtCustomsModal declarationIds={reasonIds} onClose={() => setReasonIds(null)} />}
    </>
  );

  return { contextHolder, confirmAction, changeStatus, changeStatusMany, deleteMany, switchRead, showNotReady };
}
