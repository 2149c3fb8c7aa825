import { Input, type InputProps } from 'antd';
import { normalizeInteger } from './normalize-number';

export interface IntegerInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: string | number | null;
  onChange?: (value: string) => void;
}

/** Quantities and ids: only digits survive typing or pasting. */
export function IntegerInput({ value, onChange, ...rest }: IntegerInputProps) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(event) => onChange?.(normalizeInteger(event.target.value))}
    />
  );
}
