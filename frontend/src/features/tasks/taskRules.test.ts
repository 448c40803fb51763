import { describe, expect, it } from 'vitest';
import type { TaskRecord } from '@/types/api.gen';
import { TaskCommentMax } from '@/types/api.gen';
import {
  canCompleteNow,
  canCorrect,
  dayProgress,
  formatCountdown,
  futureDays,
  groupByResident,
  groupToday,
  isLate,
  lateFields,
  nowFigures,
  nowSections,
  sessionEndsAt,
  recordSession,
  recordState,
  secondsLeft,
  validateCompletion,
  validateTaskDraft,
  weekdayOf,
  taskDraftOf,
} from './taskRules';

const H = 3_600_000;
const NOW = Date.UTC(2026, 10, 24, 18, 0); // 10:00 in Pacific time

function rec(over: Partial<TaskRecord>): TaskRecord {
  return {
    recordId: 'r1',
    taskId: 't1',
    residentId: 'res1',
    residentName: 'Mae Lee',
    residentRoom: '2',
    caregiverId: '',
    caregiverName: '',
    caregiverColor: '',
    title: 'Bathing',
    content: '',
    type: 'ROUTINE',
    area: 'BATHING',
    category: 'onGoing',
    timeSession: 'MORNING',
    timeOfDay: '',
    day: '2026-11-24',
    dueStart: NOW - H,
    dueEnd: NOW + H,
    status: 'PENDING',
    overdue: false,
    completedBy: '',
    completedByName: '',
    completedAt: 0,
    comment: '',
    late: false,
    lateReason: '',
    remark: '',
    clearedByName: '',
    clearedAt: 0,
    clearReason: '',
    ...over,
  };
}

describe('recordState', () => {
  it('a pending record inside its window is due, before it later, after it overdue', () => {
    expect(recordState(rec({}), NOW)).toBe('due');
    expect(recordState(rec({ dueStart: NOW + H, dueEnd: NOW + 2 * H }), NOW)).toBe('upcoming');
    expect(recordState(rec({ dueStart: NOW - 2 * H, dueEnd: NOW - H }), NOW)).toBe('overdue');
  });
  it('trusts the server when it says overdue', () => {
    expect(recordState(rec({ overdue: true }), NOW)).toBe('overdue');
  });
  it('names expired, done, done late and cleared records', () => {
    expect(recordState(rec({ status: 'EXPIRED', overdue: true }), NOW)).toBe('expired');
    expect(recordState(rec({ status: 'COMPLETED' }), NOW)).toBe('done');
    expect(recordState(rec({ status: 'COMPLETED', late: true }), NOW)).toBe('doneLate');
    expect(recordState(rec({ status: 'CLEARED' }), NOW)).toBe('cleared');
  });
  it('can be completed from an hour before its window opens, not earlier, and not once done', () => {
    expect(canCompleteNow(rec({ dueStart: NOW + H - 1, dueEnd: NOW + 2 * H }), NOW)).toBe(true);
    expect(canCompleteNow(rec({ dueStart: NOW + H + 1, dueEnd: NOW + 2 * H }), NOW)).toBe(false);
    expect(canCompleteNow(rec({ status: 'EXPIRED' }), NOW)).toBe(true);
    expect(canCompleteNow(rec({ status: 'COMPLETED' }), NOW)).toBe(false);
  });
  it('overdue and expired records are late', () => {
    expect(isLate('overdue')).toBe(true);
    expect(isLate('expired')).toBe(true);
    expect(isLate('due')).toBe(false);
    expect(isLate('doneLate')).toBe(false);
  });
});

describe('dayProgress', () => {
  it('counts done of total and what is overdue now, leaving cleared records out', () => {
    const records = [
      rec({ recordId: 'a', status: 'COMPLETED' }),
      rec({ recordId: 'b', status: 'COMPLETED', late: true }),
      rec({ recordId: 'c' }),
      rec({ recordId: 'd', dueStart: NOW - 3 * H, dueEnd: NOW - 2 * H }),
      rec({ recordId: 'e', status: 'EXPIRED' }),
      rec({ recordId: 'f', status: 'CLEARED' }),
    ];
    expect(dayProgress(records, NOW)).toEqual({ done: 2, total: 5, overdue: 2 });
  });
});

describe('groupToday', () => {
  it('puts on-going records under their session in the day order, any time last', () => {
    const g = groupToday([
      rec({ recordId: 'n', timeSession: 'NIGHT' }),
      rec({ recordId: 'x', timeSession: '' }),
      rec({ recordId: 'm', timeSession: 'MORNING' }),
      rec({ recordId: 'e', timeSession: 'EVENING' }),
    ]);
    expect(g.onGoing.map((x) => x.key)).toEqual(['MORNING', 'EVENING', 'NIGHT', '']);
    expect(g.timeSpecific).toEqual([]);
    expect(g.medication).toEqual([]);
  });
  it('groups time-specific records by their time, earliest first, and medication apart', () => {
    const g = groupToday([
      rec({ recordId: 't2', category: 'timeSpecific', timeSession: '', timeOfDay: '14:00' }),
      rec({ recordId: 't1', category: 'timeSpecific', timeSession: '', timeOfDay: '08:00' }),
      rec({ recordId: 't3', category: 'timeSpecific', timeSession: '', timeOfDay: '08:00', residentName: 'Al Diaz' }),
      rec({ recordId: 'med', category: 'medication', timeSession: '', timeOfDay: '09:00' }),
    ]);
    expect(g.timeSpecific.map((x) => [x.key, x.records.map((r) => r.recordId)])).toEqual([
      ['08:00', ['t3', 't1']],
      ['14:00', ['t2']],
    ]);
    expect(g.medication[0].records.map((r) => r.recordId)).toEqual(['med']);
  });
});

describe('groupByResident', () => {
  it('lists residents by name with the facility last, each oldest first', () => {
    const g = groupByResident([
      rec({ recordId: '1', residentId: 'b', residentName: 'Zoe', dueStart: 5 }),
      rec({ recordId: '2', residentId: '', residentName: '', dueStart: 1 }),
      rec({ recordId: '3', residentId: 'a', residentName: 'Ann', dueStart: 9 }),
      rec({ recordId: '4', residentId: 'b', residentName: 'Zoe', dueStart: 2 }),
    ]);
    expect(g.map((x) => [x.residentId, x.records.map((r) => r.recordId)])).toEqual([
      ['a', ['3']],
      ['b', ['4', '1']],
      ['', ['2']],
    ]);
  });
});

describe('completion rules (spec 000 §5)', () => {
  it('always needs a comment', () => {
    expect(validateCompletion({ comment: '  ', lateReason: '', remark: '' }, false)).toEqual({ comment: { key: 'tasks.validation.comment' } });
    expect(validateCompletion({ comment: 'Done', lateReason: '', remark: '' }, false)).toEqual({});
  });
  it('a late record needs a reason, and "other" a remark ("Remark is required")', () => {
    expect(validateCompletion({ comment: 'Done', lateReason: '', remark: '' }, true)).toEqual({ lateReason: { key: 'tasks.validation.lateReason' } });
    expect(validateCompletion({ comment: 'Done', lateReason: 'OTHER', remark: ' ' }, true)).toEqual({ remark: { key: 'tasks.validation.remark' } });
    expect(validateCompletion({ comment: 'Done', lateReason: 'OTHER', remark: 'Was at the doctor' }, true)).toEqual({});
    expect(validateCompletion({ comment: 'Done', lateReason: 'RESIDENT_ASLEEP', remark: '' }, true)).toEqual({});
  });
  it('bounds each text to TaskCommentMax', () => {
    expect(validateCompletion({ comment: 'x'.repeat(301), lateReason: '', remark: '' }, false).comment?.key).toBe('tasks.validation.tooLong');
  });
  it('sends the late fields only for a late record', () => {
    expect(lateFields({ comment: 'c', lateReason: 'OTHER', remark: ' r ' }, true)).toEqual({ lateReason: 'OTHER', remark: 'r' });
    expect(lateFields({ comment: 'c', lateReason: 'RESIDENT_AWAY', remark: '' }, true)).toEqual({ lateReason: 'RESIDENT_AWAY' });
    expect(lateFields({ comment: 'c', lateReason: 'OTHER', remark: 'r' }, false)).toEqual({});
  });
  it('who completed may correct the comment for 24 hours', () => {
    const done = rec({ status: 'COMPLETED', completedBy: 'u1', completedAt: NOW - 23 * H });
    expect(canCorrect(done, 'u1', NOW)).toBe(true);
    expect(canCorrect(done, 'u2', NOW)).toBe(false);
    expect(canCorrect({ ...done, completedAt: NOW - 24 * H }, 'u1', NOW)).toBe(false);
    expect(canCorrect(rec({}), 'u1', NOW)).toBe(false);
  });
});

describe('auto refresh countdown', () => {
  it('is written m:ss', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0.2)).toBe('0:01');
    expect(formatCountdown(-3)).toBe('0:00');
  });
  it('counts whole seconds left', () => {
    expect(secondsLeft(NOW + 59_001, NOW)).toBe(60);
    expect(secondsLeft(NOW - 5, NOW)).toBe(0);
  });
});

describe('days', () => {
  it('future tasks reach the 7 days after today, across a month end', () => {
    expect(futureDays('2026-11-28')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(futureDays('not a day')).toEqual([]);
  });
  it('knows the weekday of a day (0 = Sunday)', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-24')).toBe(2);
  });
});

describe('task form', () => {
  const opts = { today: '2026-11-24', isNew: true };
  it('needs a title, a type and a first day not before today', () => {
    const d = taskDraftOf(undefined, { today: '2026-11-24' });
    expect(validateTaskDraft(d, opts)).toEqual({ title: { key: 'tasks.validation.title' } });
    expect(validateTaskDraft({ ...d, title: 'Walk', startDate: '2026-11-23' }, opts)).toEqual({ startDate: { key: 'tasks.validation.startPast' } });
    expect(validateTaskDraft({ ...d, title: 'Walk', startDate: '2026-11-23' }, { ...opts, isNew: false })).toEqual({});
  });
  it('keeps the last day on or after the first', () => {
    const d = { ...taskDraftOf(undefined, { today: '2026-11-24' }), title: 'Walk' };
    expect(validateTaskDraft({ ...d, endDate: '2026-11-23' }, opts)).toEqual({ endDate: { key: 'tasks.validation.endBeforeStart' } });
    expect(validateTaskDraft({ ...d, endDate: '2026-11-24' }, opts)).toEqual({});
  });
  it('starts a new task for the given resident today', () => {
    expect(taskDraftOf(undefined, { residentId: 'r9', today: '2026-11-24' })).toMatchObject({ residentId: 'r9', startDate: '2026-11-24', type: 'ROUTINE' });
  });
  it('needs a type and remarks within their bound, and the schedule\'s fields', () => {
    const d = { ...taskDraftOf(undefined, { today: '2026-11-24' }), title: 'Walk' };
    expect(validateTaskDraft({ ...d, type: '' }, opts)).toEqual({ type: { key: 'tasks.validation.type' } });
    expect(validateTaskDraft({ ...d, remarks: 'x'.repeat(TaskCommentMax + 1) }, opts).remarks?.key).toBe('tasks.validation.tooLong');
    expect(validateTaskDraft({ ...d, schedule: { ...d.schedule, frequency: 'WEEKLY' } }, opts).daysOfWeek?.key).toBe('care.validation.daysOfWeek');
  });
});

describe('the day around now', () => {
  const sessionAt = (hhmm: string) => (hhmm < '12:00' ? 'MORNING' : hhmm < '17:00' ? 'AFTERNOON' : 'EVENING');
  const clockOf = (ms: number) => new Date(ms - 8 * H).toISOString().slice(11, 16); // Pacific standard time
  const of = (r: TaskRecord) => recordSession(r, sessionAt, clockOf);
  it('gives a record its own session, its time of day’s, or its due time’s for a pass; "" for any time', () => {
    expect(of(rec({ timeSession: 'EVENING' }))).toBe('EVENING');
    expect(of(rec({ timeSession: '', timeOfDay: '13:00', category: 'timeSpecific' }))).toBe('AFTERNOON');
    expect(of(rec({ timeSession: '', timeOfDay: '', category: 'medication', dueStart: NOW + 8 * H }))).toBe('EVENING');
    expect(of(rec({ timeSession: '', timeOfDay: '' }))).toBe('');
  });
  it('puts the late ones of any session first, then the session’s due and later, any-time tasks, and its done ones', () => {
    const late = rec({ recordId: 'late', timeSession: 'MORNING', dueStart: NOW - 4 * H, dueEnd: NOW - H });
    const due = rec({ recordId: 'due', timeSession: 'MORNING', dueStart: NOW - H, dueEnd: NOW + H });
    const later = rec({ recordId: 'later', timeSession: 'MORNING', dueStart: NOW + H, dueEnd: NOW + 2 * H });
    const evening = rec({ recordId: 'evening', timeSession: 'EVENING', dueStart: NOW + 8 * H, dueEnd: NOW + 10 * H });
    const anyTime = rec({ recordId: 'any', timeSession: '', dueStart: NOW - 10 * H, dueEnd: NOW + 12 * H });
    const done = rec({ recordId: 'done', timeSession: 'MORNING', status: 'COMPLETED', completedAt: NOW - H });
    const cleared = rec({ recordId: 'cleared', timeSession: 'MORNING', status: 'CLEARED' });
    const all = [evening, done, later, anyTime, due, late, cleared];
    const ids = (l: TaskRecord[]) => l.map((r) => r.recordId);
    const s = nowSections(all, NOW, 'MORNING', of);
    expect([ids(s.overdue), ids(s.due), ids(s.later), ids(s.anyTime), ids(s.done)]).toEqual([['late'], ['due'], ['later'], ['any'], ['done']]);
    expect(ids(nowSections(all, NOW, 'EVENING', of).later)).toEqual(['evening']);
    expect(ids(nowSections(all, NOW, 'EVENING', of).overdue)).toEqual(['late']);
    expect(ids(nowSections(all, NOW, 'EVENING', of).due)).toEqual(['due']);
    expect(ids(nowSections(all, NOW, 'EVENING', of).done)).toEqual([]);
    expect(nowFigures(all, NOW, of)).toEqual({ due: 1, later: 2, done: 1 });
  });
  it('after midnight, keeps last night’s round due now and leaves tonight’s out of "later this session"', () => {
    const zone = 'America/Los_Angeles';
    const fiveAm = Date.parse('2026-11-29T13:00:00Z'); // 05:00 in Washington
    const night = (id: string, start: string, end: string) => rec({ recordId: id, timeSession: 'NIGHT', dueStart: Date.parse(start), dueEnd: Date.parse(end) });
    const lastNight = night('last', '2026-11-29T05:00:00Z', '2026-11-29T14:00:00Z'); // 21:00 the 28th to 06:00
    const tonight = night('tonight', '2026-11-30T05:00:00Z', '2026-11-30T14:00:00Z');
    const until = sessionEndsAt(fiveAm, '06:00', zone);
    expect(until).toBe(Date.parse('2026-11-29T14:00:00Z'));
    const ids = (l: TaskRecord[]) => l.map((r) => r.recordId);
    const s = nowSections([tonight, lastNight], fiveAm, 'NIGHT', () => 'NIGHT', until);
    expect([ids(s.due), ids(s.later)]).toEqual([['last'], []]);
    // The whole day still lists tonight's as later today.
    expect(ids(nowSections([tonight, lastNight], fiveAm, '', () => 'NIGHT').later)).toEqual(['tonight']);
    // At 22:00 the night's run ends tomorrow at 06:00; a session that has not begun ends at its next end time.
    expect(sessionEndsAt(Date.parse('2026-11-30T06:00:00Z'), '06:00', zone)).toBe(Date.parse('2026-11-30T14:00:00Z'));
    expect(sessionEndsAt(fiveAm, '21:00', zone)).toBe(Date.parse('2026-11-30T05:00:00Z'));
  });
});
