import { describe, expect, it } from 'vitest';
import { TaskContentMax, TaskTitleMax } from '@/types/api.gen';
import { newTaskSchedule, taskFieldsRequest, validateTaskFields, type TaskFieldMessages, type TaskFieldsDraft } from './taskForm';

const TODAY = '2026-11-24';
const messages: TaskFieldMessages = {
  titleRequired: 'm.titleRequired',
  tooLong: 'm.tooLong',
  startRequired: 'm.startRequired',
  startBadDate: 'm.startBadDate',
  endBadDate: 'm.endBadDate',
  startPast: 'm.startPast',
  endBeforeStart: 'm.endBeforeStart',
};
const draft = (patch: Partial<TaskFieldsDraft> = {}): TaskFieldsDraft => ({
  title: 'Walk',
  type: 'ROUTINE',
  area: 'MOBILITY',
  content: '',
  startDate: TODAY,
  endDate: '',
  schedule: newTaskSchedule(),
  ...patch,
});
const check = (d: TaskFieldsDraft, isNew = true) => validateTaskFields(d, { today: TODAY, isNew, messages });

describe('validateTaskFields', () => {
  it('accepts a daily task from today', () => {
    expect(check(draft())).toEqual({});
  });
  it('words each broken rule with the form\'s own keys', () => {
    expect(check(draft({ title: '  ' })).title).toEqual({ key: 'm.titleRequired' });
    expect(check(draft({ title: 'x'.repeat(TaskTitleMax + 1) })).title).toEqual({ key: 'm.tooLong', values: { max: TaskTitleMax } });
    expect(check(draft({ content: 'x'.repeat(TaskContentMax + 1) })).content?.key).toBe('m.tooLong');
    expect(check(draft({ startDate: '' })).startDate?.key).toBe('m.startRequired');
    expect(check(draft({ startDate: '2026-02-30' })).startDate?.key).toBe('m.startBadDate');
  });
  it('keeps a new task from starting before today, not a saved one', () => {
    expect(check(draft({ startDate: '2026-11-23' })).startDate?.key).toBe('m.startPast');
    expect(check(draft({ startDate: '2026-11-23' }), false)).toEqual({});
  });
  it('checks the end only when the frequency has one', () => {
    expect(check(draft({ endDate: '2026-11-23' })).endDate?.key).toBe('m.endBeforeStart');
    expect(check(draft({ endDate: 'soon' })).endDate?.key).toBe('m.endBadDate');
    expect(check(draft({ endDate: '2026-11-23', schedule: { ...newTaskSchedule(), frequency: 'ONCE' } }))).toEqual({});
  });
  it('adds the schedule\'s rules', () => {
    expect(check(draft({ schedule: { ...newTaskSchedule(), frequency: 'WEEKLY' } })).daysOfWeek?.key).toBe('care.validation.daysOfWeek');
  });
});

describe('taskFieldsRequest', () => {
  it('trims, leaves out what is empty and what the frequency does not use', () => {
    expect(taskFieldsRequest(draft({ title: ' Walk ', area: '', content: '  ', endDate: '2026-12-01', schedule: { ...newTaskSchedule(), frequency: 'AS_NEEDED' } }))).toEqual({
      title: 'Walk',
      type: 'ROUTINE',
      startDate: TODAY,
      frequency: 'AS_NEEDED',
    });
  });
  it('sends the end, the instructions and the schedule a daily task uses', () => {
    expect(taskFieldsRequest(draft({ content: ' Slowly ', endDate: '2026-12-01' }))).toEqual({
      title: 'Walk',
      type: 'ROUTINE',
      area: 'MOBILITY',
      content: 'Slowly',
      startDate: TODAY,
      endDate: '2026-12-01',
      frequency: 'DAILY',
      timeSession: 'MORNING',
    });
  });
});
