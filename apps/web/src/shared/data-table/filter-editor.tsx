import { az } from '@app/contract/texts/az';
import { Button, DatePicker, Divider, Flex, Input, Radio, Segmented, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { DecimalInput } from '../form/decimal-input';
import { IntegerInput } from '../form/integer-input';
import { SearchSelect } from '../form/search-select';
import type { ColumnFilter, FilterValue } from './column-types';
import {
  DATE_PRESETS,
  PICKER_MODES,
  officeNow,
  PICKER_MODE_LABELS,
  PRESET_LABELS,
  resolveDateRange,
  spanOfPick,
  type DateRangeValue,
  type PickerMode,
} from './date-range';

interface FilterEditorProps {
  filter: ColumnFilter;
  title: string;
  value: FilterValue | undefined;
  onChange: (value: FilterValue | undefined) => void;
  close: () => void;
}

const EDITOR_WIDTH = 248;

function TextEditor({ filter, title, value, onChange, close }: FilterEditorProps) {
  const text = typeof value === 'string' ? value : '';
  const isNumber = filter.kind === 'number';
  const inputProps = {
    autoFocus: true,
    placeholder: title,
    value: text,
    allowClear: true,
    onPressEnter: close,
    'aria-label': title,
  };
  return (
    <Space orientation="vertical" style={{ width: EDITOR_WIDTH }}>
      {filter.kind === 'number' && filter.isInteger ? (
        <IntegerInput {...inputProps} onChange={(next) => onChange(next || undefined)} />
      ) : isNumber ? (
        <DecimalInput {...inputProps} onChange={(next) => onChange(next || undefined)} />
      ) : (
        <Input {...inputProps} onChange={(event) => onChange(event.target.value || undefined)} />
      )}
      <Flex justify="space-between">
        <Button size="small" onClick={() => { onChange(undefined); close(); }}>
          {az.table.clear}
        </Button>
        <Button size="small" type="primary" onClick={close}>
          {az.table.search}
        </Button>
      </Flex>
    </Space>
  );
}

function SelectEditor({ filter, title, value, onChange, close }: FilterEditorProps) {
  if (filter.kind !== 'select') return null;
  const values = Array.isArray(value) ? value : [];
  return (
    <Space orientation="vertical" style={{ width: EDITOR_WIDTH }}>
      <SearchSelect
        autoFocus
        aria-label={title}
        style={{ width: '100%' }}
        mode={filter.isMulti ? 'multiple' : undefined}
        maxTagCount="responsive"
        loading={filter.isLoading}
        options={filter.options}
        value={filter.isMulti ? values : values[0]}
        onChange={(next) => {
          const list = (Array.isArray(next) ? next : next === undefined || next === null ? [] : [next]).map(String);
          onChange(list.length > 0 ? list : undefined);
          if (!filter.isMulti) close();
        }}
      />
      <Flex justify="space-between">
        <Button size="small" onClick={() => { onChange(undefined); close(); }}>
          {az.table.clear}
        </Button>
        <Button size="small" type="primary" onClick={close}>
          {az.table.filter}
        </Button>
      </Flex>
    </Space>
  );
}

function BooleanEditor({ title, value, onChange, close }: FilterEditorProps) {
  return (
    <Radio.Group
      aria-label={title}
      value={value === '1' || value === '0' ? value : 'any'}
      onChange={(event) => {
        const next = event.target.value as string;
        onChange(next === 'any' ? undefined : next);
        close();
      }}
      options={[
        { value: '1', label: az.table.yes },
        { value: '0', label: az.table.no },
        { value: 'any', label: az.table.all },
      ]}
      optionType="button"
      buttonStyle="solid"
    />
  );
}

function DateRangeEditor({ value, onChange, close }: FilterEditorProps) {
  const range = (value ?? { preset: 'all' }) as DateRangeValue;
  const [mode, setMode] = useState<PickerMode>('range');
  const resolved = resolveDateRange(range);
  const applySpan = (from: Dayjs, to: Dayjs) => {
    onChange({ preset: 'custom', from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') });
  };
  return (
    <Space orientation="vertical" style={{ width: 300 }}>
      <Radio.Group
        value={range.preset === 'custom' || range.preset === 'all' ? range.preset : range.preset}
        onChange={(event) => {
          const preset = event.target.value as DateRangeValue['preset'];
          if (preset === 'custom') {
            const [from, to] = resolved ?? [officeNow(), officeNow()];
            applySpan(from, to);
          } else {
            onChange({ preset } as DateRangeValue);
            close();
          }
        }}
      >
        <Space orientation="vertical" size={4}>
          {DATE_PRESETS.map((preset) => (
            <Radio key={preset} value={preset}>{PRESET_LABELS[preset]}</Radio>
          ))}
          <Radio value="custom">{az.table.custom}</Radio>
          <Radio value="all">{az.table.allTime}</Radio>
        </Space>
      </Radio.Group>
      <Divider style={{ margin: '4px 0' }} />
      <Segmented<PickerMode>
        size="small"
        block
        value={mode}
        onChange={setMode}
        options={PICKER_MODES.map((m) => ({ value: m, label: PICKER_MODE_LABELS[m] }))}
      />
      {mode === 'range' ? (
        <DatePicker.RangePicker
          style={{ width: '100%' }}
          allowClear={false}
          value={resolved ?? null}
          onChange={(dates) => {
            if (dates?.[0] && dates[1]) applySpan(dates[0], dates[1]);
          }}
        />
      ) : (
        <DatePicker
          style={{ width: '100%' }}
          picker={mode}
          allowClear={false}
          value={resolved?.[0] ?? null}
          onChange={(date) => {
            if (!date) return;
            const [from, to] = spanOfPick(date, mode);
            applySpan(from, to);
          }}
        />
      )}
      <Flex justify="space-between">
        <Button size="small" onClick={() => { onChange({ preset: 'all' }); close(); }}>
          {az.table.clear}
        </Button>
        <Button size="small" type="primary" onClick={close}>
          {az.table.filter}
        </Button>
      </Flex>
    </Space>
  );
}

/** The dropdown under a column's filter icon; every change applies at once (the request waits 300 ms). */
export function FilterEditor(props: FilterEditorProps) {
  const { filter } = props;
  let editor;
  switch (filter.kind) {
    case 'select':
      editor = <SelectEditor {...props} />;
      break;
    case 'boolean':
      editor = <BooleanEditor {...props} />;
      break;
    case 'date-range':
      editor = <DateRangeEditor {...props} />;
      break;
    default:
      editor = <TextEditor {...props} />;
  }
  return (
    <div style={{ padding: 8 }} onKeyDown={(event) => event.stopPropagation()}>
      {editor}
    </div>
  );
}
