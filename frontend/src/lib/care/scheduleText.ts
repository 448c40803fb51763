// A task's or rule's schedule in words ("Weekly on Mon, Thu · Morning"), and the dates a task runs, for lists
// and cards.
import type { TFunction } from 'i18next';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { formatTimeOfDay } from '@/lib/time/timeOfDay';
import { careLabel, FREQUENCY_KEYS, SESSION_KEYS, WEEKDAY_SHORT_KEYS } from './taskLabels';

export interface ScheduleLike {
  frequency: string;
  daysOfWeek?: number[] | null;
  repeatInterval?: number;
  timeSession?: string;
  timeOfDay?: string;
}

/** How often: the frequency's name, with its days or its interval when it has them. */
export function frequencyText(t: TFunction, s: ScheduleLike): string {
  const tr = t as (key: string, values?: Record<string, unknown>) => string;
  if (s.frequency === 'CUSTOM' && s.repeatInterval) return tr('care.summary.everyDays', { n: s.repeatInterval });
  if (s.frequency === 'HOURLY' && s.repeatInterval && s.repeatInterval > 1) return tr('care.summary.everyHours', { n: s.repeatInterval });
  const name = careLabel(t, FREQUENCY_KEYS, s.frequency);
  const days = [...(s.daysOfWeek ?? [])].sort((a, b) => a - b).filter((d) => d >= 0 && d <= 6);
  if ((s.frequency === 'WEEKLY' || s.frequency === 'BIWEEKLY') && days.length > 0) {
    return tr('care.summary.onDays', { frequency: name, days: days.map((d) => tr(WEEKDAY_SHORT_KEYS[d])).join(', ') });
  }
  return name;
}

/** When in the day: the session, the time of day in the language's writing, or nothing (any time). */
export function timingText(t: TFunction, s: Pick<ScheduleLike, 'timeSession' | 'timeOfDay'>, language: string): string {
  if (s.timeOfDay) return formatTimeOfDay(s.timeOfDay, language) || s.timeOfDay;
  if (s.timeSession) return careLabel(t, SESSION_KEYS, s.timeSession);
  return '';
}

/** Both, joined: "Weekly on Mon, Thu · Morning (wake to breakfast)". */
export function scheduleText(t: TFunction, s: ScheduleLike, language: string): string {
  return [frequencyText(t, s), timingText(t, s, language)].filter(Boolean).join(' · ');
}

/** The dates a task runs: "From 11/24/2026" or "11/24/2026 to 12/24/2026". */
export function periodText(t: TFunction, task: { startDate: string; endDate?: string }, language: string): string {
  const tr = t as (key: string, values?: Record<string, unknown>) => string;
  const start = formatCalendarDate(task.startDate, language);
  if (!task.endDate) return tr('care.summary.from', { date: start });
  return tr('care.summary.fromTo', { start, end: formatCalendarDate(task.endDate, language) });
}
