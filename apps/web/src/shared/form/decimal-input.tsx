import { Input, type InputProps } from 'antd';
import { normalizeDecimal } from './normalize-number';

export interface DecimalInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: string | number | null;
  onChange?: (value: string) => void;
  /** issue 16: keep a leading minus so the field's range message shows (fields validated by a range). */
  keepSign?: boolean;
}

/** Weights and prices: typed text is normalised as the user types ('12,5' → '12.5'). */
export function DecimalInput({ value, onChange, keepSign = false, ...rest }: DecimalInputProps) {
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(event) => onChange?.(normalizeDecimal(event.target.value, { keepSign }))}
    />
  );
}
