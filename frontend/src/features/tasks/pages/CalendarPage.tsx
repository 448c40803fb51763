import { useMemo, useRef, useState, type ComponentProps } from 'react';
import { Button, Classes, Switch } from '@blueprintjs/core';
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
import { AppDialog } from '@/components/AppDialog';
import { useRoutineTime } from '@/lib/api/routineTime';
import { careLabel, EVENT_KIND_KEYS, SESSION_KEYS } from '@/lib/care/taskLabels';
import { DEFAULT_SESSIONS, sessionOf } from '@/lib/emar/passGroups';
import { formatCalendarDate, formatTime } from '@/lib/time/dateTime';
import { useNarrow } from '@/lib/ui/useNarrow';
import { currentLanguage } from '@/lib/i18n';
import { epochToZonedWall, zonedDate } from '@/lib/time/zone';
import { useCalendarData } from '../api/listCalendarData';
import { useCalendarTasks } from '../api/listCalendarTask';
import { useResidentOptions } from '../api/listResidentOptions';
import {
  CALENDAR_VIEWS,
  calendarLocale,
  clockText,
  eventEntry,
  figuresEntry,
  groupEntry,
  groupOccurrences,
  occurrenceEntry,
  shiftEntry,
  showsOccurrences,
  viewRange,
  type CalendarEntry,
  type EntryProps,
  type OccurrenceGroup,
} from '../calendarRules';
import { RecordStateTag } from '../components/RecordStateTag';
import { TaskMemoDialog } from '../components/TaskMemoDialog';
import { recordSession, recordState, STATE_KEYS } from '../taskRules';
import { useNow } from '../useNow';
import { useTaskViewer } from '../viewer';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import '../tasks.css';
import '../calendar.css';

const VIEW_OF: Record<string, string> = CALENDAR_VIEWS;

/** A session's short name for an entry ("Morning", where /task's picker says "Morning (wake to breakfast)"). */
const SESSION_SHORT_KEYS = {
  MORNING: 'tasks.calendar.session.morning',
  MIDDAY: 'tasks.calendar.session.midday',
  AFTERNOON: 'tasks.calendar.session.afternoon',
  EVENING: 'tasks.calendar.session.evening',
  NIGHT: 'tasks.calendar.session.night',
  MIDNIGHT: 'tasks.calendar.session.midnight',
} as const satisfies Record<keyof typeof SESSION_KEYS, string>;
const ALL_VIEWS = Object.values(CALENDAR_VIEWS).join(',');
// A phone has no week time grid: seven columns of 45 px cannot hold a resident's session. Its week is the
// list (where it starts); its time grid is the day.
const PHONE_VIEWS = [CALENDAR_VIEWS.day, CALENDAR_VIEWS.month, CALENDAR_VIEWS.year, CALENDAR_VIEWS.list].join(',');
const TIME_GRIDS: readonly string[] = [CALENDAR_VIEWS.day, CALENDAR_VIEWS.week];

// Entries in the all-day row: the day's figures and tasks first, then leave and other events, shifts last.
// (FullCalendar compares objects holding each entry's extendedProps and its start and duration; its typing
// asks for the parsed form of the option, which it parses again from this written form.)
const LAYER: Record<EntryProps['kind'], number> = { figures: 0, group: 1, task: 1, event: 2, shift: 3 };
const layerOf = (o: unknown) => LAYER[(o as { kind?: EntryProps['kind'] }).kind ?? 'event'] ?? 2;
const EVENT_ORDER = [(a: unknown, b: unknown) => layerOf(a) - layerOf(b), 'start', '-duration', 'title'] as unknown as ComponentProps<typeof FullCalendar>['eventOrder'];

/**
 * /calendar (spec 000 §2 "Event calendar views"): day, week, month, year and list views in the facility's
 * zone and the interface language, weeks from Sunday (spec 001 §9). Day, week and list group each
 * resident's occurrences per routine session ("Harold · Morning · 6 tasks", a dialog lists them); month and
 * year each day's figures; all show approved leave in the staff colour, residents
 * going out and care plan dates, and published shifts as a layer of their own in the all-day row (?shifts=0
 * hides it). A task opens the same memo as /task. Times are written as the rest of the app writes them.
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
  const [initialView] = useState(() => {
    const asked = VIEW_OF[params.get('view') ?? ''] ?? (narrow ? CALENDAR_VIEWS.list : CALENDAR_VIEWS.week);
    return narrow && asked === CALENDAR_VIEWS.week ? CALENDAR_VIEWS.day : asked;
  });
  const showShifts = params.get('shifts') !== '0';
  const [shown, setShown] = useState<{ view: string; startStr: string; endStr: string } | null>(null);
  const [memo, setMemo] = useState<TaskRecord | null>(null);
  const [groupKey, setGroupKey] = useState<string | null>(null);
  const residents = useResidentOptions();
  // The facility's routine sessions, as /task and /emars place a task in them.
  const saved = useRoutineTime().data?.sessions;
  const sessions = saved && saved.length > 0 ? saved : DEFAULT_SESSIONS;
  const clock = (h: number, m: number) => clockText(h, m, language);

  const occurrences = shown ? showsOccurrences(shown.view) : false;
  const taskRange = shown && occurrences ? viewRange(shown.startStr, shown.endStr, true, residentId) : null;
  const dataRange = shown ? viewRange(shown.startStr, shown.endStr, false, residentId) : null;
  const tasks = useCalendarTasks(taskRange);
  const data = useCalendarData(dataRange);

  // The time grids and the list group a resident's occurrences per session (a phone starts on the list:
  // a row per occurrence made a home's week some 30,000 px long).
  const grouped = shown !== null && (TIME_GRIDS.includes(shown.view) || shown.view === CALENDAR_VIEWS.list);
  const occurrenceItems = useMemo(() => {
    const records = tasks.data ?? [];
    if (!grouped) return records;
    const clockOf = (ms: number) => epochToZonedWall(ms, viewer.zone).slice(11);
    return groupOccurrences(records, now, (r) => recordSession(r, (hhmm) => sessionOf(hhmm, sessions), clockOf));
  }, [grouped, tasks.data, now, sessions, viewer.zone]);
  const openGroup = groupKey ? (occurrenceItems.find((g): g is OccurrenceGroup => 'key' in g && g.key === groupKey) ?? null) : null;
  const sessionName = (code: string) => (code ? careLabel(t, SESSION_SHORT_KEYS, code) : t('tasks.calendar.anyTime'));

  const entries = useMemo(() => {
    const out: CalendarEntry[] = [];
    if (occurrences)
      for (const item of occurrenceItems) {
        if ('key' in item) out.push(groupEntry(item, t('tasks.calendar.group', { name: item.residentName, session: sessionName(item.session), n: item.records.length })));
        else out.push(occurrenceEntry(item, now, residentId === ''));
      }
    else
      for (const d of data.data?.days ?? []) {
        if (d.total > 0) out.push(figuresEntry(d, t('tasks.calendar.figures', { done: d.completed, total: d.total, expired: d.expired })));
      }
    for (const e of data.data?.events ?? []) {
      if (e.kind === 'TASK') continue;
      if (residentId && e.residentId && e.residentId !== residentId) continue;
      if (e.kind === 'SHIFT') {
        if (showShifts) out.push(shiftEntry(e, shiftTimes(e.start, e.end), viewer.zone));
        continue;
      }
      out.push(eventEntry(e, careLabel(t, EVENT_KIND_KEYS, e.kind), viewer.zone));
    }
    return out;
    // sessionName and shiftTimes read only t, language and the zone, which are listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [occurrences, occurrenceItems, data.data, now, residentId, t, language, viewer.zone, viewer.zoneCode, showShifts]);

  /** A window's times as the app writes them ("7:00 AM – 3:00 PM"). */
  function shiftTimes(start: number, end: number): string {
    const from = formatTime(start, viewer.zoneCode, language);
    return end > start ? `${from} – ${formatTime(end, viewer.zoneCode, language)}` : from;
  }

  const onDates = (info: DatesSetInfo) => {
    const next = { view: info.view.type, startStr: info.startStr, endStr: info.endStr };
    setShown((prev) => (prev && prev.view === next.view && prev.startStr === next.startStr && prev.endStr === next.endStr ? prev : next));
  };

  const onClick = (info: EventClickInfo) => {
    const props = info.event.extendedProps as EntryProps;
    info.jsEvent.preventDefault();
    if (props.kind === 'task') setMemo(props.record);
    else if (props.kind === 'group') setGroupKey(props.group.key);
    else if (props.kind === 'figures') calendar.current?.getApi().changeView(CALENDAR_VIEWS.day, props.day.day);
  };

  const content = (arg: EventDisplayInfo) => {
    const props = arg.event.extendedProps as EntryProps;
    if (props.kind === 'group') {
      const c = props.group.counts;
      return (
        <span className="hearth-cal-entry hearth-cal-group-entry" data-testid="calendar-entry" data-kind="group" data-state={props.state} data-count={props.group.records.length}>
          <span className="hearth-cal-title">{arg.event.title}</span>
          <span className="hearth-cal-counts">
            {c.overdue > 0 ? (
              <span>
                <WarningSignIcon size={12} aria-hidden /> {t('tasks.calendar.groupOverdue', { n: c.overdue })}
              </span>
            ) : null}
            {c.open > 0 ? (
              <span>
                <TimeIcon size={12} aria-hidden /> {t('tasks.calendar.groupOpen', { n: c.open })}
              </span>
            ) : null}
            {c.done > 0 ? (
              <span>
                <TickCircleIcon size={12} aria-hidden /> {t('tasks.calendar.groupDone', { n: c.done })}
              </span>
            ) : null}
          </span>
        </span>
      );
    }
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

  const timeLabel = (d: { start: { hour: number; minute: number }; end?: { hour: number; minute: number } | null }) =>
    d.end ? `${clock(d.start.hour, d.start.minute)} – ${clock(d.end.hour, d.end.minute)}` : clock(d.start.hour, d.start.minute);

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
        <Switch
          className="hearth-calendar-shifts"
          checked={showShifts}
          label={t('tasks.calendar.showShifts')}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            if (e.currentTarget.checked) next.delete('shifts');
            else next.set('shifts', '0');
            setParams(next, { replace: true });
          }}
          data-testid="calendar-shifts"
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
          footerToolbar={narrow ? { center: PHONE_VIEWS } : false}
          height="auto"
          nowIndicator
          eventInteractive
          // A day of a care home holds dozens of occurrences: the time grids and the list group them per
          // resident and session, a cell or a time slot shows a few and "+n more" (a list of the rest).
          views={{
            dayGridMonth: { dayMaxEvents: 4 },
            multiMonthYear: { dayMaxEvents: 2 },
            // In the time grid the entry's place says its time; its width goes to the words.
            // A week column is about 130 px at 1280: one session entry a slot, readable, and "+n" for the rest.
            timeGridWeek: { eventMaxStack: 1, dayMaxEvents: 4, displayEventTime: false },
            timeGridDay: { eventMaxStack: narrow ? 2 : 6, dayMaxEvents: 8, displayEventTime: false },
          }}
          // Entries of one slot side by side, none drawn over another's words.
          slotEventOverlap={false}
          eventOrder={EVENT_ORDER}
          // The app's clock: 7:00 AM in English, 07:00 in Spanish and Chinese.
          slotHeaderFormat={(d: { date: { hour: number; minute: number } }) => clock(d.date.hour, d.date.minute)}
          eventTimeFormat={timeLabel}
          // Accessible names that hold the visible text (WCAG 2.5.3): FullCalendar's own hints say "This week", "Show 2 more events".
          todayText={t('tasks.calendar.today')}
          todayHint={t('tasks.calendar.today')}
          timedText={t('common.calendarTimed')}
          // FullCalendar's Chinese locale leaves these in English.
          closeHint={t('common.action.close')}
          eventsHint={t('tasks.calendar.entries')}
          viewChangeHint={t('tasks.calendar.changeView')}
          noEventsText={t('tasks.calendar.nothing')}
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
      {openGroup ? (
        <AppDialog title={t('tasks.calendar.groupTitle', { name: openGroup.residentName, session: sessionName(openGroup.session), day: formatCalendarDate(openGroup.day, language) })} onClose={() => setGroupKey(null)}>
          <div className={Classes.DIALOG_BODY} data-testid="calendar-group">
            <ul className="hearth-cal-group-list">
              {openGroup.records.map((r) => (
                <li key={r.recordId}>
                  <Button variant="minimal" alignText="start" fill className="hearth-cal-group-task" onClick={() => setMemo(r)} data-testid="calendar-group-task" data-record-id={r.recordId}>
                    <span className="hearth-cal-time">{r.dueStart > 0 ? shiftTimes(r.dueStart, r.dueEnd) : t('tasks.calendar.anyTime')}</span>
                    <span className="hearth-cal-group-name">{r.title}</span>
                  </Button>
                  <RecordStateTag state={recordState(r, now)} />
                </li>
              ))}
            </ul>
          </div>
        </AppDialog>
      ) : null}
      {memo ? (
        <TaskMemoDialog record={memo} mode="memo" completable={memo.day <= zonedDate(now, viewer.zone)} viewer={viewer} now={now} onClose={() => setMemo(null)} />
      ) : null}
    </div>
  );
}
