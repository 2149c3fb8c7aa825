import { azStatistics } from '@app/contract/texts/az-statistics';
import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_PRESETS, PRESET_LABELS, type DateRangeValue } from '../../../shared/data-table/date-range';
import { officeNow, resolveStatDays } from '../model/stat-query';

const t = azStatistics.screens;

/**
 * The data table's range presets (last 7 / 31 / 90 days, 12 months) or a custom range of whole days;
 * the presets end on the office's today (Asia/Baku), the day the API counts, not the browser's.
 */
export function StatRangePicker({ value, onChange }: { value: DateRangeValue; onChange: (next: DateRangeValue) => void }) {
  const [from, to] = resolveStatDays(value);
  const options = [...DATE_PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] })), { value: 'custom', label: t.customPeriod }];
  return (
    <Space wrap>
      <Select aria-label={t.period} value={value.preset} options={options} style={{ width: 170 }} data-testid="stat-range-preset"
        onChange={(preset: string) => onChange(preset === 'custom' ? { preset: 'custom', from, to } : { preset: preset as (typeof DATE_PRESETS)[number] })} />
      {value.preset === 'custom' && (
        <DatePicker.RangePicker allowClear={false} aria-label={t.customPeriod} data-testid="stat-range-custom"
          value={[dayjs(from), dayjs(to)] as [Dayjs, Dayjs]}
          disabledDate={(day) => day.isAfter(officeNow(), 'day')}
          onChange={(next) => next?.[0] && next[1] && onChange({ preset: 'custom', from: next[0].format('YYYY-MM-DD'), to: next[1].format('YYYY-MM-DD') })} />
      )}
    </Space>
  );
}
