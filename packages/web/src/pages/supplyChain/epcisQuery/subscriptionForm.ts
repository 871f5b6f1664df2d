import type { Dayjs } from 'dayjs';
import { SCHEDULE_FIELDS, type Schedule, type SubscriptionBody } from '../../../api/epcisQueries';
import { timeFilter } from '../../../utils/format';

/**
 * The subscription form: its values, the request body they make, and a schedule read back in words.
 * Deliveries either stream (each new matching event as it comes) or follow a schedule: every day at a
 * time, every hour at a minute, or the binding's cron-like fields for anything else.
 */

export type DeliveryMode = 'stream' | 'schedule';
export type ScheduleKind = 'daily' | 'hourly' | 'advanced';

export interface SubscriptionFormValues {
  dest: string;
  signatureToken?: string;
  mode: DeliveryMode;
  scheduleKind?: ScheduleKind;
  /** Every day at this time (hours and minutes). */
  dailyTime?: Dayjs | null;
  /** Every hour at this minute. */
  hourlyMinute?: number | null;
  advanced?: Schedule;
  reportIfEmpty?: boolean;
  initialRecordTime?: Dayjs | null;
}

export const SUBSCRIPTION_INITIAL: Partial<SubscriptionFormValues> = { mode: 'stream', scheduleKind: 'daily', hourlyMinute: 0, reportIfEmpty: false, advanced: {} };

export const SIGNATURE_TOKEN_MAX = 500;
export const DEST_MAX = 2000;

/** The server's fields → the form field its refusal is shown under. */
export const SERVER_FIELDS: Record<string, keyof SubscriptionFormValues> = {
  dest: 'dest',
  signatureToken: 'signatureToken',
  stream: 'mode',
  schedule: 'scheduleKind',
  reportIfEmpty: 'reportIfEmpty',
  initialRecordTime: 'initialRecordTime',
};

/** One cron-like field: numbers, ranges, lists, steps, names (MON-FRI), ? and L; the server checks the rest. */
export const SCHEDULE_VALUE = /^[0-9A-Za-z*,\-/?#]{1,100}$/;

/** A web address the server may post to: http(s), no credentials. Whether it is public the server decides. */
export function isWebhookAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The schedule the form's choices stand for. */
export function scheduleOf(values: SubscriptionFormValues): Schedule {
  if (values.scheduleKind === 'daily') {
    const at = values.dailyTime;
    return { second: '0', minute: String(at?.minute() ?? 0), hour: String(at?.hour() ?? 0) };
  }
  if (values.scheduleKind === 'hourly') return { second: '0', minute: String(values.hourlyMinute ?? 0) };
  const advanced = values.advanced ?? {};
  return Object.fromEntries(SCHEDULE_FIELDS.flatMap((field) => (advanced[field]?.trim() ? [[field, advanced[field].trim()]] : []))) as Schedule;
}

/** The request body of POST /queries/{name}/subscriptions. */
export function subscriptionBody(values: SubscriptionFormValues): SubscriptionBody {
  const token = values.signatureToken ? values.signatureToken : undefined;
  const common = {
    dest: values.dest.trim(),
    ...(token ? { signatureToken: token } : {}),
    ...(values.initialRecordTime ? { initialRecordTime: timeFilter(values.initialRecordTime) as string } : {}),
  };
  if (values.mode === 'stream') return { ...common, stream: true };
  return { ...common, schedule: scheduleOf(values), reportIfEmpty: values.reportIfEmpty === true };
}

export type ScheduleReading =
  | { kind: 'daily'; time: string }
  | { kind: 'hourly'; minute: string }
  | { kind: 'cron'; fields: string };

const any = (value: string | undefined) => value === undefined || value.trim() === '' || value.trim() === '*';
const number = (value: string | undefined, max: number) => value !== undefined && /^\d{1,2}$/.test(value.trim()) && Number(value) <= max;

/** A schedule in words when it is one the form offers simply, else its six fields (seconds first). */
export function readSchedule(schedule: Schedule): ScheduleReading {
  const plainDays = any(schedule.dayOfMonth) && any(schedule.month) && any(schedule.dayOfWeek);
  const onTheMinute = schedule.second === undefined || schedule.second.trim() === '' || Number(schedule.second) === 0;
  if (plainDays && onTheMinute && number(schedule.minute, 59)) {
    const minute = String(Number(schedule.minute)).padStart(2, '0');
    if (number(schedule.hour, 23)) return { kind: 'daily', time: `${String(Number(schedule.hour)).padStart(2, '0')}:${minute}` };
    if (any(schedule.hour)) return { kind: 'hourly', minute };
  }
  return { kind: 'cron', fields: SCHEDULE_FIELDS.map((field) => schedule[field]?.trim() || (field === 'second' ? '0' : '*')).join(' ') };
}
