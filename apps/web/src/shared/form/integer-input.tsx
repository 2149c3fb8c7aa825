import { Input, type InputProps } from 'antd';
import { normalizeInteger } from './normalize-number';

export interface IntegerInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: string | number | null;
  onChange?: (value: string) => void;
  /** issue 16: keep a leading minus so the field's range message shows (fields validated by a range). */
  keepSign?: boolean;
}

/** Quantities and ids: only digits survive typing or pasting. */
export function IntegerInput({ value, onChange, keepSign = false, ...rest }: IntegerInputProps) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(event) => onChange?.(normalizeInteger(event.target.value, { keepSign }))}
    />
  );
}
