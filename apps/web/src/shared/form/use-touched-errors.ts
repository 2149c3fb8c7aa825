import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';

type ItemStatus = { validateStatus?: ''; help?: null };

/**
 * spec §5: a field shows its error only after the user touched it (or tried to submit).
 * Spread `hideUntilTouched(name)` on a Form.Item; call `markSubmitted()` from onFinishFailed.
 */
export function useTouchedErrors(form: FormInstance) {
  const [isSubmitted, setSubmitted] = useState(false);
  const [, rerender] = useState(0);

  const onFieldsChange = useCallback(() => rerender((n) => n + 1), []);
  const markSubmitted = useCallback(() => setSubmitted(true), []);
  const reset = useCallback(() => setSubmitted(false), []);

  const isErrorVisible = useCallback(
    (name: string | (string | number)[]) => isSubmitted || form.isFieldTouched(name),
    [form, isSubmitted],
  );

  const hideUntilTouched = useCallback(
    (name: string | (string | number)[]): ItemStatus => (isErrorVisible(name) ? {} : { validateStatus: '', help: null }),
    [isErrorVisible],
  );

  return { onFieldsChange, markSubmitted, reset, isErrorVisible, hideUntilTouched };
}
