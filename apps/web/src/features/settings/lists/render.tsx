import { az } from '@app/contract/texts/az';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { SelectOption } from '../../../shared/form/search-select';
import { formatDateTime } from '../../../shared/format/format-date';

/** Small renderers the list declarations share. */
export const yesNo = (value: unknown): ReactNode =>
  value ? <Tag color="green">{az.settingsLists.yes}</Tag> : <Tag>{az.settingsLists.no}</Tag>;
export const text = (value: unknown): ReactNode => (value === null || value === undefined || value === '' ? '—' : String(value));
export const dateTime = (value: string | null | undefined): ReactNode => formatDateTime(value) || '—';
export const toFilterOptions = (options: readonly SelectOption[] | undefined) => (options ?? []).map((o) => ({ value: String(o.value), label: o.label }));
