import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dateRangePresets } from '../utils/dateShortcuts';
import { DATETIME_FORMAT } from '../utils/format';

const atTime = (hour: number) => dayjs().hour(hour).minute(0).second(0).millisecond(0);

/**
 * The time part of a range's pickers (spec 9, "time selection defaults"): a day picked without touching the
 * time starts at 09:00 and ends at 18:00, and the minutes move in steps of 30. Only the time of day of the
 * default values is read.
 */
const RANGE_TIME: RangePickerProps['showTime'] = { format: 'HH:mm', minuteStep: 30, defaultValue: [atTime(9), atTime(18)] };

/**
 * The filter of a list by a span of date and time: the portal's datetime format, the spec's time defaults and,
 * unless `presets` is false, the date shortcuts.
 */
export function TimeRangePicker({ presets = true, ...props }: Omit<RangePickerProps, 'presets' | 'showTime' | 'format'> & { presets?: boolean }) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      {...props}
      showTime={RANGE_TIME}
      format={DATETIME_FORMAT}
      presets={presets ? dateRangePresets((shortcut) => t(`dateShortcut.${shortcut}`)) : undefined}
    />
  );
}
