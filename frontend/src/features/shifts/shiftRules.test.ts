import { describe, expect, it } from 'vitest';
import type { CoverageGap, MyShift, ShiftType } from '@/types/api.gen';
import {
  addDays,
  changedDays,
  crossesMidnight,
  emptyShiftType,
  gapsByDay,
  hoursDifference,
  hoursParts,
  isPastWeek,
  nextShift,
  refusalMessages,
  scheduleDraft,
  scheduleRequest,
  shiftMinutes,
  shiftsByDay,
  shiftTypeRequest,
  sundayChoices,
  sundayOf,
  toggleAssignment,
  validateRange,
  validateReport,
  validateSchedule,
  validateShiftType,
  weekDays,
  type ReportDraft,
} from './shiftRules';

describe('weeks from a Sunday', () => {
  it('lists Sunday to Saturday, across a month and a year', () => {
    expect(weekDays('2026-11-29')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(weekDays('2026-12-27').at(-1)).toBe('2027-01-02');
  });
  it('finds the Sunday of any day', () => {
    expect(sundayOf('2026-11-24')).toBe('2026-11-22'); // a Tuesday
    expect(sundayOf('2026-11-22')).toBe('2026-11-22');
    expect(sundayOf('2026-11-28')).toBe('2026-11-22'); // Saturday
  });
  it('offers only Sundays, keeping a week opened from a link', () => {
    const choices = sundayChoices('2026-11-24', 1, 2);
    expect(choices).toEqual(['2026-11-15', '2026-11-22', '2026-11-29', '2026-12-06']);
    expect(sundayChoices('2026-11-24', 0, 0, '2026-10-04')).toEqual(['2026-10-04', '2026-11-22']);
    expect(sundayChoices('2026-11-24', 0, 0, '2026-10-05')).toEqual(['2026-11-22']); // not a Sunday: not offered
  });
  it('adds days over DST changes without drifting (dates, not instants)', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
  });
  it('knows a week wholly before today', () => {
    expect(isPastWeek('2026-11-15', '2026-11-24')).toBe(true);
    expect(isPastWeek('2026-11-22', '2026-11-24')).toBe(false);
  });
});

describe('shift types', () => {
  const others: ShiftType[] = [{ shiftTypeId: 'a', name: 'Day', startTime: '07:00', endTime: '15:00' } as ShiftType];
  it('a night shift crosses midnight and lasts into the next day', () => {
    expect(crossesMidnight('23:00', '07:00')).toBe(true);
    expect(crossesMidnight('07:00', '15:00')).toBe(false);
    expect(crossesMidnight('07:00', '07:00')).toBe(true);
    expect(shiftMinutes('23:00', '07:00')).toBe(8 * 60);
    expect(shiftMinutes('07:00', '15:30')).toBe(8 * 60 + 30);
    expect(shiftMinutes('00:00', '00:00')).toBe(24 * 60);
  });
  it('requires a unique name, times, a colour and a minimum staff in bounds', () => {
    const d = { ...emptyShiftType(), name: ' day ', startTime: '', endTime: '25:00', color: 'red', minStaff: '21' };
    const e = validateShiftType(d, others);
    expect(e.name?.key).toBe('shifts.validation.nameTaken');
    expect(e.startTime?.key).toBe('shifts.validation.timeRequired');
    expect(e.endTime?.key).toBe('shifts.validation.timeInvalid');
    expect(e.color?.key).toBe('shifts.validation.color');
    expect(e.minStaff?.key).toBe('shifts.validation.minStaff');
    expect(validateShiftType({ ...emptyShiftType(), name: 'Night', startTime: '23:00', endTime: '07:00' }, others)).toEqual({});
    // Editing the same type keeps its own name.
    expect(validateShiftType({ ...emptyShiftType(), shiftTypeId: 'a', name: 'Day', startTime: '07:00', endTime: '15:00' }, others)).toEqual({});
    expect(validateShiftType({ ...emptyShiftType(), name: 'x'.repeat(51), startTime: '07:00', endTime: '08:00' }, []).name?.key).toBe('shifts.validation.nameMax');
  });
  it('sends trimmed values and omits an empty credential', () => {
    const req = shiftTypeRequest({ ...emptyShiftType(), name: ' Night ', startTime: '23:00', endTime: '07:00', color: '#AABBCC', minStaff: ' 2 ' });
    expect(req).toEqual({ name: 'Night', startTime: '23:00', endTime: '07:00', color: '#aabbcc', minStaff: 2, active: true });
  });
});

describe('the week schedule', () => {
  const sunday = '2026-11-29';
  const base = scheduleDraft(sunday, undefined, 'Night 11/29');
  it('starts empty for the seven days', () => {
    expect(Object.keys(base.plan)).toEqual(weekDays(sunday));
    expect(base.startDate).toBe(sunday);
    expect(base.endDate).toBe('2026-12-05');
  });
  it('needs no name (the server names the week), but a Sunday start, an end in the week and at least one element', () => {
    const e = validateSchedule({ ...base, name: ' ' }, '2026-11-24');
    expect(e.name).toBeUndefined();
    expect(e.assignments?.key).toBe('shifts.validation.oneElement');
    expect(validateSchedule({ ...base, startDate: '' }, '2026-11-24').startDate?.key).toBe('shifts.validation.rangeRequired');
    expect(validateSchedule({ ...base, startDate: '2026-11-30' }, '2026-11-24').startDate?.key).toBe('shifts.validation.sunday');
    expect(validateSchedule({ ...base, endDate: '2026-12-06' }, '2026-11-24').endDate?.key).toBe('shifts.validation.endInWeek');
    const one = { ...base, plan: toggleAssignment(base.plan, '2026-11-30', 'c1') };
    expect(validateSchedule(one, '2026-11-24')).toEqual({});
  });
  it('refuses a change to a day before today, but keeps past days as saved', () => {
    const week = scheduleDraft('2026-11-22', undefined, 'Day');
    const saved = toggleAssignment(week.plan, '2026-11-22', 'c1');
    const draft = { ...week, plan: toggleAssignment(saved, '2026-11-25', 'c2') };
    expect(validateSchedule(draft, '2026-11-24', saved)).toEqual({});
    const past = { ...week, plan: toggleAssignment(saved, '2026-11-23', 'c2') };
    expect(validateSchedule(past, '2026-11-24', saved).assignments?.key).toBe('shifts.validation.pastDay');
    expect(changedDays(saved, past.plan)).toEqual(['2026-11-23']);
  });
  it('toggles caregivers and sends every day of the range with its version', () => {
    let plan = toggleAssignment(base.plan, '2026-11-30', 'c1');
    plan = toggleAssignment(plan, '2026-11-30', 'c2');
    plan = toggleAssignment(plan, '2026-11-30', 'c1');
    expect(plan['2026-11-30']).toEqual(['c2']);
    const req = scheduleRequest({ ...base, plan }, 'st', { scheduleId: 's1', version: 3 } as never);
    expect(req.scheduleId).toBe('s1');
    expect(req.version).toBe(3);
    expect(req.assignments).toHaveLength(7);
    expect(req.assignments[1]).toEqual({ day: '2026-11-30', caregiverIds: ['c2'] });
    expect(scheduleRequest({ ...base, plan }, 'st', undefined).scheduleId).toBeUndefined();
  });
});

describe('coverage gaps', () => {
  const gap = (day: string, startTime: string, endTime: string, hours: number, start: number, ids: string[] = []): CoverageGap => ({
    start,
    end: start + hours * 3_600_000,
    day,
    startTime,
    endTime,
    hours,
    assigned: 0,
    required: 1,
    shiftTypeIds: ids,
  });
  const days = weekDays('2026-11-29');
  it('groups by the day a gap starts on, marks one that runs past midnight, and counts hours', () => {
    const { byDay, hours } = gapsByDay(
      [gap('2026-11-30', '23:00', '07:00', 8, 2), gap('2026-11-30', '09:00', '11:00', 2, 1), gap('2026-12-09', '01:00', '02:00', 1, 3)],
      days,
    );
    expect(byDay['2026-11-30'].map((g) => [g.startTime, g.nextDay])).toEqual([
      ['09:00', false],
      ['23:00', true],
    ]);
    expect(byDay['2026-11-29']).toEqual([]);
    expect(hours).toBe(10); // the gap outside the week is left out
  });
  it('a whole-day gap ends the next day, and a shift type keeps its own and the unowned hours', () => {
    const { byDay } = gapsByDay([gap('2026-11-29', '00:00', '00:00', 24, 1, ['x']), gap('2026-11-29', '00:00', '01:00', 1, 0)], days, 'y');
    expect(byDay['2026-11-29']).toHaveLength(1);
    expect(gapsByDay([gap('2026-11-29', '00:00', '00:00', 24, 1, ['x'])], days).byDay['2026-11-29'][0].nextDay).toBe(true);
  });
  it('a DST day can have a 25-hour gap (the server counts real hours)', () => {
    const { hours } = gapsByDay([gap('2026-11-01', '00:00', '00:00', 25, 0)], weekDays('2026-11-01'));
    expect(hours).toBe(25);
  });
});

describe('my shifts', () => {
  const s = (day: string, start: number, end: number, id = 'x'): MyShift =>
    ({ scheduleId: id, day, start, end, shiftTypeName: 'Day', startTime: '07:00', endTime: '15:00', coworkers: [], past: false }) as unknown as MyShift;
  it('highlights the server’s next shift, else the first not ended', () => {
    const list = [s('2026-11-25', 300, 400, 'b'), s('2026-11-24', 100, 200, 'a')];
    expect(nextShift(list, undefined, 150)?.scheduleId).toBe('a');
    expect(nextShift(list, undefined, 250)?.scheduleId).toBe('b');
    expect(nextShift(list, list[0], 150)?.scheduleId).toBe('b');
    expect(nextShift(list, undefined, 500)).toBeUndefined();
    expect(shiftsByDay(list).map((d) => d.day)).toEqual(['2026-11-24', '2026-11-25']);
  });
});

describe('hours and ranges', () => {
  it('splits minutes with their sign', () => {
    expect(hoursParts(450)).toEqual({ sign: '+', h: 7, m: 30 });
    expect(hoursParts(-61)).toEqual({ sign: '-', h: 1, m: 1 });
    expect(hoursParts(0)).toEqual({ sign: '', h: 0, m: 0 });
  });
  it('compares worked time with the time scheduled so far, not the whole week', () => {
    // Wednesday morning: 40 h planned, 16 h of it so far, 15 h worked — an hour short, not 25.
    expect(hoursDifference({ workedMinutes: 900, scheduledSoFarMinutes: 960 })).toEqual({ minutes: -60, short: true });
    expect(hoursDifference({ workedMinutes: 990, scheduledSoFarMinutes: 960 })).toEqual({ minutes: 30, short: false });
    expect(hoursDifference({ workedMinutes: 0, scheduledSoFarMinutes: 0 })).toEqual({ minutes: 0, short: false });
  });
  it('checks the date range', () => {
    expect(validateRange('', '2026-11-01', 93)?.key).toBe('shifts.validation.rangeRequired');
    expect(validateRange('2026-11-02', '2026-11-01', 93)?.key).toBe('shifts.validation.rangeOrder');
    expect(validateRange('2026-01-01', '2026-06-01', 93)?.key).toBe('shifts.validation.rangeMax');
    expect(validateRange('2026-11-01', '2026-11-07', 93)).toBeUndefined();
  });
});

describe('shift reports', () => {
  const empty: ReportDraft = { shiftDate: '2026-11-24', shiftTypeId: '', residentsOfConcern: '', medsGivenHeld: '', incidents: '', tasksLeftOpen: '', freeText: '' };
  it('saves an empty draft but submits only something written', () => {
    expect(validateReport(empty, '2026-11-24', false)).toEqual({});
    expect(validateReport(empty, '2026-11-24', true).body?.key).toBe('shifts.validation.reportEmpty');
    expect(validateReport({ ...empty, freeText: 'Quiet night' }, '2026-11-24', true)).toEqual({});
  });
  it('refuses a future date and an over-long section', () => {
    expect(validateReport({ ...empty, shiftDate: '2026-11-25' }, '2026-11-24', false).shiftDate?.key).toBe('shifts.validation.reportFuture');
    expect(validateReport({ ...empty, shiftDate: '' }, '2026-11-24', false).shiftDate?.key).toBe('shifts.validation.dateRequired');
    expect(validateReport({ ...empty, incidents: 'x'.repeat(4097) }, '2026-11-24', false).incidents?.key).toBe('shifts.validation.sectionMax');
  });
});

describe('refusals', () => {
  it('lists every conflict once, else the message', () => {
    const data = [
      { field: 'assignments', rule: 'OVERLAP', message: 'Wei Chen already works…' },
      { field: 'assignments', rule: 'LEAVE', message: 'Amina is on leave…' },
      { field: 'assignments', rule: 'LEAVE', message: 'Amina is on leave…' },
    ];
    expect(refusalMessages(data)).toEqual([
      { kind: 'OVERLAP', message: 'Wei Chen already works…' },
      { kind: 'LEAVE', message: 'Amina is on leave…' },
    ]);
    expect(refusalMessages(null, 'Refused')).toEqual([{ kind: '', message: 'Refused' }]);
    expect(refusalMessages([{ field: 'x' }])).toEqual([]);
  });
});
