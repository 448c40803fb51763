import { describe, expect, it } from 'vitest';
import type { CalendarEvent, TaskRecord } from '@/types/api.gen';
import { calendarLocale, eventEntry, figuresEntry, hasMenuUrl, occurrenceEntry, showsOccurrences, upcomingDays, viewRange } from './calendarRules';

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
