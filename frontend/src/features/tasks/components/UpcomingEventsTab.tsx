import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Button, Spinner, Tag } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { AnnotationIcon, CalendarIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '@/types/api.gen';
import { TaskFutureDays } from '@/types/api.gen';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { EVENT_KIND_KEYS, WEEKDAY_KEYS, careLabel } from '@/lib/care/taskLabels';
import { timingText } from '@/lib/care/scheduleText';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate, formatDateTime, formatTime } from '@/lib/time/dateTime';
import { useShell } from '@/lib/shell';
import { zonedDate } from '@/lib/time/zone';
import { useCalendarData } from '../api/listCalendarData';
import { useCalendarTasks } from '../api/listCalendarTask';
import { tasksKey } from '../api/keys';
import { listTodayTask } from '../api/listTodayTask';
import { hasMenuUrl, upcomingDays } from '../calendarRules';
import { recordState, weekdayOf } from '../taskRules';
import { useTaskViewer } from '../viewer';
import { RecordStateTag } from './RecordStateTag';
import { TaskMemoDialog } from './TaskMemoDialog';
import '../tasks.css';
import { serverNow } from '@/lib/time/serverClock';

/**
 * The resident profile's "Upcoming events": the next TaskFutureDays days (today first) of the resident's
 * task occurrences and calendar events (going out, care plan review or initial plan due), by day.
 */
export function UpcomingEventsTab({ residentId }: { residentId: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const viewer = useTaskViewer();
  const [now] = useState(() => serverNow());
  const [memo, setMemo] = useState<TaskRecord | null>(null);
  const today = zonedDate(now, viewer.zone);
  const days = upcomingDays(today, TaskFutureDays);
  const range = { start: days[0], end: days[days.length - 1], residentId };
  // The calendar's calls need the calendar in the plan (not the free plan); without it the week comes day by
  // day from listTodayTask, and there are no calendar events to show.
  const withCalendar = hasMenuUrl(useShell().menu, '/calendar');
  const tasks = useCalendarTasks(withCalendar ? range : null);
  const data = useCalendarData(withCalendar ? range : null);
  const perDay = useQueries({
    queries: days.map((day) => ({
      queryKey: [...tasksKey, 'today', { residentId, day }],
      queryFn: ({ signal }: { signal: AbortSignal }) => listTodayTask({ residentId, day }, signal),
      enabled: !withCalendar,
    })),
  });
  if (withCalendar ? tasks.isPending || data.isPending : perDay.some((q) => q.isPending)) return <Spinner size={24} />;
  const records: TaskRecord[] = withCalendar ? (tasks.data ?? []) : perDay.flatMap((q) => q.data?.records ?? []);
  const events = (data.data?.events ?? []).filter((e) => e.kind !== 'TASK' && e.residentId === residentId);
  const z = viewer.zoneCode;
  const byDay = days.map((day) => ({
    day,
    records: records.filter((r) => r.day === day).sort((a, b) => a.dueStart - b.dueStart),
    events: events.filter((e) => zonedDate(e.start, viewer.zone) <= day && day <= zonedDate(Math.max(e.start, e.end - 1), viewer.zone)),
  }));
  const nothing = byDay.every((d) => d.records.length === 0 && d.events.length === 0);
  return (
    <div data-testid="upcoming-events">
      <QueryErrorBanner query={tasks} />
      <QueryErrorBanner query={data} />
      {nothing ? <EmptyState icon={<CalendarIcon />} title={t('tasks.upcoming.empty')} className="hearth-gap-top" /> : null}
      {byDay
        .filter((d) => d.records.length > 0 || d.events.length > 0)
        .map((d) => (
          <section key={d.day} aria-labelledby={`upcoming-${d.day}`} className="hearth-care-plan-area" data-testid="upcoming-day" data-day={d.day}>
            <h2 id={`upcoming-${d.day}`} className="hearth-task-category-title">
              {d.day === today ? t('tasks.upcoming.today', { date: formatCalendarDate(d.day, language) }) : `${t(WEEKDAY_KEYS[weekdayOf(d.day)] ?? WEEKDAY_KEYS[0])} ${formatCalendarDate(d.day, language)}`}
            </h2>
            <ul className="hearth-upcoming-list">
              {d.events.map((e) => (
                <li key={e.id} data-testid="upcoming-event" data-kind={e.kind}>
                  <span>
                    <Tag minimal icon={<CalendarIcon />}>
                      {careLabel(t, EVENT_KIND_KEYS, e.kind)}
                    </Tag>{' '}
                    {e.allDay ? t('tasks.upcoming.allDay') : t('tasks.card.window', { start: formatDateTime(e.start, z, language), end: formatDateTime(e.end, z, language) })}
                  </span>
                </li>
              ))}
              {d.records.map((r) => (
                <li key={r.recordId} data-testid="upcoming-task" data-title={r.title}>
                  <span className="hearth-care-plan-task">
                    <strong>{r.title}</strong>{' '}
                    <span className="hearth-muted">
                      {timingText(t, r, language) || t('tasks.schedule.anyTime')}
                      {r.dueStart > 0 && r.dueEnd > 0 ? ` (${t('tasks.card.window', { start: formatTime(r.dueStart, z, language), end: formatTime(r.dueEnd, z, language) })})` : ''}
                    </span>
                  </span>
                  <span>
                    <RecordStateTag state={recordState(r, now)} />{' '}
                    <Button icon={<AnnotationIcon />} onClick={() => setMemo(r)} aria-label={t('tasks.upcoming.memoNamed', { title: r.title })} data-testid="upcoming-memo">
                      {t('tasks.card.memo')}
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      {memo ? <TaskMemoDialog record={memo} mode="memo" completable={memo.day === today} viewer={viewer} now={now} onClose={() => setMemo(null)} /> : null}
    </div>
  );
}
