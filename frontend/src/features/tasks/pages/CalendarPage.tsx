import { useMemo, useRef, useState } from 'react';
import { ErrorIcon, TickCircleIcon, TimeIcon, WarningSignIcon } from '@blueprintjs/icons';
import FullCalendar, { type CalendarRef, type DatesSetInfo, type EventClickInfo, type EventDisplayInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import esLocale from '@fullcalendar/react/locales/es';
import zhCnLocale from '@fullcalendar/react/locales/zh-cn';
import multiMonthPlugin from '@fullcalendar/react/multimonth';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TaskRecord } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { careLabel, EVENT_KIND_KEYS } from '@/lib/care/taskLabels';
import { useNarrow } from '@/lib/ui/useNarrow';
import { currentLanguage } from '@/lib/i18n';
import { zonedDate } from '@/lib/time/zone';
import { useCalendarData } from '../api/listCalendarData';
import { useCalendarTasks } from '../api/listCalendarTask';
import { useResidentOptions } from '../api/listResidentOptions';
import { CALENDAR_VIEWS, calendarLocale, eventEntry, figuresEntry, occurrenceEntry, showsOccurrences, viewRange, type EntryProps } from '../calendarRules';
import { TaskMemoDialog } from '../components/TaskMemoDialog';
import { STATE_KEYS } from '../taskRules';
import { useNow } from '../useNow';
import { useTaskViewer } from '../viewer';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import '../tasks.css';
import '../calendar.css';

const VIEW_OF: Record<string, string> = CALENDAR_VIEWS;
const ALL_VIEWS = Object.values(CALENDAR_VIEWS).join(',');

/**
 * /calendar (spec 000 §2 "Event calendar views"): day, week, month, year and list views in the facility's
 * zone and the interface language, weeks from Sunday (spec 001 §9). Day, week and list show each task
 * occurrence; month and year each day's figures; all show approved leave in the staff colour, residents
 * going out and care plan dates. A task opens the same memo as /task.
 */
export default function CalendarPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const narrow = useNarrow();
  const viewer = useTaskViewer();
  const now = useNow(60_000);
  const calendar = useRef<CalendarRef>(null);
  const [params, setParams] = useSearchParams();
  const residentId = params.get('resident') ?? '';
  // A phone starts on the list, which reads well at 390 px; the time grids are a tap away.
  const [initialView] = useState(() => VIEW_OF[params.get('view') ?? ''] ?? (narrow ? CALENDAR_VIEWS.list : CALENDAR_VIEWS.week));
  const [shown, setShown] = useState<{ view: string; startStr: string; endStr: string } | null>(null);
  const [memo, setMemo] = useState<TaskRecord | null>(null);
  const residents = useResidentOptions();

  const occurrences = shown ? showsOccurrences(shown.view) : false;
  const taskRange = shown && occurrences ? viewRange(shown.startStr, shown.endStr, true, residentId) : null;
  const dataRange = shown ? viewRange(shown.startStr, shown.endStr, false, residentId) : null;
  const tasks = useCalendarTasks(taskRange);
  const data = useCalendarData(dataRange);

  const entries = useMemo(() => {
    const out = [];
    if (occurrences) for (const r of tasks.data ?? []) out.push(occurrenceEntry(r, now, residentId === ''));
    else
      for (const d of data.data?.days ?? []) {
        if (d.total > 0) out.push(figuresEntry(d, t('tasks.calendar.figures', { done: d.completed, total: d.total, expired: d.expired })));
      }
    for (const e of data.data?.events ?? []) {
      if (e.kind === 'TASK') continue;
      if (residentId && e.residentId && e.residentId !== residentId) continue;
      out.push(eventEntry(e, careLabel(t, EVENT_KIND_KEYS, e.kind), viewer.zone));
    }
    return out;
  }, [occurrences, tasks.data, data.data, now, residentId, t, viewer.zone]);

  const onDates = (info: DatesSetInfo) => {
    const next = { view: info.view.type, startStr: info.startStr, endStr: info.endStr };
    setShown((prev) => (prev && prev.view === next.view && prev.startStr === next.startStr && prev.endStr === next.endStr ? prev : next));
  };

  const onClick = (info: EventClickInfo) => {
    const props = info.event.extendedProps as EntryProps;
    info.jsEvent.preventDefault();
    if (props.kind === 'task') setMemo(props.record);
    else if (props.kind === 'figures') calendar.current?.getApi().changeView(CALENDAR_VIEWS.day, props.day.day);
  };

  const content = (arg: EventDisplayInfo) => {
    const props = arg.event.extendedProps as EntryProps;
    const state = props.kind === 'task' ? props.state : undefined;
    const Icon = state === 'done' || state === 'doneLate' ? TickCircleIcon : state === 'overdue' ? WarningSignIcon : state === 'expired' ? ErrorIcon : state ? TimeIcon : null;
    return (
      <span className="hearth-cal-entry" data-testid="calendar-entry" data-kind={props.kind} data-state={state} data-record-id={props.kind === 'task' ? props.record.recordId : undefined}>
        {Icon ? <Icon size={12} aria-hidden /> : null}
        {state ? <span className="hearth-sr-only">{t(STATE_KEYS[state])}: </span> : null}
        {arg.timeText ? <span className="hearth-cal-time">{arg.timeText}</span> : null}
        <span className="hearth-cal-title">{arg.event.title}</span>
      </span>
    );
  };

  return (
    <div className="hearth-page hearth-calendar-page" data-testid="calendar-page" data-view={shown?.view}>
      <PageHeader title={t('tasks.calendar.title')} />
      <div className="hearth-calendar-toolbar">
        <Select
          aria-label={t('tasks.filter.resident')}
          value={residentId}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            if (e.currentTarget.value) next.set('resident', e.currentTarget.value);
            else next.delete('resident');
            setParams(next, { replace: true });
          }}
          options={[{ value: '', label: t('tasks.filter.allResidents') }, ...(residents.data ?? []).map((r) => ({ value: r.residentId, label: r.name }))]}
          data-testid="calendar-resident-filter"
        />
      </div>
      <QueryErrorBanner query={occurrences ? tasks : data} />
      <div className="hearth-calendar" data-testid="calendar" data-loading={tasks.isFetching || data.isFetching}>
        <FullCalendar
          ref={calendar}
          plugins={[classicTheme, dayGridPlugin, timeGridPlugin, listPlugin, multiMonthPlugin]}
          initialView={initialView}
          locales={[esLocale, zhCnLocale]}
          locale={calendarLocale(language)}
          // Spec 001 §9: weeks start on Sunday, whatever the language's own custom.
          firstDay={0}
          timeZone={viewer.zone ?? 'local'}
          headerToolbar={narrow ? { start: 'title', end: 'prev,today,next' } : { start: 'prev,next today', center: 'title', end: ALL_VIEWS }}
          footerToolbar={narrow ? { center: ALL_VIEWS } : false}
          height="auto"
          nowIndicator
          eventInteractive
          // A day of a care home holds dozens of occurrences: a cell or a time slot shows a few and "+n more"
          // (a list of the rest); the list view shows every one.
          views={{
            dayGridMonth: { dayMaxEvents: 4 },
            multiMonthYear: { dayMaxEvents: 2 },
            // In the time grid the entry's place says its time; its width goes to the words.
            timeGridWeek: { eventMaxStack: narrow ? 1 : 3, dayMaxEvents: 3, displayEventTime: false },
            timeGridDay: { eventMaxStack: narrow ? 3 : 8, dayMaxEvents: 6, displayEventTime: false },
          }}
          // Accessible names that hold the visible text (WCAG 2.5.3): FullCalendar's own hints say "This week", "Show 2 more events".
          todayText={t('tasks.calendar.today')}
          todayHint={t('tasks.calendar.today')}
          moreLinkText={(n: number) => t('tasks.calendar.more', { n })}
          moreLinkHint={(n: number) => t('tasks.calendar.moreHint', { n })}
          moreLinkClass="hearth-cal-more"
          events={entries}
          datesSet={onDates}
          eventClick={onClick}
          eventContent={content}
        />
      </div>
      <ul className="hearth-calendar-legend" aria-label={t('tasks.calendar.legend')}>
        <li>
          <TimeIcon /> {t(STATE_KEYS.due)}
        </li>
        <li>
          <WarningSignIcon /> {t(STATE_KEYS.overdue)}
        </li>
        <li>
          <ErrorIcon /> {t(STATE_KEYS.expired)}
        </li>
        <li>
          <TickCircleIcon /> {t(STATE_KEYS.done)}
        </li>
        <li>{t('tasks.calendar.colours')}</li>
      </ul>
      {memo ? (
        <TaskMemoDialog record={memo} mode="memo" completable={memo.day <= zonedDate(now, viewer.zone)} viewer={viewer} now={now} onClose={() => setMemo(null)} />
      ) : null}
    </div>
  );
}
