import { describe, expect, it } from 'vitest';
import type { TaskCreationRule } from '@/types/api.gen';
import { emptyRuleDraft, ruleDraftOf, ruleRequest, validateRule } from './ruleDraft';

describe('a task creation rule', () => {
  it('needs a title', () => {
    expect(Object.keys(validateRule(emptyRuleDraft()))).toEqual(['title']);
    expect(validateRule({ ...emptyRuleDraft(), title: 'Welcome visit' })).toEqual({});
  });

  it('answers only the four business events', () => {
    expect(validateRule({ ...emptyRuleDraft(), title: 'x', businessType: 'CARE_PLAN' }).businessType).toBeDefined();
  });

  it('checks the fields its frequency implies, without a time of day', () => {
    const d = { ...emptyRuleDraft(), title: 'Weekly check' };
    expect(validateRule({ ...d, schedule: { ...d.schedule, frequency: 'WEEKLY' } }).daysOfWeek).toBeDefined();
    expect(validateRule({ ...d, schedule: { ...d.schedule, frequency: 'CUSTOM', repeatInterval: '' } }).repeatInterval).toBeDefined();
    expect(validateRule({ ...d, schedule: { ...d.schedule, timing: 'time', timeOfDay: '' } })).toEqual({});
  });

  it('lasts a whole number of days up to a year', () => {
    const d = { ...emptyRuleDraft(), title: 'x' };
    expect(validateRule({ ...d, durationDays: '7' })).toEqual({});
    expect(validateRule({ ...d, durationDays: '1.5' }).durationDays).toBeDefined();
    expect(validateRule({ ...d, durationDays: '400' }).durationDays).toBeDefined();
  });

  it('sends what the form shows, and no time of day', () => {
    const d = { ...emptyRuleDraft(), title: ' Settling-in check ', durationDays: '7', schedule: { ...emptyRuleDraft().schedule, frequency: 'DAILY', timing: 'time' as const, timeOfDay: '09:00' } };
    expect(ruleRequest(d)).toEqual({ title: 'Settling-in check', businessType: 'RESIDENT', taskType: 'OTHER', enabled: true, frequency: 'DAILY', durationDays: 7 });
  });

  it('round-trips a stored rule', () => {
    const rule = {
      ruleId: 'r1', title: 'Orientation', businessType: 'CREATE_CAREGIVER', taskType: 'MANDATORY', frequency: 'WEEKLY',
      timeSession: 'AFTERNOON', repeatInterval: 0, daysOfWeek: [1, 3], durationDays: 14, enabled: false, createTime: 1, updateTime: 2,
    } as TaskCreationRule;
    expect(ruleRequest(ruleDraftOf(rule))).toEqual({
      ruleId: 'r1', title: 'Orientation', businessType: 'CREATE_CAREGIVER', taskType: 'MANDATORY', enabled: false,
      frequency: 'WEEKLY', daysOfWeek: [1, 3], timeSession: 'AFTERNOON', durationDays: 14,
    });
  });
});
