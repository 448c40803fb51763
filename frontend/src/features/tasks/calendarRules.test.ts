import { describe, expect, it } from 'vitest';
import type { CalendarEvent, TaskRecord } from '@/types/api.gen';
import { DEFAULT_SESSIONS, sessionOf } from '@/lib/emar/passGroups';
import {
  calendarLocale,
  clockText,
  eventEntry,
  figuresEntry,
  groupEntry,
  groupOccurrences,
  hasMenuUrl,
  occurrenceEntry,
  shiftEntry,
  showsOccurrences,
  upcomingDays,
  viewRange,
  type OccurrenceGroup,
} from './calendarRules';
import { recordSession } from './taskRules';

describe('calendar views', () => {
  it('day, week and list show occurrences; month and year show figures', () => {
    expect(showsOccurrences('timeGridDay')).toBe(true);
    expect(showsOccurrences('timeGridWeek')).toBe(true);
    expect(showsOccurrences('listWeek')).toBe(true);
    expect(showsOccurrences('dayGridMonth')).toBe(false);
    expect(showsOccurrences('multiMonthYear')).toBe(false);
  });

  it('turns a view range (exclusive end, with an offset) into inclusive facility days', () => {
    expect(viewRange('2026-11-22T00:00:00-08:00', '2026-11-29T00:00:00-08:00', true)).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(viewRange('2026-11-01', '2026-12-13', false, 'r1')).toEqual({ start: '2026-11-01', end: '2026-12-12', residentId: 'r1' });
  });

  it('clamps a range to what the call allows', () => {
    expect(viewRange('2026-01-01', '2027-01-01', true)).toEqual({ start: '2026-01-01', end: '2026-02-11' });
    expect(viewRange('2028-01-01', '2029-01-01', false)).toEqual({ start: '2028-01-01', end: '2028-12-31' });
    expect(viewRange('nonsense', '2026-01-01', false)).toBeNull();
  });

  it('lists today and the next days', () => {
    expect(upcomingDays('2026-12-30', 4)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('uses FullCalendar locale codes', () => {
    expect(calendarLocale('en-US')).toBe('en');
    expect(calendarLocale('es-ES')).toBe('es');
    expect(calendarLocale('zh-CN')).toBe('zh-cn');
  });
});

describe('calendar entries', () => {
  const base = {
    recordId: 'r1',
    residentName: 'Mae Lee',
    title: 'Bathing',
    dueStart: 1_000,
    dueEnd: 2_000,
    status: 'PENDING',
    overdue: false,
    late: false,
    caregiverColor: '#ffd54f',
    day: '2026-11-24',
    timeSession: 'MORNING',
    timeOfDay: '',
  } as TaskRecord;

  it('draws a due occurrence in the assigned caregiver colour with readable text', () => {
    const e = occurrenceEntry(base, 1_500);
    expect(e).toMatchObject({ id: 'task:r1', title: 'Mae Lee: Bathing', start: 1_000, end: 2_000, color: '#ffd54f', contrastColor: '#000000' });
    expect(e.className).toContain('is-due');
    expect(occurrenceEntry(base, 1_500, false).title).toBe('Bathing');
  });

  it('puts a task due any time of the day on its day, not over the whole time grid', () => {
    expect(occurrenceEntry({ ...base, timeSession: '' }, 1_500)).toMatchObject({ allDay: true, start: '2026-11-24', end: undefined });
  });

  it('draws late and done occurrences in their state colour', () => {
    expect(occurrenceEntry(base, 3_000)).toMatchObject({ color: '#ac2f33', contrastColor: '#ffffff' });
    expect(occurrenceEntry({ ...base, status: 'COMPLETED' }, 3_000).color).toBe('#1c6e42');
  });

  it('colours a day red when something expired and green when all is done', () => {
    expect(figuresEntry({ day: '2026-11-24', total: 5, completed: 3, expired: 1, pending: 1 }, 'x').color).toBe('#ac2f33');
    expect(figuresEntry({ day: '2026-11-24', total: 5, completed: 5, expired: 0, pending: 0 }, 'x')).toMatchObject({ color: '#1c6e42', allDay: true, start: '2026-11-24' });
  });

  const LA = 'America/Los_Angeles';
  const at = (iso: string) => Date.parse(iso);

  it('draws leave in the staff colour over its facility days, the last one included', () => {
    const leave = { id: 'l1', kind: 'LEAVE', title: 'Wei Chen', start: at('2026-11-24T16:00:00Z'), end: at('2026-11-27T01:00:00Z'), allDay: false, color: '#1565c0' } as CalendarEvent;
    // 08:00 Tuesday to 17:00 Thursday in Pacific time.
    expect(eventEntry(leave, 'Leave', LA)).toMatchObject({ title: 'Leave: Wei Chen', color: '#1565c0', contrastColor: '#ffffff', allDay: true, start: '2026-11-24', end: '2026-11-27' });
  });

  it('keeps a short outing at its times and puts a due date on its day', () => {
    const out = { id: 'g1', kind: 'GOING_OUT', title: 'Mae Lee', start: at('2026-11-24T18:00:00Z'), end: at('2026-11-24T21:00:00Z'), allDay: false, color: '' } as CalendarEvent;
    expect(eventEntry(out, 'Going out', LA)).toMatchObject({ allDay: false, start: at('2026-11-24T18:00:00Z'), end: at('2026-11-24T21:00:00Z'), color: '#634dbf' });
    const review = { id: 'c1', kind: 'CARE_PLAN_REVIEW', title: 'Mae Lee', start: at('2026-12-01T08:00:00Z'), end: at('2026-12-01T08:00:00Z'), allDay: true, color: '' } as CalendarEvent;
    expect(eventEntry(review, 'Review due', LA)).toMatchObject({ color: '#935610', allDay: true, start: '2026-12-01', end: '2026-12-02' });
  });
});

describe('grouping per resident and session', () => {
  const LA = 'America/Los_Angeles';
  const at = (iso: string) => Date.parse(iso);
  let n = 0;
  const rec = (over: Partial<TaskRecord>) =>
    ({
      recordId: `r${++n}`,
      residentId: 'harold',
      residentName: 'Harold',
      title: 'Task',
      day: '2026-11-24',
      timeSession: '',
      timeOfDay: '',
      status: 'PENDING',
      overdue: false,
      late: false,
      dueStart: 0,
      dueEnd: 0,
      ...over,
    }) as TaskRecord;
  // 10:00 Pacific on 2026-11-24.
  const now = at('2026-11-24T18:00:00Z');
  const clockOf = (ms: number) => new Date(ms - 8 * 3_600_000).toISOString().slice(11, 16);
  const by = (sessions = DEFAULT_SESSIONS) => (r: TaskRecord) => recordSession(r, (hhmm) => sessionOf(hhmm, sessions), clockOf);
  const groups = (items: ReturnType<typeof groupOccurrences>) => items.filter((i): i is OccurrenceGroup => 'key' in i);

  const morning = (title: string, over: Partial<TaskRecord> = {}) =>
    rec({ title, timeSession: 'MORNING', dueStart: at('2026-11-24T14:00:00Z'), dueEnd: at('2026-11-24T17:00:00Z'), ...over });

  it('makes one group of a resident’s session and counts it by state', () => {
    const items = groupOccurrences(
      [
        morning('Wash', { status: 'COMPLETED' }),
        morning('Dress', { status: 'COMPLETED', late: true }),
        morning('Breakfast'),
        morning('Teeth', { status: 'EXPIRED' }),
        rec({ title: 'Walk', timeOfDay: '08:30', dueStart: at('2026-11-24T16:30:00Z'), dueEnd: at('2026-11-24T18:30:00Z') }),
        morning('Shave', { residentId: 'mae', residentName: 'Mae' }),
      ],
      now,
      by(),
    );
    const [harold, ...rest] = items;
    expect(rest).toHaveLength(1);
    expect((rest[0] as TaskRecord).title).toBe('Shave');
    const g = harold as OccurrenceGroup;
    expect(g).toMatchObject({ residentName: 'Harold', session: 'MORNING', day: '2026-11-24' });
    // Breakfast's window closed at 09:00: overdue, as Teeth (expired); Walk is still due.
    expect(g.counts).toEqual({ done: 2, overdue: 2, open: 1 });
    expect(g.records.map((r) => r.title)).toEqual(['Breakfast', 'Dress', 'Teeth', 'Wash', 'Walk']);
    const e = groupEntry(g, 'Harold · Morning · 5 tasks');
    expect(e).toMatchObject({ title: 'Harold · Morning · 5 tasks', allDay: false, start: at('2026-11-24T14:00:00Z'), end: at('2026-11-24T18:30:00Z'), color: '#ac2f33' });
    expect(e.extendedProps).toMatchObject({ kind: 'group', state: 'overdue' });
  });

  it('keeps a group of one as that occurrence, and days and residents apart', () => {
    const items = groupOccurrences([morning('Wash'), morning('Wash', { day: '2026-11-25' }), morning('Wash', { residentId: 'mae' })], now, by());
    expect(groups(items)).toHaveLength(0);
    expect(items).toHaveLength(3);
  });

  it('places a task at a session boundary in the session that begins there', () => {
    const items = groupOccurrences([rec({ title: 'A', timeOfDay: '09:00' }), rec({ title: 'B', timeOfDay: '11:59' }), rec({ title: 'C', timeOfDay: '08:59' })], now, by());
    const [g] = groups(items);
    expect(g.session).toBe('MIDDAY');
    expect(g.records.map((r) => r.title)).toEqual(['A', 'B']);
    expect((items.find((i) => !('key' in i)) as TaskRecord).title).toBe('C');
  });

  it('keeps the small hours of the night apart from its evening', () => {
    const night = (title: string, iso: string) => rec({ title, timeSession: 'NIGHT', dueStart: at(iso), dueEnd: at(iso) + 3_600_000 });
    // 01:00 and 03:00, then 22:00 and 23:00 Pacific, all NIGHT of 2026-11-24.
    const items = groups(groupOccurrences([night('A', '2026-11-24T09:00:00Z'), night('B', '2026-11-24T11:00:00Z'), night('C', '2026-11-25T06:00:00Z'), night('D', '2026-11-25T07:00:00Z')], now, by()));
    expect(items.map((g) => g.records.map((r) => r.title))).toEqual([['A', 'B'], ['C', 'D']]);
    expect(new Set(items.map((g) => g.key)).size).toBe(2);
    expect(items[1].counts).toEqual({ done: 0, overdue: 0, open: 2 });
  });

  it('follows the facility’s own sessions', () => {
    const own = DEFAULT_SESSIONS.map((s) => (s.session === 'MORNING' ? { ...s, startTime: '05:00', endTime: '10:00' } : s.session === 'MIDDAY' ? { ...s, startTime: '10:00' } : s));
    const tasks = [rec({ title: 'A', timeOfDay: '05:30' }), rec({ title: 'B', timeOfDay: '09:30' })];
    expect(groups(groupOccurrences(tasks, now, by(own)))[0].session).toBe('MORNING');
    // With the default sessions 05:30 is the night and 09:30 midday: no group.
    expect(groups(groupOccurrences(tasks, now, by()))).toHaveLength(0);
  });

  it('puts tasks due any time of the day in an all-day group, green when all are done', () => {
    const [g] = groups(groupOccurrences([rec({ title: 'A', status: 'COMPLETED' }), rec({ title: 'B', status: 'COMPLETED' })], now, by()));
    expect(g.session).toBe('');
    expect(groupEntry(g, 'x')).toMatchObject({ allDay: true, start: '2026-11-24', end: undefined, color: '#1c6e42' });
  });

  it('draws a shift on its facility day in the all-day row, in the staff colour', () => {
    const shift = { id: 's1', kind: 'SHIFT', title: 'Grace Kim · Night', start: at('2026-11-25T05:00:00Z'), end: at('2026-11-25T15:00:00Z'), allDay: false, color: '#1565c0' } as CalendarEvent;
    // 21:00 Tuesday Pacific to 07:00 Wednesday.
    expect(shiftEntry(shift, '9:00 PM – 7:00 AM', LA)).toMatchObject({ allDay: true, start: '2026-11-24', title: '9:00 PM – 7:00 AM Grace Kim · Night', color: '#1565c0', className: 'hearth-cal-shift' });
  });

  it('writes the clock as the rest of the app does', () => {
    expect(clockText(7, 0, 'en-US')).toBe('7:00 AM');
    expect(clockText(13, 5, 'en-US')).toBe('1:05 PM');
    expect(clockText(0, 0, 'en-US')).toBe('12:00 AM');
    expect(clockText(7, 0, 'es-ES')).toBe('07:00');
    expect(clockText(19, 30, 'zh-CN')).toBe('19:30');
  });
});

describe('hasMenuUrl', () => {
  it('finds a page among the menu and its children', () => {
    const menu = [
      { menuCode: 'Dashboard', menuName: '', menuUrl: '/dashboard', icon: '', children: [] },
      { menuCode: 'Pricing', menuName: '', menuUrl: '', icon: '', children: [{ menuCode: 'X', menuName: '', menuUrl: '/calendar', icon: '', children: [] }] },
    ];
    expect(hasMenuUrl(menu, '/calendar')).toBe(true);
    expect(hasMenuUrl(menu, '/task')).toBe(false);
    expect(hasMenuUrl(undefined, '/task')).toBe(false);
  });
});
