import { describe, expect, it } from 'vitest';
import { choiceDate, dayChoice, requestDay } from './dayRules';

describe('the day shown', () => {
  it('reads ?day= and asks the server for today by no date', () => {
    expect(dayChoice(null)).toBe('today');
    expect(dayChoice('tomorrow')).toBe('tomorrow');
    expect(dayChoice('2026-01-01')).toBe('today');
    expect(requestDay('today', '2026-11-24')).toBe('');
    expect(requestDay('yesterday', '2026-11-01')).toBe('2026-10-31');
    expect(requestDay('tomorrow', '2026-12-31')).toBe('2027-01-01');
    expect(choiceDate('today', '2026-11-24')).toBe('2026-11-24');
  });
});
