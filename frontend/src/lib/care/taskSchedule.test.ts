import { describe, expect, it } from 'vitest';
import { FREQUENCY_KEYS } from './taskLabels';
import { effectiveTiming, frequencyFields, scheduleDraftOf, scheduleRequest, validateSchedule, type ScheduleDraft } from './taskSchedule';

const draft = (patch: Partial<ScheduleDraft>): ScheduleDraft => ({
  frequency: 'DAILY',
  daysOfWeek: [],
  repeatInterval: '',
  timing: 'session',
  timeSession: 'MORNING',
  timeOfDay: '',
  ...patch,
});

describe('frequencyFields', () => {
  it('knows every frequency of the contract', () => {
    for (const f of Object.keys(FREQUENCY_KEYS)) expect(frequencyFields(f)).toBeDefined();
  });
  it('asks days of the week only of weekly and biweekly', () => {
    const withDays = Object.keys(FREQUENCY_KEYS).filter((f) => frequencyFields(f).daysOfWeek);
    expect(withDays.sort()).toEqual(['BIWEEKLY', 'WEEKLY']);
  });
  it('asks an interval in days of custom and in hours of hourly', () => {
    expect(frequencyFields('CUSTOM').repeatInterval).toBe('days');
    expect(frequencyFields('HOURLY').repeatInterval).toBe('hours');
    expect(frequencyFields('DAILY').repeatInterval).toBeNull();
  });
  it('gives hourly a time of day and as-needed none', () => {
    expect(frequencyFields('HOURLY').timing).toBe('time');
    expect(frequencyFields('AS_NEEDED').timing).toBe('none');
    expect(frequencyFields('AS_NEEDED').endDate).toBe(false);
    expect(frequencyFields('ONCE').endDate).toBe(false);
  });
});

describe('validateSchedule', () => {
  it('accepts a daily task in a session', () => {
    expect(validateSchedule(draft({}))).toEqual({});
  });
  it('needs a day for weekly', () => {
    expect(validateSchedule(draft({ frequency: 'WEEKLY' })).daysOfWeek?.key).toBe('care.validation.daysOfWeek');
    expect(validateSchedule(draft({ frequency: 'WEEKLY', daysOfWeek: [2] }))).toEqual({});
  });
  it('needs an interval of 1 to 366 days for custom', () => {
    expect(validateSchedule(draft({ frequency: 'CUSTOM' })).repeatInterval).toBeDefined();
    expect(validateSchedule(draft({ frequency: 'CUSTOM', repeatInterval: '0' })).repeatInterval).toBeDefined();
    expect(validateSchedule(draft({ frequency: 'CUSTOM', repeatInterval: '367' })).repeatInterval).toBeDefined();
    expect(validateSchedule(draft({ frequency: 'CUSTOM', repeatInterval: '2.5' })).repeatInterval).toBeDefined();
    expect(validateSchedule(draft({ frequency: 'CUSTOM', repeatInterval: '3' }))).toEqual({});
  });
  it('lets hourly leave its interval empty but needs its first hour', () => {
    const errors = validateSchedule(draft({ frequency: 'HOURLY', timing: 'session' }));
    expect(errors.repeatInterval).toBeUndefined();
    expect(errors.timeOfDay?.key).toBe('care.validation.timeOfDay');
    expect(validateSchedule(draft({ frequency: 'HOURLY', timeOfDay: '08:00' }))).toEqual({});
  });
  it('needs a session or a time as chosen', () => {
    expect(validateSchedule(draft({ timeSession: '' })).timeSession).toBeDefined();
    expect(validateSchedule(draft({ timing: 'time', timeOfDay: '25:00' })).timeOfDay).toBeDefined();
    expect(validateSchedule(draft({ timing: 'anytime', timeSession: '' }))).toEqual({});
  });
  it('has a rule ask no time of day', () => {
    expect(validateSchedule(draft({ timing: 'time', timeOfDay: '' }), false)).toEqual({});
    expect(validateSchedule(draft({ timing: 'session', timeSession: '' }), false).timeSession).toBeDefined();
  });
});

describe('scheduleRequest', () => {
  it('sends only what the frequency uses', () => {
    expect(scheduleRequest(draft({ frequency: 'DAILY', daysOfWeek: [1], repeatInterval: '4' }))).toEqual({ frequency: 'DAILY', timeSession: 'MORNING' });
    expect(scheduleRequest(draft({ frequency: 'WEEKLY', daysOfWeek: [5, 1, 1] }))).toEqual({ frequency: 'WEEKLY', daysOfWeek: [1, 5], timeSession: 'MORNING' });
    expect(scheduleRequest(draft({ frequency: 'HOURLY', repeatInterval: '2', timeOfDay: '07:00' }))).toEqual({ frequency: 'HOURLY', repeatInterval: 2, timeOfDay: '07:00' });
    expect(scheduleRequest(draft({ frequency: 'AS_NEEDED' }))).toEqual({ frequency: 'AS_NEEDED' });
  });
  it('never sends a session with a time of day', () => {
    const req = scheduleRequest(draft({ timing: 'time', timeOfDay: '14:30' }));
    expect(req).toEqual({ frequency: 'DAILY', timeOfDay: '14:30' });
  });
  it('reads a stored schedule back', () => {
    const d = scheduleDraftOf({ frequency: 'CUSTOM', repeatInterval: 3, timeOfDay: '09:15', timeSession: '' });
    expect(d.timing).toBe('time');
    expect(scheduleRequest(d)).toEqual({ frequency: 'CUSTOM', repeatInterval: 3, timeOfDay: '09:15' });
    expect(effectiveTiming({ frequency: 'AS_NEEDED', timing: 'time' })).toBe('anytime');
  });
});
