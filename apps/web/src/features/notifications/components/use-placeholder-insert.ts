import type { FormInstance, InputRef } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useCallback, useRef } from 'react';
import { insertPlaceholder } from '../model/placeholder-insert';

type TextField = 'title' | 'body';

/**
 * A form's `title` and `body` fields and the chips that write placeholders into them: a chip writes
 * at the caret of the field used last (the body unless the title was), then the caret is back in
 * the field right after it. A field never focused gets the placeholder at its end.
 */
export function usePlaceholderInsert(form: FormInstance) {
  const bodyRef = useRef<TextAreaRef>(null);
  const titleRef = useRef<InputRef>(null);
  const lastField = useRef<TextField>('body');

  const elementOf = useCallback((field: TextField): HTMLInputElement | HTMLTextAreaElement | null =>
    field === 'body' ? bodyRef.current?.resizableTextArea?.textArea ?? null : titleRef.current?.input ?? null, []);

  const insert = useCallback((name: string) => {
    const field = lastField.current === 'title' && elementOf('title') ? 'title' : 'body';
    const element = elementOf(field);
    const text = (form.getFieldValue(field) as string | undefined) ?? '';
    const isCaretKnown = element !== null && element.dataset.caretKnown === '1';
    const next = insertPlaceholder(
      { text, start: isCaretKnown ? element.selectionStart ?? -1 : -1, end: isCaretKnown ? element.selectionEnd ?? -1 : -1 },
      name,
    );
    form.setFields([{ name: field, value: next.text, touched: true }]);
    void form.validateFields([field]).catch(() => undefined);
    window.requestAnimationFrame(() => {
      const target = elementOf(field);
      if (!target) return;
      target.focus();
      target.setSelectionRange(next.start, next.end);
      target.dataset.caretKnown = '1';
    });
  }, [form, elementOf]);

  /** On the field's focus and selection: chips now write there, at its caret. */
  const remember = useCallback((field: TextField) => {
    lastField.current = field;
    const element = elementOf(field);
    if (element) element.dataset.caretKnown = '1';
  }, [elementOf]);

  return { bodyRef, titleRef, insert, remember };
}
