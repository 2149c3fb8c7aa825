import { az } from '@app/contract/texts/az';
import { Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';

export interface SelectOption {
  value: string | number;
  label: string;
}

function readLabel(label: ReactNode): string {
  return typeof label === 'string' || typeof label === 'number' ? String(label) : '';
}

/** spec §5: case-insensitive substring match on the option's label. */
export function matchesLabel(input: string, option?: { label?: ReactNode }): boolean {
  return readLabel(option?.label).toLocaleLowerCase('az').includes(input.trim().toLocaleLowerCase('az'));
}

export type SearchSelectProps = Omit<SelectProps<unknown, SelectOption>, 'showSearch' | 'options'> & {
  options: readonly SelectOption[];
};

/** Every select of the app: clearable and searchable by label. */
export function SearchSelect({ options, placeholder, ...rest }: SearchSelectProps) {
  return (
    <Select<unknown, SelectOption>
      allowClear
      showSearch={{ filterOption: (input, option) => matchesLabel(input, option) }}
      placeholder={placeholder ?? az.form.selectPlaceholder}
      options={options as SelectOption[]}
      notFoundContent={az.table.empty}
      {...rest}
    />
  );
}
