import { az } from '@app/contract/texts/az';
import { Modal, type FormInstance, type ModalProps } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

/** What a dialog's first field is: the first control a person can type into or pick with. */
const FIELD_SELECTOR = [
  'input:not([type="hidden"]):not([disabled]):not([readonly])',
  // antd's plain (non-search) select is a read-only combobox input: still the field to start on
  'input[role="combobox"]:not([disabled])',
  'textarea:not([disabled]):not([readonly])',
  'select:not([disabled])',
  '[contenteditable="true"]',
].join(', ');

/**
 * issue 16: a dialog opens with the focus on its first field, not on the close X. Looks inside the
 * dialog's body only (never the header's close button); a field hidden by a collapsed section or
 * `display: none` is skipped. Returns whether a field took the focus.
 */
export function focusFirstField(root: HTMLElement | null): boolean {
  if (!root) return false;
  const body = root.querySelector<HTMLElement>('.ant-modal-body') ?? root;
  for (const element of Array.from(body.querySelectorAll<HTMLElement>(FIELD_SELECTOR))) {
    if (element.closest('[aria-hidden="true"], [hidden], .ant-form-item-hidden')) continue;
    if (typeof element.checkVisibility === 'function' && !element.checkVisibility()) continue;
    element.focus();
    return document.activeElement === element;
  }
  return false;
}

/**
 * issue 16: closing a form with changes (Escape, the X, 'Ləğv et', a click on the mask) asks first
 * ('Dəyişikliklər yadda saxlanılmayıb…'); an untouched form closes at once. `isDirty` defaults to
 * "the user touched a field of `form`". Render `contextHolder` inside the dialog.
 */
export function useDiscardGuard(options: { form?: FormInstance; isDirty?: () => boolean; onClose: () => void }) {
  const { form, isDirty, onClose } = options;
  const [modal, contextHolder] = Modal.useModal();
  const isAsking = useRef(false);

  const requestClose = useCallback(() => {
    const isChanged = isDirty ? isDirty() : form?.isFieldsTouched() ?? false;
    if (!isChanged) return onClose();
    if (isAsking.current) return;
    isAsking.current = true;
    void modal.confirm({
      title: az.form.discardTitle,
      content: az.form.discardText,
      okText: az.form.discardOk,
      cancelText: az.form.discardCancel,
      okButtonProps: { danger: true, 'data-testid': 'discard-ok' } as ModalProps['okButtonProps'],
      cancelButtonProps: { 'data-testid': 'discard-cancel' } as ModalProps['cancelButtonProps'],
      // A stray Enter must not throw the work away: the safe answer has the focus.
      autoFocusButton: 'cancel',
      onOk: () => onClose(),
      afterClose: () => {
        isAsking.current = false;
      },
    });
  }, [form, isDirty, onClose, modal]);

  return { requestClose, contextHolder };
}

export type FormModalProps = Omit<ModalProps, 'onCancel'> & {
  /** The dialog's form: touched fields make it dirty. */
  form?: FormInstance;
  /** Instead of `form`'s touched state (e.g. a form kept outside antd's Form). */
  isDirty?: () => boolean;
  /** Closes the dialog (after the confirmation when the form has changes). */
  onClose: () => void;
  /** A footer of its own, given the guarded close for its 'Ləğv et' button (instead of `footer`). */
  renderFooter?: (requestClose: () => void) => ReactNode;
};

/** Where antd leaves the focus when a dialog opens: the dialog's frame, its close X, a focus guard. */
const DIALOG_FRAME = '.ant-modal-wrap, .ant-modal, .ant-modal-content, .ant-modal-close, [aria-hidden="true"], [tabindex="-1"]';

/**
 * Whether the focus is where the user (or another dialog's field or question) put it: anything but
 * the page itself or a dialog's frame — this one's, or that of a dialog it is nested in.
 */
function hasChosenFocus(root: HTMLElement | null): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !root) return false;
  return !active.matches(DIALOG_FRAME);
}

/** Whether the focus is already on a field inside `root` (the user's or ours). */
function hasFieldFocus(root: HTMLElement | null): boolean {
  const active = document.activeElement;
  return Boolean(root && active && root.contains(active) && active.matches(FIELD_SELECTOR));
}

/**
 * Every form dialog of the app (issue 16): antd's Modal that asks before discarding changes and
 * opens with the focus on its first field. Use it instead of Modal for create/edit dialogs.
 */
export function FormModal({ form, isDirty, onClose, renderFooter, afterOpenChange, modalRender, children, ...rest }: FormModalProps) {
  const { requestClose, contextHolder } = useDiscardGuard({ form, isDirty, onClose });
  const rootRef = useRef<HTMLDivElement>(null);

  // The dialog mounts open: focus its first field once painted, again when the open motion ends
  // (antd moves the focus onto the dialog itself then), and when fields appear later (a form shown
  // once its data has loaded) — unless a field has it already or the user put it somewhere else.
  const focusField = useCallback(() => {
    if (!hasFieldFocus(rootRef.current) && !hasChosenFocus(rootRef.current)) focusFirstField(rootRef.current);
  }, []);
  // antd renders the dialog's content in a later commit than this component's: the observer starts
  // when the content's element is there (a state set by its ref), not at this component's mount
  const [rootElement, setRootElement] = useState<HTMLDivElement | null>(null);
  const attachRoot = useCallback((element: HTMLDivElement | null) => {
    rootRef.current = element;
    setRootElement(element);
  }, []);
  useEffect(() => {
    if (rest.open === false) return;
    // 700 ms: after the open motion of a dialog this one is nested in (it takes the focus when it ends)
    const timers = [0, 150, 350, 700].map((ms) => window.setTimeout(focusField, ms));
    const observer = new MutationObserver(focusField);
    if (rootElement) observer.observe(rootElement, { childList: true, subtree: true });
    // a dialog this one is nested in takes the focus when its own (slower, on a busy machine) open
    // motion ends: hand it back to the field
    document.addEventListener('focusin', focusField);
    // once the user clicks or types anywhere, the focus is theirs: nothing moves it any more (a
    // click's own effects, e.g. antd's wave, must not pull the focus and scroll back to the field)
    const stopWatching = () => {
      observer.disconnect();
      document.removeEventListener('focusin', focusField);
      document.removeEventListener('pointerdown', stopWatching, true);
      document.removeEventListener('keydown', stopWatching, true);
      timers.forEach((id) => window.clearTimeout(id));
    };
    document.addEventListener('pointerdown', stopWatching, true);
    document.addEventListener('keydown', stopWatching, true);
    // the first few seconds only: later changes of the form never move the user's focus
    const stop = window.setTimeout(stopWatching, 5_000);
    return () => {
      timers.forEach((id) => window.clearTimeout(id));
      window.clearTimeout(stop);
      stopWatching();
    };
  }, [rest.open, focusField, rootElement]);

  return (
    <Modal
      {...rest}
      {...(renderFooter ? { footer: renderFooter(requestClose) } : {})}
      onCancel={requestClose}
      afterOpenChange={(isOpen) => {
        if (isOpen) focusField();
        afterOpenChange?.(isOpen);
      }}
      modalRender={(node) => <div ref={attachRoot}>{modalRender ? modalRender(node) : node}</div>}
    >
      {contextHolder}
      {children}
    </Modal>
  );
}
