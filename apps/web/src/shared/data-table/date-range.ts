import { officeDateTime } from '@app/contract/office-day';
import { DATE_TIME_FORMAT } from '@app/contract/common-constants';
import { az } from '@app/contract/texts/az';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Now on the office's wall clock (Asia/Baku), as a dayjs in the browser's zone: date presets ('today',
 * 'last 7 days' …) end on the office's today, the day the API counts (date-times are read in the
 * office's zone), not the browser's: a browser at UTC−5 at 22:00 is already on the next office day.
 * Only its calendar fields are meaningful.
 */
export function officeNow(at: Date = new Date()): Dayjs {
  return dayjs(officeDateTime(at));
}

/** spec §2: range presets; last 31 days is the default, 'all' is the cleared state. */
export const DATE_PRESETS = ['last7', 'last31', 'last90', 'last12m'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const DEFAULT_DATE_PRESET: DatePreset = 'last31';

export type DateRangeValue =
  | { preset: DatePreset }
  | { preset: 'custom'; from: string; to: string }
  | { preset: 'all' };

/** spec §2: picker modes of the custom range. */
export const PICKER_MODES = ['range', 'week', 'month', 'year'] as const;
export type PickerMode = (typeof PICKER_MODES)[number];

export const PRESET_LABELS: Record<DatePreset, string> = {
  last7: az.table.last7Days,
  last31: az.table.last31Days,
  last90: az.table.last90Days,
  last12m: az.table.last12Months,
};

export const PICKER_MODE_LABELS: Record<PickerMode, string> = {
  range: az.table.modeRange,
  week: az.table.modeWeek,
  month: az.table.modeMonth,
  year: az.table.modeYear,
};

/** Each preset ends today and counts today as its last day: last 7 days = today and the 6 before. */
function presetStart(preset: DatePreset, today: Dayjs): Dayjs {
  switch (preset) {
    case 'last7':
      return today.subtract(6, 'day');
    case 'last31':
      return today.subtract(30, 'day');
    case 'last90':
      return today.subtract(89, 'day');
    case 'last12m':
      return today.subtract(12, 'month').add(1, 'day');
  }
}

/** The first and last day of the range, or null for all time. */
export function resolveDateRange(value: DateRangeValue, now: Dayjs = officeNow()): [Dayjs, Dayjs] | null {
  if (value.preset === 'all') return null;
  if (value.preset === 'custom') {
    const from = dayjs(value.from);
    const to = dayjs(value.to);
    return from.isValid() && to.isValid() ? [from.startOf('day'), to.endOf('day')] : null;
  }
  return [presetStart(value.preset, now).startOf('day'), now.endOf('day')];
}

/** spec §2: sent as date-time at the start of the first day and the end of the last day. */
export function toWireDateRange(
  value: DateRangeValue,
  now: Dayjs = officeNow(),
  names: { from: string; to: string } = { from: 'date_from', to: 'date_to' },
): Record<string, string> {
  const range = resolveDateRange(value, now);
  if (!range) return {};
  return {
    [names.from]: range[0].startOf('day').format(DATE_TIME_FORMAT),
    [names.to]: range[1].endOf('day').format(DATE_TIME_FORMAT),
  };
}

/** The span a week/month/year picker value covers. */
export function spanOfPick(date: Dayjs, mode: PickerMode): [Dayjs, Dayjs] {
  if (mode === 'range') return [date.startOf('day'), date.endOf('day')];
  return [date.startOf(mode), date.endOf(mode)];
}

export function describeDateRange(value: DateRangeValue): string {
  if (value.preset === 'all') return az.table.allTime;
  if (value.preset === 'custom') return value.from === value.to ? value.from : `${value.from} — ${value.to}`;
  return PRESET_LABELS[value.preset];
}

export function serializeDateRange(value: DateRangeValue): string {
  return value.preset === 'custom' ? `${value.from}~${value.to}` : value.preset;
}

export function parseDateRange(text: string): DateRangeValue | null {
  if (text === 'all') return { preset: 'all' };
  if ((DATE_PRESETS as readonly string[]).includes(text)) return { preset: text as DatePreset };
  const match = /^(\d{4}-\d{2}-\d{2})~(\d{4}-\d{2}-\d{2})$/.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const [from, to] = match[1] <= match[2] ? [match[1], match[2]] : [match[2], match[1]];
  return isCalendarDay(from) && isCalendarDay(to) ? { preset: 'custom', from, to } : null;
}

/** 'YYYY-MM-DD' naming a real day: dayjs rolls '2026-13-45' over to 2027-02-14 and calls it valid. */
function isCalendarDay(text: string): boolean {
  const day = dayjs(text);
  return day.isValid() && day.format('YYYY-MM-DD') === text;
}
