import { DATE_FORMAT, DATE_TIME_FORMAT } from '@app/contract/common-constants';
import dayjs from 'dayjs';

/** spec §9: date-time YYYY-MM-DD HH:mm:ss; an empty or invalid value shows as a dash. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : value;
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : value;
}
